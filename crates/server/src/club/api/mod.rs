//! The routes of classes and tournaments (API.md, "Classes and
//! tournaments") and their pages. Handlers are thin: they check the key
//! (the teacher's, the pupil's or the organiser's token, hashed), change
//! the class or tournament under its lock, store it, and answer a view.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::Router;

use crate::club::Clubs;
use crate::error::ApiError;
use crate::state::AppState;

mod chat;
mod classes;
mod games;
mod groups;
mod keys;
mod live;
mod roster;
mod tasks;
mod tournaments;
mod views;
mod work;

use self::chat::*;
use self::classes::*;
use self::games::*;
use self::groups::*;
use self::live::*;
use self::roster::*;
use self::tasks::*;
use self::tournaments::*;
use self::work::*;

/// The routes, refused with 503 until this instance has read the classes
/// ([`Clubs::is_ready`]: an instance among several that has just become
/// the keeper).
pub fn api_routes(state: AppState) -> Router<AppState> {
    Router::new()
        .route("/classes", post(new_class))
        .route("/classes/open", post(open_class))
        .route("/classes/mine", get(my_classes))
        .route("/classes/{id}/teacher", post(teacher_key))
        .route("/classes/{id}/account", post(keep_in_account))
        .route("/classes/{id}/next-year", post(next_year))
        .route("/join", post(join))
        .route("/classes/{id}", get(get_class).delete(delete_class))
        .route("/classes/{id}/me", get(me))
        .route("/classes/{id}/live", get(class_live))
        .route("/classes/{id}/qr.svg", get(qr))
        .route("/classes/{id}/results.csv", get(results))
        .route("/classes/{id}/results.xlsx", get(results_file))
        .route("/classes/{id}/progress", get(progress))
        .route("/classes/{id}/progress.csv", get(progress_file))
        .route("/classes/{id}/assignments", post(assign))
        .route("/classes/{id}/assignments/{n}", delete(unassign))
        .route("/classes/{id}/assignments/{n}/exercises/{i}", get(exercise))
        .route(
            "/classes/{id}/assignments/{n}/exercises/{i}/solution",
            post(solution),
        )
        .route("/classes/{id}/assignments/{n}/answers", post(answer))
        .route("/classes/{id}/assignments/{n}/tasks/{i}", get(task))
        .route(
            "/classes/{id}/assignments/{n}/tasks/{i}/solution",
            post(task_solution),
        )
        .route("/classes/{id}/assignments/{n}/moves", post(play))
        .route(
            "/classes/{id}/assignments/{n}/exercises/{i}/work/{p}",
            get(work_drawing),
        )
        .route("/classes/{id}/games", post(class_games))
        .route("/classes/{id}/pupils", post(add_pupils))
        .route(
            "/classes/{id}/pupils/{p}",
            post(rename_pupil).delete(remove_pupil),
        )
        .route(
            "/classes/{id}/chat",
            get(read_chat).post(switch_chat).delete(clear_chat),
        )
        .route("/classes/{id}/groups", post(new_group))
        .route(
            "/classes/{id}/groups/{g}",
            post(change_group).delete(delete_group),
        )
        .route("/classes/{id}/pupils/{p}/card", post(replace_card))
        .route("/classes/{id}/pupils/{p}/merge", post(merge_pupil))
        .route("/classes/{id}/cards", get(cards))
        .route("/classes/{id}/pictures", post(picture_door))
        .route("/tournaments", post(new_tournament))
        .route(
            "/tournaments/{id}",
            get(get_tournament).delete(delete_tournament),
        )
        .route("/tournaments/{id}/players", post(add_player))
        .route("/tournaments/{id}/start", post(start))
        .route("/tournaments/{id}/withdraw", post(withdraw))
        .route("/tournaments/{id}/decide", post(decide))
        .route("/tournaments/{id}/live", get(tournament_live))
        .route_layer(axum::middleware::from_fn_with_state(state, when_ready))
}

async fn when_ready(
    State(clubs): State<Clubs>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if clubs.is_ready() {
        return next.run(request).await;
    }
    let mut answer =
        ApiError::unavailable("the classes are being read: try again in a moment").into_response();
    answer.headers_mut().insert(
        header::RETRY_AFTER,
        axum::http::HeaderValue::from_static("1"),
    );
    answer
}

pub fn page_routes() -> Router<AppState> {
    Router::new()
        .route("/class", get(page))
        .route("/join", get(page))
        .route("/t/{id}", get(page))
        .route("/join/pictures/{file}", get(picture))
}

async fn page(
    State(web): State<crate::assets::WebDir>,
    headers: axum::http::HeaderMap,
) -> Response {
    crate::assets::serve_named_page("club.html", web.0.as_deref(), &headers)
}

/// `/join/pictures/sun.svg`: one picture of the boards alone, as on a
/// pupil's picture card.
async fn picture(Path(file): Path<String>) -> Result<Response, ApiError> {
    let item = file
        .strip_suffix(".svg")
        .filter(|name| crate::club::pictures::PICTURES.contains(name))
        .and_then(|name| name.parse::<quoridor_exercises::Item>().ok())
        .ok_or(ApiError::NoSuchRoute)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        quoridor_exercises::svg::picture(item),
    )
        .into_response())
}
