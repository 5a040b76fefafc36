//! The accounts' tables and their SQL: accounts, sessions (only the hash
//! of each cookie's token), ratings per speed, and every game an account
//! played (with the rating before and after a rated one). The database's
//! writer thread runs the writes inside its transactions.

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use super::{Db, StoreError, Write};
use crate::account::speed::Speed;
use quoridor_game::rating::{Rating, START};

/// The tables, created by the migration that brings accounts.
pub const SCHEMA: &str = "
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

/// Step 4: each account's block list (chat lines of a blocked account are
/// not shown to the one who blocks it).
pub const BLOCKS: &str = "
CREATE TABLE IF NOT EXISTS blocks (
    account_id INTEGER NOT NULL,
    blocked_id INTEGER NOT NULL,
    PRIMARY KEY (account_id, blocked_id)
) WITHOUT ROWID;
";

/// An account as read back.
#[derive(Clone, Debug, PartialEq)]
pub struct AccountRow {
    pub id: u64,
    pub name: String,
    pub password: String,
    pub created_ms: u64,
}

/// A change to the accounts' tables.
#[derive(Clone, Debug)]
pub enum AccountWrite {
    /// A new account (its id chosen by the caller, see [`next_id`]).
    Create {
        id: u64,
        name: String,
        key: String,
        password: String,
        created_ms: u64,
    },
    Password {
        id: u64,
        password: String,
        /// The sessions to keep (the one that changed it); the others end.
        keep_session: Option<String>,
    },
    SessionStart {
        hash: String,
        account: u64,
        created_ms: u64,
    },
    SessionEnd {
        hash: String,
    },
    /// `account` blocks (or, `on` false, unblocks) `blocked`.
    Block {
        account: u64,
        blocked: u64,
        on: bool,
    },
    /// The account goes: its name, password, sessions and ratings. Its
    /// games stay; their seats are written again as "deleted player".
    Delete {
        id: u64,
        /// Each of its games with its seats and summary as they now read.
        games: Vec<RenamedGame>,
        deleted_ms: u64,
    },
}

/// A finished game with seats renamed (a deleted account's, a removed
/// pupil's), its names written again.
#[derive(Clone, Debug)]
pub struct RenamedGame {
    pub id: String,
    pub seats: String,
    pub summary: Option<String>,
}

/// Writes games' seats and summaries renamed ([`Db::renamed_games`],
/// [`Db::renamed_seats`]).
pub(super) fn write_renamed(
    tx: &rusqlite::Transaction<'_>,
    games: &[RenamedGame],
) -> rusqlite::Result<()> {
    let mut update = tx.prepare_cached(
        "UPDATE games SET seats = ?2, summary = COALESCE(?3, summary) WHERE id = ?1",
    )?;
    for game in games {
        update.execute(params![game.id, game.seats, game.summary])?;
    }
    Ok(())
}

/// One account's line for one game, written when it takes a seat and
/// again when the game ends.
#[derive(Clone, Debug, PartialEq)]
pub struct AccountGame {
    pub account: u64,
    pub game: String,
    pub seat: String,
    pub started_ms: u64,
    pub ended_ms: Option<u64>,
    /// `win`, `loss` or `draw`; `None` while going on or when aborted.
    pub result: Option<&'static str>,
    pub opponent_id: Option<u64>,
    pub opponent: String,
    pub speed: Option<Speed>,
    pub rated: bool,
    /// Listed on the player's public page once over.
    pub public: bool,
    /// The rating before and after (rated games, once over).
    pub rating: Option<(Rating, Rating)>,
}

pub fn write(tx: &Transaction<'_>, write: &AccountWrite) -> rusqlite::Result<()> {
    match write {
        AccountWrite::Create {
            id,
            name,
            key,
            password,
            created_ms,
        } => tx
            .prepare_cached(
                "INSERT INTO accounts (id, name, name_key, password, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![*id as i64, name, key, password, *created_ms as i64])
            .map(|_| ()),
        AccountWrite::Password {
            id,
            password,
            keep_session,
        } => {
            tx.prepare_cached("UPDATE accounts SET password = ?2 WHERE id = ?1")?
                .execute(params![*id as i64, password])?;
            tx.prepare_cached(
                "DELETE FROM sessions WHERE account_id = ?1 AND hash IS NOT ?2",
            )?
            .execute(params![*id as i64, keep_session])
            .map(|_| ())
        }
        AccountWrite::SessionStart {
            hash,
            account,
            created_ms,
        } => tx
            .prepare_cached(
                "INSERT OR REPLACE INTO sessions (hash, account_id, created_ms) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![hash, *account as i64, *created_ms as i64])
            .map(|_| ()),
        AccountWrite::SessionEnd { hash } => tx
            .prepare_cached("DELETE FROM sessions WHERE hash = ?1")?
            .execute(params![hash])
            .map(|_| ()),
        AccountWrite::Block {
            account,
            blocked,
            on,
        } => {
            let sql = if *on {
                "INSERT OR IGNORE INTO blocks (account_id, blocked_id) VALUES (?1, ?2)"
            } else {
                "DELETE FROM blocks WHERE account_id = ?1 AND blocked_id = ?2"
            };
            tx.prepare_cached(sql)?
                .execute(params![*account as i64, *blocked as i64])
                .map(|_| ())
        }
        AccountWrite::Delete {
            id,
            games,
            deleted_ms,
        } => {
            let id = *id as i64;
            tx.prepare_cached(
                "UPDATE accounts SET name = NULL, name_key = NULL, password = NULL, deleted_ms = ?2
                 WHERE id = ?1",
            )?
            .execute(params![id, *deleted_ms as i64])?;
            tx.prepare_cached("DELETE FROM sessions WHERE account_id = ?1")?
                .execute(params![id])?;
            tx.prepare_cached("DELETE FROM ratings WHERE account_id = ?1")?
                .execute(params![id])?;
            tx.prepare_cached("DELETE FROM account_games WHERE account_id = ?1")?
                .execute(params![id])?;
            // The opponents' lists keep the games, not the name.
            tx.prepare_cached("UPDATE account_games SET opponent = ?2 WHERE opponent_id = ?1")?
                .execute(params![id, crate::account::name::DELETED_PLAYER])?;
            tx.prepare_cached("DELETE FROM blocks WHERE account_id = ?1 OR blocked_id = ?1")?
                .execute(params![id])?;
            super::challenges::delete_account(tx, id as u64)?;
            write_renamed(tx, games)
        }
    }
}

/// Writes the accounts' lines of one game, and the new ratings of a rated
/// game that ended.
pub fn write_games(
    tx: &Transaction<'_>,
    rows: &[AccountGame],
    now_ms: u64,
) -> rusqlite::Result<()> {
    for row in rows {
        tx.prepare_cached(
            "INSERT OR REPLACE INTO account_games (account_id, game_id, seat, started_ms, ended_ms,
                 result, opponent_id, opponent, speed, rated, public, rating_before, rating_after,
                 deviation_after)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        )?
        .execute(params![
            row.account as i64,
            row.game,
            row.seat,
            row.started_ms as i64,
            row.ended_ms.map(|m| m as i64),
            row.result,
            row.opponent_id.map(|id| id as i64),
            row.opponent,
            row.speed.map(Speed::name),
            row.rated,
            row.public,
            row.rating.map(|(before, _)| before.rating),
            row.rating.map(|(_, after)| after.rating),
            row.rating.map(|(_, after)| after.deviation),
        ])?;
        if let (Some((_, after)), Some(speed)) = (row.rating, row.speed) {
            tx.prepare_cached(
                "INSERT INTO ratings (account_id, speed, rating, deviation, volatility, games, updated_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
                 ON CONFLICT (account_id, speed) DO UPDATE SET rating = ?3, deviation = ?4,
                     volatility = ?5, games = games + 1, updated_ms = ?6",
            )?
            .execute(params![
                row.account as i64,
                speed.name(),
                after.rating,
                after.deviation,
                after.volatility,
                now_ms as i64
            ])?;
        }
    }
    Ok(())
}

/// The largest account id so far (new ids count on from it).
pub fn last_id(conn: &Connection) -> rusqlite::Result<u64> {
    conn.query_row("SELECT COALESCE(MAX(id), 0) FROM accounts", [], |row| {
        row.get::<_, i64>(0)
    })
    .map(|n| n as u64)
}

fn account_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<AccountRow> {
    Ok(AccountRow {
        id: row.get::<_, i64>(0)? as u64,
        name: row.get(1)?,
        password: row.get(2)?,
        created_ms: row.get::<_, i64>(3)? as u64,
    })
}

/// The account of a user name (any case), if there is one.
pub fn by_name(conn: &Connection, key: &str) -> rusqlite::Result<Option<AccountRow>> {
    conn.prepare_cached("SELECT id, name, password, created_ms FROM accounts WHERE name_key = ?1")?
        .query_row(params![key], account_row)
        .optional()
}

pub fn by_id(conn: &Connection, id: u64) -> rusqlite::Result<Option<AccountRow>> {
    conn.prepare_cached(
        "SELECT id, name, password, created_ms FROM accounts WHERE id = ?1 AND name IS NOT NULL",
    )?
    .query_row(params![id as i64], account_row)
    .optional()
}

/// Every session: (hash, account), to load at start-up.
pub fn sessions(conn: &Connection) -> rusqlite::Result<Vec<(String, u64)>> {
    let mut stmt = conn.prepare("SELECT hash, account_id FROM sessions")?;
    let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get::<_, i64>(1)? as u64)))?;
    rows.collect()
}

/// A rating as stored, with its number of rated games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredRating {
    pub speed: Speed,
    pub rating: Rating,
    pub games: u32,
}

/// The rating, deviation and volatility in three columns from `first`.
fn rating_at(row: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: row.get(first)?,
        deviation: row.get(first + 1)?,
        volatility: row.get(first + 2)?,
    })
}

/// An account's ratings (speeds never played are left out).
pub fn ratings(conn: &Connection, account: u64) -> rusqlite::Result<Vec<StoredRating>> {
    let mut stmt = conn.prepare_cached(
        "SELECT speed, rating, deviation, volatility, games FROM ratings WHERE account_id = ?1",
    )?;
    let rows = stmt.query_map(params![account as i64], |row| {
        Ok((
            row.get::<_, String>(0)?,
            rating_at(row, 1)?,
            row.get::<_, i64>(4)? as u32,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (speed, rating, games) = row?;
        if let Ok(speed) = speed.parse() {
            out.push(StoredRating {
                speed,
                rating,
                games,
            });
        }
    }
    out.sort_by_key(|r| r.speed);
    Ok(out)
}

/// An account's rating at one speed (a new player's if it has none).
pub fn rating(conn: &Connection, account: u64, speed: Speed) -> rusqlite::Result<Rating> {
    Ok(ratings(conn, account)?
        .into_iter()
        .find(|r| r.speed == speed)
        .map_or(START, |r| r.rating))
}

/// One line of an account's list of games, as read back.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    pub game: String,
    pub seat: String,
    pub started_ms: u64,
    pub ended_ms: Option<u64>,
    pub result: Option<String>,
    /// The opponent's current user name (`None`: an AI, a guest, or a
    /// deleted account: see `opponent`).
    pub opponent_account: Option<String>,
    /// The name the opponent had in the game.
    pub opponent: String,
    pub speed: Option<String>,
    pub rated: bool,
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
}

/// An account's games, newest first: those that started before
/// `before_ms` (all if `None`), at most `limit`; with `public_only`, the
/// finished public ones (what others see).
pub fn games(
    conn: &Connection,
    account: u64,
    before_ms: Option<u64>,
    limit: usize,
    public_only: bool,
) -> rusqlite::Result<Vec<GameLine>> {
    let mut stmt = conn.prepare_cached(
        "SELECT g.game_id, g.seat, g.started_ms, g.ended_ms, g.result, a.name, a.deleted_ms,
                g.opponent_id, g.opponent, g.speed, g.rated, g.rating_before, g.rating_after
         FROM account_games g LEFT JOIN accounts a ON a.id = g.opponent_id
         WHERE g.account_id = ?1 AND g.started_ms < ?2
             AND (?4 = 0 OR (g.public = 1 AND g.ended_ms IS NOT NULL))
         ORDER BY g.started_ms DESC LIMIT ?3",
    )?;
    let before = before_ms.map_or(i64::MAX, |m| m as i64);
    let rows = stmt.query_map(
        params![account as i64, before, limit as i64, public_only],
        |row| {
            let deleted = row.get::<_, Option<i64>>(6)?.is_some();
            let opponent_id = row.get::<_, Option<i64>>(7)?;
            let stored_name: String = row.get(8)?;
            Ok(GameLine {
                game: row.get(0)?,
                seat: row.get(1)?,
                started_ms: row.get::<_, i64>(2)? as u64,
                ended_ms: row.get::<_, Option<i64>>(3)?.map(|m| m as u64),
                result: row.get(4)?,
                opponent_account: row.get(5)?,
                opponent: if opponent_id.is_some() && deleted {
                    crate::account::name::DELETED_PLAYER.to_string()
                } else {
                    stored_name
                },
                speed: row.get(9)?,
                rated: row.get(10)?,
                rating_before: row.get(11)?,
                rating_after: row.get(12)?,
            })
        },
    )?;
    rows.collect()
}

/// Won, lost and drawn games of an account (all speeds, rated or not).
pub fn record(conn: &Connection, account: u64) -> rusqlite::Result<(u32, u32, u32)> {
    conn.prepare_cached(
        "SELECT COALESCE(SUM(result = 'win'), 0), COALESCE(SUM(result = 'loss'), 0),
                COALESCE(SUM(result = 'draw'), 0)
         FROM account_games WHERE account_id = ?1",
    )?
    .query_row(params![account as i64], |row| {
        Ok((
            row.get::<_, i64>(0)? as u32,
            row.get::<_, i64>(1)? as u32,
            row.get::<_, i64>(2)? as u32,
        ))
    })
}

/// A point of a rating history: when, and the rating after the game.
pub type HistoryPoint = (u64, f64);

/// The ratings after each rated game at `speed`, oldest first (at most
/// the last `limit`).
pub fn history(
    conn: &Connection,
    account: u64,
    speed: Speed,
    limit: usize,
) -> rusqlite::Result<Vec<HistoryPoint>> {
    let mut stmt = conn.prepare_cached(
        "SELECT ended_ms, rating_after FROM account_games
         WHERE account_id = ?1 AND speed = ?2 AND rated = 1 AND rating_after IS NOT NULL
         ORDER BY ended_ms DESC LIMIT ?3",
    )?;
    let rows = stmt.query_map(params![account as i64, speed.name(), limit as i64], |row| {
        Ok((row.get::<_, i64>(0)? as u64, row.get::<_, f64>(1)?))
    })?;
    let mut points = rows.collect::<rusqlite::Result<Vec<_>>>()?;
    points.reverse();
    Ok(points)
}

/// A leaderboard line: name, rating, deviation, rated games.
pub type BoardLine = (String, Rating, u32);

/// The best established ratings at `speed` (provisional ones left out).
pub fn leaderboard(
    conn: &Connection,
    speed: Speed,
    max_deviation: f64,
    limit: usize,
) -> rusqlite::Result<Vec<BoardLine>> {
    let mut stmt = conn.prepare_cached(
        "SELECT a.name, r.rating, r.deviation, r.volatility, r.games
         FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.speed = ?1 AND r.deviation <= ?2 AND a.name IS NOT NULL
         ORDER BY r.rating DESC LIMIT ?3",
    )?;
    let rows = stmt.query_map(params![speed.name(), max_deviation, limit as i64], |row| {
        Ok((
            row.get::<_, String>(0)?,
            rating_at(row, 1)?,
            row.get::<_, i64>(4)? as u32,
        ))
    })?;
    rows.collect()
}

/// The ids of an account's games (to write their seats again when it is
/// deleted).
pub fn game_ids(conn: &Connection, account: u64) -> rusqlite::Result<Vec<String>> {
    let mut stmt =
        conn.prepare_cached("SELECT game_id FROM account_games WHERE account_id = ?1")?;
    let rows = stmt.query_map(params![account as i64], |row| row.get(0))?;
    rows.collect()
}

/// The games of an account that are not over (waiting or playing).
pub fn unfinished(conn: &Connection, account: u64) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare_cached(
        "SELECT game_id FROM account_games WHERE account_id = ?1 AND ended_ms IS NULL",
    )?;
    let rows = stmt.query_map(params![account as i64], |row| row.get(0))?;
    rows.collect()
}

/// The accounts `account` blocks.
pub fn blocked(
    conn: &Connection,
    account: u64,
) -> rusqlite::Result<std::collections::HashSet<u64>> {
    let mut stmt = conn.prepare_cached("SELECT blocked_id FROM blocks WHERE account_id = ?1")?;
    let rows = stmt.query_map(params![account as i64], |row| {
        Ok(row.get::<_, i64>(0)? as u64)
    })?;
    rows.collect()
}

/// The names of the accounts `account` blocks, in order.
pub fn blocked_names(conn: &Connection, account: u64) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare_cached(
        "SELECT a.name FROM blocks b JOIN accounts a ON a.id = b.blocked_id
         WHERE b.account_id = ?1 AND a.name IS NOT NULL ORDER BY a.name_key",
    )?;
    let rows = stmt.query_map(params![account as i64], |row| row.get(0))?;
    rows.collect()
}

impl Db {
    /// Writes a change to the accounts and waits until it is committed.
    pub async fn save_account(&self, write: AccountWrite) -> Result<(), StoreError> {
        self.commit(Write::Account(write)).await
    }
}
