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
//! Every request first reaches its client's home, which counts each
//! per-address limit in one place (requests a second and connections
//! included); the home serves it, or sends it on, counted: a game's to its
//! holder, what the keeper serves for all to the keeper ([`kept`]).

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

/// Set on a relayed request by the instance that relays it, saying what
/// its receiver does with it ([`Relayed`]). Believed only from another
/// live instance: the accept loop takes it off any other request
/// ([`strip_forged`]), so a client cannot use it to skip its home.
pub const RELAYED: &str = "x-quoridor-relayed";

/// Why a request was relayed: each request is counted once, by its
/// client's home, and travels at most twice (to the home, then from the
/// home to the game's holder or the keeper).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relayed {
    /// To the client's home, which counts it, then serves it or sends it
    /// on; never back to another home.
    ToHome,
    /// Counted by the client's home: served here, never counted or
    /// relayed again (the game moved meanwhile: the client tries again).
    Counted,
    /// The client's address spent its budget at its home: served here
    /// only on the budget of a class's member ([`crate::api`]'s
    /// `rate_limit`), which the keeper keeps with the class.
    Spent,
}

impl Relayed {
    /// The mark a request carries, if any (an unknown value, from an
    /// instance of an older version, is one to count here).
    pub fn of(headers: &axum::http::HeaderMap) -> Option<Relayed> {
        let value = headers.get(RELAYED)?;
        Some(match value.as_bytes() {
            b"counted" => Relayed::Counted,
            b"spent" => Relayed::Spent,
            _ => Relayed::ToHome,
        })
    }

    fn value(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Relayed::ToHome => "home",
            Relayed::Counted => "counted",
            Relayed::Spent => "spent",
        })
    }
}

/// Takes the relay mark off a request that does not come from a live
/// instance (`from_peer`): a client that set it itself would otherwise be
/// served by whichever instance the proxy chose, with that instance's
/// fresh budgets.
pub fn strip_forged(headers: &mut axum::http::HeaderMap, from_peer: bool) {
    if !from_peer {
        headers.remove(RELAYED);
    }
}

/// How long an instance that could not be reached is not used as a
/// client's home: the lease's length, after which the others have let
/// it go (or it answered its renewals again).
const UNREACHABLE_FOR: std::time::Duration =
    std::time::Duration::from_millis(crate::db::postgres::LEASE_MS as u64);

/// The client the instances relay with (keeps connections to the others
/// open between requests).
#[derive(Clone)]
pub struct Relay {
    client: Client<HttpConnector, Body>,
    /// The instances a connection could not be opened to, and when: a
    /// client whose home is one of them is counted where it lands
    /// meanwhile, rather than wait for the home's lease to lapse.
    unreachable: Arc<std::sync::Mutex<std::collections::HashMap<String, std::time::Instant>>>,
}

impl Relay {
    fn reachable(&self, address: &str) -> bool {
        let mut gone = self.unreachable.lock().unwrap_or_else(|e| e.into_inner());
        match gone.get(address) {
            Some(since) if since.elapsed() < UNREACHABLE_FOR => false,
            Some(_) => {
                gone.remove(address);
                true
            }
            None => true,
        }
    }

    fn unreachable(&self, address: &str) {
        self.unreachable
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(address.to_string(), std::time::Instant::now());
    }
}

impl Default for Relay {
    fn default() -> Relay {
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        connector.set_connect_timeout(Some(std::time::Duration::from_secs(2)));
        Relay {
            client: Client::builder(TokioExecutor::new()).build(connector),
            unreachable: Arc::default(),
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

/// The middleware. A request first goes to its client's home
/// ([`Hub::home_of`]), which counts every per-address limit of that
/// client as one server would (requests a second, connections, games,
/// searches, shared exercises), wherever the proxy sent it. The home
/// serves it, or sends it on, counted: a game's request to the instance
/// that holds the game (or takes it now), a request the keeper serves for
/// all ([`kept`]) to the keeper.
pub async fn route(
    State(hub): State<Hub>,
    State(relay_client): State<Relay>,
    State(metrics): State<Arc<Metrics>>,
    State(limit): State<Arc<crate::limits::PerClient>>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path().to_string();
    if own(&path) {
        return next.run(request).await;
    }
    // Its lease lost, this instance knows nothing it may act on: where a
    // game is, who is live. It serves nothing while it stops.
    if hub.lost_lease() {
        return try_again("this instance is stopping: try again in a moment");
    }
    let mark = Relayed::of(request.headers());
    if matches!(mark, Some(Relayed::Counted | Relayed::Spent)) {
        return match game_of(&path).map(str::to_string) {
            Some(id) => match hub.holder(&id).await {
                Ok(None) => next.run(request).await,
                Ok(Some(_)) => {
                    try_again("the game is moving to another instance: try again in a moment")
                }
                Err(err) => ApiError::from(err).into_response(),
            },
            None => next.run(request).await,
        };
    }
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    if mark.is_none() {
        let home = client.and_then(|ip| hub.home_of(&crate::limits::client_key(ip)));
        if let Some(home) = home.filter(|home| relay_client.reachable(home)) {
            metrics.relayed.inc();
            return relay(&relay_client, &home, request, Relayed::ToHome).await;
        }
    }
    // This is the client's home: where is the request served?
    let serves = if kept(&path) {
        hub.keeper()
    } else if let Some(id) = game_of(&path) {
        match hub.holder(id).await {
            Ok(holder) => holder,
            Err(err) => return ApiError::from(err).into_response(),
        }
    } else {
        None
    };
    let Some(serves) = serves else {
        // Here: the rate limit's middleware counts it.
        return next.run(request).await;
    };
    let counted = client.is_none_or(|ip| limit.allow(ip));
    let mark = match counted {
        true => Relayed::Counted,
        false if is_class_path(&path) => Relayed::Spent,
        false => return ApiError::RateLimited.into_response(),
    };
    metrics.relayed.inc();
    relay(&relay_client, &serves, request, mark).await
}

/// A class's own routes, where a member's budget may serve once the
/// address's is spent (the school's one address, 25 pupils).
fn is_class_path(path: &str) -> bool {
    path.starts_with("/classes/")
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
async fn relay(relay: &Relay, address: &str, mut request: Request, mark: Relayed) -> Response {
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
    parts.headers.insert(RELAYED, mark.value());
    let outgoing = Request::from_parts(parts, body);
    let mut answer = match relay.client.request(outgoing).await {
        Ok(answer) => answer,
        Err(err) => {
            if err.is_connect() {
                relay.unreachable(address);
            }
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
    fn the_relay_mark_says_what_to_do_and_is_taken_off_a_clients_request() {
        let mut headers = axum::http::HeaderMap::new();
        assert_eq!(Relayed::of(&headers), None);
        for mark in [Relayed::ToHome, Relayed::Counted, Relayed::Spent] {
            headers.insert(RELAYED, mark.value());
            assert_eq!(Relayed::of(&headers), Some(mark));
        }
        // An older instance's mark: counted where it arrives.
        headers.insert(RELAYED, HeaderValue::from_static("1"));
        assert_eq!(Relayed::of(&headers), Some(Relayed::ToHome));
        headers.insert(RELAYED, Relayed::Counted.value());
        strip_forged(&mut headers, true);
        assert_eq!(Relayed::of(&headers), Some(Relayed::Counted));
        strip_forged(&mut headers, false);
        assert_eq!(Relayed::of(&headers), None);
    }

    #[test]
    fn an_instance_that_could_not_be_reached_is_not_a_home_for_a_while() {
        let relay = Relay::default();
        assert!(relay.reachable("http://10.0.0.2:8080"));
        relay.unreachable("http://10.0.0.2:8080");
        assert!(!relay.reachable("http://10.0.0.2:8080"));
        assert!(relay.reachable("http://10.0.0.3:8080"));
    }

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
