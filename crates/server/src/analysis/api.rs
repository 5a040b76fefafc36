//! The analysis's routes: ask for it, read where it stands.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};

use super::view::AnalysisStatusView;
use super::Analyses;
use crate::error::ApiError;
use crate::extract::GameId;
use crate::state::AppState;

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/analysis", get(read).post(ask))
        .route("/analyse", axum::routing::post(super::board::analyse))
}

pub fn page_routes() -> Router<AppState> {
    Router::new().route("/analysis", get(page))
}

async fn page(
    State(web): State<crate::assets::WebDir>,
    headers: axum::http::HeaderMap,
) -> axum::response::Response {
    crate::assets::serve_named_page("board.html", web.0.as_deref(), &headers)
}

/// `202` while queued or running, `200` otherwise.
fn answer(status: AnalysisStatusView) -> (StatusCode, Json<AnalysisStatusView>) {
    let code = match status {
        AnalysisStatusView::Queued | AnalysisStatusView::Running { .. } => StatusCode::ACCEPTED,
        _ => StatusCode::OK,
    };
    (code, Json(status))
}

async fn ask(
    State(analyses): State<Analyses>,
    GameId(id): GameId,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Result<(StatusCode, Json<AnalysisStatusView>), ApiError> {
    let client = crate::limits::client_key(addr.ip());
    Ok(answer(analyses.request(&id, &client).await?))
}

async fn read(
    State(analyses): State<Analyses>,
    GameId(id): GameId,
) -> Result<(StatusCode, Json<AnalysisStatusView>), ApiError> {
    match analyses.status(&id).await? {
        Some(status) => Ok(answer(status)),
        // A game never analysed is no error (its page asks on every visit);
        // a game that does not exist is.
        None => {
            analyses.game_exists(&id).await?;
            Ok(answer(AnalysisStatusView::None))
        }
    }
}
