//! The computer's analyses of finished games (their JSON views).

use super::sql::{args, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;
use crate::wall_ms;

/// A game's analysis (its JSON view), to store.
struct AnalysisWrite {
    game: String,
    body: String,
}

impl Change for AnalysisWrite {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        write(tx, &self.game, &self.body)
    }
}

fn write(tx: &mut dyn Sql, game: &str, body: &str) -> SqlResult<()> {
    tx.execute(
        "INSERT INTO analyses (game_id, body, created_ms) VALUES (?1, ?2, ?3)
         ON CONFLICT (game_id) DO UPDATE SET body = excluded.body, created_ms = excluded.created_ms",
        args![game, body, wall_ms()],
    )
    .map(|_| ())
}

impl Db {
    /// Stores a game's analysis and waits until it is committed.
    pub async fn save_analysis(&self, game: &str, body: String) -> Result<(), StoreError> {
        let game = game.to_string();
        self.commit(AnalysisWrite { game, body }).await
    }

    /// A game's stored analysis (its JSON view), if there is one.
    pub fn analysis(&self, game: &str) -> Result<Option<String>, StoreError> {
        self.query(|sql| {
            sql.query_opt("SELECT body FROM analyses WHERE game_id = ?1", args![game])?
                .map(|row| row.get(0))
                .transpose()
        })
    }

    /// The newest finished rated game without an analysis, if any.
    pub fn rated_without_analysis(&self) -> Result<Option<String>, StoreError> {
        self.query(|sql| {
            sql.query_opt(
                "SELECT g.game_id FROM account_games g LEFT JOIN analyses a ON a.game_id = g.game_id
                 WHERE g.rated = 1 AND g.result IS NOT NULL AND a.game_id IS NULL
                 ORDER BY g.ended_ms DESC LIMIT 1",
                args![],
            )?
            .map(|row| row.get(0))
            .transpose()
        })
    }
}
