//! Chat in a class's games (and its tournaments'): off unless the teacher
//! turns it on, and then every line a pupil says is kept for the teacher
//! to read before anyone else sees it. Lines go with the pupil who said
//! them, with their game, with the class, or when the teacher clears them.

use std::sync::Arc;

use super::action::ClassAction;
use super::{read, ClassRoom, ClubError, Clubs, Owner};
use crate::db::clubs::{ChatRow, MAX_CHAT_LINES};
use crate::db::ClubWrite;
use quoridor_game::Status;

impl Clubs {
    /// For a game of `owner`: `None` when it is not a class's (nor a class
    /// tournament's), else whether its pupils may chat now.
    pub(super) fn class_chat_for(&self, owner: &Owner) -> Option<bool> {
        let class = match owner {
            Owner::Class(id) => id.clone(),
            Owner::Tournament(id) => read(&self.inner.tournaments)
                .get(id)?
                .shown()
                .class
                .clone()?,
        };
        Some(self.class(&class).is_ok_and(|room| room.shown().class.chat))
    }

    /// The class a game belongs to, directly or through its tournament.
    fn class_of_game(&self, game: &str) -> Option<Arc<ClassRoom>> {
        let owner = read(&self.inner.owners).get(game).cloned()?;
        let class = match owner {
            Owner::Class(id) => id,
            Owner::Tournament(id) => self.tournament(&id).ok()?.shown().class.clone()?,
        };
        self.class(&class).ok()
    }

    /// Turns the chat of the class's games on or off: stored with the
    /// class (the games made later follow it), then told to each of its
    /// games and its tournaments' still being played, whose pages show or
    /// hide the chat at once.
    pub async fn set_chat(&self, room: &ClassRoom, on: bool) -> Result<(), ClubError> {
        self.apply(room, ClassAction::Chat(on)).await?;
        let class = room.shown().class.clone();
        let mut games: Vec<String> = class
            .games
            .iter()
            .filter(|g| g.result.is_none())
            .map(|g| g.game.clone())
            .collect();
        for tournament in self.tournaments_of(&class) {
            let playing = tournament.rounds.iter().flatten();
            games.extend(
                playing
                    .filter(|p| p.outcome.is_none())
                    .filter_map(|p| p.game.clone()),
            );
        }
        let hub = &self.inner.hub;
        for game in games {
            let Ok(game_room) = hub.room(&game).await else {
                continue;
            };
            let changed = hub
                .change(&game_room, |state, _| {
                    if state.status() != Status::Over {
                        state.settings.chat_off = !on;
                        // Games made before the teacher could read them.
                        state.settings.teacher_reads = true;
                    }
                    Ok(())
                })
                .await;
            if let Err(err) = changed {
                tracing::error!(target: "quoridor::club", game = %game, error = %err, "a class game's chat was not switched");
                return Err(err.into());
            }
        }
        Ok(())
    }

    /// Keeps a line that the seat holder `holder` says in class game
    /// `game`, before it is said to anyone (a line that cannot be kept is
    /// not said). Answers the pupil's name. Refused when the class's chat
    /// is off or `holder` is not one of its pupils.
    pub async fn keep_chat(
        &self,
        game: &str,
        holder: &str,
        text: &str,
        at_ms: u64,
    ) -> Result<String, ClubError> {
        let room = self.class_of_game(game).ok_or(ClubError::ChatOff)?;
        // Under the class's lock: a pupil removed meanwhile leaves no line.
        let data = room.data.lock().await;
        let class = &data.class;
        let pupil = class
            .pupil_of(holder)
            .filter(|_| class.chat)
            .ok_or(ClubError::ChatOff)?;
        let line = ChatRow {
            game: game.to_string(),
            pupil: pupil.id,
            name: pupil.name.clone(),
            text: text.to_string(),
            at_ms,
        };
        let name = line.name.clone();
        let write = ClubWrite::Chat {
            class: class.id.clone(),
            line,
        };
        self.db().save_club(write).await?;
        drop(data);
        room.chat_said(at_ms);
        Ok(name)
    }

    /// The lines kept of the class's games, oldest first.
    pub async fn chat_of(&self, room: &ClassRoom) -> Result<Vec<ChatRow>, ClubError> {
        let (db, class) = (self.db().clone(), room.shown().class.id.clone());
        self.blocking(move || db.class_chat(&class, MAX_CHAT_LINES))
            .await?
            .map_err(ClubError::from)
    }

    /// Deletes every line kept of the class's games.
    pub async fn clear_chat(&self, room: &ClassRoom) -> Result<(), ClubError> {
        let data = room.data.lock().await;
        let class = data.class.id.clone();
        self.db().save_club(ClubWrite::ClearChat { class }).await?;
        drop(data);
        room.chat_said(0);
        Ok(())
    }
}
