//! What the hub tells without changing anything: a game as it is, the
//! public lists, and how many games it holds.

use super::{Hub, HubError, LIVE_FOR};
use crate::wall_ms;
use quoridor_game::{RoomState, Status, Summary};

impl Hub {
    /// The game as it is now (from memory or the database).
    pub async fn state(&self, id: &str) -> Result<RoomState, HubError> {
        let room = self.room(id).await?;
        let state = room.state.lock().await;
        Ok(state.clone())
    }

    /// [`Hub::state`], read from the database without waking the game if it
    /// is asleep (for the lists of games in progress, asked for every
    /// minute by every page that shows one).
    pub async fn glance(&self, id: &str) -> Result<RoomState, HubError> {
        if self.inner.registry.get(id).is_some() || !self.inner.registry.is_asleep(id) {
            return self.state(id).await;
        }
        let db = self.inner.db.clone();
        let key = id.to_string();
        tokio::task::spawn_blocking(move || db.load(&key, crate::calendar::moment_now(), wall_ms()))
            .await
            .map_err(|_| HubError::Stopping)??
            .ok_or(HubError::NoSuchGame)
    }

    /// The records of finished games `ids` (RULES.md notation), in their
    /// order: from memory, else read from the database without loading
    /// them into memory (an export of hundreds must not push out the games
    /// being played); a game not found is left out.
    pub async fn records(&self, ids: Vec<String>) -> Result<Vec<String>, HubError> {
        let mut out = Vec::with_capacity(ids.len());
        let mut stored = Vec::new();
        for (at, id) in ids.into_iter().enumerate() {
            match self.inner.registry.get(&id) {
                Some(room) => out.push((at, room.record().await)),
                None => stored.push((at, id)),
            }
        }
        let db = self.inner.db.clone();
        let read = tokio::task::spawn_blocking(move || {
            stored
                .into_iter()
                .filter_map(|(at, id)| {
                    let state = db
                        .load(&id, crate::calendar::moment_now(), wall_ms())
                        .ok()??;
                    Some((at, super::room::record_of(&state)))
                })
                .collect::<Vec<_>>()
        })
        .await
        .map_err(|_| HubError::Stopping)?;
        out.extend(read);
        out.sort_by_key(|(at, _)| *at);
        Ok(out.into_iter().map(|(_, record)| record).collect())
    }

    /// Public games in `status`, newest first. Games being played are the
    /// online ones (people against people) that moved in the last half
    /// hour: games against the AI or on one screen, and abandoned ones,
    /// are not worth watching.
    pub async fn list(&self, status: Status, limit: usize) -> Result<Vec<Summary>, HubError> {
        let limit = limit.clamp(1, 200);
        if status == Status::Over {
            let db = self.inner.db.clone();
            let listed = tokio::task::spawn_blocking(move || db.list(Status::Over, limit))
                .await
                .map_err(|_| HubError::Stopping)?;
            return Ok(listed?);
        }
        let now = crate::calendar::moment_now();
        let mut found = Vec::new();
        for room in self.inner.registry.all() {
            let state = room.state.lock().await;
            let live = status != Status::Playing
                || (!state.is_private()
                    && now.saturating_duration_since(state.last_seen) < LIVE_FOR);
            if state.settings.public && state.status() == status && live {
                found.push(Summary::of(&state));
            }
        }
        found.sort_by_key(|s| std::cmp::Reverse(s.created_ms));
        found.truncate(limit);
        Ok(found)
    }

    /// Games in memory.
    pub fn len(&self) -> usize {
        self.inner.registry.len()
    }

    /// Lets finished games that nobody uses any more leave memory, beyond
    /// the ones kept (call after letting go of a room).
    pub fn trim_finished(&self) {
        self.inner.registry.trim();
    }

    /// Finished games in memory.
    pub fn finished_in_memory(&self) -> usize {
        self.inner.registry.finished_len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Unfinished games created by `client`, and in all.
    pub fn active_games(&self, client: &str) -> (usize, usize) {
        self.inner.registry.counts(client)
    }
}
