//! What was said in a game's chat, kept with the game (the last
//! [`KEPT`] lines of each channel): a page opened again, after the end or
//! after a restart, reads it as it was. An account deleted takes its lines.

use quoridor_rules::Seat;

use super::sql::{args, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;
use crate::hub::chat::{Channel, ChatLine, KEPT};

fn channel_name(channel: Channel) -> &'static str {
    match channel {
        Channel::Players => "players",
        Channel::Spectators => "spectators",
    }
}

/// A line said in game `game`, to keep.
struct ChatWrite {
    game: String,
    line: ChatLine,
}

impl Change for ChatWrite {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        let (game, l) = (&self.game, &self.line);
        let channel = channel_name(l.channel);
        tx.execute(
            "INSERT INTO game_chat (game, channel, name, seat, account, account_id, text, at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            args![
                game,
                channel,
                l.name,
                l.seat.map(Seat::name),
                l.account,
                l.account_id,
                l.text,
                l.at_ms
            ],
        )?;
        tx.execute(
            "DELETE FROM game_chat WHERE game = ?1 AND channel = ?2 AND id NOT IN
             (SELECT id FROM game_chat WHERE game = ?1 AND channel = ?2 ORDER BY id DESC LIMIT ?3)",
            args![game, channel, KEPT as u64],
        )?;
        Ok(())
    }
}

/// An account's lines go with it.
pub(super) fn delete_account(tx: &mut dyn Sql, account: u64) -> SqlResult<()> {
    tx.execute(
        "DELETE FROM game_chat WHERE account_id = ?1",
        args![account],
    )
    .map(|_| ())
}

/// A game deleted takes its chat.
pub(super) fn delete_game(tx: &mut dyn Sql, game: &str) -> SqlResult<()> {
    tx.execute("DELETE FROM game_chat WHERE game = ?1", args![game])
        .map(|_| ())
}

impl Db {
    /// Keeps a line said in game `game`; waits until it is committed.
    pub async fn save_chat_line(&self, game: &str, line: ChatLine) -> Result<(), StoreError> {
        let game = game.to_string();
        self.commit(ChatWrite { game, line }).await
    }

    /// The lines kept of game `game`, oldest first (blocking).
    pub fn game_chat(&self, game: &str) -> Result<Vec<ChatLine>, StoreError> {
        self.query(|sql| {
            sql.query(
                "SELECT c.channel, c.name, c.seat, c.account, c.account_id, c.text, c.at_ms,
                        COALESCE(a.bot, 0)
                 FROM game_chat c LEFT JOIN accounts a ON a.id = c.account_id
                 WHERE c.game = ?1 ORDER BY c.id",
                args![game],
            )?
            .iter()
            .map(|row| {
                let channel: String = row.get(0)?;
                let seat: Option<String> = row.get(2)?;
                Ok(ChatLine {
                    channel: if channel == "spectators" {
                        Channel::Spectators
                    } else {
                        Channel::Players
                    },
                    name: row.get(1)?,
                    seat: seat.and_then(|s| s.parse().ok()),
                    account: row.get(3)?,
                    account_id: row.get(4)?,
                    bot: row.get::<i64>(7)? != 0,
                    text: row.get(5)?,
                    at_ms: row.get(6)?,
                })
            })
            .collect()
        })
    }
}
