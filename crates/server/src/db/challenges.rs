//! The challenges waiting for an answer (each as its JSON), so that a
//! turn-based challenge sent on Monday is still there after a restart.

use rusqlite::params;

use super::{Db, StoreError, Write};
use crate::challenge::model::Challenge;

/// Step 5: the challenges waiting for an answer.
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY,
    from_id INTEGER NOT NULL,
    to_id INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
";

/// A change to the challenges.
#[derive(Clone, Debug)]
pub enum ChallengeWrite {
    Put(Challenge),
    /// Answered, cancelled or expired.
    Delete(Vec<String>),
}

pub(super) fn write(
    tx: &rusqlite::Transaction<'_>,
    write: &ChallengeWrite,
) -> rusqlite::Result<()> {
    match write {
        ChallengeWrite::Put(c) => {
            let body = serde_json::to_string(c).expect("challenges serialize");
            tx.prepare_cached(
                "INSERT OR REPLACE INTO challenges (id, from_id, to_id, body, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                c.id,
                c.from.id as i64,
                c.to.id as i64,
                body,
                c.created_ms as i64
            ])?;
        }
        ChallengeWrite::Delete(ids) => {
            for id in ids {
                tx.prepare_cached("DELETE FROM challenges WHERE id = ?1")?
                    .execute(params![id])?;
            }
        }
    }
    Ok(())
}

/// An account's challenges go with it.
pub(super) fn delete_account(tx: &rusqlite::Transaction<'_>, account: u64) -> rusqlite::Result<()> {
    tx.prepare_cached("DELETE FROM challenges WHERE from_id = ?1 OR to_id = ?1")?
        .execute(params![account as i64])
        .map(|_| ())
}

impl Db {
    /// Writes a change to the challenges and waits until it is committed.
    pub async fn save_challenge(&self, write: ChallengeWrite) -> Result<(), StoreError> {
        self.commit(Write::Challenge(write)).await
    }

    /// Every challenge stored, oldest first (one that cannot be read is
    /// left out, with a word in the log).
    pub fn challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        let bodies = self.read(|conn| {
            let mut stmt = conn.prepare("SELECT id, body FROM challenges ORDER BY created_ms")?;
            let rows = stmt.query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
            })?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })?;
        Ok(bodies
            .into_iter()
            .filter_map(|(id, body)| match serde_json::from_str(&body) {
                Ok(c) => Some(c),
                Err(err) => {
                    tracing::error!(challenge = %id, error = %err, "challenge unreadable");
                    None
                }
            })
            .collect())
    }
}
