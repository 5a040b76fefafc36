//! The chat of a class's games, for its teacher: turned on or off, read,
//! cleared (`club::chat`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;

use crate::club::view::{ChatSwitch, ClassChatLine, ClassChatView, ClassView};
use crate::club::Clubs;
use crate::error::ApiError;
use crate::extract::Body;
use crate::origin::OwnOrigins;

use super::keys::*;
use super::views::class_view;

pub(super) async fn read_chat(
    State(clubs): State<Clubs>,
    Teacher(room): Teacher,
) -> Result<Json<ClassChatView>, ApiError> {
    let rows = clubs.chat_of(&room).await?;
    let class = room.shown().class.clone();
    let lines = rows
        .into_iter()
        .map(|row| ClassChatLine {
            name: class
                .pupil(row.pupil)
                .map_or(row.name, |pupil| pupil.name.clone()),
            game: row.game,
            pupil: row.pupil,
            text: row.text,
            at_ms: row.at_ms,
        })
        .collect();
    Ok(Json(ClassChatView {
        on: class.chat,
        lines,
    }))
}

pub(super) async fn switch_chat(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<ChatSwitch>,
) -> Result<Json<ClassView>, ApiError> {
    clubs.set_chat(&room, req.on).await?;
    Ok(Json(
        class_view(&clubs, &room, &join_base(&headers, &origins)).await,
    ))
}

pub(super) async fn clear_chat(
    State(clubs): State<Clubs>,
    Teacher(room): Teacher,
) -> Result<StatusCode, ApiError> {
    clubs.clear_chat(&room).await?;
    Ok(StatusCode::NO_CONTENT)
}
