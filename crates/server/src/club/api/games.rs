//! The games a teacher starts in class.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use quoridor_engine::Level;

use crate::club::class::level_of;
use crate::club::view::*;
use crate::club::{ClassData, Clubs};
use crate::error::ApiError;
use crate::extract::Body;
use crate::token::random_u64;

use super::keys::*;
use super::views::*;

/// The groups of pupils that play, by the teacher's choice.
pub(super) fn groups_of(
    data: &ClassData,
    req: &ClassGamesRequest,
) -> Result<Vec<Vec<Option<u32>>>, ApiError> {
    let players = usize::from(req.game.players);
    let chosen: Vec<u32> = match &req.pupils {
        Some(list) => list.clone(),
        None => data.class.pupils.iter().map(|p| p.id).collect(),
    };
    for &p in &chosen {
        data.class.pupil(p)?;
    }
    if req.ai_level.is_some() {
        // Everyone against the AI: one pupil per game, AI seats after.
        let ids = if req.pair_by == PairBy::Hand {
            req.groups.iter().flatten().copied().collect()
        } else {
            chosen
        };
        return Ok(ids
            .into_iter()
            .map(|p| {
                std::iter::once(Some(p))
                    .chain(std::iter::repeat_n(None, players - 1))
                    .collect()
            })
            .collect());
    }
    let mut order = chosen;
    match req.pair_by {
        PairBy::Hand => {
            let mut seen = std::collections::HashSet::new();
            let mut groups = Vec::new();
            for group in &req.groups {
                if group.len() != players {
                    return Err(ApiError::bad_request(format!(
                        "groups: {players} pupils in each game"
                    )));
                }
                for &p in group {
                    data.class.pupil(p)?;
                    if !seen.insert(p) {
                        return Err(ApiError::bad_request("groups: a pupil in two games"));
                    }
                }
                groups.push(group.iter().map(|&p| Some(p)).collect());
            }
            return Ok(groups);
        }
        PairBy::Random => {
            for i in (1..order.len()).rev() {
                let j = (random_u64() % (i as u64 + 1)) as usize;
                order.swap(i, j);
            }
        }
        PairBy::Level => {
            order.sort_by_key(|&p| {
                let (right, done) = level_of(&data.work, p);
                (std::cmp::Reverse(right), std::cmp::Reverse(done), p)
            });
        }
    }
    // Full games, then the pupils left over play with AI seats.
    Ok(order
        .chunks(players)
        .map(|chunk| {
            let mut group: Vec<Option<u32>> = chunk.iter().map(|&p| Some(p)).collect();
            group.resize(players, None);
            group
        })
        .collect())
}

/// The teacher starts games: pupils paired by hand, at random or by
/// level, or each against the AI.
pub(super) async fn class_games(
    State(clubs): State<Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<ClassGamesRequest>,
) -> Result<(StatusCode, Json<ClassView>), ApiError> {
    let address = addr.ip().to_string();
    let room = as_teacher(&clubs, &id, holder_of(&headers, &TokenQuery::default())?).await?;
    let level = match req.ai_level {
        Some(l) => Level::new(l).ok_or_else(|| ApiError::bad_request("ai_level: from 1 to 8"))?,
        None => Level::new(2).expect("level 2"),
    };
    {
        let mut data = room.data.lock().await;
        let groups = groups_of(&data, &req)?;
        data.class.room_for_games(groups.len())?;
        if groups.is_empty() {
            return Err(ApiError::bad_request(
                "no pupils to pair: pupils join with the code first",
            ));
        }
        let mut made = 0;
        let mut failure = None;
        for group in groups {
            match clubs
                .class_game(&room, &mut data, &address, &req.game, group, level)
                .await
            {
                Ok(_) => made += 1,
                Err(err) => {
                    failure = Some(err);
                    break;
                }
            }
        }
        if made > 0 {
            clubs.save_class(&room, &mut data).await?;
        }
        if let Some(err) = failure {
            return Err(err.into());
        }
    }
    let view = class_view(&clubs, &room, &host_of(&headers)).await;
    Ok((StatusCode::CREATED, Json(view)))
}
