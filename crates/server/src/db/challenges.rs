//! The challenges waiting for an answer (each as its JSON), so that a
//! turn-based challenge sent on Monday is still there after a restart.

use super::sql::{args, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;
use crate::challenge::model::Challenge;

/// A change to the challenges.
#[derive(Clone, Debug)]
pub enum ChallengeWrite {
    Put(Challenge),
    /// Answered, cancelled or expired.
    Delete(Vec<String>),
}

impl Change for ChallengeWrite {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        write(tx, self)
    }
}

fn write(tx: &mut dyn Sql, write: &ChallengeWrite) -> SqlResult<()> {
    match write {
        ChallengeWrite::Put(c) => {
            let body = serde_json::to_string(c).expect("challenges serialize");
            tx.execute(
                "INSERT INTO challenges (id, from_id, to_id, body, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (id) DO UPDATE SET from_id = excluded.from_id,
                     to_id = excluded.to_id, body = excluded.body, created_ms = excluded.created_ms",
                args![c.id, c.from.id, c.to.id, body, c.created_ms],
            )?;
        }
        ChallengeWrite::Delete(ids) => {
            for id in ids {
                tx.execute("DELETE FROM challenges WHERE id = ?1", args![id])?;
            }
        }
    }
    Ok(())
}

/// An account's challenges go with it.
pub(super) fn delete_account(tx: &mut dyn Sql, account: u64) -> SqlResult<()> {
    tx.execute(
        "DELETE FROM challenges WHERE from_id = ?1 OR to_id = ?1",
        args![account],
    )
    .map(|_| ())
}

impl Db {
    /// Writes a change to the challenges and waits until it is committed.
    pub async fn save_challenge(&self, write: ChallengeWrite) -> Result<(), StoreError> {
        self.commit(write).await
    }

    /// Every challenge stored, oldest first (one that cannot be read is
    /// left out, with a word in the log).
    pub fn challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        let bodies: Vec<(String, String)> = self.query(|sql| {
            sql.query(
                "SELECT id, body FROM challenges ORDER BY created_ms",
                args![],
            )?
            .iter()
            .map(|row| Ok((row.get(0)?, row.get(1)?)))
            .collect()
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
