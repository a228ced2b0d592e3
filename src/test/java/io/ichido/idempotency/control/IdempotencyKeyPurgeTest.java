package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.idempotency.entity.IdempotencyKey;
import io.ichido.idempotency.entity.IdempotencyKeyEvent;
import jakarta.ejb.EJBException;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.enterprise.event.Event;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.metamodel.Metamodel;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The purge singleton's start, which the server runs before the application takes requests: it
 * stops the deployment, naming what is missing, when the key entity is not in the persistence unit,
 * the key table is not in the database, or the server has no timer store; only when neither is
 * missing does the filter let requests in.
 */
class IdempotencyKeyPurgeTest {

  @Test
  @DisplayName("the key entity missing from the persistence unit: refused, naming the <class> line")
  void entityMissing() {
    IdempotencyKeyPurge purge = purge(false, timers(null));

    assertThatThrownBy(purge::schedule)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(
            "the persistence unit does not manage " + IdempotencyKey.class.getName())
        .hasMessageContaining("<class>io.ichido.idempotency.entity.IdempotencyKey</class>");
    assertThat(LayerCheck.purgeProblem(false)).get().asString().contains("did not start");
  }

  @Test
  @DisplayName("the key table missing from the database: refused, saying to run the changelog")
  void tableMissing() {
    IdempotencyKeyPurge purge = purge(true, false, timers(null));

    assertThatThrownBy(purge::schedule)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("the table idempotency_key does not exist")
        .hasMessageContaining("Run the layer's Liquibase changelog");
  }

  @Test
  @DisplayName("no timer store: refused, naming the feature and the databaseStore")
  void noTimerStore() {
    EJBException noStore = new EJBException("CNTR0330E: persistent timers are not available");
    IdempotencyKeyPurge purge = purge(true, timers(noStore));

    assertThatThrownBy(purge::schedule)
        .isInstanceOf(IllegalStateException.class)
        .hasCause(noStore)
        .hasMessageContaining("enterpriseBeansPersistentTimer-4.0")
        .hasMessageContaining("<databaseStore tablePrefix=\"EJBTIMER_\"");
  }

  @Test
  @DisplayName("entity and timer store there: the timer is made, persistent, and requests may come")
  void whole() {
    List<TimerConfig> made = new ArrayList<>();
    IdempotencyKeyPurge purge = purge(true, timers(null, made));

    purge.schedule();

    assertThat(made).singleElement().extracting(TimerConfig::isPersistent).isEqualTo(true);
    assertThat(IdempotencyKeyPurge.scheduled()).isTrue();
    assertThat(LayerCheck.purgeProblem(IdempotencyKeyPurge.scheduled())).isEmpty();
  }

  @Test
  @SuppressWarnings("unchecked")
  @DisplayName(
      "each key a batch forgot is told to observers as EXPIRED, after its batch; none when another"
          + " server purges")
  void expiredKeysTold() {
    Instant expired = Instant.parse("2026-12-01T00:00:00Z");
    List<List<IdempotencyKeys.Expired>> batches =
        new ArrayList<>(
            List.of(
                List.of(
                    new IdempotencyKeys.Expired("s", "k1", "POST", "/orders", 201, expired),
                    new IdempotencyKeys.Expired("s", "k2", "POST", "/orders", 422, expired)),
                List.of(new IdempotencyKeys.Expired("s", "k3", "PUT", "/x", 0, expired))));
    List<String> told = new ArrayList<>();
    IdempotencyKeyPurge purge = new IdempotencyKeyPurge();
    purge.config = new IdempotencyConfig();
    purge.config.purgeBatchSize = 2;
    purge.config.purgeMaxBatches = 10;
    purge.keys =
        new IdempotencyKeys() {
          @Override
          public Optional<List<Expired>> purgeBatch(int batchSize) {
            told.add("batch");
            return batches.isEmpty() ? Optional.empty() : Optional.of(batches.remove(0));
          }
        };
    purge.events = new KeyEvents();
    purge.events.events =
        proxy(
            Event.class,
            (method, args) -> {
              IdempotencyKeyEvent event = (IdempotencyKeyEvent) args[0];
              told.add(
                  event.kind()
                      + " "
                      + event.key()
                      + " "
                      + event.method()
                      + " "
                      + event.path()
                      + " "
                      + event.status()
                      + " "
                      + event.expiresAt());
              return null;
            });

    purge.purge(null);

    assertThat(told)
        .containsExactly(
            "batch",
            "EXPIRED k1 POST /orders 201 2026-12-01T00:00:00Z",
            "EXPIRED k2 POST /orders 422 2026-12-01T00:00:00Z",
            "batch",
            "EXPIRED k3 PUT /x 0 2026-12-01T00:00:00Z");
  }

  private static IdempotencyKeyPurge purge(boolean entityManaged, TimerService timers) {
    return purge(entityManaged, true, timers);
  }

  private static IdempotencyKeyPurge purge(
      boolean entityManaged, boolean tableThere, TimerService timers) {
    IdempotencyKeyPurge purge = new IdempotencyKeyPurge();
    purge.timers = timers;
    purge.config = new IdempotencyConfig();
    purge.config.purgeInterval = Duration.ofMinutes(5);
    purge.keys = new IdempotencyKeys();
    purge.keys.em = entityManager(entityManaged, tableThere);
    return purge;
  }

  private static EntityManager entityManager(boolean entityManaged, boolean tableThere) {
    Metamodel metamodel =
        proxy(
            Metamodel.class,
            (method, args) -> {
              if (method.equals("entity") && !entityManaged) {
                throw new IllegalArgumentException("Not an entity: " + args[0]);
              }
              return null;
            });
    Query tableQuery = proxy(Query.class, (method, args) -> tableThere);
    return proxy(
        EntityManager.class,
        (method, args) -> method.equals("createNativeQuery") ? tableQuery : metamodel);
  }

  private static TimerService timers(RuntimeException failure) {
    return timers(failure, new ArrayList<>());
  }

  private static TimerService timers(RuntimeException failure, List<TimerConfig> made) {
    return proxy(
        TimerService.class,
        (method, args) -> {
          if (failure != null) {
            throw failure;
          }
          if (method.equals("getTimers")) {
            return List.of();
          }
          made.add((TimerConfig) args[2]);
          return null;
        });
  }

  private interface Answer {
    Object answer(String method, Object[] args);
  }

  private static <T> T proxy(Class<T> type, Answer answer) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (self, method, args) -> answer.answer(method.getName(), args)));
  }
}
