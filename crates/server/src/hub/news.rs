//! Who hears of a game's change beyond its room: the seated accounts'
//! pages ("your turn") and devices (Web Push), here and on the other
//! instances; the log and the figures when a game ends; the watcher of
//! the games of classes and tournaments.

use std::sync::Arc;

use quoridor_game::RoomState;

use super::Hub;

impl Hub {
    /// From now on, tells the players' devices of their turn and of the
    /// end in turn-based games (Web Push), and gives the service to those
    /// that tell of more ([`Hub::push`]).
    pub fn set_push(&self, push: crate::push::Push) {
        let _ = self.inner.push.set(push);
    }

    /// The Web Push service, once set.
    pub fn push(&self) -> Option<&crate::push::Push> {
        self.inner.push.get()
    }

    /// Hears the accounts seated in a game whose turn or status changed
    /// (the challenges' socket tells their pages; see [`Hub::change`]).
    pub fn follow_playing(&self) -> tokio::sync::broadcast::Receiver<Arc<[u64]>> {
        self.inner.playing.subscribe()
    }

    /// The accounts seated in `state`, whose turn or status just changed:
    /// their pages' lists of games change, here and (through the
    /// database) on the keeper.
    pub(super) fn turn_moved(&self, state: &RoomState) {
        if let Some(push) = self.inner.push.get() {
            for (account, notice) in crate::push::notices::of_game(state) {
                push.tell(account, notice);
            }
        }
        let accounts: Arc<[u64]> = state.seats.iter().filter_map(|s| s.account).collect();
        if accounts.is_empty() {
            return;
        }
        if self.inner.playing.receiver_count() > 0 {
            let _ = self.inner.playing.send(accounts.clone());
        }
        if let Some(leases) = self.leases().cloned() {
            let metrics = self.inner.metrics.clone();
            tokio::task::spawn_blocking(move || match leases.notify_playing(&accounts) {
                Ok(()) => metrics.notices_sent.inc(),
                Err(err) => {
                    tracing::warn!(target: "quoridor::cluster", error = %err, "a turn was not told to the other instances");
                }
            });
        }
    }

    /// Counts and logs a game that has just ended.
    pub(super) fn game_ended(&self, state: &RoomState) {
        let Some(result) = state.result() else {
            return;
        };
        self.inner
            .metrics
            .games_ended
            .get(&result.termination)
            .inc();
        let winners: Vec<&str> = result.winners.iter().map(|s| s.name()).collect();
        // A win claimed against players who left: logged as their leaving,
        // not as a resignation of theirs.
        let left: Vec<&str> = result.left.iter().map(|s| s.name()).collect();
        let termination = if left.is_empty() {
            result.termination
        } else {
            "left"
        };
        tracing::info!(
            target: "quoridor::game",
            game = %state.id,
            termination,
            left = %left.join(","),
            winners = %winners.join(","),
            draw = result.draw,
            moves = state.meta.len(),
            "game ended"
        );
    }

    /// Sends the change of a followed game to the watcher.
    pub(super) fn tell_watcher(&self, id: &str, state: &RoomState) {
        if self.is_followed(id) {
            if let Some(watcher) = self.inner.watcher.get() {
                let _ = watcher.send(state.clone());
            }
        }
    }

    pub(super) fn followed(
        &self,
    ) -> std::sync::RwLockReadGuard<'_, std::collections::HashSet<String>> {
        self.inner
            .followed
            .read()
            .unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn is_followed(&self, id: &str) -> bool {
        self.followed().contains(id)
    }

    /// Where every change of a followed game goes (set once, at start-up).
    pub fn set_watcher(&self, watcher: tokio::sync::mpsc::UnboundedSender<RoomState>) {
        let _ = self.inner.watcher.set(watcher);
    }

    /// Sends every later change of game `id` to the watcher.
    pub fn follow(&self, id: &str) {
        self.inner
            .followed
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.to_string());
    }
}
