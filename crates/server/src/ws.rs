//! Live games over WebSocket: the state after every change, the chat, and
//! the same actions as the HTTP routes ([`ClientMessage`] → [`Action`]),
//! on the one WebSocket loop ([`socket::run`]).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use quoridor_rules::Seat;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;

use crate::account::session::logged_in;
use crate::account::{Account, Accounts};
use crate::club::Clubs;
use crate::db::accounts as account_store;
use crate::error::ApiError;
use crate::extract::{request_token, token_in_address, GameId, Query};
use crate::hub::chat::{Channel, ChatLine};
use crate::hub::{Hub, Room};
use crate::limits::Bucket;
use crate::request::{ClientMessage, WsQuery};
use crate::socket::{self, Live, WsConfig};
use crate::token::hash_token;
use crate::view::{EventView, GameView, ServerMessage};
use quoridor_game::RoomError;

#[allow(clippy::too_many_arguments)]
pub async fn upgrade(
    State(hub): State<Hub>,
    State(clubs): State<Clubs>,
    State(config): State<Arc<WsConfig>>,
    State(accounts): State<Accounts>,
    headers: axum::http::HeaderMap,
    GameId(id): GameId,
    Query(query): Query<WsQuery>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    let room = hub.room(&id).await?;
    if query.token.is_some() {
        return Err(token_in_address());
    }
    let mut token = request_token(&headers);
    let mut account = logged_in(&headers, &accounts).map(|(a, _)| a);
    // A personal API token acts as its account, a seat's token as itself.
    if let Some(api) = token.take_if(|t| crate::account::tokens::is_api_token(t)) {
        account = Some(accounts.api_token_account(&api).await?);
    }
    // Without a token, a logged-in player acts for the seats of their
    // account (from any browser).
    let holder = match (token, &account) {
        (Some(t), _) => Some(hash_token(&t)),
        (None, Some(account)) => room.account_holder(account.id).await,
        (None, None) => None,
    };
    let blocked = match &account {
        Some(a) => {
            let id = a.id;
            accounts
                .read(move |conn| account_store::blocked(conn, id))
                .await?
        }
        None => HashSet::new(),
    };
    let viewer = Viewer { account, blocked };
    Ok(socket::configure(ws, config.max_message)
        .on_upgrade(move |socket| connection(hub, clubs, config, room, holder, viewer, socket)))
}

fn text(message: &ServerMessage) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(message).expect("views serialize"),
    ))
}

fn error_message(err: &ApiError) -> Message {
    text(&ServerMessage::Error { error: err.view() })
}

/// Counts a connection in (or out of) the room: spectators, or the seats
/// it holds.
async fn count(hub: &Hub, room: &Arc<Room>, seats: &[Seat], arriving: bool) {
    let event = match (seats.is_empty(), arriving) {
        (true, true) => EventView::SpectatorJoined,
        (true, false) => EventView::SpectatorLeft,
        (false, true) => EventView::Connected {
            seats: seats.to_vec(),
        },
        (false, false) => EventView::Disconnected {
            seats: seats.to_vec(),
        },
    };
    hub.presence(room, event, |state, now| {
        state.count_connection(seats, arriving, now)
    })
    .await;
}

/// Who is behind a connection, for the chat: the account (if logged in)
/// and the accounts it blocks.
struct Viewer {
    account: Option<Account>,
    blocked: HashSet<u64>,
}

/// A connection's chat: on or off, its own pace of lines.
struct ChatState {
    on: bool,
    channel: Channel,
    bucket: Bucket,
}

/// One connection to a game: a player's seats, or a spectator.
struct GameLive {
    hub: Hub,
    /// Keeps the lines of a class's games for their teacher.
    clubs: Clubs,
    room: Arc<Room>,
    holder: Option<String>,
    seats: Vec<Seat>,
    viewer: Viewer,
    events: Receiver<Utf8Bytes>,
    chat_lines: Receiver<ChatLine>,
    chat: ChatState,
}

/// What came for a game's connection.
enum GameSignal {
    State(Result<Utf8Bytes, RecvError>),
    Chat(Result<ChatLine, RecvError>),
}

async fn connection(
    hub: Hub,
    clubs: Clubs,
    config: Arc<WsConfig>,
    room: Arc<Room>,
    holder: Option<String>,
    viewer: Viewer,
    socket: WebSocket,
) {
    // Subscribe first, so that no change falls between the first state and
    // the stream of changes.
    let events = room.subscribe();
    let chat_lines = room.chat.subscribe();
    let seats = match &holder {
        Some(h) => room.seats_of(h).await,
        None => Vec::new(),
    };
    let mut first = Vec::new();
    if holder.is_some() && seats.is_empty() {
        first.push(error_message(&RoomError::Unauthorized.into()));
    }
    count(&hub, &room, &seats, true).await;
    first.push(text(&ServerMessage::State {
        event: EventView::Hello {
            seats: seats.clone(),
        },
        you: Some(seats.clone()),
        game: Box::new(room.view().await),
    }));
    let stopping = {
        let hub = hub.clone();
        async move { hub.stopped().await }
    };
    let live = GameLive {
        chat: ChatState {
            on: false,
            channel: if seats.is_empty() {
                Channel::Spectators
            } else {
                Channel::Players
            },
            // A line a second, three at once.
            bucket: Bucket::new(1, 3),
        },
        hub,
        clubs,
        room,
        holder,
        seats,
        viewer,
        events,
        chat_lines,
    };
    socket::run(socket, live, config, first, stopping).await;
}

impl Live for GameLive {
    const KIND: &'static str = "game";

    type Signal = GameSignal;

    async fn wait(&mut self) -> Option<GameSignal> {
        Some(tokio::select! {
            state = self.events.recv() => GameSignal::State(state),
            line = self.chat_lines.recv() => GameSignal::Chat(line),
        })
    }

    async fn messages(&mut self, signal: GameSignal) -> Option<Vec<Message>> {
        Some(match signal {
            GameSignal::State(Ok(bytes)) => vec![Message::Text(bytes)],
            GameSignal::State(Err(RecvError::Lagged(_))) => {
                // Too slow to follow every change: the whole game again.
                let now = ServerMessage::State {
                    event: EventView::Other,
                    you: None,
                    game: Box::new(GameView::clone(&self.room.view().await)),
                };
                vec![text(&now)]
            }
            GameSignal::State(Err(RecvError::Closed)) => return None,
            GameSignal::Chat(Ok(line)) => {
                let blocked = line
                    .account_id
                    .is_some_and(|a| self.viewer.blocked.contains(&a));
                if self.chat.on && line.channel == self.chat.channel && !blocked {
                    vec![text(&ServerMessage::Chat { line })]
                } else {
                    Vec::new()
                }
            }
            GameSignal::Chat(Err(RecvError::Lagged(_))) => Vec::new(),
            GameSignal::Chat(Err(RecvError::Closed)) => return None,
        })
    }

    /// Each message is read once, then carried out; the new state reaches
    /// everyone through the room's events.
    async fn handle(&mut self, said: Utf8Bytes) -> Option<Message> {
        let message: ClientMessage = match serde_json::from_str(said.as_str()) {
            Ok(m) => m,
            Err(err) => {
                let err = ApiError::bad_request(format!(
                    "expected {{\"type\": \"move\" | \"resign\" | \"draw\" | \"takeback\" | \"undo\" | \"abort\" | \"ping\" | \"chat\" | \"chat_on\", ...}}: {err}"
                ));
                return Some(error_message(&err));
            }
        };
        match message {
            ClientMessage::ChatOn { on } => {
                if on {
                    if let Err(err) = self.may_chat().await {
                        return Some(error_message(&err));
                    }
                }
                self.chat.on = on;
                on.then(|| {
                    let blocked = &self.viewer.blocked;
                    let lines = self
                        .room
                        .chat
                        .history(self.chat.channel)
                        .into_iter()
                        .filter(|l| !l.account_id.is_some_and(|a| blocked.contains(&a)))
                        .collect();
                    text(&ServerMessage::ChatHistory { lines })
                })
            }
            ClientMessage::Chat { text: line } => {
                self.say(&line).await.err().map(|e| error_message(&e))
            }
            other => self.act(other).await,
        }
    }

    fn error(&self, err: &ApiError) -> Message {
        error_message(err)
    }

    async fn end(self) {
        count(&self.hub, &self.room, &self.seats, false).await;
        // The last follower of a finished game may have left: it can go.
        let hub = self.hub.clone();
        drop(self);
        hub.trim_finished();
    }
}

impl GameLive {
    /// A move, a resignation, a draw answer, an undo, an abort or a ping.
    async fn act(&self, message: ClientMessage) -> Option<Message> {
        let action = match message.action() {
            Ok(Some(action)) => action,
            Ok(None) => return Some(text(&ServerMessage::Pong)),
            Err(err) => return Some(error_message(&err.into())),
        };
        let Some(holder) = self.holder.as_deref() else {
            return Some(error_message(&RoomError::Unauthorized.into()));
        };
        self.hub
            .change(&self.room, |state, now| state.apply(holder, action, now))
            .await
            .err()
            .map(|err| error_message(&err.into()))
    }
}

impl GameLive {
    /// Whether this connection may chat now: not in a class's game whose
    /// teacher has not turned the chat on (it may be turned off in the
    /// middle of a game), and in a class's game only from a seat.
    async fn may_chat(&self) -> Result<(), ApiError> {
        match self.room.chat_rules().await {
            (true, _) => Err(ApiError::bad_request(
                "chat: there is no chat in this game (a class's game: only the teacher can turn it on)",
            )),
            (false, true) if self.seats.is_empty() => Err(ApiError::bad_request(
                "chat: in a class's game only the pupils at the board talk",
            )),
            _ => Ok(()),
        }
    }

    /// Says a chat line on the connection's channel, kept with the game; in
    /// a class's game, kept for the teacher instead ([`Clubs::keep_chat`]).
    /// A line that cannot be kept is not said.
    async fn say(&mut self, line: &str) -> Result<(), ApiError> {
        if !self.chat.on {
            return Err(ApiError::bad_request("chat: turn the chat on first"));
        }
        self.may_chat().await?;
        let text = crate::hub::chat::clean(line)?;
        if !self.chat.bucket.take(Instant::now()) {
            return Err(ApiError::RateLimited);
        }
        let at_ms = crate::wall_ms();
        let seat = self.seats.first().copied();
        let name = match (seat, &self.viewer.account) {
            (Some(seat), _) => self
                .room
                .name_of(seat)
                .await
                .unwrap_or_else(|| seat.name().into()),
            (None, Some(account)) => account.name.clone(),
            // A spectator talks under an account's name, never as nobody.
            (None, None) => {
                return Err(ApiError::bad_request(
                    "chat: spectators talk under an account: log in first",
                ))
            }
        };
        let teacher_reads = self.room.chat_rules().await.1;
        if teacher_reads {
            let holder = self.holder.as_deref().unwrap_or_default();
            self.clubs
                .keep_chat(&self.room.id, holder, &text, at_ms)
                .await?;
        }
        let line = ChatLine {
            channel: self.chat.channel,
            name,
            seat,
            account: self.viewer.account.is_some(),
            bot: self.viewer.account.as_ref().is_some_and(|a| a.bot),
            text,
            at_ms,
            account_id: self.viewer.account.as_ref().map(|a| a.id),
        };
        // A class's lines are the class's, kept for the teacher alone (who
        // deletes them with a pupil or the class): not with the game.
        self.hub.say(&self.room, line, !teacher_reads).await?;
        Ok(())
    }
}
