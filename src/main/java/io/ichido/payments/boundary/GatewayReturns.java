package io.ichido.payments.boundary;

import io.ichido.payments.control.Charges;
import io.ichido.payments.control.ReturnLinks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What the gateways' return page ({@link GatewayReturnResource}, {@code
 * /api/payments/return/<name>}) does when the customer's browser lands on it after 3-D Secure or an
 * off-site payment. Anyone can call such a page, so it answers only to a link we signed for that
 * order ({@link ReturnLinks}), changes nothing on its word (it only makes us ask the gateway how
 * the order's charge stands) and tells only what the payer needs.
 *
 * <p>A browser (one that asks for HTML first) is then sent on to the shop's page ({@code
 * ichido.payments.customer-page}, the checkout at {@code /shop/} by default), which takes its
 * checkout up where it left it; any other caller gets the {@link ReturnView} as JSON.
 */
@ApplicationScoped
public class GatewayReturns {

  /** The description of the answer a browser gets, for each return page's OpenAPI entry. */
  public static final String SEE_OTHER =
      "A browser (Accept: text/html first): the payment was read back, and the browser is sent on"
          + " to the shop's checkout page (`ichido.payments.customer-page`).";

  @Inject Charges charges;
  @Inject ReturnLinks links;
  @Inject PayableOrders orders;

  @Inject
  @ConfigProperty(name = "ichido.payments.customer-page", defaultValue = "shop/")
  String customerPage;

  public ReturnView returned(String gateway, long orderId, long expires, String token) {
    if (!links.valid(gateway, orderId, expires, token)) {
      // The same answer as for an order that does not exist: a guess learns nothing.
      throw orders.notFound(orderId);
    }
    return ReturnView.of(charges.refresh(orderId, gateway));
  }

  /**
   * The return page's answer: the payment read back either way; a browser is sent on (303) to the
   * shop's page, resolved against the application's root (the API's base is {@code api/} under it):
   * the checkout beside the API by default, or any absolute URL.
   */
  public Response returned(
      String gateway, long orderId, long expires, String token, HttpHeaders headers, UriInfo uri) {
    ReturnView view = returned(gateway, orderId, expires, token);
    if (wantsPage(headers)) {
      URI page = uri.getBaseUri().resolve("..").resolve(customerPage);
      return Response.seeOther(page).build();
    }
    return Response.ok(view, MediaType.APPLICATION_JSON_TYPE).build();
  }

  /** Browsers list text/html first; API clients ask for JSON or for anything. */
  private static boolean wantsPage(HttpHeaders headers) {
    return headers.getAcceptableMediaTypes().stream()
        .findFirst()
        .filter(type -> !type.isWildcardType() && type.isCompatible(MediaType.TEXT_HTML_TYPE))
        .isPresent();
  }
}
