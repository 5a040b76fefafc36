//! Games paired through the lobby (`--lobby`): for each game, one client
//! posts a seek over its lobby WebSocket and another accepts it by its id;
//! both hear their seat and token. With `--accounts` the seeks are rated
//! and the clients carry the accounts' session cookies.

use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use quoridor_rules::Seat;
use quoridor_server::lobby::view::LobbyMessage;
use serde_json::json;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use super::http::Seats;
use super::settings::micros;

type Ws = WebSocketStream<TcpStream>;
type Failure = (String, String);

fn failure(kind: &str, example: impl Into<String>) -> Failure {
    (kind.to_string(), example.into())
}

async fn open(
    addr: SocketAddr,
    host: &str,
    name: &str,
    session: Option<&str>,
) -> Result<Ws, Failure> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|err| failure("lobby", format!("connect: {err}")))?;
    let _ = stream.set_nodelay(true);
    let mut request = format!("ws://{host}/api/lobby/ws?name={name}")
        .into_client_request()
        .map_err(|err| failure("lobby", err.to_string()))?;
    if let Some(session) = session {
        let cookie = format!("quoridor_session={session}")
            .parse()
            .map_err(|_| failure("lobby", "a bad cookie"))?;
        request.headers_mut().insert("cookie", cookie);
    }
    let (ws, _) = tokio_tungstenite::client_async(request, stream)
        .await
        .map_err(|err| failure("lobby", format!("handshake: {err}")))?;
    Ok(ws)
}

/// The next message that `pick` keeps (an error message fails).
async fn until<T>(ws: &mut Ws, pick: impl Fn(&LobbyMessage) -> Option<T>) -> Result<T, Failure> {
    loop {
        let next = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .map_err(|_| failure("lobby", "no answer in 30 s"))?;
        let Some(Ok(Message::Text(text))) = next else {
            return Err(failure("lobby", "the lobby closed"));
        };
        let message: LobbyMessage = serde_json::from_str(text.as_str())
            .map_err(|err| failure("bad answer", format!("{err}: {text}")))?;
        if let LobbyMessage::Error { error } = &message {
            return Err(failure(&error.code, error.message.clone()));
        }
        if let Some(found) = pick(&message) {
            return Ok(found);
        }
    }
}

async fn send(ws: &mut Ws, value: serde_json::Value) -> Result<(), Failure> {
    ws.send(Message::text(value.to_string()))
        .await
        .map_err(|err| failure("lobby", err.to_string()))
}

fn paired(message: &LobbyMessage) -> Option<(String, Seat, String)> {
    match message {
        LobbyMessage::Paired { game, seat, token } => Some((game.clone(), *seat, token.clone())),
        _ => None,
    }
}

/// Pairs one game in the lobby; the time from the accept to both players
/// knowing their game goes to `latencies`.
pub async fn pair_game(
    addr: SocketAddr,
    host: &str,
    index: usize,
    latencies: &Mutex<Vec<u32>>,
    accounts: Option<(&str, &str)>,
) -> Result<Seats, Failure> {
    let (a, b) = accounts.unzip();
    let mut seeker = open(addr, host, &format!("bot{index}s"), a).await?;
    let mut acceptor = open(addr, host, &format!("bot{index}n"), b).await?;
    let seek = json!({
        "type": "seek",
        "clock": {"initial_ms": 600_000, "increment_ms": 5_000},
        "rated": accounts.is_some(),
    });
    send(&mut seeker, seek).await?;
    let id = until(&mut seeker, |m| match m {
        LobbyMessage::Seeking { id } => Some(*id),
        _ => None,
    })
    .await?;
    let start = Instant::now();
    send(&mut acceptor, json!({"type": "accept", "id": id})).await?;
    let (game, seat, token) = until(&mut acceptor, paired).await?;
    let (seeker_game, _, seeker_token) = until(&mut seeker, paired).await?;
    latencies
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(micros(start.elapsed()));
    if seeker_game != game {
        return Err(failure("lobby", "the two players heard of two games"));
    }
    let _ = seeker.close(None).await;
    let _ = acceptor.close(None).await;
    let (south, north) = if seat == Seat::South {
        (token, seeker_token)
    } else {
        (seeker_token, token)
    };
    Ok(Seats {
        id: game,
        south,
        north,
    })
}
