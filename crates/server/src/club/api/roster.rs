//! The teacher's roster: pupils added by name before the lesson (each
//! comes in with their login card, printed beforehand), renamed, two
//! seats of one child merged, and the way in by pictures opened for a
//! lesson.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;

use crate::club::action::{ClassAction, NewPupil};
use crate::club::class::MAX_PUPILS;
use crate::club::view::{
    AddPupilsRequest, ClassView, MergePupilRequest, PictureDoorRequest, RenamePupilRequest,
};
use crate::club::Clubs;
use crate::error::ApiError;
use crate::extract::Body;
use crate::origin::OwnOrigins;
use crate::token::{hash_token, new_token};

use super::keys::*;
use super::views::class_view;

/// Adds pupils by name: all of them, or none (a name refused, or the class
/// full, says which). Each gets a seat that only their login card opens.
pub(super) async fn add_pupils(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<AddPupilsRequest>,
) -> Result<(StatusCode, Json<ClassView>), ApiError> {
    if req.names.is_empty() || req.names.len() > MAX_PUPILS {
        return Err(ApiError::bad_request(format!(
            "names: from 1 to {MAX_PUPILS} first names"
        )));
    }
    let cards = clubs.new_cards(req.names.len());
    let pupils = req
        .names
        .into_iter()
        .zip(cards)
        .map(|(name, card)| NewPupil {
            name,
            // The seat's token is never given: the card is the way in.
            holder: hash_token(&new_token()),
            card,
        })
        .collect();
    clubs.apply(&room, ClassAction::AddPupils(pupils)).await?;
    let view = class_view(&clubs, &room, &join_base(&headers, &origins)).await;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Renames a pupil (a name typed wrong); their games keep the name they
/// were played under.
pub(super) async fn rename_pupil(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    Path((_, p)): Path<(String, u32)>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<RenamePupilRequest>,
) -> Result<Json<ClassView>, ApiError> {
    let action = ClassAction::RenamePupil {
        pupil: p,
        name: req.name,
    };
    clubs.apply(&room, action).await?;
    Ok(Json(
        class_view(&clubs, &room, &join_base(&headers, &origins)).await,
    ))
}

/// Merges pupil `p` into pupil `into` (a child who joined twice): the kept
/// pupil has both seats' work, games and tournament places
/// ([`Clubs::merge_pupils`]).
pub(super) async fn merge_pupil(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    Path((_, p)): Path<(String, u32)>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<MergePupilRequest>,
) -> Result<Json<ClassView>, ApiError> {
    clubs.merge_pupils(&room, p, req.into).await?;
    Ok(Json(
        class_view(&clubs, &room, &join_base(&headers, &origins)).await,
    ))
}

/// Opens the way in by pictures for a lesson (again: with every try
/// given back), or shuts it.
pub(super) async fn picture_door(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    headers: HeaderMap,
    Teacher(room): Teacher,
    Body(req): Body<PictureDoorRequest>,
) -> Result<Json<ClassView>, ApiError> {
    let action = ClassAction::Pictures { open: req.open };
    clubs.apply(&room, action).await?;
    Ok(Json(
        class_view(&clubs, &room, &join_base(&headers, &origins)).await,
    ))
}
