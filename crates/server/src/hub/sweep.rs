//! Memory over time: finished games nobody follows leave it, games nobody
//! came to end ("nobody came"), turn-based games nobody looks at go to
//! sleep and are read back when their clock falls; a sweeper runs all
//! of this every minute.

use std::time::Duration;

use crate::calendar::moment_now;

use super::{Hub, HubError, LIVE_FOR, TURN_BASED_WAIT};
use crate::wall_ms;
use quoridor_game::Status;

impl Hub {
    /// Drops from memory the finished games that nobody has followed for
    /// `idle` (they are read back from the database when asked for).
    pub async fn evict_idle(&self, idle: Duration) -> usize {
        let now = moment_now();
        let mut idle_ids = Vec::new();
        for room in self.inner.registry.all() {
            let state = room.state.lock().await;
            if state.status() == Status::Over
                && now.saturating_duration_since(state.last_seen) >= idle
            {
                idle_ids.push(room.id.clone());
            }
        }
        idle_ids
            .iter()
            .filter(|id| self.inner.registry.evict_if_unused(id))
            .count()
    }

    /// Ends the games that have waited for their players longer than
    /// [`HubConfig::waiting_expiry`] (turn-based ones: [`TURN_BASED_WAIT`]
    /// at least) since the last seat was taken: "nobody came". Returns how
    /// many.
    pub async fn expire_waiting(&self) -> usize {
        let config = &self.inner.config;
        let now = moment_now();
        let mut expired = 0;
        for room in self.inner.registry.all() {
            let due = {
                let state = room.state.lock().await;
                let limit = if state.settings.is_correspondence() {
                    config.waiting_expiry.max(TURN_BASED_WAIT)
                } else {
                    config.waiting_expiry
                };
                state.status() == Status::Waiting
                    && now.saturating_duration_since(state.turn_began) >= limit
            };
            if due
                && self
                    .change(&room, |state, now| state.nobody_came(now))
                    .await
                    .is_ok()
            {
                expired += 1;
            }
        }
        expired
    }

    /// Sends to sleep the turn-based games that nobody has looked at for
    /// `idle`: out of memory while they go on, read back when asked for
    /// or when their clock falls ([`Hub::wake_due`]). Returns how many.
    pub async fn sleep_idle(&self, idle: Duration) -> usize {
        let now = moment_now();
        let mut idle_ids = Vec::new();
        for room in self.inner.registry.all() {
            let state = room.state.lock().await;
            // A game waiting for its players stays: it expires here.
            if state.status() == Status::Playing
                && state.settings.is_correspondence()
                && now.saturating_duration_since(state.last_seen) >= idle
            {
                idle_ids.push(room.id.clone());
            }
        }
        let registry = &self.inner.registry;
        idle_ids
            .iter()
            .filter(|id| {
                registry.sleep_if_unused(id, |state| {
                    let idle = now.saturating_duration_since(state.last_seen) >= idle;
                    let deadline = state.deadline().map(|deadline| {
                        let left = deadline.saturating_duration_since(moment_now());
                        wall_ms().saturating_add(left.as_millis() as u64)
                    });
                    (idle && state.settings.is_correspondence()).then_some(deadline)
                })
            })
            .count()
    }

    /// Reads back the games asleep whose clock has fallen: their clock
    /// task then ends them, as if they had stayed. Returns how many.
    pub async fn wake_due(&self) -> usize {
        let due = self.inner.registry.due(wall_ms());
        for id in &due {
            if let Err(HubError::NoSuchGame) = self.room(id).await {
                // Gone from the database: it is no longer counted.
                self.inner.registry.forget_asleep(std::slice::from_ref(id));
            }
        }
        due.len()
    }

    /// Turn-based games out of memory.
    pub fn asleep(&self) -> usize {
        self.inner.registry.asleep_len()
    }

    /// Runs [`Hub::evict_idle`], [`Hub::sleep_idle`] (after at least
    /// [`LIVE_FOR`], so that a game listed as being played stays) and
    /// [`Hub::wake_due`] every minute.
    pub fn start_sweeper(&self, idle: Duration) {
        let hub = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                if hub.is_closing() {
                    return;
                }
                hub.evict_idle(idle).await;
                hub.expire_waiting().await;
                hub.sleep_idle(idle.max(LIVE_FOR)).await;
                hub.wake_due().await;
            }
        });
    }
}
