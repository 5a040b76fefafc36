//! The games a teacher starts in class.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use quoridor_engine::Level;

use crate::club::class::{Changed, ClassError};
use crate::club::pairing::Pairing;
use crate::club::view::*;
use crate::club::Clubs;
use crate::error::ApiError;
use crate::extract::Body;
use crate::origin::OwnOrigins;
use crate::token::random_u64;

use super::keys::*;
use super::views::*;

/// The teacher starts games: pupils paired by hand, at random or by
/// level, or each against the AI.
pub(super) async fn class_games(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<ClassGamesRequest>,
) -> Result<(StatusCode, Json<ClassView>), ApiError> {
    let address = crate::limits::client_key(addr.ip());
    let room = as_teacher(&clubs, &id, holder_of(&headers, &TokenQuery::default())?).await?;
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
    {
        let mut change = clubs.begin_class(&room).await;
        let groups = change.groups(&pairing, random_u64)?;
        change.class.room_for_games(groups.len())?;
        if groups.is_empty() {
            return Err(ClassError::BadGroups(
                "no pupils to pair: pupils join with the code first".into(),
            )
            .into());
        }
        // Every game's place first: all of them, or none is made.
        let places = clubs.class_game_places(&change.class.id, &address, groups.len())?;
        let mut made = 0;
        let mut failure = None;
        for (group, place) in groups.into_iter().zip(places) {
            let game = clubs
                .class_game(&room, &mut change, &req.game, group, level, place)
                .await;
            match game {
                Ok(_) => made += 1,
                Err(err) => {
                    failure = Some(err);
                    break;
                }
            }
        }
        // Past the limits, a game can still fail to be made (the store):
        // the games made are kept then.
        if made > 0 {
            change.commit(Changed::Class).await?;
        }
        if let Some(err) = failure {
            return Err(err.into());
        }
    }
    let view = class_view(&clubs, &room, &join_base(&headers, &origins)).await;
    Ok((StatusCode::CREATED, Json(view)))
}
