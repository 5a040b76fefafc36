//! The HTTP routes (API.md) and the pages. Handlers are thin: they read the
//! request ([`crate::extract`]), turn it into an [`Action`] or a hub call,
//! and answer a typed view; every refusal is an [`ApiError`].

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::account::session::{Caller, MaybeAccount};
use crate::assets::WebDir;
use crate::error::{ApiError, RefusalNote};
use crate::extract::{Body, GameId, Query};
use crate::hub::seated::Rematch;
use crate::hub::Hub;
use crate::limits::PerClient;
use crate::listen::Connections;
use crate::metrics::{Metrics, Now};
use crate::request::{
    parse_move, CreateRequest, DrawRequest, Empty, JoinRequest, ListQuery, MoveRequest,
    ResignRequest,
};
use crate::state::AppState;
use crate::view::{GameView, HealthView, HintView, ListView, SeatedView};
use quoridor_game::{Action, Status};

pub fn router(state: AppState) -> Router {
    let api = Router::<AppState>::new()
        .route("/health", get(health))
        .route("/ready", get(ready))
        .route("/games", get(list_games).post(create_game))
        .route("/games/status", get(games_status))
        .route("/games/{id}", get(get_game))
        .route("/games/{id}/join", post(join))
        .route("/games/{id}/move", post(play))
        .route("/games/{id}/resign", post(resign))
        .route("/games/{id}/draw", post(draw))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/takeback", post(takeback))
        .route("/games/{id}/abort", post(abort))
        .route("/games/{id}/claim", post(claim))
        .route("/games/{id}/hint", get(hint))
        .route("/games/{id}/rematch", post(rematch))
        .route("/games/{id}/rematch/decline", post(decline_rematch))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/ws", get(crate::ws::upgrade))
        .route("/csp-report", post(crate::headers::report))
        .merge(crate::classroom::api_routes())
        .merge(crate::learn::api_routes())
        .merge(crate::club::api::api_routes(state.clone()))
        .merge(crate::account::api::api_routes())
        .merge(crate::account::tokens_api::api_routes())
        .merge(crate::lobby::api::api_routes())
        .merge(crate::challenge::api::api_routes())
        .merge(crate::push::api::api_routes())
        .merge(crate::analysis::api::api_routes())
        .fallback(|| async { ApiError::NoSuchRoute })
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            crate::origin::guard,
        ))
        .route_layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        // Outermost: a game held by another instance is its limits' and
        // checks' to apply, not counted twice.
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            crate::relay::route,
        ));
    let pages = Router::<AppState>::new()
        .route("/", get(index))
        .route("/g/{id}", get(game_page))
        .route("/assets/{*file}", get(asset))
        .route("/favicon.ico", get(favicon))
        .route("/sw.js", get(service_worker))
        .route("/offline", get(offline_page))
        .merge(crate::classroom::page_routes())
        .merge(crate::learn::page_routes())
        .merge(crate::club::api::page_routes())
        .merge(crate::account::api::page_routes())
        .merge(crate::lobby::api::page_routes())
        .merge(crate::analysis::api::page_routes())
        .fallback(page_not_found)
        .method_not_allowed_fallback(page_not_allowed)
        .layer(tower_http::compression::CompressionLayer::new());
    let metrics_here = state.metrics_public;
    let mut router = Router::<AppState>::new().merge(pages).nest("/api", api);
    if metrics_here {
        router = router.route("/metrics", get(metrics));
    }
    router
        .layer(middleware::from_fn_with_state(state.clone(), observe))
        .layer(middleware::from_fn(crate::headers::secure))
        .with_state(state)
}

/// The router of `--metrics-addr`: `/metrics` alone.
pub fn metrics_router(state: AppState) -> Router {
    Router::<AppState>::new()
        .route("/metrics", get(metrics))
        .with_state(state)
}

/// A method as a label: the ones the routes use, every other one `other`
/// (a client's made-up method must not make a new series).
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// The request's id: the proxy's `X-Request-Id` when it is a plain one
/// (letters, digits, `-_.`, at most 64), else a new one; sent back in the
/// answer's `X-Request-Id` and written in the log line, so that a line of
/// the proxy's log and one of ours can be matched.
fn request_id(headers: &axum::http::HeaderMap) -> String {
    let given = headers
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|id| {
            !id.is_empty()
                && id.len() <= 64
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        });
    match given {
        Some(id) => id.to_string(),
        None => format!("{:016x}", crate::token::random_u64()),
    }
}

/// Counts, times and logs every request: its id, its client's address, its
/// route's template (never the path as sent, which may hold an id, nor its
/// query), status and time; a refusal's code; a failure's cause.
async fn observe(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let began = std::time::Instant::now();
    let method = method_label(request.method());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_string();
    let id = request_id(request.headers());
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(String::new(), |c| c.0.ip().to_string());
    let mut response = next.run(request).await;
    if let Ok(value) = axum::http::HeaderValue::from_str(&id) {
        response.headers_mut().insert("x-request-id", value);
    }
    let took = began.elapsed();
    let status = response.status();
    metrics
        .requests
        .get(&(method, route.clone(), status.as_u16()))
        .inc();
    metrics
        .request_seconds
        .get(&(method, route.clone()))
        .observe(took);
    let note = response.extensions().get::<RefusalNote>();
    if let Some(note) = note {
        metrics.refusals.get(&note.code).inc();
        if status == StatusCode::TOO_MANY_REQUESTS {
            metrics.limit_refusals.get(&note.code).inc();
        }
    }
    let ms = (took.as_secs_f64() * 1e6).round() / 1e3;
    let code = note.map_or("", |n| n.code);
    match note.and_then(|n| n.cause.as_deref()) {
        Some(cause) => tracing::error!(
            target: "quoridor::http",
            id, client, method, route, status = status.as_u16(), ms, code, cause,
            "request failed"
        ),
        None => tracing::info!(
            target: "quoridor::http",
            id, client, method, route, status = status.as_u16(), ms, code,
            "request"
        ),
    }
    response
}

/// `GET /metrics`: every figure, in Prometheus' text format.
async fn metrics(
    State(metrics): State<Arc<Metrics>>,
    State(hub): State<Hub>,
    State(connections): State<Connections>,
    State(started): State<crate::state::Started>,
) -> Response {
    let (resident_bytes, cpu_seconds) = crate::metrics::process_figures();
    let now = Now {
        games_live: hub.len().saturating_sub(hub.finished_in_memory()),
        games_finished_in_memory: hub.finished_in_memory(),
        games_asleep: hub.asleep(),
        connections_open: connections.open(),
        connections_max: connections.cap(),
        resident_bytes,
        cpu_seconds,
        start_time_seconds: started.0,
    };
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        metrics.render(&now),
    )
        .into_response()
}

/// `GET /api/ready`: 200 when the database answers and its writer commits
/// within two seconds, else 503 (for a proxy or an orchestrator).
async fn ready(State(hub): State<Hub>) -> Result<Json<serde_json::Value>, ApiError> {
    if !hub.lease_ok() {
        return Err(ApiError::unavailable(
            "this instance has not renewed its lease on the database in time",
        ));
    }
    let wait = std::time::Duration::from_secs(2);
    match tokio::time::timeout(wait, hub.store_ready()).await {
        Ok(Ok(())) => Ok(Json(serde_json::json!({ "ready": true }))),
        Ok(Err(err)) => Err(ApiError::unavailable(format!(
            "the database does not answer: {err}"
        ))),
        Err(_) => Err(ApiError::unavailable(
            "the database's writer is behind by more than 2 s",
        )),
    }
}

async fn rate_limit(
    State(limit): State<Arc<PerClient>>,
    State(clubs): State<crate::club::Clubs>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let allowed = allowed(&limit, &clubs, addr, &request);
    if allowed {
        next.run(request).await
    } else {
        ApiError::RateLimited.into_response()
    }
}

/// Whether a request is within its budget: its address's, or once that is
/// spent its class member's. A request relayed by its client's home was
/// counted there.
fn allowed(
    limit: &PerClient,
    clubs: &crate::club::Clubs,
    addr: SocketAddr,
    request: &Request,
) -> bool {
    let member = || class_member(clubs, request).is_some_and(|member| limit.allow_member(&member));
    match crate::relay::Relayed::of(request.headers()) {
        Some(crate::relay::Relayed::Counted) => true,
        Some(crate::relay::Relayed::Spent) => member(),
        _ => limit.allow(addr.ip()) || member(),
    }
}

/// Who a request on a class's own routes (`/api/classes/{id}/…`) comes
/// from, when its bearer token is the class's teacher's or one of its
/// pupils': `class:member`. A token that opens nothing is no one, so that
/// made-up tokens buy no budget.
fn class_member(clubs: &crate::club::Clubs, request: &Request) -> Option<String> {
    let path = request.uri().path();
    let rest = path.strip_prefix("/api").unwrap_or(path);
    let id = rest.strip_prefix("/classes/")?.split('/').next()?;
    let holder = crate::token::hash_token(&crate::extract::bearer(request.headers())?);
    let room = clubs.class(id).ok()?;
    let shown = room.shown();
    let class = &shown.class;
    let member = if class.is_teacher(&holder) {
        "teacher".to_string()
    } else {
        class.pupil_of(&holder)?.id.to_string()
    };
    Some(format!("{id}:{member}"))
}

async fn page_not_found(headers: axum::http::HeaderMap) -> Response {
    crate::error_page::html(StatusCode::NOT_FOUND, &headers)
}

async fn page_not_allowed(headers: axum::http::HeaderMap) -> Response {
    crate::error_page::html(StatusCode::METHOD_NOT_ALLOWED, &headers)
}

async fn index(State(web): State<WebDir>, headers: axum::http::HeaderMap) -> Response {
    crate::assets::serve_page(web.0.as_deref(), &headers, false)
}

/// What the service worker shows, offline, for a page it does not keep.
async fn offline_page(State(web): State<WebDir>, headers: axum::http::HeaderMap) -> Response {
    crate::assets::serve_named_page("offline.html", web.0.as_deref(), &headers)
}

async fn game_page(State(web): State<WebDir>, headers: axum::http::HeaderMap) -> Response {
    crate::assets::serve_page(web.0.as_deref(), &headers, true)
}

async fn asset(
    State(web): State<WebDir>,
    axum::extract::Path(file): axum::extract::Path<String>,
    axum::extract::RawQuery(query): axum::extract::RawQuery,
    headers: axum::http::HeaderMap,
) -> Response {
    crate::assets::serve(&file, query.as_deref(), web.0.as_deref())
        .unwrap_or_else(|| page_not_found_now(&headers))
}

fn page_not_found_now(headers: &axum::http::HeaderMap) -> Response {
    crate::error_page::html(StatusCode::NOT_FOUND, headers)
}

async fn service_worker(State(web): State<WebDir>) -> Response {
    crate::assets::service_worker(web.0.as_deref())
}

async fn favicon(State(web): State<WebDir>, headers: axum::http::HeaderMap) -> Response {
    crate::assets::serve("favicon.svg", None, web.0.as_deref())
        .unwrap_or_else(|| page_not_found_now(&headers))
}

async fn health(
    State(hub): State<Hub>,
    State(connections): State<Connections>,
) -> Json<HealthView> {
    Json(HealthView {
        ok: true,
        games: hub.len(),
        finished: hub.finished_in_memory(),
        connections: connections.open(),
    })
}

async fn list_games(
    State(hub): State<Hub>,
    Query(query): Query<ListQuery>,
) -> Result<Json<ListView>, ApiError> {
    let status = query.status.unwrap_or(Status::Waiting);
    let games = hub.list(status, query.limit.unwrap_or(50)).await?;
    Ok(Json(ListView { games }))
}

/// How the games asked about stand (one's recent games, kept by the
/// browser): unknown ids are left out.
async fn games_status(
    State(hub): State<Hub>,
    Query(query): Query<crate::request::StatusQuery>,
) -> Result<Json<crate::view::StatusListView>, ApiError> {
    let ids: Vec<&str> = query.ids.split(',').filter(|s| !s.is_empty()).collect();
    if ids.len() > crate::request::MAX_STATUS_IDS {
        return Err(ApiError::bad_request(format!(
            "ids: at most {} games",
            crate::request::MAX_STATUS_IDS
        )));
    }
    let mut games = Vec::new();
    for id in ids {
        let Ok(room) = hub.room(id).await else {
            continue;
        };
        let game = room.view().await;
        games.push(crate::view::GameStatusView {
            id: game.id,
            status: game.status,
            created_ms: game.created_ms,
            moves: game.moves_from + game.moves.len(),
            result: game.result,
        });
    }
    Ok(Json(crate::view::StatusListView { games }))
}

async fn create_game(
    State(hub): State<Hub>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    MaybeAccount(account): MaybeAccount,
    Body(req): Body<CreateRequest>,
) -> Result<(StatusCode, Json<SeatedView>), ApiError> {
    let new = req.new_game()?;
    let seated = hub
        .create(new, &crate::limits::client_key(addr.ip()), account.as_ref())
        .await?;
    Ok((StatusCode::CREATED, Json(seated)))
}

async fn get_game(State(hub): State<Hub>, GameId(id): GameId) -> Result<Json<GameView>, ApiError> {
    Ok(Json(hub.room(&id).await?.view().await))
}

async fn join(
    State(hub): State<Hub>,
    GameId(id): GameId,
    MaybeAccount(account): MaybeAccount,
    Body(req): Body<JoinRequest>,
) -> Result<Json<SeatedView>, ApiError> {
    let room = hub.room(&id).await?;
    let seated = hub
        .join(&room, req.seat, req.name.as_deref(), account.as_ref())
        .await?;
    Ok(Json(seated))
}

/// A player's action on a game: the whole game after it.
async fn act(
    hub: &Hub,
    id: &str,
    caller: &Caller,
    action: Action,
) -> Result<Json<GameView>, ApiError> {
    let room = hub.room(id).await?;
    let holder = caller.holder(&room).await?;
    Ok(Json(hub.act(&room, &holder, action).await?))
}

async fn play(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    Body(req): Body<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    let mv = parse_move(&req.mv)?;
    act(&hub, &id, &caller, Action::Move(mv)).await
}

async fn resign(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    Body(req): Body<ResignRequest>,
) -> Result<Json<GameView>, ApiError> {
    act(&hub, &id, &caller, Action::Resign(req.seat)).await
}

async fn draw(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    Body(req): Body<DrawRequest>,
) -> Result<Json<GameView>, ApiError> {
    act(&hub, &id, &caller, Action::Draw(req.action)).await
}

async fn takeback(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    Body(req): Body<crate::request::TakebackRequest>,
) -> Result<Json<GameView>, ApiError> {
    act(&hub, &id, &caller, Action::Takeback(req.action)).await
}

async fn undo(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<GameView>, ApiError> {
    act(&hub, &id, &caller, Action::Undo).await
}

async fn abort(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<GameView>, ApiError> {
    act(&hub, &id, &caller, Action::Abort).await
}

async fn claim(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    Body(req): Body<crate::request::ClaimRequest>,
) -> Result<Json<GameView>, ApiError> {
    act(&hub, &id, &caller, Action::Claim(req.result)).await
}

async fn hint(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Result<Json<HintView>, ApiError> {
    let room = hub.room(&id).await?;
    let holder = caller.holder(&room).await?;
    let client = crate::limits::client_key(addr.ip());
    Ok(Json(hub.hint(&room, &holder, &client).await?))
}

/// The new game (`201`) once every player has asked, or the offer made
/// (`202 {"offered": true, "game"}`) while the others have not.
async fn rematch(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(Empty {}): Body<Empty>,
) -> Result<Response, ApiError> {
    let room = hub.room(&id).await?;
    let holder = caller.holder(&room).await?;
    let asked = hub
        .rematch(
            &room,
            &holder,
            caller.token(),
            &crate::limits::client_key(addr.ip()),
        )
        .await?;
    Ok(match asked {
        Rematch::Made(seated) => (StatusCode::CREATED, Json(seated)).into_response(),
        Rematch::Offered(game) => (
            StatusCode::ACCEPTED,
            Json(crate::view::RematchOfferView {
                offered: true,
                game,
            }),
        )
            .into_response(),
    })
}

async fn decline_rematch(
    State(hub): State<Hub>,
    GameId(id): GameId,
    caller: Caller,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<GameView>, ApiError> {
    let room = hub.room(&id).await?;
    let holder = caller.holder(&room).await?;
    Ok(Json(hub.decline_rematch(&room, &holder).await?))
}

async fn record(State(hub): State<Hub>, GameId(id): GameId) -> Result<Response, ApiError> {
    let room = hub.room(&id).await?;
    let text = room.record().await;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"quoridor-{id}.txt\""),
            ),
        ],
        text,
    )
        .into_response())
}
