//! The rooms: where every change to a game goes through, for HTTP, WebSocket,
//! the clocks and the AI alike. A change is made on a copy, written to the
//! database, and only then becomes the game and is sent to everyone.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use quoridor_engine::{Engine, Level, SearchLimit, Silent};
use quoridor_rules::Seat;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{broadcast, Mutex, Notify, Semaphore};

use crate::db::{Db, Save};
use crate::error::ApiError;
use crate::model::{
    clean_name, parse_seat, seat_name, RoomState, SeatKind, SeatSlot, Settings, Status, Theme,
    TimeControl,
};
use crate::token::{hash_token, new_game_id, new_token, random_u64};
use crate::view::{game_json, summary_json};

/// Milliseconds since 1970.
pub fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// One game and the people following it.
pub struct Room {
    pub id: String,
    state: Mutex<RoomState>,
    /// `{"type":"state",...}` messages, in the order of the changes (shared
    /// bytes: every connection sends the same buffer).
    events: broadcast::Sender<Utf8Bytes>,
    /// Wakes the clock task when the game changes.
    wake: Notify,
    /// The history epoch an AI search has been started for.
    ai_epoch: AtomicU64,
    /// Dropped from memory (the database keeps it); its clock task ends.
    evicted: AtomicBool,
}

impl Room {
    fn new(state: RoomState) -> Arc<Room> {
        let (events, _) = broadcast::channel(64);
        Arc::new(Room {
            id: state.id.clone(),
            state: Mutex::new(state),
            events,
            wake: Notify::new(),
            ai_epoch: AtomicU64::new(u64::MAX),
            evicted: AtomicBool::new(false),
        })
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Utf8Bytes> {
        self.events.subscribe()
    }

    /// The game object now.
    pub async fn json(&self) -> Value {
        game_json(&*self.state.lock().await, Instant::now())
    }

    /// The game as a record (RULES.md notation, tags and moves).
    pub async fn record(&self) -> String {
        let state = self.state.lock().await;
        let mut record = quoridor_rules::Record::new(state.game.clone());
        for slot in &state.seats {
            record = record.with_tag(slot.seat.tag(), &slot.name);
        }
        record = record.with_tag("Site", &format!("quoridor serve, game {}", state.id));
        record.to_string()
    }

    /// The seats `holder` holds here.
    pub async fn seats_of(&self, holder: &str) -> Vec<Seat> {
        self.state.lock().await.seats_of(holder)
    }
}

/// What the server may do: limits and AI settings.
#[derive(Clone, Debug)]
pub struct HubConfig {
    pub max_rooms_per_client: usize,
    /// Most searches running at once.
    pub ai_threads: usize,
    /// Longest an AI thinks for one move in a game with a clock.
    pub ai_max_think: Duration,
    /// Most games kept in memory that are not over.
    pub max_active_games: usize,
}

/// Every room, the database and the AI's threads.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<HubInner>,
}

struct HubInner {
    rooms: RwLock<HashMap<String, Arc<Room>>>,
    db: Db,
    ai: Arc<Semaphore>,
    config: HubConfig,
    closing: AtomicBool,
}

/// What a new game is made of (the body of `POST /api/games`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    #[serde(default = "nine")]
    pub size: u8,
    #[serde(default = "two")]
    pub players: u8,
    #[serde(default = "standard")]
    pub variant: String,
    #[serde(default)]
    pub fences: Option<u32>,
    #[serde(default)]
    pub clock: Option<TimeControl>,
    #[serde(default)]
    pub theme: Theme,
    #[serde(default = "yes")]
    pub public: bool,
    #[serde(default)]
    pub random_seats: bool,
    #[serde(default)]
    pub side_step_over_pawn: bool,
    #[serde(default)]
    pub seats: Vec<SeatRequest>,
}

fn nine() -> u8 {
    9
}
fn two() -> u8 {
    2
}
fn standard() -> String {
    "standard".into()
}
fn yes() -> bool {
    true
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    pub kind: String,
    #[serde(default)]
    pub level: Option<u8>,
    #[serde(default)]
    pub mine: bool,
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer to a create, join or rematch.
pub struct Seated {
    pub id: String,
    pub token: String,
    pub seats: Vec<Seat>,
    pub invites: Vec<(Seat, String)>,
    pub game: Value,
}

impl Seated {
    pub fn json(&self) -> Value {
        let invites: serde_json::Map<String, Value> = self
            .invites
            .iter()
            .map(|(seat, link)| (seat_name(*seat).to_string(), Value::String(link.clone())))
            .collect();
        json!({
            "id": self.id,
            "token": self.token,
            "seats": self.seats.iter().map(|&s| seat_name(s)).collect::<Vec<_>>(),
            "invites": invites,
            "game": self.game,
        })
    }
}

fn state_message(game: &Value, event: Value) -> Utf8Bytes {
    Utf8Bytes::from(json!({"type": "state", "event": event, "game": game}).to_string())
}

/// What happened between two states, for pages to announce: the last
/// entry, an undo, a join, a draw offer or its answer.
fn event(old: &RoomState, new: &RoomState) -> Value {
    let (before, after) = (old.game.entries().len(), new.game.entries().len());
    if after > before {
        let meta = &new.meta[after - 1];
        let entry = &new.game.entries()[after - 1];
        let (kind, mv) = match entry {
            quoridor_rules::Entry::Move(mv) => ("move", Some(mv.to_string())),
            quoridor_rules::Entry::Resign(_) => ("resign", None),
            quoridor_rules::Entry::Timeout(_) => ("timeout", None),
            quoridor_rules::Entry::DrawAgreed => ("draw", None),
        };
        let mut event = json!({"kind": kind, "seat": meta.seat});
        if let Some(mv) = mv {
            event["move"] = Value::String(mv);
        }
        if new.game.is_over() && kind == "move" {
            event["game_over"] = Value::Bool(true);
        }
        return event;
    }
    if after < before {
        return json!({"kind": "undo", "moves": before - after});
    }
    for (a, b) in old.seats.iter().zip(&new.seats) {
        if a.holder.is_none() && b.holder.is_some() {
            return json!({"kind": "join", "seat": seat_name(b.seat), "name": b.name});
        }
    }
    match (&old.draw_offer, &new.draw_offer) {
        (None, Some(offer)) => json!({"kind": "draw_offer", "seat": offer.by}),
        (Some(_), None) => json!({"kind": "draw_declined"}),
        (Some(_), Some(offer)) => json!({"kind": "draw_accepted", "waiting": offer.waiting}),
        (None, None) if old.rematch.is_none() && new.rematch.is_some() => {
            json!({"kind": "rematch", "id": new.rematch})
        }
        _ => Value::Null,
    }
}

impl Hub {
    pub fn new(db: Db, config: HubConfig) -> Hub {
        Hub {
            inner: Arc::new(HubInner {
                rooms: RwLock::new(HashMap::new()),
                db,
                ai: Arc::new(Semaphore::new(config.ai_threads.max(1))),
                config,
                closing: AtomicBool::new(false),
            }),
        }
    }

    pub fn config(&self) -> &HubConfig {
        &self.inner.config
    }

    /// Loads the games that were going on when the server stopped, with
    /// their clocks, and restarts their AI and timers.
    pub async fn resume(&self) -> Result<usize, ApiError> {
        let db = self.inner.db.clone();
        let ids = db.unfinished()?;
        let mut count = 0;
        for id in ids {
            let now = Instant::now();
            match db.load(&id, now) {
                Ok(Some(mut state)) => {
                    state.version = state.version.max(wall_ms());
                    self.insert(state);
                    count += 1;
                }
                Ok(None) => {}
                Err(err) => eprintln!("quoridor serve: game {id} not resumed: {err}"),
            }
        }
        Ok(count)
    }

    fn rooms(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Arc<Room>>> {
        self.inner.rooms.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Puts a room in the registry and starts its clock task and its AI.
    fn insert(&self, state: RoomState) -> Arc<Room> {
        let room = Room::new(state);
        self.inner
            .rooms
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(room.id.clone(), room.clone());
        tokio::spawn(self.clone().clock_task(room.clone()));
        let hub = self.clone();
        let r = room.clone();
        tokio::spawn(async move {
            let state = r.state.lock().await;
            hub.after_change(&r, &state);
        });
        room
    }

    /// A room from memory, or from the database (a finished game).
    pub async fn room(&self, id: &str) -> Result<Arc<Room>, ApiError> {
        if !crate::token::is_game_id(id) {
            return Err(ApiError::not_found());
        }
        if let Some(room) = self.rooms().get(id) {
            return Ok(room.clone());
        }
        let db = self.inner.db.clone();
        let key = id.to_string();
        let loaded = tokio::task::spawn_blocking(move || db.load(&key, Instant::now()))
            .await
            .map_err(|_| ApiError::storage("the database read failed"))??;
        let mut state = loaded.ok_or_else(ApiError::not_found)?;
        state.version = state.version.max(wall_ms());
        // Another request may have loaded it meanwhile.
        if let Some(room) = self.rooms().get(id) {
            return Ok(room.clone());
        }
        Ok(self.insert(state))
    }

    /// Creates a game for the client at `client`.
    pub async fn create(&self, req: CreateRequest, client: &str) -> Result<Seated, ApiError> {
        let limit = self.inner.config.max_rooms_per_client;
        let mut mine = 0;
        let mut active = 0;
        for room in self.rooms().values() {
            if let Ok(state) = room.state.try_lock() {
                if state.status() != Status::Over {
                    active += 1;
                    mine += usize::from(state.creator == client);
                }
            }
        }
        if mine >= limit {
            return Err(ApiError::too_many_rooms(limit));
        }
        if active >= self.inner.config.max_active_games {
            return Err(ApiError::unavailable(
                "the server has too many games going on: try again later",
            ));
        }
        let mut settings = Settings::new(req.size, req.players, &req.variant, req.fences)?
            .with_clock(req.clock)?;
        settings.theme = req.theme;
        settings.public = req.public;
        settings.side_step_over_pawn = req.side_step_over_pawn;
        let mut requests = req.seats.clone();
        if requests.is_empty() {
            requests = (0..req.players)
                .map(|i| SeatRequest {
                    kind: "human".into(),
                    level: None,
                    mine: i == 0,
                    name: None,
                })
                .collect();
        }
        if requests.len() != usize::from(req.players) {
            return Err(ApiError::bad_request(format!(
                "seats: expected {} seats, one per player",
                req.players
            )));
        }
        if req.random_seats {
            // Fisher–Yates with the system's randomness.
            for i in (1..requests.len()).rev() {
                let j = (random_u64() % (i as u64 + 1)) as usize;
                requests.swap(i, j);
            }
        }
        let token = new_token();
        let holder = hash_token(&token);
        let order = Seat::in_play(req.players);
        let mut slots = Vec::new();
        for (&seat, request) in order.iter().zip(&requests) {
            let name = clean_name(request.name.as_deref())?;
            let (kind, default_name) = match request.kind.as_str() {
                "human" => (SeatKind::Human, seat_name(seat).to_string()),
                "ai" => {
                    let level = request.level.and_then(Level::new).ok_or_else(|| {
                        ApiError::bad_request("level: an AI seat needs a level from 1 to 8")
                    })?;
                    (SeatKind::Ai(level), format!("AI {}", level.number()))
                }
                _ => return Err(ApiError::bad_request("kind: expected human or ai")),
            };
            slots.push(SeatSlot {
                seat,
                kind,
                name: name.unwrap_or(default_name),
                holder: (kind == SeatKind::Human && request.mine).then(|| holder.clone()),
            });
        }
        let id = new_game_id();
        let now = Instant::now();
        let mut state = RoomState::new(
            id.clone(),
            wall_ms(),
            client.to_string(),
            settings,
            slots,
            now,
        )?;
        state.version = wall_ms();
        self.inner.db.save(Save::diff(None, &state, now)).await?;
        let seats = state.seats_of(&holder);
        let invites = state
            .seats
            .iter()
            .filter(|s| s.is_free())
            .map(|s| (s.seat, format!("/g/{id}?join={}", seat_name(s.seat))))
            .collect();
        let game = game_json(&state, now);
        self.insert(state);
        Ok(Seated {
            id,
            token,
            seats,
            invites,
            game,
        })
    }

    /// Applies `op` to a copy of the game, stores the change, then makes it
    /// the game and tells everyone. Returns the new game object.
    pub async fn change<T>(
        &self,
        room: &Arc<Room>,
        op: impl FnOnce(&mut RoomState, Instant) -> Result<T, ApiError>,
    ) -> Result<(T, Value), ApiError> {
        let mut state = room.state.lock().await;
        let now = Instant::now();
        let mut next = state.clone();
        let out = op(&mut next, now)?;
        self.inner
            .db
            .save(Save::diff(Some(&state), &next, now))
            .await?;
        let event = event(&state, &next);
        next.last_seen = now;
        *state = next;
        let game = game_json(&state, now);
        let _ = room.events.send(state_message(&game, event));
        self.after_change(room, &state);
        Ok((out, game))
    }

    /// A change that is shown but not stored (who is connected).
    pub async fn presence(&self, room: &Arc<Room>, event: Value, op: impl FnOnce(&mut RoomState)) {
        let mut state = room.state.lock().await;
        op(&mut state);
        state.version += 1;
        state.last_seen = Instant::now();
        let game = game_json(&state, Instant::now());
        let _ = room.events.send(state_message(&game, event));
    }

    /// Wakes the clock and starts the AI if it is to move.
    fn after_change(&self, room: &Arc<Room>, state: &RoomState) {
        room.wake.notify_one();
        let Some(level) = state.ai_to_move() else {
            return;
        };
        let epoch = state.epoch;
        if room.ai_epoch.swap(epoch, Ordering::SeqCst) == epoch {
            return;
        }
        let limit = self.ai_limit(state);
        let position = *state.game.position();
        let hub = self.clone();
        let room = room.clone();
        tokio::spawn(async move {
            let Ok(_permit) = hub.inner.ai.clone().acquire_owned().await else {
                return;
            };
            let search = tokio::task::spawn_blocking(move || {
                let mut engine = Engine::with_hash(4);
                engine.set_level(level);
                engine.set_seed(random_u64());
                let stop = AtomicBool::new(false);
                engine
                    .search(&position, limit, &stop, &mut Silent)
                    .map(|result| result.best)
            })
            .await;
            let best = match search {
                Ok(Some(best)) => best,
                _ => {
                    // The search failed (it should not): a legal move keeps
                    // the game going rather than stalling it.
                    eprintln!("quoridor serve: the AI search failed in game {}", room.id);
                    match quoridor_engine::safe_move(&position) {
                        Some(mv) => mv,
                        None => return,
                    }
                }
            };
            let outcome = hub
                .change(&room, |state, now| {
                    if state.epoch != epoch {
                        return Err(ApiError::not_allowed("stale"));
                    }
                    state.play_move(None, best, now)
                })
                .await;
            if let Err(err) = outcome {
                if err.message != "stale" {
                    eprintln!("quoridor serve: AI move in game {}: {err}", room.id);
                    // Let a later change (or a restart) try again.
                    room.ai_epoch.store(u64::MAX, Ordering::SeqCst);
                }
            }
        });
    }

    /// How long the AI may think: its level's own limit, or its share of
    /// the clock (never more than the configured cap).
    fn ai_limit(&self, state: &RoomState) -> SearchLimit {
        let cap = self.inner.config.ai_max_think;
        let index = state.game.position().turn_index();
        match (state.settings.clock, state.remaining_at(Instant::now())) {
            (Some(TimeControl::Fischer { increment_ms, .. }), Some(left)) => {
                let budget = quoridor_engine::time::clock_budget(
                    Duration::from_millis(left[index]),
                    Duration::from_millis(increment_ms),
                );
                SearchLimit::MoveTime(budget.min(cap))
            }
            (Some(TimeControl::PerMove { .. }), Some(left)) => {
                let budget = Duration::from_millis(left[index]).mul_f64(0.5);
                SearchLimit::MoveTime(budget.min(cap))
            }
            _ => SearchLimit::Infinite,
        }
    }

    /// Counts down the clock of the seat to move; a clock that falls ends
    /// the game (or, with four players, that seat's part in it).
    async fn clock_task(self, room: Arc<Room>) {
        loop {
            if self.inner.closing.load(Ordering::SeqCst) || room.evicted.load(Ordering::SeqCst) {
                return;
            }
            let deadline = room.state.lock().await.deadline();
            match deadline {
                Some(deadline) => {
                    tokio::select! {
                        _ = tokio::time::sleep_until(deadline.into()) => {
                            let _ = self
                                .change(&room, |state, now| {
                                    if state.expire(now) { Ok(()) } else { Err(ApiError::not_allowed("not yet")) }
                                })
                                .await;
                        }
                        _ = room.wake.notified() => {}
                    }
                }
                None => room.wake.notified().await,
            }
        }
    }

    /// A best move and the shortest path for the seat to move, in a private
    /// game.
    pub async fn hint(&self, room: &Arc<Room>, holder: &str) -> Result<Value, ApiError> {
        let position = {
            let state = room.state.lock().await;
            let seats = state.seats_of(holder);
            if seats.is_empty() {
                return Err(ApiError::unauthorized());
            }
            if !state.is_private() {
                return Err(ApiError::not_allowed(
                    "hints are only for games against the AI or on one screen",
                ));
            }
            match state.status() {
                Status::Playing => {}
                Status::Over => return Err(ApiError::game_over()),
                Status::Waiting => return Err(ApiError::not_started()),
            }
            if !seats.contains(&state.game.position().turn()) {
                return Err(ApiError::not_your_turn(state.game.position().turn()));
            }
            *state.game.position()
        };
        let _permit = self
            .inner
            .ai
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::unavailable("the server is stopping"))?;
        let result = tokio::task::spawn_blocking(move || {
            let mut engine = Engine::with_hash(4);
            engine.set_level(Level::MAX);
            let stop = AtomicBool::new(false);
            let result = engine.search(
                &position,
                SearchLimit::MoveTime(Duration::from_millis(300)),
                &stop,
                &mut Silent,
            );
            let path = position.shortest_path(position.turn()).unwrap_or_default();
            (result, path)
        })
        .await
        .map_err(|_| ApiError::unavailable("the hint search failed"))?;
        let (Some(result), path) = result else {
            return Err(ApiError::game_over());
        };
        Ok(json!({
            "move": result.best.to_string(),
            "path": path.iter().map(|sq| sq.to_string()).collect::<Vec<_>>(),
            "score": result.score.expected_outcome(),
            "pv": result.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        }))
    }

    /// Takes a seat of `room` for a new token.
    pub async fn join(
        &self,
        room: &Arc<Room>,
        seat: Option<&str>,
        name: Option<&str>,
    ) -> Result<Seated, ApiError> {
        let seat = match seat {
            Some(text) => Some(parse_seat(text).ok_or_else(|| {
                ApiError::bad_request("seat: expected south, west, north or east")
            })?),
            None => None,
        };
        let name = clean_name(name)?;
        let token = new_token();
        let holder = hash_token(&token);
        let (seat, game) = self
            .change(room, |state, now| state.join(&holder, seat, name, now))
            .await?;
        Ok(Seated {
            id: room.id.clone(),
            token,
            seats: vec![seat],
            invites: Vec::new(),
            game,
        })
    }

    /// A new game with the same settings and people, seats turned by one
    /// (colours swap with two players). Asked twice, it gives the same game.
    pub async fn rematch(
        &self,
        room: &Arc<Room>,
        token: &str,
        client: &str,
    ) -> Result<Seated, ApiError> {
        let holder = hash_token(token);
        let existing = {
            let state = room.state.lock().await;
            if state.seats_of(&holder).is_empty() {
                return Err(ApiError::unauthorized());
            }
            if state.status() != Status::Over {
                return Err(ApiError::not_allowed("a rematch is for a finished game"));
            }
            state.rematch.clone()
        };
        if let Some(id) = existing {
            let next = self.room(&id).await?;
            let seats = next.seats_of(&holder).await;
            return Ok(Seated {
                id,
                token: token.to_string(),
                seats,
                invites: Vec::new(),
                game: next.json().await,
            });
        }
        let (settings, old_seats, creator) = {
            let state = room.state.lock().await;
            (
                state.settings.clone(),
                state.seats.clone(),
                state.creator.clone(),
            )
        };
        let _ = client;
        let n = old_seats.len();
        let slots: Vec<SeatSlot> = (0..n)
            .map(|i| {
                let from = &old_seats[(i + n - 1) % n];
                let seat = old_seats[i].seat;
                // A seat's default name (its own) stays with the seat.
                let name = if from.name == seat_name(from.seat) {
                    seat_name(seat).to_string()
                } else {
                    from.name.clone()
                };
                SeatSlot {
                    seat,
                    kind: from.kind,
                    name,
                    holder: from.holder.clone(),
                }
            })
            .collect();
        let id = new_game_id();
        let now = Instant::now();
        let mut state = RoomState::new(id.clone(), wall_ms(), creator, settings, slots, now)?;
        state.version = wall_ms();
        self.inner.db.save(Save::diff(None, &state, now)).await?;
        let seats = state.seats_of(&holder);
        let game = game_json(&state, now);
        self.insert(state);
        let new_id = id.clone();
        self.change(room, move |state, _| {
            state.rematch = Some(new_id);
            state.version += 1;
            Ok(())
        })
        .await?;
        Ok(Seated {
            id,
            token: token.to_string(),
            seats,
            invites: Vec::new(),
            game,
        })
    }

    /// Public games in `status`, newest first.
    pub async fn list(&self, status: &str, limit: usize) -> Result<Vec<Value>, ApiError> {
        let limit = limit.clamp(1, 200);
        if status == "over" {
            let db = self.inner.db.clone();
            let status = status.to_string();
            return tokio::task::spawn_blocking(move || db.list(&status, limit))
                .await
                .map_err(|_| ApiError::storage("the database read failed"))?;
        }
        let rooms: Vec<Arc<Room>> = self.rooms().values().cloned().collect();
        let mut found = Vec::new();
        for room in rooms {
            let state = room.state.lock().await;
            if state.settings.public && state.status().name() == status {
                found.push((state.created_ms, summary_json(&state)));
            }
        }
        found.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        Ok(found.into_iter().take(limit).map(|(_, v)| v).collect())
    }

    /// Drops from memory the finished games that nobody has followed for
    /// `idle` (they are read back from the database when asked for).
    pub async fn evict_idle(&self, idle: Duration) -> usize {
        let rooms: Vec<Arc<Room>> = self.rooms().values().cloned().collect();
        let now = Instant::now();
        let mut gone = Vec::new();
        for room in rooms {
            let state = room.state.lock().await;
            let followed = state.spectators > 0 || state.connections.iter().any(|&c| c > 0);
            if state.status() == Status::Over
                && !followed
                && now.saturating_duration_since(state.last_seen) >= idle
            {
                room.evicted.store(true, Ordering::SeqCst);
                room.wake.notify_one();
                gone.push(room.id.clone());
            }
        }
        let mut map = self.inner.rooms.write().unwrap_or_else(|e| e.into_inner());
        for id in &gone {
            map.remove(id);
        }
        gone.len()
    }

    /// Runs [`Hub::evict_idle`] every minute.
    pub fn start_sweeper(&self, idle: Duration) {
        let hub = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                if hub.inner.closing.load(Ordering::SeqCst) {
                    return;
                }
                hub.evict_idle(idle).await;
            }
        });
    }

    /// Games in memory.
    pub fn len(&self) -> usize {
        self.rooms().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Stops the clocks and writes how much of each running turn was used,
    /// so that a restart charges nobody for the time the server was down.
    pub async fn shutdown(&self) {
        self.inner.closing.store(true, Ordering::SeqCst);
        let rooms: Vec<Arc<Room>> = self.rooms().values().cloned().collect();
        for room in rooms {
            let state = room.state.lock().await;
            if state.deadline().is_some() {
                let now = Instant::now();
                if let Err(err) = self
                    .inner
                    .db
                    .save(Save::diff(Some(&state), &state, now))
                    .await
                {
                    eprintln!("quoridor serve: clock of game {} not saved: {err}", room.id);
                }
            }
            room.wake.notify_one();
        }
    }
}
