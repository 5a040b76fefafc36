//! The SQLite store. One writer thread commits every waiting change in one
//! transaction (group commit) and only then answers, so a move is on disk
//! before anyone hears of it. Reads use their own connection.

use std::fmt;
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use quoridor_engine::{Controller, Level};
use quoridor_rules::Game;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use crate::account::speed::Speed;
use crate::account::store::{self as account_store, AccountGame, AccountWrite, RenamedGame};
use crate::model::{
    entry_text, parse_entry, Clocks, DrawOffer, EntryMeta, RatingChange, RoomState, SeatSlot,
    Settings, Status, Summary,
};
use crate::wall_ms;
use crate::wire::{self, parse_seat};

/// A failure of the store (the message says what failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

const SCHEMA: &str = "
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

/// The schema's versions: step `i` brings a database from version `i` to
/// `i + 1` (SQLite's `user_version`). Version 1 is the schema of the first
/// releases, which did not count versions (their files read 0 and already
/// hold its tables: its statements create only what is missing).
const MIGRATIONS: &[&str] = &[
    SCHEMA,
    account_store::SCHEMA,
    ANALYSES,
    account_store::BLOCKS,
];

/// The schema version this release writes.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// Step 3: the computer's analyses of finished games (their JSON view).
const ANALYSES: &str = "
CREATE TABLE IF NOT EXISTS analyses (
    game_id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
";

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

/// How hard a commit waits for the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sync {
    /// Survives a power cut (an fsync per commit).
    Full,
    /// Survives a crash of the server, not of the machine.
    Normal,
}

/// A seat as stored: its controller as `human` or `ai` with a level.
#[derive(Serialize, Deserialize)]
struct StoredSeat {
    #[serde(with = "wire::seat")]
    seat: quoridor_rules::Seat,
    kind: String,
    level: Option<u8>,
    name: String,
    holder: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    account: Option<u64>,
}

#[derive(Serialize, Deserialize, Default)]
struct Extra {
    draw_offer: Option<DrawOffer>,
    rematch: Option<String>,
    version: u64,
    epoch: u64,
    #[serde(default)]
    aborted: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rating_changes: Vec<RatingChange>,
}

#[derive(Serialize, Deserialize)]
struct StoredClock {
    remaining_ms: Vec<u64>,
    /// Time already used in the current turn when this was written.
    turn_elapsed_ms: Option<u64>,
}

struct EntryRow {
    idx: usize,
    entry: String,
    seat: String,
    ms: u64,
    points: Option<i32>,
    clock_after: Option<String>,
}

/// One change to write: the game's row and its history from `keep` on.
pub struct Save {
    id: String,
    created_ms: u64,
    creator: String,
    status: &'static str,
    public: bool,
    /// Written once, when the game is made (`None` afterwards).
    settings: Option<String>,
    /// `None`: unchanged since the last save.
    seats: Option<String>,
    extra: String,
    clock: Option<String>,
    /// Only what lists need: written when the game is made and when it
    /// ends (`None`: keep the stored one).
    summary: Option<String>,
    keep: usize,
    entries: Vec<EntryRow>,
    /// The accounts' lines of this game, when its seats changed or it ended.
    accounts: Vec<AccountGame>,
}

impl Save {
    /// A new game, whole.
    pub fn new(state: &RoomState, now: Instant) -> Save {
        Save::change(None, state, now, 0)
    }

    /// The change from `old` (as stored; `None` for a new game) to `state`:
    /// the history from entry `keep` on is written again (the entries before
    /// are stored already), and of the game's row only what changed.
    pub fn change(old: Option<&RoomState>, state: &RoomState, now: Instant, keep: usize) -> Save {
        let keep = keep.min(state.meta.len());
        let entries = state.game.entries()[keep..]
            .iter()
            .zip(&state.meta[keep..])
            .enumerate()
            .map(|(i, (entry, meta))| EntryRow {
                idx: keep + i,
                entry: entry_text(entry),
                seat: meta.seat.name().to_string(),
                ms: meta.ms,
                points: meta.points,
                clock_after: meta
                    .clock_after
                    .as_ref()
                    .map(|c| serde_json::to_string(c).expect("numbers serialize")),
            })
            .collect();
        Save {
            id: state.id.clone(),
            created_ms: state.created_ms,
            creator: state.creator.clone(),
            status: state.status().name(),
            public: state.settings.public,
            settings: old
                .is_none()
                .then(|| serde_json::to_string(&state.settings).expect("settings serialize")),
            seats: old
                .is_none_or(|old| old.seats != state.seats)
                .then(|| seats_json(state)),
            extra: serde_json::to_string(&Extra {
                draw_offer: state.draw_offer.clone(),
                rematch: state.rematch.clone(),
                version: state.version,
                epoch: state.epoch,
                aborted: state.aborted,
                rating_changes: state.rating_changes.clone(),
            })
            .expect("extra serializes"),
            clock: clock_json(state, now),
            summary: (old.is_none() || state.status() == Status::Over)
                .then(|| serde_json::to_string(&Summary::of(state)).expect("summaries serialize")),
            keep,
            entries,
            accounts: account_lines(old, state),
        }
    }
}

/// The lines of the accounts that play `state`, written when a seat is
/// taken and when the game ends.
fn account_lines(old: Option<&RoomState>, state: &RoomState) -> Vec<AccountGame> {
    let over = state.status() == Status::Over;
    let changed =
        old.is_none_or(|old| old.seats != state.seats || (over && old.status() != Status::Over));
    if !changed {
        return Vec::new();
    }
    let result = state.result();
    let speed = Speed::of(state.settings.clock);
    state
        .seats
        .iter()
        .filter_map(|slot| {
            let account = slot.account?;
            let others: Vec<&SeatSlot> =
                state.seats.iter().filter(|s| s.seat != slot.seat).collect();
            let opponent_id = match others.as_slice() {
                [one] => one.account,
                _ => None,
            };
            let opponent = others
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            let outcome = result
                .as_ref()
                .filter(|r| r.termination != "aborted")
                .map(|r| {
                    if r.draw {
                        "draw"
                    } else if r.winners.contains(&slot.seat) {
                        "win"
                    } else {
                        "loss"
                    }
                });
            let rating = state
                .rating_changes
                .iter()
                .find(|c| c.account == account)
                .map(|c| (c.before, c.after));
            Some(AccountGame {
                account,
                game: state.id.clone(),
                seat: slot.seat.name().to_string(),
                started_ms: state.created_ms,
                ended_ms: over.then(wall_ms),
                result: outcome,
                opponent_id,
                opponent,
                speed,
                rated: state.settings.rated,
                public: state.settings.public,
                rating,
            })
        })
        .collect()
}

fn seats_json(room: &RoomState) -> String {
    let seats: Vec<StoredSeat> = room
        .seats
        .iter()
        .map(|slot| StoredSeat {
            seat: slot.seat,
            kind: crate::model::summary::kind_name(slot.kind).into(),
            level: slot.kind.level().map(|l| l.number()),
            name: slot.name.clone(),
            holder: slot.holder.clone(),
            account: slot.account,
        })
        .collect();
    serde_json::to_string(&seats).expect("seats serialize")
}

/// The clocks, with the time the current turn has used so far.
fn clock_json(room: &RoomState, now: Instant) -> Option<String> {
    let clocks = room.clocks.as_ref()?;
    let stored = StoredClock {
        remaining_ms: clocks.remaining_ms.clone(),
        turn_elapsed_ms: clocks
            .turn_started
            .map(|s| now.saturating_duration_since(s).as_millis() as u64),
    };
    Some(serde_json::to_string(&stored).expect("clock serializes"))
}

fn write(tx: &rusqlite::Transaction<'_>, write: &Write) -> rusqlite::Result<()> {
    match write {
        Write::Game(save) => {
            write_game(tx, save)?;
            account_store::write_games(tx, &save.accounts, wall_ms())
        }
        Write::Account(write) => account_store::write(tx, write),
        Write::Analysis { game, body } => tx
            .prepare_cached(
                "INSERT OR REPLACE INTO analyses (game_id, body, created_ms) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![game, body, wall_ms() as i64])
            .map(|_| ()),
        Write::Exercise(e) => tx
            .prepare_cached(
                "INSERT INTO exercises (id, body, creator, owner_hash, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                e.id,
                e.body,
                e.creator,
                e.owner_hash,
                wall_ms() as i64
            ])
            .map(|_| ()),
        Write::DeleteExercise(id) => tx
            .prepare_cached("DELETE FROM exercises WHERE id = ?1")?
            .execute(params![id])
            .map(|_| ()),
        Write::Club(write) => write_club(tx, write),
    }
}

fn write_club(tx: &rusqlite::Transaction<'_>, write: &ClubWrite) -> rusqlite::Result<()> {
    match write {
        ClubWrite::Class { id, body } => tx
            .prepare_cached(
                "INSERT INTO classes (id, body, updated_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT (id) DO UPDATE SET body = ?2, updated_ms = ?3",
            )?
            .execute(params![id, body, wall_ms() as i64])
            .map(|_| ()),
        ClubWrite::Work {
            class,
            assignment,
            pupil,
            index,
            body,
        } => tx
            .prepare_cached(
                "INSERT OR REPLACE INTO class_work (class_id, assignment, pupil, idx, body)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![class, assignment, pupil, index, body])
            .map(|_| ()),
        ClubWrite::Tournament { id, class, body } => tx
            .prepare_cached(
                "INSERT INTO tournaments (id, class_id, body, updated_ms) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (id) DO UPDATE SET body = ?3, updated_ms = ?4",
            )?
            .execute(params![id, class, body, wall_ms() as i64])
            .map(|_| ()),
        ClubWrite::DeletePupilWork { class, pupil } => tx
            .prepare_cached("DELETE FROM class_work WHERE class_id = ?1 AND pupil = ?2")?
            .execute(params![class, pupil])
            .map(|_| ()),
        ClubWrite::DeleteTournament { id, games } => {
            tx.prepare_cached("DELETE FROM tournaments WHERE id = ?1")?
                .execute(params![id])?;
            delete_games(tx, games)
        }
        ClubWrite::DeleteClass {
            id,
            games,
            tournaments,
        } => {
            tx.prepare_cached("DELETE FROM classes WHERE id = ?1")?
                .execute(params![id])?;
            tx.prepare_cached("DELETE FROM class_work WHERE class_id = ?1")?
                .execute(params![id])?;
            for t in tournaments {
                tx.prepare_cached("DELETE FROM tournaments WHERE id = ?1")?
                    .execute(params![t])?;
            }
            delete_games(tx, games)
        }
    }
}

fn delete_games(tx: &rusqlite::Transaction<'_>, games: &[String]) -> rusqlite::Result<()> {
    for game in games {
        tx.prepare_cached("DELETE FROM entries WHERE game_id = ?1")?
            .execute(params![game])?;
        tx.prepare_cached("DELETE FROM games WHERE id = ?1")?
            .execute(params![game])?;
        tx.prepare_cached("DELETE FROM analyses WHERE game_id = ?1")?
            .execute(params![game])?;
    }
    Ok(())
}

fn write_game(tx: &rusqlite::Transaction<'_>, save: &Save) -> rusqlite::Result<()> {
    match &save.settings {
        // A new game: the whole row.
        Some(settings) => {
            tx.prepare_cached(
                "INSERT INTO games (id, created_ms, creator, status, public, settings, seats, extra, clock, summary, updated_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?
            .execute(params![
                save.id,
                save.created_ms as i64,
                save.creator,
                save.status,
                save.public,
                settings,
                save.seats,
                save.extra,
                save.clock,
                save.summary,
                wall_ms() as i64,
            ])?;
        }
        // A change: what changed (a column given as NULL is kept).
        None => {
            tx.prepare_cached(
                "UPDATE games SET status = ?2, seats = COALESCE(?3, seats), extra = ?4, clock = ?5,
                     summary = COALESCE(?6, summary), updated_ms = ?7
                 WHERE id = ?1",
            )?
            .execute(params![
                save.id,
                save.status,
                save.seats,
                save.extra,
                save.clock,
                save.summary,
                wall_ms() as i64,
            ])?;
        }
    }
    tx.prepare_cached("DELETE FROM entries WHERE game_id = ?1 AND idx >= ?2")?
        .execute(params![save.id, save.keep as i64])?;
    let mut insert = tx.prepare_cached(
        "INSERT INTO entries (game_id, idx, entry, seat, ms, points, clock_after)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for row in &save.entries {
        insert.execute(params![
            save.id,
            row.idx as i64,
            row.entry,
            row.seat,
            row.ms as i64,
            row.points,
            row.clock_after
        ])?;
    }
    Ok(())
}

type Reply = oneshot::Sender<Result<(), String>>;

/// A classroom exercise a teacher saved to share (its JSON form).
pub struct SavedExercise {
    pub id: String,
    pub body: String,
    pub creator: String,
    /// The hash of the token that may delete it.
    pub owner_hash: String,
}

/// A shared exercise as read back.
pub struct StoredExercise {
    /// Its JSON form.
    pub body: String,
    /// The hash of the token that may delete it.
    pub owner_hash: String,
    /// The address that shared it.
    pub creator: String,
}

/// A change to a class or a tournament (their JSON forms).
pub enum ClubWrite {
    Class {
        id: String,
        body: String,
    },
    /// One pupil's work on one exercise of an assignment.
    Work {
        class: String,
        assignment: u32,
        pupil: u32,
        index: u32,
        body: String,
    },
    Tournament {
        id: String,
        class: Option<String>,
        body: String,
    },
    /// A pupil removed: their work goes too.
    DeletePupilWork {
        class: String,
        pupil: u32,
    },
    /// A tournament and its games.
    DeleteTournament {
        id: String,
        games: Vec<String>,
    },
    /// A class and everything in it: its work, its tournaments, its games.
    DeleteClass {
        id: String,
        games: Vec<String>,
        tournaments: Vec<String>,
    },
}

/// A pupil's work as read back: assignment, pupil, index, JSON body.
pub type WorkRow = (u32, u32, u32, String);

/// One thing for the writer thread to commit.
enum Write {
    Game(Save),
    Exercise(SavedExercise),
    DeleteExercise(String),
    Club(ClubWrite),
    Account(AccountWrite),
    /// A game's analysis (its JSON view).
    Analysis {
        game: String,
        body: String,
    },
}

/// The database: a writer thread and a reading connection.
#[derive(Clone)]
pub struct Db {
    writes: mpsc::Sender<(Write, Reply)>,
    reader: Arc<Mutex<Connection>>,
}

/// Refuses a database written by a newer release before anything (the
/// journal mode included) is written to it.
fn refuse_newer(path: &Path) -> Result<(), String> {
    if !path.exists() {
        return Ok(());
    }
    let flags =
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let version = Connection::open_with_flags(path, flags)
        .and_then(|conn| conn.pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0)))
        .map_err(|err| format!("database {}: {err}", path.display()))?;
    if version as usize > SCHEMA_VERSION {
        return Err(format!(
            "database {}: schema version {version} is newer than this release's ({SCHEMA_VERSION}): use a newer quoridor",
            path.display()
        ));
    }
    Ok(())
}

fn open(path: &Path, sync: Sync) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(
        None,
        "synchronous",
        match sync {
            Sync::Full => "FULL",
            Sync::Normal => "NORMAL",
        },
    )?;
    // What is deleted (a teacher's shared exercise) is overwritten, not
    // left readable in free pages of the file.
    conn.pragma_update(None, "secure_delete", "ON")?;
    Ok(conn)
}

impl Db {
    /// Opens (or creates) the database at `path` and starts the writer.
    pub fn open(path: &Path, sync: Sync) -> Result<Db, String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
        }
        let fail = |err: rusqlite::Error| format!("database {}: {err}", path.display());
        refuse_newer(path)?;
        let mut writer = open(path, sync).map_err(fail)?;
        migrate(&mut writer).map_err(|err| format!("database {}: {err}", path.display()))?;
        let reader = open(path, sync).map_err(fail)?;
        let (tx, rx) = mpsc::channel::<(Write, Reply)>();
        std::thread::Builder::new()
            .name("quoridor-db".into())
            .spawn(move || writer_loop(writer, rx))
            .map_err(|err| format!("cannot start the database thread: {err}"))?;
        Ok(Db {
            writes: tx,
            reader: Arc::new(Mutex::new(reader)),
        })
    }

    /// Writes a change and waits until it is committed.
    pub async fn save(&self, save: Save) -> Result<(), StoreError> {
        self.commit(Write::Game(save)).await
    }

    /// Stores a shared exercise and waits until it is committed.
    pub async fn save_exercise(&self, exercise: SavedExercise) -> Result<(), StoreError> {
        self.commit(Write::Exercise(exercise)).await
    }

    /// Deletes a shared exercise (nothing if there is none of this id).
    pub async fn delete_exercise(&self, id: &str) -> Result<(), StoreError> {
        self.commit(Write::DeleteExercise(id.to_string())).await
    }

    /// Writes a change to a class or tournament and waits until it is committed.
    pub async fn save_club(&self, write: ClubWrite) -> Result<(), StoreError> {
        self.commit(Write::Club(write)).await
    }

    /// Every class (JSON bodies), to load at start-up.
    pub fn classes(&self) -> Result<Vec<String>, StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare("SELECT body FROM classes")?;
            let rows = stmt.query_map([], |row| row.get(0))?;
            rows.collect()
        })
    }

    /// The work of a class's pupils.
    pub fn class_work(&self, class: &str) -> Result<Vec<WorkRow>, StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT assignment, pupil, idx, body FROM class_work WHERE class_id = ?1",
            )?;
            let rows = stmt.query_map(params![class], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
            })?;
            rows.collect()
        })
    }

    /// Every tournament (JSON bodies), to load at start-up.
    pub fn tournaments(&self) -> Result<Vec<String>, StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare("SELECT body FROM tournaments")?;
            let rows = stmt.query_map([], |row| row.get(0))?;
            rows.collect()
        })
    }

    async fn commit(&self, write: Write) -> Result<(), StoreError> {
        let stopped = || StoreError("the database thread has stopped".into());
        let (tx, rx) = oneshot::channel();
        self.writes.send((write, tx)).map_err(|_| stopped())?;
        match rx.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(err)) => Err(StoreError(err)),
            Err(_) => Err(stopped()),
        }
    }

    /// Writes a change to the accounts and waits until it is committed.
    pub async fn save_account(&self, write: AccountWrite) -> Result<(), StoreError> {
        self.commit(Write::Account(write)).await
    }

    /// Stores a game's analysis and waits until it is committed.
    pub async fn save_analysis(&self, game: &str, body: String) -> Result<(), StoreError> {
        self.commit(Write::Analysis {
            game: game.to_string(),
            body,
        })
        .await
    }

    /// A game's stored analysis (its JSON view), if there is one.
    pub fn analysis(&self, game: &str) -> Result<Option<String>, StoreError> {
        self.read(|conn| {
            conn.query_row(
                "SELECT body FROM analyses WHERE game_id = ?1",
                params![game],
                |row| row.get(0),
            )
            .optional()
        })
    }

    /// The newest finished rated game without an analysis, if any.
    pub fn rated_without_analysis(&self) -> Result<Option<String>, StoreError> {
        self.read(|conn| {
            conn.query_row(
                "SELECT g.game_id FROM account_games g LEFT JOIN analyses a ON a.game_id = g.game_id
                 WHERE g.rated = 1 AND g.result IS NOT NULL AND a.game_id IS NULL
                 ORDER BY g.ended_ms DESC LIMIT 1",
                [],
                |row| row.get(0),
            )
            .optional()
        })
    }

    /// Runs `f` on the reading connection (blocking: call it from a
    /// blocking thread, or where a short wait is fine).
    pub fn read<T>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let conn = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        f(&conn).map_err(|err| StoreError(err.to_string()))
    }

    /// A shared exercise, if there is one of this id.
    pub fn exercise(&self, id: &str) -> Result<Option<StoredExercise>, StoreError> {
        self.read(|conn| {
            conn.query_row(
                "SELECT body, owner_hash, creator FROM exercises WHERE id = ?1",
                params![id],
                |row| {
                    Ok(StoredExercise {
                        body: row.get(0)?,
                        owner_hash: row.get(1)?,
                        creator: row.get(2)?,
                    })
                },
            )
            .optional()
        })
    }

    /// How many exercises each address has shared.
    pub fn exercises_per_creator(&self) -> Result<Vec<(String, usize)>, StoreError> {
        self.read(|conn| {
            let mut stmt =
                conn.prepare("SELECT creator, COUNT(*) FROM exercises GROUP BY creator")?;
            let rows = stmt.query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)? as usize))
            })?;
            rows.collect()
        })
    }

    /// The finished games of account `id` with its seats renamed `name`
    /// and no longer tied to it (to write when the account is deleted).
    pub fn renamed_games(&self, id: u64, name: &str) -> Result<Vec<RenamedGame>, StoreError> {
        let rows = self.read(|conn| {
            let ids = account_store::game_ids(conn, id)?;
            let mut stmt = conn.prepare_cached("SELECT seats, summary FROM games WHERE id = ?1")?;
            let mut rows = Vec::new();
            for game in ids {
                let row = stmt
                    .query_row(params![game], |r| {
                        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
                    })
                    .optional()?;
                if let Some((seats, summary)) = row {
                    rows.push((game, seats, summary));
                }
            }
            Ok(rows)
        })?;
        let corrupt = |game: &str| StoreError(format!("game {game}: unreadable seats"));
        let mut out = Vec::new();
        for (game, seats, summary) in rows {
            let mut seats: Vec<StoredSeat> =
                serde_json::from_str(&seats).map_err(|_| corrupt(&game))?;
            let mut renamed = Vec::new();
            for seat in seats.iter_mut().filter(|s| s.account == Some(id)) {
                seat.name = name.to_string();
                // The holder stays (`account:<id>`): ids are never given
                // again and a deleted account has no sessions.
                seat.account = None;
                renamed.push(seat.seat);
            }
            let summary = serde_json::from_str::<Summary>(&summary)
                .ok()
                .map(|mut summary| {
                    for seat in summary
                        .seats
                        .iter_mut()
                        .filter(|s| renamed.contains(&s.seat))
                    {
                        seat.name = name.to_string();
                    }
                    serde_json::to_string(&summary).expect("summaries serialize")
                });
            out.push(RenamedGame {
                id: game,
                seats: serde_json::to_string(&seats).expect("seats serialize"),
                summary,
            });
        }
        Ok(out)
    }

    /// The ids of games not over, to load at start-up.
    pub fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare("SELECT id FROM games WHERE status != 'over'")?;
            let ids = stmt.query_map([], |row| row.get(0))?;
            ids.collect()
        })
    }

    /// Summaries of public games in `status`, newest first.
    pub fn list(&self, status: Status, limit: usize) -> Result<Vec<Summary>, StoreError> {
        self.read(|conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT summary FROM games WHERE status = ?1 AND public = 1
                 ORDER BY created_ms DESC LIMIT ?2",
            )?;
            let rows = stmt.query_map(params![status.name(), limit as i64], |row| {
                row.get::<_, String>(0)
            })?;
            let mut out = Vec::new();
            for row in rows {
                if let Ok(summary) = serde_json::from_str(&row?) {
                    out.push(summary);
                }
            }
            Ok(out)
        })
    }

    /// Reads a game back; `now` is when its current turn resumes.
    pub fn load(&self, id: &str, now: Instant) -> Result<Option<RoomState>, StoreError> {
        let stored = self.read(|conn| {
            let row = conn
                .query_row(
                    "SELECT created_ms, creator, settings, seats, extra, clock FROM games WHERE id = ?1",
                    params![id],
                    |row| {
                        Ok((
                            row.get::<_, i64>(0)?,
                            row.get::<_, String>(1)?,
                            row.get::<_, String>(2)?,
                            row.get::<_, String>(3)?,
                            row.get::<_, String>(4)?,
                            row.get::<_, Option<String>>(5)?,
                        ))
                    },
                )
                .optional()?;
            let Some(row) = row else { return Ok(None) };
            let mut stmt = conn.prepare_cached(
                "SELECT entry, seat, ms, points, clock_after FROM entries WHERE game_id = ?1 ORDER BY idx",
            )?;
            let entries = stmt
                .query_map(params![id], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, Option<i32>>(3)?,
                        r.get::<_, Option<String>>(4)?,
                    ))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(Some((row, entries)))
        })?;
        let Some(((created_ms, creator, settings, seats, extra, clock), entries)) = stored else {
            return Ok(None);
        };
        let corrupt = |what: &str| StoreError(format!("game {id}: unreadable {what}"));
        let settings: Settings =
            serde_json::from_str(&settings).map_err(|_| corrupt("settings"))?;
        let stored_seats: Vec<StoredSeat> =
            serde_json::from_str(&seats).map_err(|_| corrupt("seats"))?;
        let extra: Extra = serde_json::from_str(&extra).map_err(|_| corrupt("extra"))?;
        let slots = stored_seats
            .into_iter()
            .map(|s| SeatSlot {
                seat: s.seat,
                kind: match (s.kind.as_str(), s.level.and_then(Level::new)) {
                    ("ai", Some(level)) => Controller::Ai(level),
                    _ => Controller::Human,
                },
                name: s.name,
                holder: s.holder,
                account: s.account,
            })
            .collect();
        let mut room = RoomState::new(
            id.to_string(),
            created_ms as u64,
            creator,
            settings,
            slots,
            now,
        )
        .map_err(|err| StoreError(format!("game {id}: {err}")))?;
        let mut game = Game::new(*room.game.rules());
        for (text, seat_text, ms, points, clock_after) in entries {
            let seat = parse_seat(&seat_text).ok_or_else(|| corrupt("entry seat"))?;
            let entry = parse_entry(&text, seat).ok_or_else(|| corrupt("move"))?;
            game.apply(entry).map_err(|_| corrupt("history"))?;
            room.meta.push(EntryMeta {
                seat,
                ms: ms as u64,
                points,
                clock_after: clock_after.and_then(|c| serde_json::from_str(&c).ok()),
            });
        }
        room.game = game;
        room.draw_offer = extra.draw_offer;
        room.rematch = extra.rematch;
        room.version = extra.version.max(1);
        room.epoch = extra.epoch;
        room.aborted = extra.aborted;
        room.rating_changes = extra.rating_changes;
        if let (Some(clocks), Some(text)) = (&mut room.clocks, clock) {
            let stored: StoredClock = serde_json::from_str(&text).map_err(|_| corrupt("clock"))?;
            if stored.remaining_ms.len() == clocks.remaining_ms.len() {
                *clocks = Clocks {
                    remaining_ms: stored.remaining_ms,
                    // The time the server was down is not charged: the turn
                    // goes on from what it had used when last written.
                    turn_started: stored.turn_elapsed_ms.map(|used| {
                        now.checked_sub(std::time::Duration::from_millis(used))
                            .unwrap_or(now)
                    }),
                };
            }
        }
        if room.status() != Status::Playing {
            if let Some(clocks) = &mut room.clocks {
                clocks.turn_started = None;
            }
        }
        Ok(Some(room))
    }
}

impl Write {
    /// Whether it deletes what a person made or wrote (a class, a pupil's
    /// work, an account, a shared exercise), which must then be gone from
    /// the files too.
    fn erases(&self) -> bool {
        matches!(
            self,
            Write::DeleteExercise(_)
                | Write::Club(
                    ClubWrite::DeleteClass { .. }
                        | ClubWrite::DeleteTournament { .. }
                        | ClubWrite::DeletePupilWork { .. }
                )
                | Write::Account(AccountWrite::Delete { .. })
        )
    }
}

/// Copies the newest pages into the database file and empties the log:
/// the log still holds the pages as they were before a deletion (the file
/// itself overwrites deleted content: `secure_delete`).
fn erase_old_frames(conn: &Connection) {
    let done = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| {
        row.get::<_, i64>(0)
    });
    if !matches!(done, Ok(0)) {
        eprintln!("quoridor serve: the log could not be emptied after a deletion ({done:?}); it will be at the next checkpoint");
    }
}

fn writer_loop(mut conn: Connection, rx: mpsc::Receiver<(Write, Reply)>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < 1024 {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let together = (|| -> rusqlite::Result<()> {
            let tx = conn.transaction()?;
            for (save, _) in &batch {
                write(&tx, save)?;
            }
            tx.commit()
        })();
        if batch.iter().any(|(save, _)| save.erases()) {
            erase_old_frames(&conn);
        }
        if together.is_ok() {
            for (_, reply) in batch {
                let _ = reply.send(Ok(()));
            }
            continue;
        }
        // One bad change must not fail the others: write them one by one.
        for (save, reply) in batch {
            let alone = (|| -> rusqlite::Result<()> {
                let tx = conn.transaction()?;
                write(&tx, &save)?;
                tx.commit()
            })();
            let _ = reply.send(alone.map_err(|err| err.to_string()));
        }
    }
}
