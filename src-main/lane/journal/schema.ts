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
];
