//! The teacher's named groups of pupils (`club::groups`).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use std::sync::Arc;

use crate::club::class::Changed;
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
    clubs
        .change_class(&room, |data, _| {
            data.class
                .new_group(&name, req.pupils.unwrap_or_default())?;
            Ok(((), Changed::Class))
        })
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
    clubs
        .change_class(&room, |data, _| {
            data.class
                .change_group(g, req.name.as_deref(), req.pupils)?;
            Ok(((), Changed::Class))
        })
        .await?;
    Ok(Json(
        class_view(&clubs, &room, &join_base(&headers, &origins)).await,
    ))
}

pub(super) async fn delete_group(
    State(clubs): State<Clubs>,
    Path((_, g)): Path<(String, u32)>,
    Teacher(room): Teacher,
) -> Result<StatusCode, ApiError> {
    clubs
        .change_class(&room, |data, _| {
            data.class.delete_group(g)?;
            Ok(((), Changed::Class))
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
