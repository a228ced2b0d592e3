package io.ichido.payments.boundary;

import io.ichido.payments.control.BookRecords;
import io.ichido.payments.control.GatewaySettings;
import io.ichido.payments.entity.ReconciliationView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * What payments publish of their reconciliations with the gateways' records, for the payment log's
 * {@code verify}: the last one of each gateway that ended.
 */
@ApplicationScoped
public class Reconciliations {

  @Inject BookRecords records;
  @Inject GatewaySettings settings;

  public List<ReconciliationView> lastOfEachGateway() {
    return records.lastOf(settings.names().stream().sorted().toList()).stream()
        .map(ReconciliationView::of)
        .toList();
  }
}
