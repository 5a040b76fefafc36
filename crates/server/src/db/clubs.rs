//! Classes and tournaments (their JSON forms) and the pupils' work.

use rusqlite::params;

use super::games::delete_games;
use super::{Db, StoreError, Write};
use crate::wall_ms;

/// A change to a class or a tournament (their JSON forms).
pub enum ClubWrite {
    /// A class, and the work it no longer holds (in the same transaction).
    Class {
        id: String,
        body: String,
        forget: Option<Forget>,
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
    /// A tournament and its games.
    DeleteTournament { id: String, games: Vec<String> },
    /// A removed pupil's seats, renamed in the games they played.
    RenameSeats {
        games: Vec<super::accounts::RenamedGame>,
    },
    /// A class and everything in it: its work, its tournaments, its games.
    DeleteClass {
        id: String,
        games: Vec<String>,
        tournaments: Vec<String>,
    },
}

/// Work that goes with a class's change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forget {
    /// A pupil removed: their work.
    Pupil(u32),
    /// An assignment taken back: the work done on it.
    Assignment(u32),
}

/// A pupil's work as read back: assignment, pupil, index, JSON body.
pub type WorkRow = (u32, u32, u32, String);

pub(super) fn write_club(
    tx: &rusqlite::Transaction<'_>,
    write: &ClubWrite,
) -> rusqlite::Result<()> {
    match write {
        ClubWrite::Class { id, body, forget } => {
            match forget {
                Some(Forget::Pupil(pupil)) => tx
                    .prepare_cached("DELETE FROM class_work WHERE class_id = ?1 AND pupil = ?2")?
                    .execute(params![id, pupil])?,
                Some(Forget::Assignment(n)) => tx
                    .prepare_cached(
                        "DELETE FROM class_work WHERE class_id = ?1 AND assignment = ?2",
                    )?
                    .execute(params![id, n])?,
                None => 0,
            };
            tx.prepare_cached(
                "INSERT INTO classes (id, body, updated_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT (id) DO UPDATE SET body = ?2, updated_ms = ?3",
            )?
            .execute(params![id, body, wall_ms() as i64])
            .map(|_| ())
        }
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
        ClubWrite::RenameSeats { games } => super::accounts::write_renamed(tx, games),
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

impl Db {
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
}
