//! The classroom's shared exercises.

use rusqlite::{params, OptionalExtension};

use super::{Db, StoreError, Write};
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

pub(super) fn write(tx: &rusqlite::Transaction<'_>, e: &SavedExercise) -> rusqlite::Result<()> {
    tx.prepare_cached(
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
    .map(|_| ())
}

pub(super) fn delete(tx: &rusqlite::Transaction<'_>, id: &str) -> rusqlite::Result<()> {
    tx.prepare_cached("DELETE FROM exercises WHERE id = ?1")?
        .execute(params![id])
        .map(|_| ())
}

impl Db {
    /// Stores a shared exercise and waits until it is committed.
    pub async fn save_exercise(&self, exercise: SavedExercise) -> Result<(), StoreError> {
        self.commit(Write::Exercise(exercise)).await
    }

    /// Deletes a shared exercise (nothing if there is none of this id).
    pub async fn delete_exercise(&self, id: &str) -> Result<(), StoreError> {
        self.commit(Write::DeleteExercise(id.to_string())).await
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
}
