//! The classroom's routes: `/api/classroom/…` (JSON) and the printable
//! pages `/classroom/sheet`, `/classroom/pupil` (HTML or PDF).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use quoridor_exercises::{
    pupil_sheet, svg, Exercise, Kind, Lang, Sheet, SheetSpec, LEVELS, MAX_SHEET_COUNT,
};
use serde::{Deserialize, Serialize};

use quoridor_exercises::page::{
    self, checked, exercise_view, AnalyzeView, CheckRequest, CheckView, DraftRequest, DraftView,
    ExerciseQuery, ExerciseRequest, ExerciseView, LangQuery, SavedView, SolutionView, TextsView,
};

use super::{Classroom, ClassroomError, MAX_SHARED};
use crate::db::SavedExercise;
use crate::error::ApiError;
use crate::extract::{bearer, Body, Query};
use crate::state::AppState;
use crate::token::{hash_token, is_game_id, new_game_id, new_token, random_u64};

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/classroom/exercise", get(new_exercise))
        .route("/classroom/check", post(check_answer))
        .route("/classroom/solution", post(solution))
        .route("/classroom/analyze", post(analyze))
        .route("/classroom/draft", post(draft))
        .route("/classroom/exercises", post(share))
        .route("/classroom/exercises/{id}", get(shared).delete(unshare))
        .route("/classroom/texts", get(texts))
}

pub fn page_routes() -> Router<AppState> {
    Router::new()
        .route("/classroom", get(page))
        .route("/classroom/sheet", get(sheet_html))
        .route("/classroom/sheet.pdf", get(sheet_pdf))
        .route("/classroom/pupil", get(pupil_html))
        .route("/classroom/pupil.pdf", get(pupil_pdf))
}

async fn page(
    State(web): State<crate::assets::WebDir>,
    headers: axum::http::HeaderMap,
) -> Response {
    crate::assets::serve_named_page("classroom.html", web.0.as_deref(), &headers)
}

fn lang_of(lang: Option<Lang>) -> Lang {
    lang.unwrap_or_default()
}

/// A new exercise of a kind and level (random ones by default).
async fn new_exercise(
    State(classroom): State<Classroom>,
    Query(query): Query<ExerciseQuery>,
) -> Result<Json<ExerciseView>, ApiError> {
    let seed = random_u64() % 1_000_000_000;
    let view = classroom
        .blocking(move || page::new_exercise(&query, seed))
        .await??;
    Ok(Json(view))
}

async fn check_answer(
    State(classroom): State<Classroom>,
    Body(req): Body<CheckRequest>,
) -> Result<Json<CheckView>, ApiError> {
    let view = classroom
        .blocking(move || page::check_answer(&req))
        .await??;
    Ok(Json(view))
}

async fn solution(
    State(classroom): State<Classroom>,
    Body(req): Body<ExerciseRequest>,
) -> Result<Json<SolutionView>, ApiError> {
    let view = classroom.blocking(move || page::solution(&req)).await??;
    Ok(Json(view))
}

/// The editor's drawing of a board whose pawns are not all placed yet.
async fn draft(
    State(classroom): State<Classroom>,
    Body(req): Body<DraftRequest>,
) -> Result<Json<DraftView>, ApiError> {
    let view = classroom.blocking(move || page::draft(&req)).await??;
    Ok(Json(view))
}

/// The editor's live check: what is wrong, the answer, the drawing.
async fn analyze(
    State(classroom): State<Classroom>,
    Body(req): Body<ExerciseRequest>,
) -> Result<Json<AnalyzeView>, ApiError> {
    let view = classroom.blocking(move || page::analyze(&req)).await?;
    Ok(Json(view))
}

/// Saves a usable, solvable exercise and answers its link.
async fn share(
    State(classroom): State<Classroom>,
    State(origins): State<std::sync::Arc<crate::origin::OwnOrigins>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    Body(req): Body<ExerciseRequest>,
) -> Result<(axum::http::StatusCode, Json<SavedView>), ApiError> {
    let lang = lang_of(req.lang);
    checked(&req.exercise, lang)?;
    let creator = crate::limits::client_key(addr.ip());
    // The place is taken before the work, so that a burst cannot pass the
    // limit; it is given back if the exercise is not saved.
    let place = classroom
        .shared
        .reserve(&creator, MAX_SHARED)
        .ok_or(ClassroomError::TooManyExercises(MAX_SHARED))?;
    let exercise = req.exercise;
    let solvable = classroom
        .blocking({
            let exercise = exercise.clone();
            move || quoridor_exercises::solve(&exercise).is_some()
        })
        .await?;
    if !solvable {
        return Err(ClassroomError::BadExercise(
            lang.t(quoridor_exercises::T::ProblemUnsolvable).into(),
        )
        .into());
    }
    let id = new_game_id();
    let token = new_token();
    classroom
        .db
        .save_exercise(SavedExercise {
            id: id.clone(),
            body: exercise.to_json(),
            creator,
            owner_hash: hash_token(&token),
        })
        .await?;
    place.keep();
    let link = format!("/classroom?e={id}");
    let url = format!("{}{link}", origins.for_others_of(&headers));
    Ok((
        axum::http::StatusCode::CREATED,
        Json(SavedView {
            id,
            link,
            url,
            token,
        }),
    ))
}

/// Deletes a shared exercise, for the token given when it was shared.
async fn unshare(
    State(classroom): State<Classroom>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
) -> Result<axum::http::StatusCode, ApiError> {
    if !is_game_id(&id) {
        return Err(ClassroomError::NoSuchExercise.into());
    }
    // One deletion at a time: two of one exercise would count it out twice.
    let _deleting = classroom.deleting.lock().await;
    let stored = classroom
        .db
        .exercise(&id)?
        .ok_or(ClassroomError::NoSuchExercise)?;
    let token = bearer(&headers).ok_or(ClassroomError::NotYourExercise)?;
    if hash_token(&token) != stored.owner_hash {
        return Err(ClassroomError::NotYourExercise.into());
    }
    classroom.db.delete_exercise(&id).await?;
    classroom.shared.remove(&stored.creator);
    Ok(axum::http::StatusCode::NO_CONTENT)
}

async fn shared(
    State(classroom): State<Classroom>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
) -> Result<Json<ExerciseView>, ApiError> {
    if !is_game_id(&id) {
        return Err(ClassroomError::NoSuchExercise.into());
    }
    let stored = classroom
        .db
        .exercise(&id)?
        .ok_or(ClassroomError::NoSuchExercise)?;
    let exercise = Exercise::from_json(&stored.body)
        .map_err(|err| ClassroomError::Store(crate::db::StoreError(err)))?;
    let lang = lang_of(query.lang);
    let view = classroom
        .blocking(move || exercise_view(exercise, lang, Some(id)))
        .await?;
    Ok(Json(view))
}

async fn texts(Query(query): Query<LangQuery>) -> Json<TextsView> {
    Json(page::texts(lang_of(query.lang)))
}

/// `/classroom/sheet?kind=mixed&level=2&count=6&seed=7&lang=fr`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetQuery {
    pub kind: Option<String>,
    pub level: Option<u8>,
    pub count: Option<usize>,
    pub seed: Option<u64>,
    pub lang: Option<Lang>,
}

fn sheet_spec(query: SheetQuery) -> Result<SheetSpec, ApiError> {
    let kind = match query.kind.as_deref() {
        None | Some("mixed") => None,
        Some(k) => Some(
            k.parse::<Kind>()
                .map_err(|e| ApiError::bad_request(format!("kind: {e}")))?,
        ),
    };
    let level = query.level.unwrap_or(1);
    if !LEVELS.contains(&level) {
        return Err(ApiError::bad_request("level: from 1 to 5"));
    }
    let count = query.count.unwrap_or(6);
    if !(1..=MAX_SHEET_COUNT).contains(&count) {
        return Err(ApiError::bad_request(format!(
            "count: from 1 to {MAX_SHEET_COUNT}"
        )));
    }
    Ok(SheetSpec {
        kind,
        level,
        count,
        seed: query.seed.unwrap_or_else(|| random_u64() % 1_000_000),
        lang: lang_of(query.lang),
    })
}

fn html(body: String) -> Response {
    let policy = crate::headers::policy_for_html(&body);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CONTENT_SECURITY_POLICY, policy),
        ],
        body,
    )
        .into_response()
}

fn pdf_file(bytes: Vec<u8>, name: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        bytes,
    )
        .into_response()
}

async fn sheet_html(
    State(classroom): State<Classroom>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Query(query): Query<SheetQuery>,
) -> Result<Response, ApiError> {
    let spec = sheet_spec(query)?;
    let page = classroom
        .heavy(addr.ip(), move || {
            let sheet = Sheet::new(spec);
            svg::print_html(
                &svg::sheet_pages(&sheet),
                sheet.spec.title(),
                sheet.spec.lang,
            )
        })
        .await?;
    Ok(html(page))
}

async fn sheet_pdf(
    State(classroom): State<Classroom>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Query(query): Query<SheetQuery>,
) -> Result<Response, ApiError> {
    let spec = sheet_spec(query)?;
    // Each sheet its own name: its kind, level and number.
    let name = format!(
        "quoridor-{}-level{}-{}.pdf",
        spec.kind.map_or("mixed", |k| k.name()),
        spec.level,
        spec.seed
    );
    let bytes = classroom
        .heavy(addr.ip(), move || {
            let sheet = Sheet::new(spec);
            quoridor_exercises::pdf(&svg::sheet_pages(&sheet), sheet.spec.title())
        })
        .await?
        .map_err(|e| ApiError::unavailable(e.to_string()))?;
    Ok(pdf_file(bytes, &name))
}

async fn pupil_html(
    State(classroom): State<Classroom>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Query(query): Query<LangQuery>,
) -> Result<Response, ApiError> {
    let lang = lang_of(query.lang);
    let page = classroom
        .heavy(addr.ip(), move || {
            svg::print_html(&svg::pupil_pages(lang), pupil_sheet(lang).title, lang)
        })
        .await?;
    Ok(html(page))
}

async fn pupil_pdf(
    State(classroom): State<Classroom>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Query(query): Query<LangQuery>,
) -> Result<Response, ApiError> {
    let lang = lang_of(query.lang);
    let bytes = classroom
        .heavy(addr.ip(), move || {
            quoridor_exercises::pdf(&svg::pupil_pages(lang), pupil_sheet(lang).title)
        })
        .await?
        .map_err(|e| ApiError::unavailable(e.to_string()))?;
    Ok(pdf_file(bytes, &format!("quoridor-rules-{lang}.pdf")))
}
