/**
 * The hub's schema, one migration per entry, run in order at start (database.ts) and recorded in
 * `hub_schema`. Never edit a migration that has shipped: add the next one. Amounts are minor
 * units and times epoch milliseconds, both `bigint`; a lane's rows are keyed by the lane and the
 * lane's own ids, so the same event ingested twice lands on the same row (ADR 079).
 */
export const migrations: readonly string[] = [
  `CREATE TABLE stores (
     id text PRIMARY KEY,
     name text NOT NULL,
     time_zone text NOT NULL DEFAULT 'UTC',
     created_at bigint NOT NULL
   );
   CREATE TABLE lanes (
     id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
     store_id text NOT NULL REFERENCES stores (id),
     name text NOT NULL,
     kind text NOT NULL CHECK (kind IN ('counter', 'kiosk')),
     merchant_id text NOT NULL,
     key_hash text NOT NULL,
     journal_id text,
     last_seq bigint NOT NULL DEFAULT 0,
     last_seen_at bigint,
     status jsonb,
     settings_version integer,
     settings_refused jsonb,
     created_at bigint NOT NULL
   );
   CREATE INDEX lanes_store ON lanes (store_id);
   CREATE TABLE lane_events (
     lane_id text NOT NULL REFERENCES lanes (id),
     seq bigint NOT NULL,
     kind text NOT NULL,
     at bigint NOT NULL,
     body jsonb NOT NULL,
     received_at bigint NOT NULL,
     PRIMARY KEY (lane_id, seq)
   );
   CREATE TABLE payments (
     lane_id text NOT NULL REFERENCES lanes (id),
     entry_id bigint NOT NULL,
     seq bigint NOT NULL,
     store_id text NOT NULL,
     merchant_id text NOT NULL,
     business_day date NOT NULL,
     operation text NOT NULL,
     order_id text NOT NULL,
     amount_minor bigint NOT NULL,
     state text NOT NULL,
     masked_pan text,
     entry_mode text,
     original_retref text,
     cashier text,
     shift_id bigint,
     created_at bigint NOT NULL,
     updated_at bigint NOT NULL,
     outcome jsonb,
     detail jsonb,
     PRIMARY KEY (lane_id, entry_id)
   );
   CREATE INDEX payments_store_day ON payments (store_id, business_day);
   CREATE INDEX payments_order ON payments (order_id);
   CREATE TABLE shifts (
     lane_id text NOT NULL REFERENCES lanes (id),
     shift_id bigint NOT NULL,
     seq bigint NOT NULL,
     store_id text NOT NULL,
     business_day date NOT NULL,
     opened_by text NOT NULL,
     opened_at bigint NOT NULL,
     float_minor bigint NOT NULL,
     closed_by text,
     closed_at bigint,
     counted_minor bigint,
     expected_minor bigint,
     PRIMARY KEY (lane_id, shift_id)
   );
   CREATE TABLE cash_movements (
     lane_id text NOT NULL REFERENCES lanes (id),
     movement_id bigint NOT NULL,
     seq bigint NOT NULL,
     store_id text NOT NULL,
     business_day date NOT NULL,
     shift_id bigint NOT NULL,
     kind text NOT NULL,
     order_id text,
     amount_minor bigint NOT NULL,
     cashier text NOT NULL,
     approved_by text,
     reason text,
     created_at bigint NOT NULL,
     PRIMARY KEY (lane_id, movement_id)
   );
   CREATE INDEX cash_movements_store_day ON cash_movements (store_id, business_day);
   CREATE TABLE z_reports (
     lane_id text NOT NULL REFERENCES lanes (id),
     number bigint NOT NULL,
     seq bigint NOT NULL,
     closed_by text NOT NULL,
     closed_at bigint NOT NULL,
     totals jsonb NOT NULL,
     PRIMARY KEY (lane_id, number)
   );
   CREATE TABLE settings_pushes (
     version serial PRIMARY KEY,
     store_id text NOT NULL REFERENCES stores (id),
     document jsonb NOT NULL,
     pushed_by text NOT NULL,
     pushed_at bigint NOT NULL
   );`,
  // A lane that sent from another journal than the one the hub holds (ADR 080): kept for the
  // manager's screens; the lane itself is told at every post.
  `ALTER TABLE lanes ADD COLUMN journal_refused jsonb;`,
];
