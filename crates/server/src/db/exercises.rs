//! The classroom's shared exercises.

use super::sql::{args, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;
use crate::wall_ms;

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

impl Change for SavedExercise {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        tx.execute(
            "INSERT INTO exercises (id, body, creator, owner_hash, created_ms)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            args![self.id, self.body, self.creator, self.owner_hash, wall_ms()],
        )
        .map(|_| ())
    }
}

/// A shared exercise deleted (its id).
struct DeletedExercise(String);

impl Change for DeletedExercise {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        tx.execute("DELETE FROM exercises WHERE id = ?1", args![self.0])
            .map(|_| ())
    }

    fn erases(&self) -> bool {
        true
    }
}

impl Db {
    /// Stores a shared exercise and waits until it is committed.
    pub async fn save_exercise(&self, exercise: SavedExercise) -> Result<(), StoreError> {
        self.commit(exercise).await
    }

    /// Deletes a shared exercise (nothing if there is none of this id).
    pub async fn delete_exercise(&self, id: &str) -> Result<(), StoreError> {
        self.commit(DeletedExercise(id.to_string())).await
    }

    /// A shared exercise, if there is one of this id.
    pub fn exercise(&self, id: &str) -> Result<Option<StoredExercise>, StoreError> {
        self.query(|sql| {
            let row = sql.query_opt(
                "SELECT body, owner_hash, creator FROM exercises WHERE id = ?1",
                args![id],
            )?;
            row.map(|row| {
                Ok(StoredExercise {
                    body: row.get(0)?,
                    owner_hash: row.get(1)?,
                    creator: row.get(2)?,
                })
            })
            .transpose()
        })
    }

    /// How many exercises each address has shared.
    pub fn exercises_per_creator(&self) -> Result<Vec<(String, usize)>, StoreError> {
        self.query(|sql| {
            sql.query(
                "SELECT creator, COUNT(*) FROM exercises GROUP BY creator",
                args![],
            )?
            .iter()
            .map(|row| Ok((row.get(0)?, row.get(1)?)))
            .collect()
        })
    }
}
