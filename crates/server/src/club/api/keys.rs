//! Who a request is: the token it carries (never one in the address), and
//! the class, pupil or tournament it opens.

use std::sync::Arc;

use crate::origin::OwnOrigins;
use axum::extract::{FromRef, FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use quoridor_exercises::Lang;
use serde::Deserialize;

use crate::club::{ClassRoom, ClubError, Clubs, TournamentRoom};
use crate::error::ApiError;
use crate::extract::{bearer, request_token, token_in_address, Query};
use crate::token::hash_token;

/// A query's language; a token sent there is refused
/// ([`crate::extract::token_in_address`]).
#[derive(Deserialize, Default)]
pub(super) struct TokenQuery {
    token: Option<String>,
    pub(super) lang: Option<Lang>,
}

/// The hash of the request's token ([`request_token`]), if any.
pub(super) fn holder_of(
    headers: &HeaderMap,
    query: &TokenQuery,
) -> Result<Option<String>, ApiError> {
    if query.token.is_some() {
        return Err(token_in_address());
    }
    Ok(request_token(headers).map(|t| hash_token(&t)))
}

/// The class of the request's path (`/classes/{id}/…`), opened by its
/// teacher's token (never one in the address): what every teacher's route
/// asks first.
pub(super) struct Teacher(pub(super) Arc<ClassRoom>);

impl<S: Send + Sync> FromRequestParts<S> for Teacher
where
    Clubs: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let (id, holder) = class_and_holder(parts, state).await?;
        let clubs = Clubs::from_ref(state);
        Ok(Teacher(as_teacher(&clubs, &id, holder).await?))
    }
}

/// The class of the request's path (`/classes/{id}/…`) and the pupil its
/// token is (never one in the address): what every pupil's route asks
/// first.
pub(super) struct Pupil {
    pub(super) room: Arc<ClassRoom>,
    pub(super) id: u32,
}

impl<S: Send + Sync> FromRequestParts<S> for Pupil
where
    Clubs: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let (id, holder) = class_and_holder(parts, state).await?;
        let clubs = Clubs::from_ref(state);
        let (room, id) = as_pupil(&clubs, &id, holder).await?;
        Ok(Pupil { room, id })
    }
}

/// Only the token of a query, to refuse it: the handler reads the rest.
#[derive(Deserialize)]
struct AddressToken {
    token: Option<String>,
}

/// The class id of the path, and the hash of the request's token (a token
/// in the address is refused).
async fn class_and_holder<S: Send + Sync>(
    parts: &mut Parts,
    state: &S,
) -> Result<(String, Option<String>), ApiError> {
    let params = RawPathParams::from_request_parts(parts, state)
        .await
        .map_err(|_| ApiError::NoSuchRoute)?;
    let id = params
        .iter()
        .find(|(name, _)| *name == "id")
        .map(|(_, value)| value.to_owned())
        .ok_or(ApiError::NoSuchRoute)?;
    let Query(query) = Query::<AddressToken>::from_request_parts(parts, state).await?;
    if query.token.is_some() {
        return Err(token_in_address());
    }
    Ok((id, request_token(&parts.headers).map(|t| hash_token(&t))))
}

/// The class, if `holder` is its teacher.
pub(super) async fn as_teacher(
    clubs: &Clubs,
    id: &str,
    holder: Option<String>,
) -> Result<Arc<ClassRoom>, ApiError> {
    let room = clubs.class(id)?;
    let holder = holder.ok_or(ClubError::NotTeacher)?;
    if !room.shown().class.is_teacher(&holder) {
        return Err(ClubError::NotTeacher.into());
    }
    Ok(room)
}

/// Where pupils join, `scheme://host[:port]`: the address the teacher's
/// page was sent to, as other machines reach it
/// ([`OwnOrigins::for_others`]: `--public-url`, never loopback when the
/// server listens on the network).
pub(super) fn join_base(headers: &HeaderMap, origins: &OwnOrigins) -> String {
    origins.for_others_of(headers)
}

/// The pupil of the class `holder` is.
async fn as_pupil(
    clubs: &Clubs,
    id: &str,
    holder: Option<String>,
) -> Result<(Arc<ClassRoom>, u32), ApiError> {
    let room = clubs.class(id)?;
    let holder = holder.ok_or(ApiError::NoToken)?;
    let shown = room.shown();
    let pupil = match shown.class.pupil_of(&holder) {
        Some(p) => p.id,
        None if shown.class.moved_away(&holder) => return Err(ClubError::MovedAway.into()),
        None => return Err(ApiError::NoToken),
    };
    drop(shown);
    Ok((room, pupil))
}

pub(super) async fn as_organiser(
    clubs: &Clubs,
    id: &str,
    headers: &HeaderMap,
) -> Result<Arc<TournamentRoom>, ApiError> {
    let tournament = clubs.tournament(id)?;
    let holder = bearer(headers).map(|t| hash_token(&t));
    if tournament_reader(clubs, &tournament, holder.as_deref()) != TournamentReader::Organiser {
        return Err(ClubError::NotOrganiser.into());
    }
    Ok(tournament)
}

/// Who reads a tournament (API.md, "Security model").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TournamentReader {
    /// Its organiser, or a teacher of its class: everything.
    Organiser,
    /// One of its players: the tournament, not its code nor its class.
    Player,
    /// Anyone else: an open tournament's table, never a class's.
    Stranger,
}

pub(super) fn tournament_reader(
    clubs: &Clubs,
    tournament: &TournamentRoom,
    holder: Option<&str>,
) -> TournamentReader {
    let Some(holder) = holder else {
        return TournamentReader::Stranger;
    };
    let shown = tournament.shown();
    let teacher = shown
        .class
        .as_ref()
        .and_then(|class| clubs.class(class).ok())
        .is_some_and(|room| room.shown().class.is_teacher(holder));
    if teacher || shown.is_organiser(holder) {
        TournamentReader::Organiser
    } else if shown.player_of(holder).is_some() {
        TournamentReader::Player
    } else {
        TournamentReader::Stranger
    }
}

/// A tournament `holder` may read: a class's is for its teacher and its
/// players only (children's names).
pub(super) fn readable_tournament(
    clubs: &Clubs,
    id: &str,
    holder: Option<&str>,
) -> Result<(Arc<TournamentRoom>, TournamentReader), ApiError> {
    let tournament = clubs.tournament(id)?;
    let reader = tournament_reader(clubs, &tournament, holder);
    if reader == TournamentReader::Stranger && tournament.shown().class.is_some() {
        return Err(ClubError::NoToken.into());
    }
    Ok((tournament, reader))
}
