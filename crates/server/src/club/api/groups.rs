//! The teacher's named groups of pupils (`club::groups`).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use std::sync::Arc;

use crate::club::action::ClassAction;
use crate::club::view::{ClassView, GroupRequest};
use crate::club::Clubs;
use crate::error::ApiError;
use crate::extract::Body;
use crate::origin::OwnOrigins;

use super::keys::*;
use super::views::class_view;

pub(super) async fn new_group(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<GroupRequest>,
) -> Result<(StatusCode, Json<ClassView>), ApiError> {
    let name = req
        .name
        .ok_or_else(|| ApiError::bad_request("name: the group's name"))?;
    let pupils = req.pupils.unwrap_or_default();
    clubs
        .apply(&room, ClassAction::NewGroup { name, pupils })
        .await?;
    let view = class_view(&clubs, &room, &join_base(&headers, &origins)).await;
    Ok((StatusCode::CREATED, Json(view)))
}

pub(super) async fn change_group(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    Path((_, g)): Path<(String, u32)>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<GroupRequest>,
) -> Result<Json<ClassView>, ApiError> {
    let action = ClassAction::ChangeGroup {
        group: g,
        name: req.name,
        pupils: req.pupils,
    };
    clubs.apply(&room, action).await?;
    Ok(Json(
        class_view(&clubs, &room, &join_base(&headers, &origins)).await,
    ))
}

pub(super) async fn delete_group(
    State(clubs): State<Clubs>,
    Path((_, g)): Path<(String, u32)>,
    Teacher(room): Teacher,
) -> Result<StatusCode, ApiError> {
    clubs.apply(&room, ClassAction::DeleteGroup(g)).await?;
    Ok(StatusCode::NO_CONTENT)
}
