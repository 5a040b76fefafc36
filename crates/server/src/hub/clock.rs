//! The clock of each game: a task that sleeps until the running clock
//! would fall (or a first move is overdue) and then ends that seat's game,
//! even when nobody is connected.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::room::Room;
use super::Hub;
use crate::model::RoomError;

impl Hub {
    /// Runs until the room leaves memory or the server stops.
    pub(super) async fn clock_task(self, room: Arc<Room>) {
        loop {
            if self.is_closing() || room.evicted.load(Ordering::SeqCst) {
                return;
            }
            let deadline = room.state.lock().await.deadline();
            match deadline {
                Some(deadline) => {
                    tokio::select! {
                        _ = tokio::time::sleep_until(deadline.into()) => {
                            // Woken early (the game changed meanwhile) is
                            // `NotYet`: the loop looks again.
                            match self.change(&room, |state, now| state.expire(now)).await {
                                Ok(()) | Err(crate::error::ApiError::Room(RoomError::NotYet)) => {}
                                Err(err) => {
                                    eprintln!("quoridor serve: clock of game {}: {err}", room.id);
                                    // Do not spin on a failing database.
                                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                                }
                            }
                        }
                        _ = room.wake.notified() => {}
                    }
                }
                None => room.wake.notified().await,
            }
        }
    }
}
