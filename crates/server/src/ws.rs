//! Live games over WebSocket: the state after every change, and moves,
//! resignations, draw offers and undos from the players.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use crate::api::{seat_field, WsConfig};
use crate::error::ApiError;
use crate::hub::{Hub, Room};
use crate::limits::Bucket;
use crate::token::hash_token;

#[derive(Deserialize)]
pub struct WsQuery {
    token: Option<String>,
}

pub async fn upgrade(
    State(hub): State<Hub>,
    State(config): State<Arc<WsConfig>>,
    Path(id): Path<String>,
    Query(query): Query<WsQuery>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let room = hub.room(&id).await?;
    let holder = query
        .token
        .filter(|t| !t.is_empty() && t.len() <= 128)
        .map(|t| hash_token(&t));
    // Small buffers: the messages are small, and thousands of connections
    // with tungstenite's 128 KiB defaults would hold hundreds of megabytes.
    Ok(ws
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_message_size(config.max_message)
        .max_frame_size(config.max_message)
        .on_upgrade(move |socket| connection(hub, config, room, holder, socket)))
}

/// A message from a client.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    Resign {
        #[serde(default)]
        seat: Option<String>,
    },
    Draw {
        action: String,
    },
    Undo,
    Ping,
}

fn error_message(err: &ApiError) -> String {
    let mut body = err.body();
    body["type"] = Value::String("error".into());
    body.to_string()
}

async fn connection(
    hub: Hub,
    config: Arc<WsConfig>,
    room: Arc<Room>,
    holder: Option<String>,
    socket: WebSocket,
) {
    // Subscribe first, so that no change falls between the first state and
    // the stream of changes.
    let mut events = room.subscribe();
    let seats = match &holder {
        Some(h) => room.seats_of(h).await,
        None => Vec::new(),
    };
    let (mut tx, mut rx) = socket.split();
    if holder.is_some() && seats.is_empty() {
        let _ = tx
            .send(Message::Text(
                error_message(&ApiError::unauthorized()).into(),
            ))
            .await;
    }
    let seats_for_presence = seats.clone();
    let names: Vec<&str> = seats.iter().map(|&s| s.name()).collect();
    let arrived = if seats.is_empty() {
        json!({"kind": "spectator_joined"})
    } else {
        json!({"kind": "connected", "seats": names})
    };
    hub.presence(&room, arrived, |state| {
        if seats_for_presence.is_empty() {
            state.spectators += 1;
        }
        for seat in &seats_for_presence {
            if let Some(i) = state.seats.iter().position(|s| s.seat == *seat) {
                state.connections[i] += 1;
            }
        }
    })
    .await;
    let first = json!({
        "type": "state",
        "event": {"kind": "hello", "seats": names},
        "you": names,
        "game": room.json().await,
    })
    .to_string();
    let mut alive = tx.send(Message::Text(first.into())).await.is_ok();
    let mut bucket = Bucket::new(
        config.messages_per_second,
        config.messages_per_second.max(1) * 2,
    );
    while alive {
        tokio::select! {
            event = events.recv() => match event {
                Ok(text) => alive = tx.send(Message::Text(text)).await.is_ok(),
                Err(RecvError::Lagged(_)) => {
                    // Too slow to follow every change: send the latest.
                    let now = json!({"type": "state", "game": room.json().await}).to_string();
                    alive = tx.send(Message::Text(now.into())).await.is_ok();
                }
                Err(RecvError::Closed) => alive = false,
            },
            incoming = rx.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let err = ApiError::bad_request("send JSON text messages");
                        alive = tx.send(Message::Text(error_message(&err).into())).await.is_ok();
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => continue,
                    Some(Err(_)) => {
                        // Includes a message over the size limit.
                        let err = ApiError::payload_too_large(config.max_message);
                        let _ = tx.send(Message::Text(error_message(&err).into())).await;
                        break;
                    }
                };
                if !bucket.take(Instant::now()) {
                    let err = ApiError::rate_limited();
                    alive = tx.send(Message::Text(error_message(&err).into())).await.is_ok();
                    continue;
                }
                let reply = handle(&hub, &room, holder.as_deref(), &text).await;
                if let Some(reply) = reply {
                    alive = tx.send(Message::Text(reply.into())).await.is_ok();
                }
            }
        }
    }
    let left = if seats.is_empty() {
        json!({"kind": "spectator_left"})
    } else {
        json!({"kind": "disconnected", "seats": names})
    };
    hub.presence(&room, left, |state| {
        if seats.is_empty() {
            state.spectators = state.spectators.saturating_sub(1);
        }
        for seat in &seats {
            if let Some(i) = state.seats.iter().position(|s| s.seat == *seat) {
                state.connections[i] = state.connections[i].saturating_sub(1);
            }
        }
    })
    .await;
}

/// Carries out one message; the answer to send back, if any (the new state
/// reaches everyone through the room's events).
async fn handle(hub: &Hub, room: &Arc<Room>, holder: Option<&str>, text: &str) -> Option<String> {
    let message: ClientMessage = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(err) => {
            return Some(error_message(&ApiError::bad_request(format!(
                "expected {{\"type\": \"move\" | \"resign\" | \"draw\" | \"undo\" | \"ping\", ...}}: {err}"
            ))))
        }
    };
    if let ClientMessage::Ping = message {
        return Some(json!({"type": "pong"}).to_string());
    }
    let Some(holder) = holder else {
        return Some(error_message(&ApiError::unauthorized()));
    };
    let result = match message {
        ClientMessage::Move { mv } => hub
            .change(room, |state, now| state.play(holder, &mv, now))
            .await
            .map(drop),
        ClientMessage::Resign { seat } => match seat_field(seat.as_deref()) {
            Ok(seat) => hub
                .change(room, |state, now| state.resign(holder, seat, now))
                .await
                .map(drop),
            Err(err) => Err(err),
        },
        ClientMessage::Draw { action } => hub
            .change(room, |state, now| state.draw(holder, &action, now))
            .await
            .map(drop),
        ClientMessage::Undo => hub
            .change(room, |state, now| state.undo(holder, now))
            .await
            .map(drop),
        ClientMessage::Ping => Ok(()),
    };
    result.err().map(|err| error_message(&err))
}
