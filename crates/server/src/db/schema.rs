//! The SQLite schema: its steps, one transaction each, counted in SQLite's
//! `user_version` (PostgreSQL's, step for step, are in
//! [`super::postgres`]).

use rusqlite::Connection;

/// Step 1: games and their histories, shared exercises, classes, their
/// pupils' work and tournaments.
const GAMES: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    creator TEXT NOT NULL,
    status TEXT NOT NULL,
    public INTEGER NOT NULL,
    settings TEXT NOT NULL,
    seats TEXT NOT NULL,
    extra TEXT NOT NULL,
    clock TEXT,
    summary TEXT NOT NULL,
    updated_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, created_ms);
CREATE TABLE IF NOT EXISTS entries (
    game_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    entry TEXT NOT NULL,
    seat TEXT NOT NULL,
    ms INTEGER NOT NULL,
    points INTEGER,
    clock_after TEXT,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS exercises (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    creator TEXT NOT NULL,
    owner_hash TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS exercises_creator ON exercises (creator);
CREATE TABLE IF NOT EXISTS classes (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    updated_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS class_work (
    class_id TEXT NOT NULL,
    assignment INTEGER NOT NULL,
    pupil INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (class_id, assignment, pupil, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    class_id TEXT,
    body TEXT NOT NULL,
    updated_ms INTEGER NOT NULL
);
";

/// The tables, created by the migration that brings accounts.
const ACCOUNTS: &str = "
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT,
    name_key TEXT UNIQUE,
    password TEXT,
    created_ms INTEGER NOT NULL,
    deleted_ms INTEGER
);
CREATE TABLE IF NOT EXISTS sessions (
    hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id);
CREATE TABLE IF NOT EXISTS ratings (
    account_id INTEGER NOT NULL,
    speed TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, speed)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (speed, rating);
CREATE TABLE IF NOT EXISTS account_games (
    account_id INTEGER NOT NULL,
    game_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    started_ms INTEGER NOT NULL,
    ended_ms INTEGER,
    result TEXT,
    opponent_id INTEGER,
    opponent TEXT NOT NULL,
    speed TEXT,
    rated INTEGER NOT NULL,
    public INTEGER NOT NULL,
    rating_before REAL,
    rating_after REAL,
    deviation_after REAL,
    PRIMARY KEY (account_id, game_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_games_recent ON account_games (account_id, started_ms);
";

/// Step 3: the computer's analyses of finished games (their JSON view).
const ANALYSES: &str = "
CREATE TABLE IF NOT EXISTS analyses (
    game_id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
";

/// Step 4: each account's block list (chat lines of a blocked account are
/// not shown to the one who blocks it).
const BLOCKS: &str = "
CREATE TABLE IF NOT EXISTS blocks (
    account_id INTEGER NOT NULL,
    blocked_id INTEGER NOT NULL,
    PRIMARY KEY (account_id, blocked_id)
) WITHOUT ROWID;
";

/// Step 5: the challenges waiting for an answer.
const CHALLENGES: &str = "
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY,
    from_id INTEGER NOT NULL,
    to_id INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
";

/// Step 6: the readiness probe's row ([`super::Db::ready`]).
const PROBE: &str = "
CREATE TABLE IF NOT EXISTS probe (
    id INTEGER PRIMARY KEY,
    body BLOB NOT NULL,
    at_ms INTEGER NOT NULL
);
";

/// Step 7: what pupils say in their class's games, for their teacher to
/// read (a pupil removed, a game or a class deleted: their lines go too).
const CHAT: &str = "
CREATE TABLE IF NOT EXISTS class_chat (
    id INTEGER PRIMARY KEY,
    class_id TEXT NOT NULL,
    game TEXT NOT NULL,
    pupil INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS class_chat_class ON class_chat (class_id, id);
CREATE INDEX IF NOT EXISTS class_chat_game ON class_chat (game);
";

/// Step 8: the instances sharing a PostgreSQL database and the games each
/// holds (`super::cluster`); a SQLite file has one server and leaves them
/// empty, but keeps the same steps as PostgreSQL.
const INSTANCES: &str = "
CREATE TABLE IF NOT EXISTS instances (
    id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    started_ms INTEGER NOT NULL,
    renewed_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS holders (
    game TEXT PRIMARY KEY,
    instance TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS holders_instance ON holders (instance);
";

/// Step 9: Web Push ([`super::push`]): the server's VAPID key (one row,
/// made on first start) and the devices of accounts that asked to be told
/// of their turn and their challenges (an account deleted: its devices go).
const PUSH: &str = "
CREATE TABLE IF NOT EXISTS push_keys (
    id INTEGER PRIMARY KEY,
    secret TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    lang TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS push_subscriptions_account ON push_subscriptions (account_id);
";

/// Step 10: what was said in games' chats (the last lines of each
/// channel), kept with the game.
const GAME_CHAT: &str = "
CREATE TABLE IF NOT EXISTS game_chat (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    channel TEXT NOT NULL,
    name TEXT NOT NULL,
    seat TEXT,
    account INTEGER NOT NULL,
    account_id INTEGER,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS game_chat_game ON game_chat (game, channel, id);
CREATE INDEX IF NOT EXISTS game_chat_account ON game_chat (account_id);
";

/// Step 11: bots (issue 60): an account marked as one (`bot` 1), and
/// personal API tokens (`crate::account::tokens`): only their hashes, each
/// with its account and the name its owner gave it.
const API_TOKENS: &str = "
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS api_tokens (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS api_tokens_account ON api_tokens (account_id);
";

/// The schema's versions: step `i` brings a database from version `i` to
/// `i + 1` (SQLite's `user_version`). Version 1 is the schema of the first
/// releases, which did not count versions (their files read 0 and already
/// hold its tables: its statements create only what is missing).
pub(super) const MIGRATIONS: &[&str] = &[
    GAMES, ACCOUNTS, ANALYSES, BLOCKS, CHALLENGES, PROBE, CHAT, INSTANCES, PUSH, GAME_CHAT,
    API_TOKENS,
];

/// The schema version this release writes.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// Brings the database to the newest schema, one step per transaction.
/// A database written by a newer release is refused, never changed.
pub fn migrate(conn: &mut Connection) -> Result<usize, String> {
    let text = |err: rusqlite::Error| err.to_string();
    let version: usize = conn
        .pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0))
        .map_err(text)? as usize;
    if version > MIGRATIONS.len() {
        return Err(format!(
            "schema version {version} is newer than this release's ({}): use a newer quoridor",
            MIGRATIONS.len()
        ));
    }
    for (step, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let tx = conn.transaction().map_err(text)?;
        tx.execute_batch(sql).map_err(text)?;
        tx.pragma_update(None, "user_version", (step + 1) as i64)
            .map_err(text)?;
        tx.commit().map_err(text)?;
    }
    Ok(MIGRATIONS.len())
}
