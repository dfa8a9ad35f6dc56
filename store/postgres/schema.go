package postgres

// migrations are the schema's versions, in order: migrations[i] takes a
// database from version i to i+1. Open applies the missing ones in one
// transaction and refuses a database of a later version than it knows. A
// migration, once released, is never edited: a change is a new one.
var migrations = []string{
	// 1: the store's first layout.
	`
CREATE SEQUENCE table_ids;

-- One row a table: the bot's record (data) and what the store indexes.
-- version counts the saves (store.Table.Version). due_claim_* is the lease
-- of a process that claimed the table's due time (ClaimDue), delivery_*
-- the lease of the process that shows its outbox (ClaimDelivery).
CREATE TABLE tables (
	id            bigint PRIMARY KEY,
	chat          text NOT NULL,
	game          text NOT NULL,
	finished      boolean NOT NULL,
	finished_at   timestamptz,
	data          bytea NOT NULL,
	due           timestamptz,
	seated        text[] NOT NULL DEFAULT '{}',
	unshown       bigint NOT NULL DEFAULT 0,
	last_move     bigint NOT NULL DEFAULT 0,
	version       bigint NOT NULL DEFAULT 0,
	due_claim_until      timestamptz,
	due_claim_by         text,
	delivery_until       timestamptz,
	delivery_by          text
);
-- A chat has at most one unfinished table.
CREATE UNIQUE INDEX tables_open_chat ON tables (chat) WHERE NOT finished;
CREATE INDEX tables_chat ON tables (chat, id);
CREATE INDEX tables_due ON tables (due, id) WHERE NOT finished AND due IS NOT NULL;
CREATE INDEX tables_unshown ON tables (id) WHERE unshown > 0;
CREATE INDEX tables_seated ON tables USING gin (seated) WHERE NOT finished;

CREATE TABLE moves (
	table_id  bigint NOT NULL REFERENCES tables ON DELETE CASCADE,
	seq       bigint NOT NULL,
	at        timestamptz NOT NULL,
	seat      integer NOT NULL,
	user_id   text NOT NULL,
	text      text NOT NULL,
	PRIMARY KEY (table_id, seq)
);

CREATE TABLE users (
	id    text PRIMARY KEY,
	data  bytea NOT NULL
);

-- Keys are bytes (the bot separates their parts with NUL), listed in
-- byte order.
CREATE TABLE ratings (
	key   bytea PRIMARY KEY,
	data  bytea NOT NULL
);
CREATE TABLE rated (
	table_id bigint PRIMARY KEY
);

-- Platform event ids seen (Deduper), kept a day.
CREATE TABLE seen (
	key  text PRIMARY KEY,
	at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seen_at ON seen (at);
`,
	// 2: an event is claimed, for a while, by the process that plays it,
	// and marked played once it was (store.Deduper): the ids recorded
	// before were recorded as they began to play, and count as played.
	`
ALTER TABLE seen ADD COLUMN played boolean NOT NULL DEFAULT true;
ALTER TABLE seen ADD COLUMN claimed_until timestamptz;
`,
	// 3: a player's games, finished or not (store.Store.PlayedTables):
	// seated is kept with every save, finished tables included, and is now
	// indexed for all of them.
	`
CREATE INDEX tables_played ON tables USING gin (seated);
`,
	// 4: a started game nobody plays ends, and the bot counts the wait in
	// its due time; a game saved before, without deadlines, had none, and
	// nothing would ever look at it. Every open table without a due time
	// is due at once: the bot looks at each once, and gives it its own.
	`
UPDATE tables SET due = now() WHERE NOT finished AND due IS NULL;
`,
	// 5: less written per move. A table's row is written seven times a
	// move (two saves, the delivery's lease taken and given back, what it
	// takes saved in flight and cleared, the shown mark); a write that
	// changes no indexed column is a HOT update (no index touched, a
	// smaller WAL record) when the row's page has room for its new
	// version: half of each page is kept for them. tables_seated (the open
	// tables' seats) is covered by tables_played (every table's seats,
	// migration 3): one GIN index less to update per write of a row.
	`
ALTER TABLE tables SET (fillfactor = 50);
DROP INDEX IF EXISTS tables_seated;
`,
}

// SchemaVersion is the version of the layout this code writes.
var SchemaVersion = len(migrations)
