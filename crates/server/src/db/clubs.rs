//! Classes and tournaments (their JSON forms), the pupils' work, and the
//! lines pupils say in their class's games (kept for their teacher).

use super::games::delete_games;
use super::sql::{args, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;
use crate::wall_ms;

/// The most lines a class keeps: the oldest go first.
pub const MAX_CHAT_LINES: usize = 2000;

/// A line a pupil said in a class's game, as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    pub game: String,
    pub pupil: u32,
    pub name: String,
    pub text: String,
    pub at_ms: u64,
}

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
    /// Pupil `from` merged into pupil `into`: the class, `from`'s work
    /// gone, `into`'s work as it now is (`club::merge`), and `from`'s
    /// chat lines now `into`'s.
    MergePupils {
        id: String,
        body: String,
        from: u32,
        into: u32,
        work: Vec<WorkRow>,
    },
    /// A line said in one of the class's games.
    Chat { class: String, line: ChatRow },
    /// Every line kept of the class's games (the teacher cleared them).
    ClearChat { class: String },
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

impl Change for ClubWrite {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        write_club(tx, self)
    }

    fn erases(&self) -> bool {
        matches!(
            self,
            ClubWrite::DeleteClass { .. }
                | ClubWrite::DeleteTournament { .. }
                | ClubWrite::RenameSeats { .. }
                | ClubWrite::ClearChat { .. }
                | ClubWrite::MergePupils { .. }
                | ClubWrite::Class {
                    forget: Some(_),
                    ..
                }
        )
    }
}

fn write_club(tx: &mut dyn Sql, write: &ClubWrite) -> SqlResult<()> {
    match write {
        ClubWrite::Class { id, body, forget } => {
            match forget {
                Some(Forget::Pupil(pupil)) => {
                    tx.execute(
                        "DELETE FROM class_chat WHERE class_id = ?1 AND pupil = ?2",
                        args![id, pupil],
                    )?;
                    tx.execute(
                        "DELETE FROM class_work WHERE class_id = ?1 AND pupil = ?2",
                        args![id, pupil],
                    )?;
                }
                Some(Forget::Assignment(n)) => {
                    tx.execute(
                        "DELETE FROM class_work WHERE class_id = ?1 AND assignment = ?2",
                        args![id, n],
                    )?;
                }
                None => {}
            }
            tx.execute(
                "INSERT INTO classes (id, body, updated_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT (id) DO UPDATE SET body = excluded.body, updated_ms = excluded.updated_ms",
                args![id, body, wall_ms()],
            )?;
        }
        ClubWrite::Work {
            class,
            assignment,
            pupil,
            index,
            body,
        } => {
            tx.execute(
                "INSERT INTO class_work (class_id, assignment, pupil, idx, body)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (class_id, assignment, pupil, idx) DO UPDATE SET body = excluded.body",
                args![class, assignment, pupil, index, body],
            )?;
        }
        ClubWrite::Tournament { id, class, body } => {
            tx.execute(
                "INSERT INTO tournaments (id, class_id, body, updated_ms) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (id) DO UPDATE SET body = excluded.body, updated_ms = excluded.updated_ms",
                args![id, class, body, wall_ms()],
            )?;
        }
        ClubWrite::MergePupils {
            id,
            body,
            from,
            into,
            work,
        } => {
            tx.execute(
                "DELETE FROM class_work WHERE class_id = ?1 AND pupil IN (?2, ?3)",
                args![id, from, into],
            )?;
            for (assignment, pupil, index, body) in work {
                tx.execute(
                    "INSERT INTO class_work (class_id, assignment, pupil, idx, body)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    args![id, assignment, pupil, index, body],
                )?;
            }
            tx.execute(
                "UPDATE class_chat SET pupil = ?3 WHERE class_id = ?1 AND pupil = ?2",
                args![id, from, into],
            )?;
            let class = ClubWrite::Class {
                id: id.clone(),
                body: body.clone(),
                forget: None,
            };
            write_club(tx, &class)?;
        }
        ClubWrite::Chat { class, line } => {
            tx.execute(
                "INSERT INTO class_chat (class_id, game, pupil, name, text, at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![class, line.game, line.pupil, line.name, line.text, line.at_ms],
            )?;
            tx.execute(
                "DELETE FROM class_chat WHERE class_id = ?1 AND id <= (
                     SELECT id FROM class_chat WHERE class_id = ?1
                     ORDER BY id DESC LIMIT 1 OFFSET ?2)",
                args![class, MAX_CHAT_LINES],
            )?;
        }
        ClubWrite::ClearChat { class } => {
            tx.execute("DELETE FROM class_chat WHERE class_id = ?1", args![class])?;
        }
        ClubWrite::RenameSeats { games } => super::accounts::write_renamed(tx, games)?,
        ClubWrite::DeleteTournament { id, games } => {
            tx.execute("DELETE FROM tournaments WHERE id = ?1", args![id])?;
            delete_games(tx, games)?;
        }
        ClubWrite::DeleteClass {
            id,
            games,
            tournaments,
        } => {
            tx.execute("DELETE FROM classes WHERE id = ?1", args![id])?;
            tx.execute("DELETE FROM class_work WHERE class_id = ?1", args![id])?;
            tx.execute("DELETE FROM class_chat WHERE class_id = ?1", args![id])?;
            for t in tournaments {
                tx.execute("DELETE FROM tournaments WHERE id = ?1", args![t])?;
            }
            delete_games(tx, games)?;
        }
    }
    Ok(())
}

impl Db {
    /// Writes a change to a class or tournament and waits until it is committed.
    pub async fn save_club(&self, write: ClubWrite) -> Result<(), StoreError> {
        self.commit(write).await
    }

    /// Every class (JSON bodies), to load at start-up.
    pub fn classes(&self) -> Result<Vec<String>, StoreError> {
        self.query(|sql| {
            sql.query("SELECT body FROM classes", args![])?
                .iter()
                .map(|row| row.get(0))
                .collect()
        })
    }

    /// The work of a class's pupils.
    pub fn class_work(&self, class: &str) -> Result<Vec<WorkRow>, StoreError> {
        self.query(|sql| {
            sql.query(
                "SELECT assignment, pupil, idx, body FROM class_work WHERE class_id = ?1",
                args![class],
            )?
            .iter()
            .map(|row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)))
            .collect()
        })
    }

    /// The last `limit` lines said in a class's games, oldest first.
    pub fn class_chat(&self, class: &str, limit: usize) -> Result<Vec<ChatRow>, StoreError> {
        self.query(|sql| {
            sql.query(
                "SELECT game, pupil, name, text, at_ms FROM (
                     SELECT id, game, pupil, name, text, at_ms FROM class_chat
                     WHERE class_id = ?1 ORDER BY id DESC LIMIT ?2) AS recent
                 ORDER BY id",
                args![class, limit],
            )?
            .iter()
            .map(|row| {
                Ok(ChatRow {
                    game: row.get(0)?,
                    pupil: row.get(1)?,
                    name: row.get(2)?,
                    text: row.get(3)?,
                    at_ms: row.get(4)?,
                })
            })
            .collect()
        })
    }

    /// Every tournament (JSON bodies), to load at start-up.
    pub fn tournaments(&self) -> Result<Vec<String>, StoreError> {
        self.query(|sql| {
            sql.query("SELECT body FROM tournaments", args![])?
                .iter()
                .map(|row| row.get(0))
                .collect()
        })
    }
}
