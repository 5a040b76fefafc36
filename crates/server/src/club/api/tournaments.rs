//! Tournaments: made, read, joined by players, started, left, deleted.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;

use crate::club::tournament::rounds::{Format, Outcome};
use crate::club::tournament::{Entrant, GameRules, Tournament};
use crate::club::tournament_view::*;
use crate::club::view::*;
use crate::club::ClubError;
use crate::club::{ClassEntrants, Clubs};
use crate::error::ApiError;
use crate::extract::{bearer, Body, Query};
use crate::token::{hash_token, new_game_id, new_token};
use crate::wall_ms;
use quoridor_game::Decision;

use super::keys::*;
use super::views::*;

// ------------------------------------------------------------ tournaments

pub(super) async fn new_tournament(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<NewTournamentRequest>,
) -> Result<(StatusCode, Json<KeyView>), ApiError> {
    let holder = bearer(&headers).map(|t| hash_token(&t));
    let class_room = match &req.class {
        Some(class) => Some(as_teacher(&clubs, class, holder.clone()).await?),
        None => None,
    };
    // Checked here, so that a bad request makes nothing.
    quoridor_game::Settings::new(req.size, 2, quoridor_rules::Variant::Standard, req.fences)?
        .with_clock(req.clock)?;
    let token = new_token();
    let made = Tournament::new(
        new_game_id(),
        clubs.new_code(),
        &req.name,
        req.class.clone(),
        hash_token(&token),
        req.format,
        req.rounds
            .unwrap_or(if req.format == Format::Swiss { 3 } else { 0 }),
        GameRules {
            size: req.size,
            fences: req.fences,
            // Every tournament game has a clock (10 min + 5 s unless asked).
            clock: Some(req.clock.unwrap_or(DEFAULT_CLOCK)),
        },
        wall_ms(),
    )?;
    let class = class_room.as_deref().map(|room| ClassEntrants {
        room,
        pupils: req.pupils.clone(),
        teacher: holder.clone(),
    });
    let address = crate::limits::client_key(addr.ip());
    let (id, code) = (made.id.clone(), made.code.clone());
    clubs
        .start_tournament(made, class, &req.ai, &address)
        .await?;
    Ok((StatusCode::CREATED, Json(KeyView { id, code, token })))
}

pub(super) async fn get_tournament(
    State(clubs): State<Clubs>,
    State(origins): State<std::sync::Arc<crate::origin::OwnOrigins>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Result<Json<TournamentView>, ApiError> {
    let holder = holder_of(&headers, &q)?;
    let (tournament, reader) = readable_tournament(&clubs, &id, holder.as_deref())?;
    let version = *tournament.version.borrow();
    clubs.fill_tournament_boards(&tournament).await;
    Ok(Json(tournament_view(
        &tournament,
        holder.as_deref(),
        reader,
        version,
        &join_base(&headers, &origins),
    )))
}

pub(super) async fn delete_tournament(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let tournament = as_organiser(&clubs, &id, &headers).await?;
    clubs.delete_tournament(&tournament).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The organiser adds an AI, or a named player who gets a link.
pub(super) async fn add_player(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<AddPlayerRequest>,
) -> Result<Json<JoinedView>, ApiError> {
    let tournament = as_organiser(&clubs, &id, &headers).await?;
    let token = match (req.ai, &req.name) {
        (Some(_), _) => String::new(),
        (None, Some(_)) => new_token(),
        (None, None) => {
            return Err(ApiError::bad_request(
                "a player: \"name\" or \"ai\" (a level)",
            ))
        }
    };
    let (player, name) = clubs
        .change_tournament(&tournament, |data| {
            let entrant = match req.ai {
                Some(level) => {
                    let n = data
                        .tournament
                        .players
                        .iter()
                        .filter(|p| p.ai.is_some())
                        .count()
                        + 1;
                    Entrant {
                        name: req.name.unwrap_or_else(|| format!("AI {level} #{n}")),
                        holder: None,
                        ai: Some(level),
                        pupil: None,
                        withdrawn: false,
                        removed: false,
                    }
                }
                None => Entrant {
                    name: req.name.unwrap_or_default(),
                    holder: Some(hash_token(&token)),
                    ai: None,
                    pupil: None,
                    withdrawn: false,
                    removed: false,
                },
            };
            let player = data.tournament.enter(entrant)?;
            Ok((player, data.tournament.players[player].name.clone()))
        })
        .await?;
    Ok(Json(JoinedView {
        code: tournament.shown().code.clone(),
        id,
        player: player as u32,
        name,
        token,
    }))
}

pub(super) async fn start(
    State(clubs): State<Clubs>,
    State(origins): State<std::sync::Arc<crate::origin::OwnOrigins>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(crate::request::Empty {}): Body<crate::request::Empty>,
) -> Result<Json<TournamentView>, ApiError> {
    let tournament = as_organiser(&clubs, &id, &headers).await?;
    clubs
        .change_tournament(&tournament, |data| Ok(data.tournament.start()?))
        .await?;
    let holder = bearer(&headers).map(|t| hash_token(&t));
    let version = *tournament.version.borrow();
    Ok(Json(tournament_view(
        &tournament,
        holder.as_deref(),
        TournamentReader::Organiser,
        version,
        &join_base(&headers, &origins),
    )))
}

pub(super) async fn withdraw(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<WithdrawRequest>,
) -> Result<StatusCode, ApiError> {
    let tournament = as_organiser(&clubs, &id, &headers).await?;
    clubs.withdraw(&tournament, req.player).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The organiser ends a game of the round being played: a forfeit (an
/// absent player) or a draw. The result then comes back as any game's.
pub(super) async fn decide(
    State(clubs): State<Clubs>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<DecideRequest>,
) -> Result<StatusCode, ApiError> {
    let tournament = as_organiser(&clubs, &id, &headers).await?;
    if !tournament.shown().decidable(&req.game) {
        return Err(ClubError::NotDecidable.into());
    }
    let seats = quoridor_rules::Seat::in_play(2);
    let decision = match req.outcome {
        Outcome::FirstWins => Decision::Forfeit(seats[1]),
        Outcome::SecondWins => Decision::Forfeit(seats[0]),
        Outcome::Draw => Decision::Draw,
    };
    clubs.hub().decide(&req.game, decision).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A tournament's clock when none is asked for.
pub(super) const DEFAULT_CLOCK: quoridor_engine::TimeControl =
    quoridor_engine::TimeControl::Fischer {
        initial: std::time::Duration::from_secs(600),
        increment: std::time::Duration::from_secs(5),
    };
