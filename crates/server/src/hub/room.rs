//! One game in memory and the people following it.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use quoridor_rules::{Record, Seat};
use tokio::sync::{broadcast, Mutex, Notify};

use crate::view::GameView;
use quoridor_game::{Abort, AbortWhy, RoomState};

/// A game and its followers.
pub struct Room {
    pub id: String,
    pub(super) state: Mutex<RoomState>,
    /// State messages, in the order of the changes (shared bytes: every
    /// connection sends the same buffer).
    pub(super) events: broadcast::Sender<Utf8Bytes>,
    /// Wakes the clock task when the game changes (shared with that task,
    /// which holds the room only while it looks at it).
    pub(super) wake: Arc<Notify>,
    /// The history epoch an AI search has been started for.
    pub(super) ai_epoch: AtomicU64,
    /// Dropped from memory (the database keeps it); its clock task ends.
    pub(super) evicted: AtomicBool,
    /// Whether its clock task runs (only while the game is not over, so
    /// that a finished game is held by nothing but the registry).
    pub(super) clock_running: AtomicBool,
    /// Held while a rematch is made, so that two requests make one game.
    pub(super) rematch: Mutex<()>,
    /// Deleted with its class: no change is made or stored any more.
    pub(super) discarded: AtomicBool,
    /// The players' and the spectators' chat.
    pub chat: super::chat::Chat,
}

impl Room {
    pub(super) fn new(state: RoomState) -> Arc<Room> {
        Room::with_chat(state, Vec::new())
    }

    /// A game read back from the database, with what was said in it.
    pub(super) fn with_chat(state: RoomState, said: Vec<super::chat::ChatLine>) -> Arc<Room> {
        let (events, _) = broadcast::channel(64);
        Arc::new(Room {
            id: state.id.clone(),
            state: Mutex::new(state),
            events,
            wake: Arc::new(Notify::new()),
            ai_epoch: AtomicU64::new(u64::MAX),
            evicted: AtomicBool::new(false),
            clock_running: AtomicBool::new(false),
            rematch: Mutex::new(()),
            discarded: AtomicBool::new(false),
            chat: super::chat::Chat::with_lines(said),
        })
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Utf8Bytes> {
        self.events.subscribe()
    }

    /// The whole game object now.
    pub async fn view(&self) -> GameView {
        GameView::of(&*self.state.lock().await, crate::calendar::moment_now(), 0)
    }

    /// The game as a record (RULES.md notation, tags and moves).
    pub async fn record(&self) -> String {
        record_of(&*self.state.lock().await)
    }

    /// The seats `holder` holds here.
    pub async fn seats_of(&self, holder: &str) -> Vec<Seat> {
        self.state.lock().await.seats_of(holder)
    }

    /// Whether the game has no chat now (a class's game whose teacher has
    /// not turned it on), and whether its teacher reads it (a class's).
    pub async fn chat_rules(&self) -> (bool, bool) {
        let state = self.state.lock().await;
        (state.settings.chat_off, state.settings.teacher_reads)
    }

    /// The name a seat plays under.
    pub async fn name_of(&self, seat: Seat) -> Option<String> {
        let state = self.state.lock().await;
        state
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.name.clone())
    }

    /// The holder of the seat account `id` took, if it plays here.
    pub async fn account_holder(&self, id: u64) -> Option<String> {
        let state = self.state.lock().await;
        state
            .seats
            .iter()
            .find(|s| s.account == Some(id))
            .and_then(|s| s.holder.clone())
    }
}

/// The record's text with each resignation of a player who left (a win
/// claimed against them) said so in a comment beside it, which the
/// notation skips on input: `north-resigns {left the game}`.
fn left_the_game(mut text: String, left: &[quoridor_rules::Seat]) -> String {
    for seat in left {
        let word = format!("{seat}-resigns");
        if let Some(at) = text.rfind(&word) {
            text.insert_str(at + word.len(), " {left the game}");
        }
    }
    text
}

/// A game as a record (RULES.md notation, tags and moves): its players'
/// names, where it was played, and how an aborted or abandoned one ended.
pub fn record_of(state: &RoomState) -> String {
    let mut record = Record::new(state.game.clone());
    for slot in &state.seats {
        // A player who gave no name plays under the seat's: unknown,
        // as records write it.
        let name = if slot.name == slot.seat.name() {
            "?"
        } else {
            slot.name.as_str()
        };
        record = record.with_tag(slot.seat.tag(), name);
    }
    record = record.with_tag("Site", &format!("quoridor serve, game {}", state.id));
    if state.aborted {
        let note = match state.abort {
            Some(Abort {
                seat,
                why: AbortWhy::NoFirstMove,
            }) => format!("aborted: {seat} did not move in 30 s"),
            Some(Abort {
                seat,
                why: AbortWhy::Aborted,
            }) => format!("aborted by {seat}"),
            Some(Abort {
                seat,
                why: AbortWhy::NeverOpened,
            }) => format!("aborted: {seat} never opened the game"),
            Some(Abort {
                seat,
                why: AbortWhy::NobodyCame,
            }) => format!("aborted: nobody took {seat} while the game waited"),
            None => "aborted".to_string(),
        };
        record = record.with_tag("Termination_Note", &note);
    }
    if !state.left_seats.is_empty() {
        let names: Vec<String> = state.left_seats.iter().map(ToString::to_string).collect();
        let note = format!("{} left the game", names.join(", "));
        record = record.with_tag("Termination_Note", &note);
    }
    left_the_game(record.to_string(), &state.left_seats)
}
