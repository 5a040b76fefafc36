//! The clock of each game: a task that sleeps until the running clock
//! would fall (or a first move is overdue) and then ends that seat's game,
//! even when nobody is connected.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};

use tokio::sync::Notify;

use super::room::Room;
use super::Hub;
use quoridor_game::RoomError;

impl Hub {
    /// Starts the clock task of a game that is not over, unless it runs;
    /// called with the game's lock held (so that the task cannot be ending
    /// at the same time).
    pub(super) fn start_clock(&self, room: &Arc<Room>) {
        if !room.clock_running.swap(true, Ordering::SeqCst) {
            let wake = room.wake.clone();
            tokio::spawn(self.clone().clock_task(Arc::downgrade(room), wake));
        }
    }

    /// Runs until the game is over, the room leaves memory or the server
    /// stops. It holds the room only while it looks at it, so that a
    /// turn-based game nobody looks at can leave memory meanwhile
    /// ([`Hub::sleep_idle`]).
    async fn clock_task(self, room: Weak<Room>, wake: Arc<Notify>) {
        loop {
            let Some(held) = room.upgrade() else {
                return;
            };
            if self.is_closing() || held.evicted.load(Ordering::SeqCst) {
                held.clock_running.store(false, Ordering::SeqCst);
                return;
            }
            let deadline = {
                let state = held.state.lock().await;
                if state.status() == quoridor_game::Status::Over {
                    // Under the lock: a change that brings the game back
                    // (an undo after the end) starts a new task after this.
                    held.clock_running.store(false, Ordering::SeqCst);
                    return;
                }
                state.deadline()
            };
            drop(held);
            match deadline {
                Some(deadline) => {
                    tokio::select! {
                        _ = tokio::time::sleep_until(crate::calendar::instant_of(deadline).into()) => {
                            let Some(held) = room.upgrade() else {
                                return;
                            };
                            // Woken early (the game changed meanwhile) is
                            // `NotYet`: the loop looks again.
                            match self.change(&held, |state, now| state.expire(now)).await {
                                Ok(()) | Err(super::HubError::Room(RoomError::NotYet)) => {}
                                Err(err) => {
                                    tracing::error!(target: "quoridor::game", game = %held.id, error = %err, "the clock's change was not made");
                                    // Do not spin on a failing database.
                                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                                }
                            }
                        }
                        _ = wake.notified() => {}
                    }
                }
                None => wake.notified().await,
            }
        }
    }
}
