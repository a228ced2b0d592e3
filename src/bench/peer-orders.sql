-- The Spring peer's own table, for src/bench/bench.sh section 8 (its database "peer" in the
-- benchmark's PostgreSQL): what its OrderService inserts into, as Ichido's bench_order. The peer's
-- library (idempotency4j) makes its own table, idempotency_records, when it starts.
CREATE TABLE IF NOT EXISTS orders (
  id bigserial PRIMARY KEY, customer text NOT NULL, sku text NOT NULL, quantity integer NOT NULL,
  amount bigint NOT NULL);
