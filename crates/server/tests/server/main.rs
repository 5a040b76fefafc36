//! The real server on a free port with a temporary database, driven over
//! HTTP and WebSocket like the page and bots drive it. Answers are read
//! into the server's own view types, so that a renamed field fails the
//! build rather than a test.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use quoridor_rules::{IllegalMove, Seat};
use quoridor_server::request::{ClientMessage, CreateRequest, SeatKind, SeatRequest};
use quoridor_server::view::{
    ErrorBody, EventView, GameView, HealthView, HintView, ListView, SeatedView, ServerMessage,
};
use quoridor_server::{start, ServeArgs};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

#[path = "../harness/mod.rs"]
mod harness;

mod clocks;
mod input;
mod life;
mod play;

use harness::{Harness, Reply, Ws};

fn human(mine: bool, name: Option<&str>) -> SeatRequest {
    SeatRequest {
        name: name.map(str::to_string),
        ..SeatRequest::human(mine)
    }
}

fn ai(level: u8) -> SeatRequest {
    SeatRequest {
        kind: SeatKind::Ai,
        level: Some(level),
        mine: false,
        name: None,
    }
}

fn online_game() -> CreateRequest {
    CreateRequest {
        seats: vec![human(true, Some("Ana")), human(false, None)],
        ..CreateRequest::default()
    }
}

/// A game followed over a WebSocket: the moves kept as the messages give
/// them (each state carries only the entries from `moves_from` on).
struct Follower {
    ws: Ws,
    moves: Vec<quoridor_server::view::MoveView>,
    last: Option<GameView>,
    events: Vec<EventView>,
}

impl Follower {
    async fn new(h: &Harness, id: &str, token: Option<&str>) -> Follower {
        Follower {
            ws: h.ws(id, token).await,
            moves: Vec::new(),
            last: None,
            events: Vec::new(),
        }
    }

    /// The next message, within 10 s.
    async fn next(&mut self) -> ServerMessage {
        let msg = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
            .await
            .expect("a message within 10 s")
            .expect("the connection is open")
            .unwrap();
        match msg {
            Message::Text(text) => {
                let message: ServerMessage = serde_json::from_str(&text).unwrap();
                if let ServerMessage::State { event, game, .. } = &message {
                    self.moves.truncate(game.moves_from);
                    self.moves.extend(game.moves.iter().cloned());
                    self.last = Some((**game).clone());
                    self.events.push(event.clone());
                }
                message
            }
            other => panic!("a text message, not {other:?}"),
        }
    }

    /// The next state (skipping pongs and errors).
    async fn state(&mut self) -> GameView {
        loop {
            if let ServerMessage::State { game, .. } = self.next().await {
                return *game;
            }
        }
    }

    /// The next error's code.
    async fn error(&mut self) -> String {
        loop {
            if let ServerMessage::Error { error } = self.next().await {
                return error.code;
            }
        }
    }

    /// States until the history has `n` entries.
    async fn until_moves(&mut self, n: usize) -> GameView {
        loop {
            let game = self.state().await;
            if self.moves.len() >= n {
                return game;
            }
        }
    }

    async fn send(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).unwrap();
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }
}

fn mv(text: &str) -> ClientMessage {
    ClientMessage::Move { mv: text.into() }
}

impl Harness {
    async fn create_raw(&self, body: &CreateRequest) -> Reply {
        self.post("/api/games", None, body).await
    }
}
