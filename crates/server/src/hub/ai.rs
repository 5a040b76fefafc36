//! AI seats and hints: searches run on `spawn_blocking`, at most as many
//! at once as the semaphore allows, and their moves go through
//! [`Hub::change`] like anyone's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use quoridor_engine::{safe_move, Engine, Level, SearchLimit, Silent, TimeControl, SHARED_HASH_MB};
use quoridor_rules::{Move, Position, Square};

use super::room::Room;
use super::Hub;
use super::HubError;
use crate::token::random_u64;
use crate::view::{HintView, StepsView};
use quoridor_game::{PrivateOnly, RoomError, RoomState, Status};

/// How long a hint searches.
const HINT_TIME: Duration = Duration::from_millis(300);

/// The path a hint draws: from the pawn's own square (so `path.len() - 1`
/// is the number of moves, the count the page shows) to the goal line,
/// through the suggested square when the hint is a pawn move, so that the
/// move and the path never disagree.
pub fn hint_path(position: &Position, best: Move) -> Vec<Square> {
    let seat = position.turn();
    let mut path = vec![position.pawn(seat)];
    let mut after = *position;
    if let Move::Pawn(to) = best {
        if after.play(best).is_ok() {
            path.push(to);
        } else {
            after = *position;
        }
    }
    path.extend(after.shortest_path(seat).unwrap_or_default());
    path
}

impl Hub {
    /// Starts the AI if one is to move and no search runs for this history.
    pub(super) fn schedule_ai(&self, room: &Arc<Room>, state: &RoomState) {
        let Some(level) = state.ai_to_move() else {
            return;
        };
        let epoch = state.epoch;
        if room.ai_epoch.swap(epoch, Ordering::SeqCst) == epoch {
            return;
        }
        let limit = self.ai_limit(state);
        let position = *state.game.position();
        // The positions a move could bring back (the repetition rule).
        let earlier = state.game.since_last_fence().to_vec();
        let hub = self.clone();
        let room = room.clone();
        tokio::spawn(async move {
            let Some(_permit) = hub.search_permit().await else {
                return;
            };
            let search = tokio::task::spawn_blocking(move || {
                let mut engine = Engine::with_hash(SHARED_HASH_MB);
                engine.set_level(level);
                engine.set_seed(random_u64());
                let stop = AtomicBool::new(false);
                engine
                    .search_after(&position, &earlier, limit, &stop, &mut Silent)
                    .map(|result| result.best)
            })
            .await;
            let best = match search {
                Ok(Some(best)) => best,
                _ => {
                    // The search failed (it should not): a legal move keeps
                    // the game going rather than stalling it.
                    tracing::error!(game = %room.id, "the AI search failed: a safe move is played");
                    match safe_move(&position) {
                        Some(mv) => mv,
                        None => return,
                    }
                }
            };
            let outcome = hub
                .change(&room, |state, now| {
                    if state.epoch != epoch {
                        return Err(RoomError::Stale);
                    }
                    state.play_move(None, best, now)
                })
                .await;
            match outcome {
                Ok(()) | Err(HubError::Room(RoomError::Stale)) => {}
                Err(err) => {
                    tracing::error!(game = %room.id, error = %err, "the AI's move was not made");
                    // Let a later change (or a restart) try again.
                    room.ai_epoch.store(u64::MAX, Ordering::SeqCst);
                }
            }
        });
    }

    /// How long the AI may think: its level's own limit, or its share of
    /// the clock (never more than the configured cap).
    fn ai_limit(&self, state: &RoomState) -> SearchLimit {
        let cap = self.inner.config.ai_max_think;
        let index = state.game.position().turn_index();
        let left = state.remaining_at(crate::calendar::moment_now());
        match (state.settings.clock, left) {
            (Some(control @ TimeControl::Fischer { .. }), Some(left)) => {
                let budget = quoridor_engine::time::clock_budget(
                    Duration::from_millis(left[index]),
                    control.increment(),
                );
                SearchLimit::MoveTime(budget.min(cap))
            }
            (Some(TimeControl::PerMove(_)), Some(left)) => {
                let budget = Duration::from_millis(left[index]).mul_f64(0.5);
                SearchLimit::MoveTime(budget.min(cap))
            }
            _ => SearchLimit::Infinite,
        }
    }

    /// A best move and the shortest path for the seat to move, in a private
    /// game, asked from `client` (an address's key).
    pub async fn hint(
        &self,
        room: &Arc<Room>,
        holder: &str,
        client: &str,
    ) -> Result<HintView, HubError> {
        let position = {
            let state = room.state.lock().await;
            let seats = state.require_holder(holder)?;
            if !state.is_private() {
                return Err(RoomError::PrivateOnly(PrivateOnly::Hint).into());
            }
            match state.status() {
                Status::Playing => {}
                Status::Over => return Err(RoomError::GameOver.into()),
                Status::Waiting => return Err(RoomError::NotStarted.into()),
            }
            let turn = state.game.position().turn();
            if !seats.contains(&turn) {
                return Err(RoomError::NotYourTurn(turn).into());
            }
            *state.game.position()
        };
        let _permit = self.asked_search(Some(client)).await?;
        let (hint, path) = tokio::task::spawn_blocking(move || {
            let mut engine = Engine::with_hash(SHARED_HASH_MB);
            engine.set_level(Level::MAX);
            let stop = AtomicBool::new(false);
            let limit = SearchLimit::MoveTime(HINT_TIME);
            let hint = quoridor_engine::hint::hint(&mut engine, &position, limit, &stop);
            let path = hint
                .as_ref()
                .map(|h| hint_path(&position, h.result.best))
                .unwrap_or_default();
            (hint, path)
        })
        .await
        .map_err(|_| HubError::SearchFailed)?;
        let hint = hint.ok_or(RoomError::GameOver)?;
        let result = &hint.result;
        Ok(HintView {
            mv: result.best.to_string(),
            path: path.iter().map(|sq| sq.to_string()).collect(),
            score: result.score.expected_outcome(),
            pv: result.pv.iter().map(|m| m.to_string()).collect(),
            steps: hint.steps.iter().map(StepsView::of).collect(),
        })
    }
}
