package io.ichido.payments.entity;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One reconciliation of a gateway's records with the ledger: its window, who started it, what it
 * read, how many charges it handed to the ledger (ours, simply not on it yet) and how many
 * differences it named for the first time; {@code failure} when the gateway could not be read.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReconciliationView(
    long id,
    String gateway,
    Instant from,
    Instant to,
    @JsonProperty("started_by") String startedBy,
    @JsonProperty("started_at") Instant startedAt,
    @JsonProperty("finished_at") Instant finishedAt,
    @JsonProperty("movements_read") int movementsRead,
    @JsonProperty("handed_over") int handedOver,
    @JsonProperty("differences_found") int differencesFound,
    String failure) {

  public static ReconciliationView of(ReconciliationRun run) {
    return new ReconciliationView(
        run.id(),
        run.gateway(),
        run.from(),
        run.to(),
        run.startedBy(),
        run.startedAt(),
        run.finishedAt(),
        run.movementsRead(),
        run.handedOver(),
        run.differencesFound(),
        run.failure());
  }
}
