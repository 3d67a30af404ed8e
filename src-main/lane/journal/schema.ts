/** A journal row as the hub's `payment` event carries it: outcome and detail as JSON objects, not text. */
const paymentBody = `json_object(
       'entryId', NEW.id, 'operation', NEW.operation, 'orderId', NEW.order_id, 'amountMinor', NEW.amount_minor,
       'state', NEW.state, 'maskedPan', NEW.masked_pan, 'entryMode', NEW.entry_mode,
       'originalRetref', NEW.original_retref, 'cashier', NEW.cashier, 'shiftId', NEW.shift_id,
       'createdAt', NEW.created_at, 'updatedAt', NEW.updated_at,
       'outcome', json(NEW.outcome), 'detail', json(NEW.detail))`;

const shiftBody = `json_object(
       'shiftId', NEW.id, 'openedBy', NEW.opened_by, 'openedAt', NEW.opened_at, 'floatMinor', NEW.float_minor,
       'closedBy', NEW.closed_by, 'closedAt', NEW.closed_at, 'countedMinor', NEW.counted_minor,
       'expectedMinor', NEW.expected_minor)`;

/** Each migration runs once, in order, inside a transaction; `user_version` counts them. */
export const migrations: readonly string[] = [
  `CREATE TABLE entries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     operation TEXT NOT NULL CHECK (operation IN ('auth', 'capture', 'void', 'refund', 'voidByOrderId')),
     order_id TEXT NOT NULL CHECK (length(order_id) BETWEEN 1 AND 19),
     amount_minor INTEGER NOT NULL,
     masked_pan TEXT,
     entry_mode TEXT,
     original_retref TEXT,
     state TEXT NOT NULL CHECK (state IN ('pending', 'completed', 'unknown', 'resolved', 'not-sent')),
     outcome TEXT,
     note TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE INDEX entries_order_id ON entries (order_id);
   CREATE INDEX entries_state ON entries (state) WHERE state IN ('pending', 'unknown');
   CREATE TABLE order_sequence (day TEXT PRIMARY KEY, last INTEGER NOT NULL);`,
  `ALTER TABLE entries ADD COLUMN detail TEXT;
   CREATE INDEX entries_created_at ON entries (created_at);`,
  // The file's identity, recorded beside the settings too, so a journal that was replaced is noticed.
  `CREATE TABLE identity (id INTEGER PRIMARY KEY CHECK (id = 1), journal_id TEXT NOT NULL, created_at INTEGER NOT NULL);`,
  // What recovery settled while nobody watched, kept until a person acknowledges it.
  `CREATE TABLE findings (
     entry_id INTEGER PRIMARY KEY REFERENCES entries (id),
     source TEXT NOT NULL CHECK (source IN ('start', 'background')),
     found_at INTEGER NOT NULL,
     acknowledged_at INTEGER,
     acknowledged_by TEXT
   );`,
  // The payments of the customer's sale the cashier has not closed yet (New sale, the next
  // customer, a clean stop): after a crash, outcomes the screen may never have shown.
  `CREATE TABLE open_sale (entry_id INTEGER PRIMARY KEY REFERENCES entries (id));`,
  // The rest of a partly approved sale taken outside the lane (cash, a check): no call to the
  // gateway, so no entry, but money the sale was paid with, kept with who recorded it.
  `CREATE TABLE outside_tenders (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     order_id TEXT NOT NULL CHECK (length(order_id) BETWEEN 1 AND 19),
     amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
     recorded_by TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX outside_tenders_order_id ON outside_tenders (order_id);`,
  // The day (ADR 065): who was signed in and which shift was open when each payment was written;
  // the shifts (a counted float, a blind count at the close); the cash that went into or out of
  // the drawer, and each time it was opened without a sale; the Z reports, numbered once.
  `ALTER TABLE entries ADD COLUMN cashier TEXT;
   ALTER TABLE entries ADD COLUMN shift_id INTEGER;
   CREATE TABLE shifts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     opened_by TEXT NOT NULL,
     opened_at INTEGER NOT NULL,
     float_minor INTEGER NOT NULL CHECK (float_minor >= 0),
     closed_by TEXT,
     closed_at INTEGER,
     counted_minor INTEGER CHECK (counted_minor >= 0),
     expected_minor INTEGER,
     CHECK ((closed_at IS NULL) = (counted_minor IS NULL) AND (closed_at IS NULL) = (expected_minor IS NULL))
   );
   CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;
   CREATE TABLE cash_movements (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     shift_id INTEGER NOT NULL REFERENCES shifts (id),
     kind TEXT NOT NULL CHECK (kind IN ('sale', 'refund', 'returned', 'no-sale')),
     order_id TEXT CHECK (order_id IS NULL OR length(order_id) BETWEEN 1 AND 19),
     amount_minor INTEGER NOT NULL,
     tendered_minor INTEGER,
     change_minor INTEGER,
     cashier TEXT NOT NULL,
     approved_by TEXT,
     reason TEXT,
     created_at INTEGER NOT NULL,
     CHECK (kind <> 'no-sale' OR (amount_minor = 0 AND approved_by IS NOT NULL AND reason IS NOT NULL)),
     CHECK (kind = 'no-sale' OR order_id IS NOT NULL),
     CHECK (kind <> 'sale' OR (amount_minor > 0 AND tendered_minor - change_minor = amount_minor)),
     CHECK (kind NOT IN ('refund', 'returned') OR amount_minor < 0)
   );
   CREATE INDEX cash_movements_shift ON cash_movements (shift_id);
   CREATE INDEX cash_movements_order ON cash_movements (order_id) WHERE order_id IS NOT NULL;
   CREATE TABLE z_reports (
     number INTEGER PRIMARY KEY CHECK (number >= 1),
     closed_by TEXT NOT NULL,
     closed_at INTEGER NOT NULL,
     through_entry_id INTEGER NOT NULL,
     through_movement_id INTEGER NOT NULL,
     through_shift_id INTEGER NOT NULL,
     totals TEXT NOT NULL
   );`,
  // A customer's sale paid in parts on purpose (split tender, ADR 072): its total, whether it is
  // open, paid or cancelled, and which card attempts (entries) and cash movements belong to it.
  // What it still owes is never stored: it is worked out from these rows each time.
  `CREATE TABLE split_sales (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     total_minor INTEGER NOT NULL CHECK (total_minor > 0),
     tip_minor INTEGER NOT NULL DEFAULT 0 CHECK (tip_minor >= 0),
     cart TEXT,
     state TEXT NOT NULL CHECK (state IN ('open', 'paid', 'cancelled')),
     created_at INTEGER NOT NULL,
     ended_at INTEGER,
     ended_reason TEXT
   );
   CREATE UNIQUE INDEX split_sales_one_open ON split_sales ((state = 'open')) WHERE state = 'open';
   CREATE TABLE split_parts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     sale_id INTEGER NOT NULL REFERENCES split_sales (id),
     entry_id INTEGER UNIQUE REFERENCES entries (id),
     movement_id INTEGER UNIQUE REFERENCES cash_movements (id),
     applied_minor INTEGER,
     CHECK ((entry_id IS NULL) <> (movement_id IS NULL)),
     CHECK (movement_id IS NULL OR applied_minor IS NOT NULL)
   );
   CREATE INDEX split_parts_sale ON split_parts (sale_id);`,
  // Offline payments (ADR 074): the state `stored` joins the CHECK, so the table is rebuilt the
  // way SQLite documents (foreign keys are off while migrations run: migrate.ts), keeping every
  // id; a stored payment's request rests only sealed (AES-256-GCM) beside its row until its outcome is known.
  `CREATE TABLE entries_widened (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     operation TEXT NOT NULL CHECK (operation IN ('auth', 'capture', 'void', 'refund', 'voidByOrderId')),
     order_id TEXT NOT NULL CHECK (length(order_id) BETWEEN 1 AND 19),
     amount_minor INTEGER NOT NULL,
     masked_pan TEXT,
     entry_mode TEXT,
     original_retref TEXT,
     state TEXT NOT NULL CHECK (state IN ('pending', 'completed', 'unknown', 'resolved', 'not-sent', 'stored')),
     outcome TEXT,
     note TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     detail TEXT,
     cashier TEXT,
     shift_id INTEGER
   );
   INSERT INTO entries_widened (id, operation, order_id, amount_minor, masked_pan, entry_mode, original_retref, state, outcome, note, created_at, updated_at, detail, cashier, shift_id)
     SELECT id, operation, order_id, amount_minor, masked_pan, entry_mode, original_retref, state, outcome, note, created_at, updated_at, detail, cashier, shift_id FROM entries;
   DROP TABLE entries;
   ALTER TABLE entries_widened RENAME TO entries;
   CREATE INDEX entries_order_id ON entries (order_id);
   CREATE INDEX entries_state ON entries (state) WHERE state IN ('pending', 'unknown', 'stored');
   CREATE INDEX entries_created_at ON entries (created_at);
   CREATE TABLE offline_payments (
     entry_id INTEGER PRIMARY KEY REFERENCES entries (id),
     sealed BLOB NOT NULL,
     stored_at INTEGER NOT NULL,
     brand TEXT,
     last_four TEXT CHECK (last_four IS NULL OR length(last_four) <= 4),
     attempts INTEGER NOT NULL DEFAULT 0
   );`,
  // A Z report takes the rows after the last one's ids; a payment taken offline and still waiting
  // at the close changes later, so the Z report names it here and the next period takes it again
  // (ADR 078): counted once, in the period its forward completes.
  `CREATE TABLE z_carried (
     z_number INTEGER NOT NULL REFERENCES z_reports (number),
     entry_id INTEGER NOT NULL REFERENCES entries (id),
     PRIMARY KEY (z_number, entry_id)
   ) WITHOUT ROWID;`,
  // The store hub's outbox (ADR 081): each write to the tables the hub reports from adds its event
  // here in the same transaction, by trigger, so nothing the journal holds can miss it; the lane
  // adds its own events (device status, settings) beside them. Rows go once the hub has them.
  `CREATE TABLE hub_outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, at INTEGER NOT NULL, body TEXT NOT NULL);
   CREATE TRIGGER hub_payment_inserted AFTER INSERT ON entries BEGIN
     INSERT INTO hub_outbox (kind, at, body) VALUES ('payment', NEW.updated_at, ${paymentBody});
   END;
   CREATE TRIGGER hub_payment_updated AFTER UPDATE ON entries BEGIN
     INSERT INTO hub_outbox (kind, at, body) VALUES ('payment', NEW.updated_at, ${paymentBody});
   END;
   CREATE TRIGGER hub_shift_opened AFTER INSERT ON shifts BEGIN
     INSERT INTO hub_outbox (kind, at, body) VALUES ('shift', NEW.opened_at, ${shiftBody});
   END;
   CREATE TRIGGER hub_shift_changed AFTER UPDATE ON shifts BEGIN
     INSERT INTO hub_outbox (kind, at, body) VALUES ('shift', coalesce(NEW.closed_at, NEW.opened_at), ${shiftBody});
   END;
   CREATE TRIGGER hub_cash_moved AFTER INSERT ON cash_movements BEGIN
     INSERT INTO hub_outbox (kind, at, body) VALUES ('cash', NEW.created_at, json_object(
       'movementId', NEW.id, 'shiftId', NEW.shift_id, 'kind', NEW.kind, 'orderId', NEW.order_id,
       'amountMinor', NEW.amount_minor, 'cashier', NEW.cashier, 'approvedBy', NEW.approved_by,
       'reason', NEW.reason, 'createdAt', NEW.created_at));
   END;
   CREATE TRIGGER hub_z_closed AFTER INSERT ON z_reports BEGIN
     INSERT INTO hub_outbox (kind, at, body) VALUES ('z', NEW.closed_at, json_object(
       'number', NEW.number, 'closedBy', NEW.closed_by, 'closedAt', NEW.closed_at, 'totals', json(NEW.totals)));
   END;`,
];
