//! The games a teacher starts in class.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use quoridor_engine::Level;

use crate::club::pairing::Pairing;
use crate::club::view::*;
use crate::club::Clubs;
use crate::error::ApiError;
use crate::extract::Body;
use crate::origin::OwnOrigins;

use super::keys::*;
use super::views::*;

/// The teacher starts games: pupils paired by hand, at random or by
/// level, or each against the AI.
pub(super) async fn class_games(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<ClassGamesRequest>,
) -> Result<(StatusCode, Json<ClassView>), ApiError> {
    let address = crate::limits::client_key(addr.ip());
    let level = match req.ai_level {
        Some(l) => Level::new(l).ok_or_else(|| ApiError::bad_request("ai_level: from 1 to 8"))?,
        None => Level::new(2).expect("level 2"),
    };
    let pairing = Pairing {
        by: req.pair_by,
        groups: &req.groups,
        pupils: req.pupils.as_deref(),
        against_ai: req.ai_level.is_some(),
        players: usize::from(req.game.players),
    };
    clubs
        .start_class_games(&room, &pairing, &req.game, level, &address)
        .await?;
    let view = class_view(&clubs, &room, &join_base(&headers, &origins)).await;
    Ok((StatusCode::CREATED, Json(view)))
}
