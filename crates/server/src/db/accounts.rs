//! The accounts' tables and their SQL: accounts, sessions (only the hash
//! of each cookie's token), ratings per speed, and every game an account
//! played (with the rating before and after a rated one). The database's
//! writer thread runs the writes inside its transactions.

use std::collections::HashSet;

use super::sql::{args, Row, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;
use crate::account::speed::Speed;
use quoridor_game::rating::{Rating, START};

/// An account as read back.
#[derive(Clone, Debug, PartialEq)]
pub struct AccountRow {
    pub id: u64,
    pub name: String,
    pub password: String,
    pub created_ms: u64,
    /// Marked as a bot: a program plays for it.
    pub bot: bool,
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
    /// The account is marked as a bot, for good.
    MakeBot {
        id: u64,
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
pub(super) fn write_renamed(tx: &mut dyn Sql, games: &[RenamedGame]) -> SqlResult<()> {
    for game in games {
        tx.execute(
            "UPDATE games SET seats = ?2, summary = COALESCE(?3, summary) WHERE id = ?1",
            args![game.id, game.seats, game.summary],
        )?;
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

impl Change for AccountWrite {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        write(tx, self)
    }

    fn erases(&self) -> bool {
        matches!(self, AccountWrite::Delete { .. })
    }
}

fn write(tx: &mut dyn Sql, write: &AccountWrite) -> SqlResult<()> {
    match write {
        AccountWrite::Create {
            id,
            name,
            key,
            password,
            created_ms,
        } => {
            tx.execute(
                "INSERT INTO accounts (id, name, name_key, password, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                args![id, name, key, password, created_ms],
            )?;
        }
        AccountWrite::Password {
            id,
            password,
            keep_session,
        } => {
            tx.execute(
                "UPDATE accounts SET password = ?2 WHERE id = ?1",
                args![id, password],
            )?;
            tx.execute(
                "DELETE FROM sessions WHERE account_id = ?1 AND hash IS DISTINCT FROM ?2",
                args![id, keep_session],
            )?;
        }
        AccountWrite::SessionStart {
            hash,
            account,
            created_ms,
        } => {
            tx.execute(
                "INSERT INTO sessions (hash, account_id, created_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT (hash) DO UPDATE SET account_id = excluded.account_id,
                     created_ms = excluded.created_ms",
                args![hash, account, created_ms],
            )?;
        }
        AccountWrite::SessionEnd { hash } => {
            tx.execute("DELETE FROM sessions WHERE hash = ?1", args![hash])?;
        }
        AccountWrite::MakeBot { id } => {
            tx.execute("UPDATE accounts SET bot = 1 WHERE id = ?1", args![id])?;
        }
        AccountWrite::Block {
            account,
            blocked,
            on,
        } => {
            let sql = if *on {
                "INSERT INTO blocks (account_id, blocked_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING"
            } else {
                "DELETE FROM blocks WHERE account_id = ?1 AND blocked_id = ?2"
            };
            tx.execute(sql, args![account, blocked])?;
        }
        AccountWrite::Delete {
            id,
            games,
            deleted_ms,
        } => {
            tx.execute(
                "UPDATE accounts SET name = NULL, name_key = NULL, password = NULL, deleted_ms = ?2
                 WHERE id = ?1",
                args![id, deleted_ms],
            )?;
            tx.execute("DELETE FROM sessions WHERE account_id = ?1", args![id])?;
            tx.execute("DELETE FROM ratings WHERE account_id = ?1", args![id])?;
            tx.execute("DELETE FROM account_games WHERE account_id = ?1", args![id])?;
            // The opponents' lists keep the games, not the name.
            tx.execute(
                "UPDATE account_games SET opponent = ?2 WHERE opponent_id = ?1",
                args![id, crate::account::name::DELETED_PLAYER],
            )?;
            tx.execute(
                "DELETE FROM blocks WHERE account_id = ?1 OR blocked_id = ?1",
                args![id],
            )?;
            super::challenges::delete_account(tx, *id)?;
            super::push::delete_account(tx, *id)?;
            super::api_tokens::delete_account(tx, *id)?;
            super::game_chat::delete_account(tx, *id)?;
            write_renamed(tx, games)?;
        }
    }
    Ok(())
}

/// Writes the accounts' lines of one game, and the new ratings of a rated
/// game that ended.
pub fn write_games(tx: &mut dyn Sql, rows: &[AccountGame], now_ms: u64) -> SqlResult<()> {
    for row in rows {
        tx.execute(
            "INSERT INTO account_games (account_id, game_id, seat, started_ms, ended_ms,
                 result, opponent_id, opponent, speed, rated, public, rating_before, rating_after,
                 deviation_after)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
             ON CONFLICT (account_id, game_id) DO UPDATE SET seat = excluded.seat,
                 started_ms = excluded.started_ms, ended_ms = excluded.ended_ms,
                 result = excluded.result, opponent_id = excluded.opponent_id,
                 opponent = excluded.opponent, speed = excluded.speed, rated = excluded.rated,
                 public = excluded.public, rating_before = excluded.rating_before,
                 rating_after = excluded.rating_after, deviation_after = excluded.deviation_after",
            args![
                row.account,
                row.game,
                row.seat,
                row.started_ms,
                row.ended_ms,
                row.result,
                row.opponent_id,
                row.opponent,
                row.speed.map(Speed::name),
                row.rated,
                row.public,
                row.rating.map(|(before, _)| before.rating),
                row.rating.map(|(_, after)| after.rating),
                row.rating.map(|(_, after)| after.deviation),
            ],
        )?;
        if let (Some((_, after)), Some(speed)) = (row.rating, row.speed) {
            tx.execute(
                "INSERT INTO ratings (account_id, speed, rating, deviation, volatility, games, updated_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
                 ON CONFLICT (account_id, speed) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     games = ratings.games + 1, updated_ms = excluded.updated_ms",
                args![
                    row.account,
                    speed.name(),
                    after.rating,
                    after.deviation,
                    after.volatility,
                    now_ms
                ],
            )?;
        }
    }
    Ok(())
}

/// How many games the account has played (or plays).
pub fn games_played(sql: &mut dyn Sql, account: u64) -> SqlResult<u64> {
    sql.query_one(
        "SELECT COUNT(*) FROM account_games WHERE account_id = ?1",
        args![account],
    )?
    .get(0)
}

/// The largest account id so far (new ids count on from it).
pub fn last_id(sql: &mut dyn Sql) -> SqlResult<u64> {
    sql.query_one("SELECT COALESCE(MAX(id), 0) FROM accounts", args![])?
        .get(0)
}

fn account_row(row: &Row) -> SqlResult<AccountRow> {
    Ok(AccountRow {
        id: row.get(0)?,
        name: row.get(1)?,
        password: row.get(2)?,
        created_ms: row.get(3)?,
        bot: row.get::<i64>(4)? != 0,
    })
}

/// The account of a user name (any case), if there is one.
pub fn by_name(sql: &mut dyn Sql, key: &str) -> SqlResult<Option<AccountRow>> {
    sql.query_opt(
        "SELECT id, name, password, created_ms, bot FROM accounts WHERE name_key = ?1",
        args![key],
    )?
    .as_ref()
    .map(account_row)
    .transpose()
}

pub fn by_id(sql: &mut dyn Sql, id: u64) -> SqlResult<Option<AccountRow>> {
    sql.query_opt(
        "SELECT id, name, password, created_ms, bot FROM accounts WHERE id = ?1 AND name IS NOT NULL",
        args![id],
    )?
    .as_ref()
    .map(account_row)
    .transpose()
}

/// The sessions of accounts not deleted, to load at start-up: the token's
/// hash, when it began, and its account.
pub fn sessions_with_accounts(sql: &mut dyn Sql) -> SqlResult<Vec<(String, u64, AccountKey)>> {
    sql.query(
        "SELECT s.hash, s.created_ms, a.id, a.name, a.bot FROM sessions s
         JOIN accounts a ON a.id = s.account_id WHERE a.name IS NOT NULL",
        args![],
    )?
    .iter()
    .map(|row| Ok((row.get(0)?, row.get(1)?, account_at(row, 2)?)))
    .collect()
}

/// An account as a session or a token holds it: its id, its name and
/// whether it is a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountKey {
    pub id: u64,
    pub name: String,
    pub bot: bool,
}

/// The account whose id, name and bot mark are the row's columns from
/// `first` on.
pub fn account_at(row: &Row, first: usize) -> SqlResult<AccountKey> {
    Ok(AccountKey {
        id: row.get(first)?,
        name: row.get(first + 1)?,
        bot: row.get::<i64>(first + 2)? != 0,
    })
}

/// One session of an account not deleted, by its token's hash: when it
/// began, and its account (several instances read each other's sessions
/// from the database).
pub fn session_with_account(sql: &mut dyn Sql, hash: &str) -> SqlResult<Option<(u64, AccountKey)>> {
    sql.query_opt(
        "SELECT s.created_ms, a.id, a.name, a.bot FROM sessions s
         JOIN accounts a ON a.id = s.account_id WHERE s.hash = ?1 AND a.name IS NOT NULL",
        args![hash],
    )?
    .map(|row| Ok((row.get(0)?, account_at(&row, 1)?)))
    .transpose()
}

/// Every session: (hash, account), to load at start-up.
pub fn sessions(sql: &mut dyn Sql) -> SqlResult<Vec<(String, u64)>> {
    sql.query("SELECT hash, account_id FROM sessions", args![])?
        .iter()
        .map(|row| Ok((row.get(0)?, row.get(1)?)))
        .collect()
}

/// A rating as stored, with its number of rated games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredRating {
    pub speed: Speed,
    pub rating: Rating,
    pub games: u32,
}

/// The rating, deviation and volatility in three columns from `first`.
fn rating_at(row: &Row, first: usize) -> SqlResult<Rating> {
    Ok(Rating {
        rating: row.get(first)?,
        deviation: row.get(first + 1)?,
        volatility: row.get(first + 2)?,
    })
}

/// An account's ratings (speeds never played are left out).
pub fn ratings(sql: &mut dyn Sql, account: u64) -> SqlResult<Vec<StoredRating>> {
    let rows = sql.query(
        "SELECT speed, rating, deviation, volatility, games FROM ratings WHERE account_id = ?1",
        args![account],
    )?;
    let mut out = Vec::new();
    for row in &rows {
        let speed: String = row.get(0)?;
        if let Ok(speed) = speed.parse() {
            out.push(StoredRating {
                speed,
                rating: rating_at(row, 1)?,
                games: row.get(4)?,
            });
        }
    }
    out.sort_by_key(|r| r.speed);
    Ok(out)
}

/// An account's rating at one speed (a new player's if it has none).
pub fn rating(sql: &mut dyn Sql, account: u64, speed: Speed) -> SqlResult<Rating> {
    Ok(ratings(sql, account)?
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
    /// The opponent's account is a bot's.
    pub opponent_bot: bool,
    pub speed: Option<String>,
    pub rated: bool,
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
}

/// Which of an account's games a list keeps (each `None`: any).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// The speed's name (`blitz`, `correspondence`…).
    pub speed: Option<String>,
    pub rated: Option<bool>,
    /// `win`, `loss` or `draw`, for the account.
    pub result: Option<String>,
    /// The opponent's name (in the game, or their account's now), in any case.
    pub opponent: Option<String>,
}

/// An account's games, newest first: those that started before
/// `before_ms` (all if `None`) and that `filter` keeps, at most `limit`;
/// with `public_only`, the finished public ones (what others see).
pub fn games(
    sql: &mut dyn Sql,
    account: u64,
    before_ms: Option<u64>,
    limit: usize,
    public_only: bool,
    filter: &GameFilter,
) -> SqlResult<Vec<GameLine>> {
    let before = before_ms.map_or(i64::MAX, |m| i64::try_from(m).unwrap_or(i64::MAX));
    // Each condition holds when its value is not given ('' or -1).
    let rated = filter.rated.map_or(-1, i64::from);
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let rows = sql.query(
        "SELECT g.game_id, g.seat, g.started_ms, g.ended_ms, g.result, a.name, a.deleted_ms,
                g.opponent_id, g.opponent, g.speed, g.rated, g.rating_before, g.rating_after,
                COALESCE(a.bot, 0)
         FROM account_games g LEFT JOIN accounts a ON a.id = g.opponent_id
         WHERE g.account_id = ?1 AND g.started_ms < ?2
             AND (?4 = 0 OR (g.public = 1 AND g.ended_ms IS NOT NULL))
             AND (?5 = '' OR g.speed = ?5)
             AND (?6 = -1 OR g.rated = ?6)
             AND (?7 = '' OR g.result = ?7)
             AND (?8 = '' OR LOWER(g.opponent) = LOWER(?8)
                  OR (a.deleted_ms IS NULL AND LOWER(a.name) = LOWER(?8)))
         ORDER BY g.started_ms DESC LIMIT ?3",
        args![
            account,
            before,
            limit,
            public_only,
            text(&filter.speed),
            rated,
            text(&filter.result),
            text(&filter.opponent)
        ],
    )?;
    rows.iter()
        .map(|row| {
            let deleted = row.get::<Option<i64>>(6)?.is_some();
            let opponent_id = row.get::<Option<i64>>(7)?;
            let stored_name: String = row.get(8)?;
            Ok(GameLine {
                game: row.get(0)?,
                seat: row.get(1)?,
                started_ms: row.get(2)?,
                ended_ms: row.get(3)?,
                result: row.get(4)?,
                opponent_account: row.get(5)?,
                opponent: if opponent_id.is_some() && deleted {
                    crate::account::name::DELETED_PLAYER.to_string()
                } else {
                    stored_name
                },
                opponent_bot: row.get::<i64>(13)? != 0 && !deleted,
                speed: row.get(9)?,
                rated: row.get(10)?,
                rating_before: row.get(11)?,
                rating_after: row.get(12)?,
            })
        })
        .collect()
}

/// Won, lost and drawn games of an account (all speeds, rated or not).
pub fn record(sql: &mut dyn Sql, account: u64) -> SqlResult<(u32, u32, u32)> {
    let row = sql.query_one(
        "SELECT COALESCE(SUM(CASE WHEN result = 'win' THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN result = 'loss' THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END), 0)
         FROM account_games WHERE account_id = ?1",
        args![account],
    )?;
    Ok((row.get(0)?, row.get(1)?, row.get(2)?))
}

/// A point of a rating history: when, and the rating after the game.
pub type HistoryPoint = (u64, f64);

/// The ratings after each rated game at `speed`, oldest first (at most
/// the last `limit`).
pub fn history(
    sql: &mut dyn Sql,
    account: u64,
    speed: Speed,
    limit: usize,
) -> SqlResult<Vec<HistoryPoint>> {
    let mut points = sql
        .query(
            "SELECT ended_ms, rating_after FROM account_games
             WHERE account_id = ?1 AND speed = ?2 AND rated = 1 AND rating_after IS NOT NULL
             ORDER BY ended_ms DESC LIMIT ?3",
            args![account, speed.name(), limit],
        )?
        .iter()
        .map(|row| Ok((row.get(0)?, row.get(1)?)))
        .collect::<SqlResult<Vec<HistoryPoint>>>()?;
    points.reverse();
    Ok(points)
}

/// A leaderboard line: name, rating, deviation, rated games.
pub type BoardLine = (String, Rating, u32, bool);

/// The best established ratings at `speed` (provisional ones left out).
pub fn leaderboard(
    sql: &mut dyn Sql,
    speed: Speed,
    max_deviation: f64,
    limit: usize,
) -> SqlResult<Vec<BoardLine>> {
    sql.query(
        "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, a.bot
         FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.speed = ?1 AND r.deviation <= ?2 AND a.name IS NOT NULL
         ORDER BY r.rating DESC LIMIT ?3",
        args![speed.name(), max_deviation, limit],
    )?
    .iter()
    .map(|row| {
        let bot: i64 = row.get(5)?;
        Ok((row.get(0)?, rating_at(row, 1)?, row.get(4)?, bot != 0))
    })
    .collect()
}

/// The ids of an account's games (to write their seats again when it is
/// deleted).
pub fn game_ids(sql: &mut dyn Sql, account: u64) -> SqlResult<Vec<String>> {
    sql.query(
        "SELECT game_id FROM account_games WHERE account_id = ?1",
        args![account],
    )?
    .iter()
    .map(|row| row.get(0))
    .collect()
}

/// The games of an account that are not over (waiting or playing).
pub fn unfinished(sql: &mut dyn Sql, account: u64) -> SqlResult<Vec<String>> {
    sql.query(
        "SELECT game_id FROM account_games WHERE account_id = ?1 AND ended_ms IS NULL",
        args![account],
    )?
    .iter()
    .map(|row| row.get(0))
    .collect()
}

/// The accounts `account` blocks.
pub fn blocked(sql: &mut dyn Sql, account: u64) -> SqlResult<HashSet<u64>> {
    sql.query(
        "SELECT blocked_id FROM blocks WHERE account_id = ?1",
        args![account],
    )?
    .iter()
    .map(|row| row.get(0))
    .collect()
}

/// The names of the accounts `account` blocks, in order.
pub fn blocked_names(sql: &mut dyn Sql, account: u64) -> SqlResult<Vec<String>> {
    sql.query(
        "SELECT a.name FROM blocks b JOIN accounts a ON a.id = b.blocked_id
         WHERE b.account_id = ?1 AND a.name IS NOT NULL ORDER BY a.name_key",
        args![account],
    )?
    .iter()
    .map(|row| row.get(0))
    .collect()
}

impl Db {
    /// Writes a change to the accounts and waits until it is committed.
    pub async fn save_account(&self, write: AccountWrite) -> Result<(), StoreError> {
        self.commit(write).await
    }
}
