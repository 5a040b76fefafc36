//! Learning to play in the web app: the rules tutorial's lessons, and a
//! move checked against one, in the page's language and wording. The
//! lessons themselves are the `quoridor-learn` crate's; this is their HTTP
//! side (`/api/learn/…`, answered by `quoridor_learn::page`, which the
//! page's WebAssembly also answers with when offline) and the page `/learn`.

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};

use quoridor_learn::page;
pub use quoridor_learn::page::{
    read_move, words, BoardView, CheckRequest, CheckView, LearnError, LessonView, LessonsQuery,
    LessonsView, NextPuzzleRequest, PawnView, PuzzleCheckRequest, PuzzleCheckView, PuzzleView,
};

use crate::error::ApiError;
use crate::extract::{Body, Query};
use crate::state::AppState;

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/learn/lessons", get(lessons))
        .route("/learn/check", post(check))
        .route("/learn/puzzles/next", post(next_puzzle))
        .route("/learn/puzzles/check", post(check_puzzle))
        .route("/learn/puzzles/{id}", get(one_puzzle))
}

pub fn page_routes() -> Router<AppState> {
    Router::new().route("/learn", get(page))
}

async fn page(
    State(web): State<crate::assets::WebDir>,
    headers: axum::http::HeaderMap,
) -> Response {
    crate::assets::serve_named_page("learn.html", web.0.as_deref(), &headers)
}

async fn lessons(Query(query): Query<LessonsQuery>) -> Json<LessonsView> {
    Json(page::lessons(&query))
}

async fn check(Body(req): Body<CheckRequest>) -> Result<Json<CheckView>, ApiError> {
    Ok(Json(page::check_lesson(&req)?))
}

async fn next_puzzle(Body(req): Body<NextPuzzleRequest>) -> Result<Json<PuzzleView>, ApiError> {
    Ok(Json(page::next_puzzle(&req)?))
}

async fn one_puzzle(
    Path(id): Path<String>,
    Query(query): Query<LessonsQuery>,
) -> Result<Json<PuzzleView>, ApiError> {
    let lang = query.lang.unwrap_or_default();
    let wording = query.wording.unwrap_or_default();
    Ok(Json(page::puzzle_view(page::puzzle(&id)?, lang, wording)))
}

async fn check_puzzle(
    Body(req): Body<PuzzleCheckRequest>,
) -> Result<Json<PuzzleCheckView>, ApiError> {
    Ok(Json(page::check_puzzle(&req)?))
}
