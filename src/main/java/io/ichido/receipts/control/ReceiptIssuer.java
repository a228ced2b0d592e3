package io.ichido.receipts.control;

import io.ichido.receipts.entity.Issuer;
import io.ichido.receipts.entity.RegistrationNumber;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Who the receipts name as their issuer ({@code ichido.receipts.issuer-name} and {@code
 * ichido.receipts.registration-number}). A registration number that is malformed or fails its check
 * digit stops the application at startup: no receipt may carry it.
 */
@ApplicationScoped
public class ReceiptIssuer {

  /** The repository's placeholder: well formed, and nobody's. */
  static final String DEMO_NUMBER = "T9000000000000";

  private static final Logger LOG = Logger.getLogger(ReceiptIssuer.class.getName());

  @Inject
  @ConfigProperty(name = "ichido.receipts.issuer-name")
  String name;

  @Inject
  @ConfigProperty(name = "ichido.receipts.registration-number")
  String registrationNumber;

  void check(@Observes @Initialized(ApplicationScoped.class) Object started) {
    Issuer issuer;
    try {
      issuer = issuer();
    } catch (IllegalArgumentException | NullPointerException bad) {
      throw new IllegalStateException(
          "ichido.receipts (ICHIDO_RECEIPTS_ISSUER_NAME, ICHIDO_RECEIPTS_REGISTRATION_NUMBER): "
              + bad.getMessage()
              + " Receipts are qualified invoices: set the seller's own name and number.",
          bad);
    }
    if (DEMO_NUMBER.equals(issuer.registrationNumber().value())) {
      LOG.warning(
          "Receipts carry the placeholder registration number "
              + DEMO_NUMBER
              + ": fine for ./mvnw -Prun and the tests, never for real customers. Set"
              + " ICHIDO_RECEIPTS_REGISTRATION_NUMBER and ICHIDO_RECEIPTS_ISSUER_NAME"
              + " (docs/operations.md,"
              + " Production).");
    }
  }

  public Issuer issuer() {
    return new Issuer(name.strip(), new RegistrationNumber(registrationNumber.strip()));
  }
}
