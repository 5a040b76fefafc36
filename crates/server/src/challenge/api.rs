//! The challenges' routes (`/api/challenges`: the lists, a new one, and
//! accept, decline, cancel) and their socket (`/api/challenges/ws`: the
//! lists at once and after every change, and the game when one is
//! accepted). Every route is an account's: the session cookie, or a
//! personal API token (a bot's).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;

use super::model::clock_of;
use super::view::{AcceptedView, ChallengeMessage, ChallengeRequest, ChallengesView};
use super::{Ask, ChallengeError, Challenges, Event, EventKind};
use crate::account::session::Player;
use crate::account::Account;
use crate::error::ApiError;
use crate::extract::Body;
use crate::hub::Hub;
use crate::socket::{self, Live, WsConfig};
use crate::state::AppState;
use crate::wall_ms;

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/challenges", get(list).post(create))
        .route("/challenges/ws", get(upgrade))
        .route("/challenges/{id}/accept", post(accept))
        .route("/challenges/{id}/decline", post(decline))
        .route("/challenges/{id}/cancel", post(cancel))
}

async fn list(
    State(challenges): State<Challenges>,
    Player(account): Player,
) -> Json<ChallengesView> {
    Json(challenges.list(account.id, wall_ms()).await)
}

async fn create(
    State(challenges): State<Challenges>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Player(account): Player,
    Body(req): Body<ChallengeRequest>,
) -> Result<Response, ApiError> {
    let clock = clock_of(req.clock, req.days).map_err(ChallengeError::from)?;
    let ask = Ask {
        client: crate::limits::client_key(addr.ip()),
        to: req.to,
        clock,
        rated: req.rated,
        takebacks: req.takebacks,
        colour: req.color,
    };
    let view = challenges.create(&account, ask, wall_ms()).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn accept(
    State(challenges): State<Challenges>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Player(account): Player,
    Path(id): Path<String>,
) -> Result<Json<AcceptedView>, ApiError> {
    let client = crate::limits::client_key(addr.ip());
    let game = challenges.accept(&account, &id, &client, wall_ms()).await?;
    Ok(Json(AcceptedView {
        challenge: id,
        game,
    }))
}

async fn decline(
    State(challenges): State<Challenges>,
    Player(account): Player,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    challenges.decline(&account, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn cancel(
    State(challenges): State<Challenges>,
    Player(account): Player,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    challenges.cancel(&account, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn upgrade(
    State(challenges): State<Challenges>,
    State(config): State<Arc<WsConfig>>,
    State(hub): State<Hub>,
    Player(account): Player,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    Ok(socket::configure(ws, config.max_message)
        .on_upgrade(move |socket| connection(challenges, hub, config, account, socket)))
}

fn text(message: &ChallengeMessage) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(message).expect("views serialize"),
    ))
}

async fn connection(
    challenges: Challenges,
    hub: Hub,
    config: Arc<WsConfig>,
    account: Account,
    socket: WebSocket,
) {
    // Subscribed before the first list is read: nothing falls between.
    let events = challenges.subscribe();
    let playing = hub.follow_playing();
    let first = vec![text(&ChallengeMessage::Challenges(
        challenges.list(account.id, wall_ms()).await,
    ))];
    let live = ChallengeLive {
        challenges,
        account,
        events,
        playing,
    };
    let stopping = async move { hub.stopped().await };
    socket::run(socket, live, config, first, stopping).await;
}

/// One account's page following its challenges and its games in
/// progress.
struct ChallengeLive {
    challenges: Challenges,
    account: Account,
    events: Receiver<Event>,
    playing: Receiver<Arc<[u64]>>,
}

/// What wakes a page's challenges' socket.
enum Signal {
    /// A challenge of this account changed (or some were missed).
    Challenge(Result<Event, RecvError>),
    /// A game of this account moved on (or some were missed).
    Playing,
}

impl Live for ChallengeLive {
    const KIND: &'static str = "challenges";

    type Signal = Signal;

    async fn wait(&mut self) -> Option<Self::Signal> {
        let me = self.account.id;
        loop {
            tokio::select! {
                event = self.events.recv() => match event {
                    Ok(event) if !event.accounts.contains(&me) => continue,
                    Err(RecvError::Closed) => return None,
                    other => return Some(Signal::Challenge(other)),
                },
                accounts = self.playing.recv() => match accounts {
                    Ok(accounts) if !accounts.contains(&me) => continue,
                    Err(RecvError::Closed) => return None,
                    _ => return Some(Signal::Playing),
                },
            }
        }
    }

    async fn messages(&mut self, signal: Self::Signal) -> Option<Vec<Message>> {
        let signal = match signal {
            Signal::Playing => return Some(vec![text(&ChallengeMessage::Playing)]),
            Signal::Challenge(signal) => signal,
        };
        let mut out = Vec::new();
        if let Ok(event) = signal {
            match event.kind {
                EventKind::Changed => {}
                EventKind::Accepted { challenge, game } => {
                    out.push(text(&ChallengeMessage::Accepted(AcceptedView {
                        challenge,
                        game,
                    })));
                }
                EventKind::Declined { challenge, by } => {
                    if event.accounts[0] == self.account.id {
                        out.push(text(&ChallengeMessage::Declined { challenge, by }));
                    }
                }
            }
        }
        // After any change (or missed ones), the lists as they stand.
        let lists = self.challenges.list(self.account.id, wall_ms()).await;
        out.push(text(&ChallengeMessage::Challenges(lists)));
        Some(out)
    }

    fn error(&self, err: &ApiError) -> Message {
        text(&ChallengeMessage::Error { error: err.view() })
    }
}
