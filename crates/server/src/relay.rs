//! A game's requests and sockets that reach an instance which does not
//! hold the game: relayed to the instance that does (several instances on
//! one PostgreSQL, docs/deploy.md "More than one machine"). The game stays
//! where it is; the request travels, with its client's address in
//! `X-Forwarded-For` (the instances trust each other as proxies), and a
//! WebSocket is spliced byte for byte once the holder has accepted it.
//!
//! Why relay rather than move the game: two players of one game may reach
//! two instances; moving the game to each request's instance would move
//! it at every move, and its clock and AI with it.
//!
//! The other requests go to one instance too: what the keeper serves for
//! all, to the keeper ([`kept`]); the rest, to the client's home, so that
//! each per-address limit is counted in one place.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};

use crate::error::ApiError;
use crate::hub::Hub;
use crate::metrics::Metrics;

/// Set on a relayed request: its receiver serves it or refuses it, never
/// relays it again (the game moved meanwhile: the client tries again).
const RELAYED: &str = "x-quoridor-relayed";

/// The client the instances relay with (keeps connections to the others
/// open between requests).
#[derive(Clone)]
pub struct Relay {
    client: Client<HttpConnector, Body>,
}

impl Default for Relay {
    fn default() -> Relay {
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        connector.set_connect_timeout(Some(std::time::Duration::from_secs(2)));
        Relay {
            client: Client::builder(TokioExecutor::new()).build(connector),
        }
    }
}

/// The game a path of the API is about (`/games/ID` and below; the
/// router has taken `/api` off).
fn game_of(path: &str) -> Option<&str> {
    let rest = path
        .strip_prefix("/api/games/")
        .or_else(|| path.strip_prefix("/games/"))?;
    let id = rest.split('/').next()?;
    // `/games/status` is the list's figures, not a game.
    (id != "status" && crate::token::is_game_id(id)).then_some(id)
}

/// What one instance, the keeper, serves for all ([`Hub::keeper`]): the
/// requests counted against limits kept in memory by address and by
/// account (wrong passwords, sign-ups an hour), so that a client whose
/// requests land on several instances gets no more tries than from one
/// server; the lobby, whose seeks are in memory, so that every seek meets
/// every other; the challenges, heard live by the pages it serves; and
/// the classes and tournaments, whose live state (a dashboard, a round's
/// pairings, the wrong PINs) is in its memory, as are their games.
fn kept(path: &str) -> bool {
    const EXACT: [&str; 5] = [
        "/account/login",
        "/account/signup",
        "/account/password",
        "/account/delete",
        "/account/bot",
    ];
    let under = |prefix: &str| {
        path.strip_prefix(prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    };
    const UNDER: [&str; 6] = [
        "/lobby",
        "/challenges",
        "/classes",
        "/tournaments",
        "/join",
        // One writer counts an account's API tokens.
        "/account/tokens",
    ];
    EXACT.contains(&path) || UNDER.into_iter().any(under)
}

/// Paths every instance answers itself: the proxy's health checks.
fn own(path: &str) -> bool {
    matches!(path, "/health" | "/ready")
}

/// The middleware: a game's request goes on here if this instance holds
/// the game (or takes it now), else to its holder; a request the keeper
/// serves for all goes to it ([`kept`]); any other goes to its client's
/// home ([`Hub::home_of`]), which counts every per-address limit of that
/// client (requests a second, games, searches, shared exercises) as one
/// server would, wherever the proxy sent the request.
pub async fn route(
    State(hub): State<Hub>,
    State(relay_client): State<Relay>,
    State(metrics): State<Arc<Metrics>>,
    request: Request,
    next: Next,
) -> Response {
    if kept(request.uri().path()) {
        return match hub.keeper() {
            Some(keeper) if !request.headers().contains_key(RELAYED) => {
                metrics.relayed.inc();
                relay(&relay_client, &keeper, request).await
            }
            _ => next.run(request).await,
        };
    }
    let Some(id) = game_of(request.uri().path()).map(str::to_string) else {
        let home = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .and_then(|ConnectInfo(addr)| hub.home_of(&crate::limits::client_key(addr.ip())));
        return match home {
            Some(home)
                if !request.headers().contains_key(RELAYED) && !own(request.uri().path()) =>
            {
                metrics.relayed.inc();
                relay(&relay_client, &home, request).await
            }
            _ => next.run(request).await,
        };
    };
    match hub.holder(&id).await {
        Ok(None) => next.run(request).await,
        Ok(Some(_)) if request.headers().contains_key(RELAYED) => {
            try_again("the game is moving to another instance: try again in a moment")
        }
        Ok(Some(address)) => {
            metrics.relayed.inc();
            relay(&relay_client, &address, request).await
        }
        Err(err) => ApiError::from(err).into_response(),
    }
}

/// A 503 to try again in a second (the game is being taken over, an
/// instance is being replaced).
fn try_again(message: &str) -> Response {
    let mut answer = ApiError::unavailable(message).into_response();
    answer
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    answer
}

/// Hop-by-hop headers: the relay's own connection's, not the request's.
const HOP_BY_HOP: [&str; 6] = [
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "proxy-authorization",
];

/// Sends `request` to the instance at `address` and answers what it
/// answers; a WebSocket it accepts is spliced to the client's.
async fn relay(relay: &Relay, address: &str, mut request: Request) -> Response {
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let upgrade = request.headers().contains_key(header::UPGRADE);
    // The path as the client sent it (the router took `/api` off).
    let original = request
        .extensions()
        .get::<axum::extract::OriginalUri>()
        .map_or_else(|| request.uri().clone(), |o| o.0.clone());
    let path = original
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_string();
    let Ok(uri) = format!("{}{path}", address.trim_end_matches('/')).parse::<Uri>() else {
        return ApiError::unavailable(
            "the instance that serves this has an address that cannot be used",
        )
        .into_response();
    };
    let client_upgrade = upgrade.then(|| hyper::upgrade::on(&mut request));
    let (mut parts, body) = request.into_parts();
    parts.uri = uri;
    for name in HOP_BY_HOP {
        parts.headers.remove(name);
    }
    if !upgrade {
        parts.headers.remove(header::CONNECTION);
    }
    // The client as this instance found it (behind its trusted proxy, or
    // the peer itself): the holder trusts the instances as proxies.
    parts.headers.remove("x-forwarded-for");
    if let Some(ip) = client.and_then(|ip| HeaderValue::from_str(&ip.to_string()).ok()) {
        parts.headers.insert("x-forwarded-for", ip);
    }
    parts.headers.insert(RELAYED, HeaderValue::from_static("1"));
    let outgoing = Request::from_parts(parts, body);
    let mut answer = match relay.client.request(outgoing).await {
        Ok(answer) => answer,
        Err(err) => {
            tracing::warn!(target: "quoridor::cluster", instance = %address, error = %err, "the instance that serves this did not answer");
            return try_again(
                "the instance that serves this does not answer: try again in a moment",
            );
        }
    };
    if answer.status() == axum::http::StatusCode::SWITCHING_PROTOCOLS {
        if let Some(client_upgrade) = client_upgrade {
            let holder_upgrade = hyper::upgrade::on(&mut answer);
            tokio::spawn(async move {
                let (Ok(client), Ok(holder)) = tokio::join!(client_upgrade, holder_upgrade) else {
                    return;
                };
                let mut client = TokioIo::new(client);
                let mut holder = TokioIo::new(holder);
                let _ = tokio::io::copy_bidirectional(&mut client, &mut holder).await;
            });
        }
    }
    answer.map(Body::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_games_paths_are_relayed() {
        let id = crate::token::new_game_id();
        assert_eq!(game_of(&format!("/games/{id}")), Some(id.as_str()));
        assert_eq!(game_of(&format!("/api/games/{id}/move")), Some(id.as_str()));
        assert_eq!(game_of(&format!("/games/{id}/ws")), Some(id.as_str()));
        assert_eq!(game_of("/games/status"), None);
        assert_eq!(game_of("/games"), None);
        assert_eq!(game_of("/lobby/seek"), None);
        assert_eq!(game_of("/games/../accounts"), None);
    }

    #[test]
    fn the_keeper_serves_the_lobby_the_classes_and_the_counted_account_requests() {
        for path in [
            "/lobby",
            "/lobby/ws",
            "/challenges/x/accept",
            "/account/login",
            "/classes",
            "/classes/abc/live",
            "/join",
            "/tournaments/t1/start",
        ] {
            assert!(kept(path), "{path}");
        }
        for path in [
            "/lobbyist",
            "/account",
            "/account/games",
            "/challengesx",
            "/joinery",
            "/games",
            "/classroom/exercises",
        ] {
            assert!(!kept(path), "{path}");
        }
    }
}
