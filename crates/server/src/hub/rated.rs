//! Rated games: whether a new game may be, and the ratings' changes when
//! one ends.

use quoridor_rules::Seat;

use super::HubError;
use crate::account::{Account, AccountError, Speed};
use crate::db::accounts as account_store;
use crate::db::Db;
use quoridor_game::rating::Rating;
use quoridor_game::{RatingChange, RoomState, SeatSlot, Settings};

/// Why a new game cannot be rated: its settings, or its seats (the
/// creator's, logged in, and one free seat for another account).
pub fn check_rated(
    settings: &Settings,
    slots: &[SeatSlot],
    account: Option<&Account>,
) -> Result<(), HubError> {
    if account.is_none() {
        return Err(AccountError::NotRated("log in to play a rated game").into());
    }
    settings.check_rated().map_err(AccountError::NotRated)?;
    let mine = slots.iter().filter(|s| s.account.is_some()).count();
    let free = slots.iter().filter(|s| s.is_free()).count();
    if mine != 1 || free != 1 {
        return Err(AccountError::NotRated(
            "a rated game is between two people: take one seat and leave the other free",
        )
        .into());
    }
    Ok(())
}

/// The Glicko-2 changes of a rated game that just ended: each player
/// rated against the other's rating before the game (one game, one
/// rating period, as lichess does).
pub async fn rating_changes(db: &Db, state: &RoomState) -> Result<Vec<RatingChange>, HubError> {
    let Some(speed) = Speed::of(state.settings.clock) else {
        return Ok(Vec::new());
    };
    let players: Vec<(Seat, u64)> = state
        .seats
        .iter()
        .filter_map(|s| Some((s.seat, s.account?)))
        .collect();
    let [(seat_a, a), (seat_b, b)] = players[..] else {
        return Ok(Vec::new());
    };
    let db = db.clone();
    let (before_a, before_b) = tokio::task::spawn_blocking(move || {
        db.query(|conn| {
            Ok((
                account_store::rating(conn, a, speed)?,
                account_store::rating(conn, b, speed)?,
            ))
        })
    })
    .await
    .map_err(|_| HubError::Stopping)??;
    let result = state.result();
    let score = |seat: Seat| match &result {
        Some(r) if r.draw => 0.5,
        Some(r) if r.winners.contains(&seat) => 1.0,
        _ => 0.0,
    };
    let after = |me: Rating, other: Rating, seat: Seat| {
        me.after(
            &[quoridor_game::rating::Game {
                opponent: other,
                score: score(seat),
            }],
            quoridor_game::rating::TAU,
        )
    };
    Ok(vec![
        RatingChange {
            seat: seat_a,
            account: a,
            before: before_a,
            after: after(before_a, before_b, seat_a),
        },
        RatingChange {
            seat: seat_b,
            account: b,
            before: before_b,
            after: after(before_b, before_a, seat_b),
        },
    ])
}
