//! The bots: one WebSocket client per seat, playing whenever it is its
//! turn (the pawn move nearest its goal, sometimes a fence against the
//! opponent), measuring each move's round trip.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use quoridor_game::Status;
use quoridor_rules::{Fence, Move, Position, Seat, Square};
use quoridor_server::request::ClientMessage;
use quoridor_server::view::{GameView, LegalView, ServerMessage};
use tokio::net::TcpStream;
use tokio::sync::{watch, Semaphore};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use super::settings::{micros, Errors, ThinkTime};
use quoridor_rules::rng::SplitMix64;

/// Steps of the opponent's shortest path a bot considers cutting with a fence.
const BLOCKED_STEPS: usize = 3;

/// Where the run is; every bot follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Connecting,
    Play,
    Stop,
}

/// What every bot shares.
pub struct Shared {
    pub think: ThinkTime,
    pub fence_percent: u32,
    pub moves_per_game: Option<usize>,
    pub errors: Errors,
    /// WebSockets open now.
    pub open: AtomicUsize,
    /// WebSockets that have received their first state.
    pub connected: AtomicUsize,
    /// WebSockets that failed to open.
    pub failed: AtomicUsize,
    /// Bots whose game is over (or cut, or whose connection dropped).
    pub done: AtomicUsize,
    /// Moves acknowledged (their state came back).
    pub moves: AtomicU64,
    /// When the last bot finished, relative to the start of play (µs).
    pub last_done_us: AtomicU64,
    /// When play started.
    pub play_start: Mutex<Option<Instant>>,
    /// Text messages received during play, and their bytes.
    pub messages_in: AtomicU64,
    pub bytes_in: AtomicU64,
}

/// What one bot measured.
#[derive(Default)]
pub struct BotStats {
    /// Round trips of its moves (µs).
    pub round_trips: Vec<u32>,
    /// When each of those moves was sent (µs after the start of play).
    pub sent: Vec<u64>,
    /// The game's length when it ended for this bot, and how it ended.
    pub plies: usize,
    pub termination: Option<String>,
}

/// The fences that would cut the first steps of `seat`'s shortest path.
fn blocking_fences(pos: &Position, seat: Seat) -> Vec<Fence> {
    use quoridor_rules::Orientation::{Horizontal, Vertical};
    let Some(path) = pos.shortest_path(seat) else {
        return Vec::new();
    };
    let mut from = pos.pawn(seat);
    let mut out = Vec::new();
    for &to in path.iter().take(BLOCKED_STEPS) {
        let (c, r) = (i16::from(from.col()), i16::from(from.row()));
        let (tc, tr) = (i16::from(to.col()), i16::from(to.row()));
        // Each step is crossed by two fence slots.
        let slots = if tc == c {
            let row = r.min(tr);
            [(c, row, Horizontal), (c - 1, row, Horizontal)]
        } else {
            let col = c.min(tc);
            [(col, r, Vertical), (col, r - 1, Vertical)]
        };
        for (col, row, orientation) in slots {
            if col >= 0 && row >= 0 {
                let fence = Fence::new(Square::new(col as u8, row as u8), orientation);
                if fence.on_board(pos.size()) {
                    out.push(fence);
                }
            }
        }
        from = to;
    }
    out
}

/// The move a bot plays in `pos` (the game's position notation read back):
/// the pawn move that brings it nearest its goal;
/// sometimes (`fence_percent`) a fence instead: of the legal fences that cut
/// the first steps of the opponent's shortest path, the one that lengthens
/// that path most relative to its own (if any does).
pub fn choose(
    pos: &Position,
    legal: &LegalView,
    me: Seat,
    rng: &mut SplitMix64,
    fence_percent: u32,
) -> Move {
    let pos = *pos;
    let opponent = pos.seats().iter().copied().find(|&s| s != me).unwrap_or(me);
    let distance = |p: &Position, seat: Seat| p.distance(seat).unwrap_or(u32::MAX / 4);
    let (my_base, their_base) = (distance(&pos, me), distance(&pos, opponent));
    if pos.fences_left(me) > 0
        && !legal.fences.is_empty()
        && rng.below(100) < u64::from(fence_percent)
    {
        let mut best: Option<(i64, Fence)> = None;
        for fence in blocking_fences(&pos, opponent) {
            if !legal.fences.contains(&fence) {
                continue;
            }
            let mut after = pos;
            if after.play(Move::Fence(fence)).is_err() {
                continue;
            }
            let gain = (i64::from(distance(&after, opponent)) - i64::from(their_base))
                - (i64::from(distance(&after, me)) - i64::from(my_base));
            if best.is_none_or(|(g, _)| gain > g) {
                best = Some((gain, fence));
            }
        }
        if let Some((gain, fence)) = best {
            if gain > 0 {
                return Move::Fence(fence);
            }
        }
    }
    let mut nearest: Vec<Square> = Vec::new();
    let mut nearest_d = u32::MAX;
    for &square in &legal.pawn {
        let mut after = pos;
        if after.play(Move::Pawn(square)).is_err() {
            continue;
        }
        let d = if after.has_arrived(me) {
            0
        } else {
            distance(&after, me)
        };
        if d < nearest_d {
            nearest_d = d;
            nearest.clear();
        }
        if d == nearest_d {
            nearest.push(square);
        }
    }
    if nearest.is_empty() {
        // No pawn move: a fence if there is one, else pass.
        return legal.fences.first().map_or(Move::Pass, |&f| Move::Fence(f));
    }
    Move::Pawn(nearest[rng.below(nearest.len() as u64) as usize])
}

type Ws = WebSocketStream<TcpStream>;

async fn open_ws(addr: SocketAddr, host: &str, id: &str, token: &str) -> Result<Ws, String> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|err| format!("connect: {err}"))?;
    let _ = stream.set_nodelay(true);
    // The token as a header: tokens never travel in addresses.
    let mut request = format!("ws://{host}/api/games/{id}/ws")
        .into_client_request()
        .map_err(|err| format!("request: {err}"))?;
    let bearer = format!("Bearer {token}")
        .parse()
        .map_err(|_| "a token that is not a header".to_string())?;
    request.headers_mut().insert("authorization", bearer);
    // A small read buffer (the default is 128 KiB a connection): the
    // clients' memory then stays small next to the server's.
    let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
    let (ws, _) = tokio_tungstenite::client_async_with_config(request, stream, Some(config))
        .await
        .map_err(|err| format!("handshake: {err}"))?;
    Ok(ws)
}

/// The move a bot sent and is waiting to see come back.
struct Pending {
    sent: Instant,
    /// Entries in the game when it was sent: the move will be entry `index`.
    index: usize,
    mv: String,
}

/// What one bot knows and has measured, apart from its connection.
struct BotState {
    shared: Arc<Shared>,
    /// `game ID, seat` for error examples.
    label: String,
    me: Seat,
    rng: SplitMix64,
    game: Option<GameView>,
    /// The history as the messages give it (each carries what changed).
    entries: Vec<String>,
    /// No state received yet.
    first: bool,
    pending: Option<Pending>,
    wake: Option<tokio::time::Instant>,
    done: bool,
    /// After a refused move, wait for the next state before trying again.
    refused: bool,
    /// When play started (messages are counted from then on).
    start: Option<Instant>,
    stats: BotStats,
}

impl BotState {
    /// Microseconds from the start of play to `t`.
    fn since(&self, t: Instant) -> u64 {
        self.start
            .map_or(0, |s| t.saturating_duration_since(s).as_micros() as u64)
    }

    /// The game is over (or cut, or the connection ends) for this bot.
    fn finish(&mut self) {
        if self.done {
            return;
        }
        self.done = true;
        self.stats.plies = self.entries.len();
        if let Some(g) = &self.game {
            self.stats.termination = g.result.as_ref().map(|r| r.termination.clone());
        }
        let at = self.since(Instant::now());
        self.shared.done.fetch_add(1, Ordering::Relaxed);
        self.shared.last_done_us.fetch_max(at, Ordering::Relaxed);
    }

    /// Before waiting: note the start of play, finish a game that is over,
    /// and plan the next move when it is this bot's turn.
    fn prepare(&mut self, playing: bool) {
        if playing && self.start.is_none() {
            self.start = *self
                .shared
                .play_start
                .lock()
                .unwrap_or_else(|e| e.into_inner());
        }
        let Some(g) = &self.game else {
            return;
        };
        let cut = self
            .shared
            .moves_per_game
            .is_some_and(|n| self.entries.len() >= n);
        let over = g.status == Status::Over;
        let my_turn = g.status == Status::Playing && g.turn == self.me;
        if playing && !self.done && (over || cut) && self.pending.is_none() {
            self.finish();
        }
        let idle = self.pending.is_none() && self.wake.is_none() && !self.refused;
        if playing && !self.done && idle && my_turn {
            let think = self.shared.think.draw(&mut self.rng);
            self.wake = Some(tokio::time::Instant::now() + think);
        }
    }

    /// Takes in a message from the server.
    fn receive(&mut self, text: &str) {
        let shared = self.shared.clone();
        if self.start.is_some() {
            shared.messages_in.fetch_add(1, Ordering::Relaxed);
            shared
                .bytes_in
                .fetch_add(text.len() as u64, Ordering::Relaxed);
        }
        let message: ServerMessage = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(err) => {
                let example = format!("{err}: {}", quoridor_rules::excerpt(text, 200));
                shared.errors.add("unreadable message", example);
                return;
            }
        };
        match message {
            ServerMessage::State { game: next, .. } => self.state(*next),
            ServerMessage::Error { error } => {
                let example = format!("{}: {}", self.label, error.message);
                shared.errors.add(&error.code, example);
                // The move was refused: think again on the next state.
                self.pending = None;
                self.refused = true;
            }
            // The bots never turn the chat on.
            ServerMessage::Pong
            | ServerMessage::Chat { .. }
            | ServerMessage::ChatHistory { .. } => {}
        }
    }

    /// A new state: the history grows (or shrinks), a pending move may
    /// have come back.
    fn state(&mut self, next: GameView) {
        if std::mem::take(&mut self.first) {
            self.shared.connected.fetch_add(1, Ordering::Relaxed);
        }
        if self.game.as_ref().is_some_and(|g| next.version < g.version) {
            return;
        }
        self.entries.truncate(next.moves_from);
        self.entries.extend(next.moves.iter().map(|m| m.mv.clone()));
        if let Some(p) = &self.pending {
            if let Some(came) = self.entries.get(p.index) {
                if *came == p.mv {
                    self.stats.round_trips.push(micros(p.sent.elapsed()));
                    self.stats.sent.push(self.since(p.sent));
                    self.shared.moves.fetch_add(1, Ordering::Relaxed);
                } else {
                    let example = format!("{}: sent {}, got {came}", self.label, p.mv);
                    self.shared.errors.add("another move came back", example);
                }
                self.pending = None;
            }
        }
        self.game = Some(next);
        self.refused = false;
    }

    /// The move to send now, if it is still this bot's turn.
    fn next_move(&mut self) -> Option<String> {
        self.wake = None;
        let g = self.game.as_ref()?;
        if g.status != Status::Playing || g.turn != self.me {
            return None;
        }
        let mv = match (g.position.parse::<Position>(), &g.legal) {
            (Ok(pos), Some(legal)) => choose(
                &pos,
                legal,
                self.me,
                &mut self.rng,
                self.shared.fence_percent,
            )
            .to_string(),
            _ => "pass".to_string(),
        };
        self.pending = Some(Pending {
            sent: Instant::now(),
            index: self.entries.len(),
            mv: mv.clone(),
        });
        let message = ClientMessage::Move { mv };
        Some(serde_json::to_string(&message).expect("messages serialize"))
    }

    /// The connection ends.
    fn end(&mut self) {
        if self.pending.is_some() {
            let example = format!("{}: no state with the move before the end", self.label);
            self.shared.errors.add("move not acknowledged", example);
        }
        if self.first {
            // Open, but no state ever came: a failed connection.
            self.shared.failed.fetch_add(1, Ordering::Relaxed);
        } else {
            self.finish();
        }
        self.shared.open.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One seat's client: connects, then plays whenever it is its turn once the
/// phase is `Play`, until the game is over; stays connected until `Stop`.
#[allow(clippy::too_many_arguments)]
pub async fn bot(
    shared: Arc<Shared>,
    connects: Arc<Semaphore>,
    addr: SocketAddr,
    host: Arc<str>,
    id: Arc<str>,
    token: String,
    me: Seat,
    seed: u64,
    mut phase: watch::Receiver<Phase>,
) -> BotStats {
    let opened = {
        let _permit = connects.acquire().await;
        open_ws(addr, &host, &id, &token).await
    };
    let ws = match opened {
        Ok(ws) => ws,
        Err(err) => {
            shared.failed.fetch_add(1, Ordering::Relaxed);
            shared.errors.add("websocket open failed", err);
            return BotStats::default();
        }
    };
    shared.open.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = ws.split();
    let mut bot = BotState {
        shared: shared.clone(),
        label: format!("game {id}, {}", me.name()),
        me,
        rng: SplitMix64::new(seed),
        game: None,
        entries: Vec::new(),
        first: true,
        pending: None,
        wake: None,
        done: false,
        refused: false,
        start: None,
        stats: BotStats::default(),
    };
    let dropped = |phase: &watch::Receiver<Phase>, why: String| {
        if *phase.borrow() != Phase::Stop {
            shared.errors.add("connection dropped", why);
        }
    };
    loop {
        bot.prepare(*phase.borrow() == Phase::Play);
        let wake = bot.wake;
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => bot.receive(&text),
                Some(Ok(Message::Close(_))) | None => {
                    dropped(&phase, format!("{}: closed by the server", bot.label));
                    break;
                }
                Some(Ok(_)) => {}
                Some(Err(err)) => {
                    dropped(&phase, format!("{}: {err}", bot.label));
                    break;
                }
            },
            changed = phase.changed() => {
                if changed.is_err() || *phase.borrow() == Phase::Stop {
                    break;
                }
            }
            _ = tokio::time::sleep_until(wake.unwrap_or_else(tokio::time::Instant::now)), if wake.is_some() => {
                let Some(text) = bot.next_move() else { continue };
                if let Err(err) = sink.send(Message::Text(text.into())).await {
                    shared.errors.add("connection dropped", format!("{}: send: {err}", bot.label));
                    break;
                }
            }
        }
    }
    bot.end();
    // Close politely, and read until the server closes too (briefly).
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = sink.close().await;
        while let Some(Ok(_)) = stream.next().await {}
    })
    .await;
    bot.stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_walk_to_their_goal() {
        let pos = Position::new(quoridor_rules::Ruleset::STANDARD);
        let legal = LegalView {
            pawn: ["d1", "f1", "e2"].map(|s| s.parse().unwrap()).to_vec(),
            fences: Vec::new(),
            blocked: Default::default(),
        };
        let mut rng = SplitMix64::new(1);
        let mv = choose(&pos, &legal, Seat::South, &mut rng, 100);
        assert_eq!(mv.to_string(), "e2");
    }
}
