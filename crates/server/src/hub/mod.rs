//! The rooms: where every change to a game goes through, for HTTP, WebSocket,
//! the clocks and the AI alike ([`Hub::change`]). A change is made on a
//! copy, written to the database, and only then becomes the game and is sent
//! to everyone, once, as shared bytes.
//!
//! - [`registry`]: the games in memory and the counts of unfinished games.
//! - [`room`]: one game and its followers.
//! - [`ai`]: AI seats and hints; [`clock`]: the clock task of each game.
//! - [`searches`]: the AI's turns; `sweep`: games leaving memory, going
//!   to sleep and waking.
//! - `news`: who hears of a change beyond the room (the players' lists of
//!   games and devices, the log, the classes' watcher).

pub mod ai;
pub mod chat;
pub mod clock;
pub mod error;
mod held;
mod news;
pub mod rated;
mod reads;
pub mod registry;
pub mod room;
pub mod searches;
pub mod seated;
mod sweep;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use quoridor_game::Moment;

use axum::extract::ws::Utf8Bytes;
use quoridor_game::new_game::{Member, NewGame};
use quoridor_rules::Seat;
use tokio::sync::watch;

pub use self::error::HubError;
use self::rated::{check_rated, rating_changes};
use self::registry::Registry;
pub use self::room::Room;
pub use self::searches::SearchPermit;
use crate::account::Account;
use crate::calendar::moment_now;
use crate::db::{Db, Save};
use crate::metrics::Metrics;
use crate::token::{hash_token, new_game_id, new_token, random_u64};
use crate::view::{EventView, GameView, SeatedView, ServerMessage};
use crate::wall_ms;
use quoridor_game::wire::PerSeat;
use quoridor_game::{common_entries, Action, RoomError, RoomState, SeatSlot, Settings, Status};

/// How long a turn-based game waits for its players at least.
pub const TURN_BASED_WAIT: Duration = Duration::from_secs(7 * 24 * 3600);

/// How long a game with no change stays in the list of games being played.
const LIVE_FOR: Duration = Duration::from_secs(30 * 60);

/// What the server may do: limits and AI settings.
#[derive(Clone, Debug)]
pub struct HubConfig {
    pub max_rooms_per_client: usize,
    /// Unfinished games of classes and tournaments made from one address,
    /// all its classes and tournaments together.
    pub max_club_games_per_client: usize,
    /// Unfinished turn-based games made from one address, counted apart
    /// from the games played now (they last days).
    pub max_turn_based_per_client: usize,
    /// Most searches running at once.
    pub ai_threads: usize,
    /// Longest an AI thinks for one move in a game with a clock.
    pub ai_max_think: Duration,
    /// Most games kept in memory that are not over.
    pub max_active_games: usize,
    /// Most games waiting for people to take their seats (games against
    /// the AI or on one screen never wait).
    pub max_waiting_games: usize,
    /// How long a game waits for its players before it expires; a
    /// turn-based game waits [`TURN_BASED_WAIT`] at least.
    pub waiting_expiry: Duration,
    /// Finished games kept in memory that nobody follows (the newest); the
    /// others are read from the database when asked for.
    pub finished_in_memory: usize,
}

/// Every room, the database and the AI's threads.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<HubInner>,
}

struct HubInner {
    registry: Registry,
    db: Db,
    /// The games' AI, apart from the searches people ask for.
    searches: crate::limits::searches::Searches,
    metrics: Arc<Metrics>,
    config: HubConfig,
    closing: AtomicBool,
    /// Turns true when the server stops: WebSockets close.
    stopping: watch::Sender<bool>,
    /// The games whose every change is also sent to [`HubInner::watcher`]
    /// (the games of classes and tournaments).
    followed: std::sync::RwLock<std::collections::HashSet<String>>,
    watcher: std::sync::OnceLock<tokio::sync::mpsc::UnboundedSender<RoomState>>,
    /// Held from reading the ratings of a rated game that ends until its
    /// new ratings are stored: two games of one player ending at once are
    /// rated one after the other.
    rating: tokio::sync::Mutex<()>,
    /// The accounts seated in a game whose turn or status just changed:
    /// their pages' lists of games in progress ("your turn") change.
    playing: tokio::sync::broadcast::Sender<Arc<[u64]>>,
    /// The devices told of turns and ends of turn-based games ([`Hub::set_push`]).
    push: std::sync::OnceLock<crate::push::Push>,
    /// One instance among several: its lease, and whether it was lost
    /// ([`held`]).
    leases: std::sync::OnceLock<Arc<crate::db::cluster::Leases>>,
    lease_lost: watch::Sender<bool>,
    /// Whether this instance is the keeper ([`Hub::keeper`]); and the
    /// flag that stops the thread hearing the other instances.
    keeper_here: watch::Sender<bool>,
    listening: Arc<AtomicBool>,
}

/// Game `id` from the database, with what was said in it (a chat that
/// cannot be read is left empty, with a word in the log). Blocking.
fn load_stored(
    db: &Db,
    id: &str,
) -> Result<Option<(RoomState, Vec<chat::ChatLine>)>, crate::db::StoreError> {
    let Some(state) = db.load(id, moment_now(), wall_ms())? else {
        return Ok(None);
    };
    let said = db.game_chat(id).unwrap_or_else(|err| {
        tracing::error!(game = %id, error = %err, "the game's chat was not read");
        Vec::new()
    });
    Ok(Some((state, said)))
}

/// One state message, serialized once for every connection.
fn state_bytes(message: &ServerMessage) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(message).expect("views serialize"))
}

impl Hub {
    pub fn new(db: Db, config: HubConfig, metrics: Arc<Metrics>) -> Hub {
        Hub {
            inner: Arc::new(HubInner {
                registry: Registry::new(config.finished_in_memory),
                db,
                searches: crate::limits::searches::Searches::new(config.ai_threads),
                metrics,
                config,
                closing: AtomicBool::new(false),
                stopping: watch::channel(false).0,
                followed: Default::default(),
                watcher: Default::default(),
                rating: tokio::sync::Mutex::new(()),
                playing: tokio::sync::broadcast::channel(256).0,
                push: Default::default(),
                leases: Default::default(),
                lease_lost: watch::channel(false).0,
                keeper_here: watch::channel(false).0,
                listening: Arc::new(AtomicBool::new(true)),
            }),
        }
    }

    pub fn config(&self) -> &HubConfig {
        &self.inner.config
    }

    /// Whether the store serves (readiness).
    pub async fn store_ready(&self) -> Result<(), crate::db::StoreError> {
        self.inner.db.ready().await
    }

    /// The server's figures.
    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.inner.metrics
    }

    fn is_closing(&self) -> bool {
        self.inner.closing.load(Ordering::SeqCst)
    }

    /// Says `line` in `room`'s chat, once it is stored with the game if
    /// `keep`: a line that cannot be kept is not said.
    pub async fn say(&self, room: &Room, line: chat::ChatLine, keep: bool) -> Result<(), HubError> {
        if keep {
            self.inner.db.save_chat_line(&room.id, line.clone()).await?;
        }
        room.chat.say(line);
        Ok(())
    }

    /// Resolves when the server stops (WebSocket loops select on it).
    pub async fn stopped(&self) {
        let mut stopping = self.inner.stopping.subscribe();
        let _ = stopping.wait_for(|&s| s).await;
    }

    /// Loads the games that were going on when the server stopped, with
    /// their clocks, and restarts their AI and timers.
    pub async fn resume(&self) -> Result<usize, HubError> {
        if self.leases().is_some() {
            return self.take_over_all().await;
        }
        let db = self.inner.db.clone();
        let mut count = 0;
        for id in db.unfinished()? {
            match load_stored(&db, &id) {
                Ok(Some((mut state, said))) => {
                    state.version = state.version.max(wall_ms());
                    self.insert_loaded(state, said);
                    count += 1;
                }
                Ok(None) => {}
                Err(err) => tracing::error!(game = %id, error = %err, "game not resumed"),
            }
        }
        Ok(count)
    }

    /// Puts a new game's room in the registry and starts its clock task
    /// and its AI.
    fn insert(&self, state: RoomState) -> Arc<Room> {
        let over = state.status() == Status::Over;
        let added = self.inner.registry.insert(Room::new(state));
        self.start_room(added, over)
    }

    /// [`Hub::insert`] for a game read back from the database (counted if
    /// unfinished, unless it was asleep: [`registry::Registry::insert_loaded`]).
    fn insert_loaded(&self, state: RoomState, said: Vec<chat::ChatLine>) -> Arc<Room> {
        let over = state.status() == Status::Over;
        let added = self
            .inner
            .registry
            .insert_loaded(Room::with_chat(state, said));
        self.start_room(added, over)
    }

    /// Starts the clock task and the AI of a room just added (a finished
    /// game joins the finished games kept in memory).
    fn start_room(&self, (room, added): (Arc<Room>, bool), over: bool) -> Arc<Room> {
        if !added {
            return room;
        }
        if over {
            self.inner.registry.finished(&room.id);
            return room;
        }
        let hub = self.clone();
        let r = room.clone();
        tokio::spawn(async move {
            let state = r.state.lock().await;
            if state.status() != Status::Over {
                hub.start_clock(&r);
            }
            hub.schedule_ai(&r, &state);
        });
        room
    }

    /// A room from memory, or from the database (a finished game).
    pub async fn room(&self, id: &str) -> Result<Arc<Room>, HubError> {
        if !crate::token::is_game_id(id) {
            return Err(HubError::NoSuchGame);
        }
        if let Some(room) = self.inner.registry.get(id) {
            return Ok(room);
        }
        if let Some(address) = self.holder(id).await? {
            return Err(HubError::Elsewhere(address));
        }
        let db = self.inner.db.clone();
        let key = id.to_string();
        let loaded = tokio::task::spawn_blocking(move || load_stored(&db, &key))
            .await
            .map_err(|_| HubError::Stopping)??;
        let (mut state, said) = loaded.ok_or(HubError::NoSuchGame)?;
        state.version = state.version.max(wall_ms());
        // Another request may have loaded it meanwhile (then it is that
        // room, and the game is counted once).
        Ok(self.insert_loaded(state, said))
    }

    /// [`Hub::open`] within the client's own limit of unfinished games.
    /// A turn-based game lasts days: it counts under the client's
    /// turn-based games, so that a player's games of several days do not
    /// take the places of the games played now.
    async fn open_own(
        &self,
        client: &str,
        settings: Settings,
        slots: Vec<SeatSlot>,
    ) -> Result<(RoomState, Moment), HubError> {
        let config = &self.inner.config;
        if settings.is_correspondence() {
            let creator = registry::turn_based_creator(client);
            let caps = [config.max_turn_based_per_client];
            return self.open(&creator, settings, slots, &caps).await;
        }
        let caps = [config.max_rooms_per_client];
        self.open(client, settings, slots, &caps).await
    }

    /// A new game of `client` (within its limits and the server's), stored
    /// before anything is said of it; the caller then makes it known with
    /// [`Hub::insert`].
    async fn open(
        &self,
        client: &str,
        settings: Settings,
        slots: Vec<SeatSlot>,
        caps: &[usize],
    ) -> Result<(RoomState, Moment), HubError> {
        // A game with a seat nobody holds waits for people: those are
        // capped apart, and expire (`Hub::expire_waiting`).
        let waiting = slots
            .iter()
            .any(SeatSlot::is_free)
            .then_some(self.inner.config.max_waiting_games);
        let reservation = self.inner.registry.reserve(
            client,
            caps,
            self.inner.config.max_active_games,
            waiting,
        )?;
        self.open_reserved(reservation, settings, slots).await
    }

    /// [`Hub::open`] in a place taken beforehand.
    async fn open_reserved(
        &self,
        reservation: registry::Reservation<'_>,
        settings: Settings,
        slots: Vec<SeatSlot>,
    ) -> Result<(RoomState, Moment), HubError> {
        let now = moment_now();
        let mut state = RoomState::new(
            new_game_id(),
            wall_ms(),
            reservation.creator().to_string(),
            settings,
            slots,
            now,
        )?;
        debug_assert_eq!(
            reservation.waiting(),
            state.status() == Status::Waiting,
            "a place taken for another kind of game"
        );
        state.version = wall_ms();
        self.hold_new(&state.id).await?;
        self.inner.db.save(Save::new(&state, now)).await?;
        reservation.keep();
        self.inner.metrics.games_created.inc();
        tracing::info!(
            target: "quoridor::game",
            game = %state.id,
            players = state.seats.len(),
            size = state.settings.size,
            rated = state.settings.rated,
            "game created"
        );
        Ok((state, now))
    }

    /// Places for `n` games of a class or tournament (`creator`, see
    /// [`registry::club_creator`]) with every seat held, all of them or
    /// none, taken before any game is made ([`Hub::create_seated_in`]).
    pub fn reserve_seated(
        &self,
        creator: &str,
        per_owner: usize,
        n: usize,
    ) -> Result<Vec<registry::Reservation<'_>>, HubError> {
        let config = &self.inner.config;
        let caps = [per_owner, config.max_club_games_per_client];
        self.inner
            .registry
            .reserve_many(creator, &caps, config.max_active_games, None, n)
    }

    /// Creates a game for the client at `client`, logged in as `account`
    /// if it is.
    pub async fn create(
        &self,
        new: NewGame,
        client: &str,
        account: Option<&Account>,
    ) -> Result<SeatedView, HubError> {
        let token = new_token();
        let holder = hash_token(&token);
        let member = account.map(|a| Member {
            id: a.id,
            name: &a.name,
        });
        let slots = new.slots(&holder, member, random_u64)?;
        let mut settings = new.settings;
        if new.rated {
            check_rated(&settings, &slots, account)?;
            settings.rated = true;
        }
        let (state, now) = self.open_own(client, settings, slots).await?;
        let id = state.id.clone();
        let seats = state.seats_of(&holder);
        let free: Vec<Seat> = state
            .seats
            .iter()
            .filter(|s| s.is_free())
            .map(|s| s.seat)
            .collect();
        let invites = PerSeat::of(&free, |seat| format!("/g/{id}?join={}", seat.name()));
        let game = GameView::of(&state, now, 0);
        self.insert(state);
        Ok(SeatedView {
            id,
            token,
            seats,
            invites,
            game,
        })
    }

    /// Applies `op` to a copy of the game, stores the change, then makes it
    /// the game and tells everyone (one message, serialized once, with the
    /// history entries that changed).
    pub async fn change<T>(
        &self,
        room: &Arc<Room>,
        op: impl FnOnce(&mut RoomState, Moment) -> Result<T, RoomError>,
    ) -> Result<T, HubError> {
        Ok(self.change_inner(room, op, false).await?.0)
    }

    /// [`Hub::change`], answering the whole game object (for HTTP).
    pub async fn change_and_view<T>(
        &self,
        room: &Arc<Room>,
        op: impl FnOnce(&mut RoomState, Moment) -> Result<T, RoomError>,
    ) -> Result<(T, GameView), HubError> {
        let (out, view) = self.change_inner(room, op, true).await?;
        Ok((out, view.expect("asked for")))
    }

    async fn change_inner<T>(
        &self,
        room: &Arc<Room>,
        op: impl FnOnce(&mut RoomState, Moment) -> Result<T, RoomError>,
        want_view: bool,
    ) -> Result<(T, Option<GameView>), HubError> {
        let asked = Instant::now();
        let mut state = room.state.lock().await;
        if room.discarded.load(Ordering::SeqCst) {
            return Err(HubError::NoSuchGame);
        }
        let now = moment_now();
        let mut next = state.clone();
        let out = op(&mut next, now)?;
        let ends_rated = next.settings.rated
            && !next.aborted
            && state.status() != Status::Over
            && next.status() == Status::Over;
        let _rating = if ends_rated {
            let guard = self.inner.rating.lock().await;
            next.rating_changes = rating_changes(&self.inner.db, &next).await?;
            Some(guard)
        } else {
            None
        };
        let keep = common_entries(&state, &next);
        let ended = state.status() != Status::Over && next.status() == Status::Over;
        if let Err(err) = self
            .inner
            .db
            .save(Save::change(Some(&state), &next, now, keep))
            .await
        {
            // A move (or any change) refused by the store is said in the log
            // however it came (HTTP, WebSocket, the clock, the AI).
            tracing::error!(
                target: "quoridor::game",
                game = %room.id,
                error = %err,
                "a change of the game was not stored: refused"
            );
            return Err(err.into());
        }
        let event = EventView::between(&state, &next);
        next.last_seen = now;
        self.inner.registry.changed(&state, &next);
        let turn_moved = state.status() != next.status()
            || state.game.entries().len() != next.game.entries().len()
            || state.game.position().turn() != next.game.position().turn();
        *state = next;
        if turn_moved {
            self.turn_moved(&state);
        }
        if room.events.receiver_count() > 0 {
            let message = ServerMessage::State {
                event,
                you: None,
                game: Box::new(GameView::of(&state, now, keep)),
            };
            let _ = room.events.send(state_bytes(&message));
        }
        let view = want_view.then(|| GameView::of(&state, now, 0));
        self.after_change(room, &state);
        let added = state.meta.len().saturating_sub(keep);
        if added > 0 {
            self.inner.metrics.moves.add(added as u64);
            self.inner.metrics.move_seconds.observe(asked.elapsed());
        }
        if ended {
            self.game_ended(&state);
        }
        Ok((out, view))
    }

    /// Drops finished games from memory, to be read again from the
    /// database (their seats were renamed), here and on the other
    /// instances (which may hold some of them).
    pub async fn forget_finished(&self, ids: &[String]) {
        self.forget_finished_here(ids).await;
        if let Some(leases) = self.leases().cloned() {
            let games = ids.to_vec();
            let told = tokio::task::spawn_blocking(move || leases.notify_forget(&games)).await;
            if matches!(told, Ok(Ok(()))) {
                self.inner.metrics.notices_sent.inc();
            } else {
                tracing::warn!(target: "quoridor::cluster", "the other instances were not told to forget renamed games");
            }
        }
    }

    /// [`Hub::forget_finished`] in this instance's memory only.
    pub(super) async fn forget_finished_here(&self, ids: &[String]) {
        let mut gone = Vec::new();
        for id in ids {
            if let Some(room) = self.inner.registry.get(id) {
                if room.state.lock().await.status() == Status::Over {
                    room.evicted.store(true, Ordering::SeqCst);
                    room.wake.notify_one();
                    gone.push(id.clone());
                }
            }
        }
        self.inner.registry.remove(&gone);
    }

    /// A player's action (HTTP): the whole game after it.
    pub async fn act(
        &self,
        room: &Arc<Room>,
        holder: &str,
        action: Action,
    ) -> Result<GameView, HubError> {
        let ((), view) = self
            .change_and_view(room, |state, now| state.apply(holder, action, now))
            .await?;
        Ok(view)
    }

    /// A change that is shown but not stored (who is connected).
    pub async fn presence(
        &self,
        room: &Arc<Room>,
        event: EventView,
        op: impl FnOnce(&mut RoomState, Moment),
    ) {
        let mut state = room.state.lock().await;
        let now = moment_now();
        op(&mut state, now);
        state.version += 1;
        state.last_seen = now;
        // A first move is counted from its player's arrival.
        room.wake.notify_one();
        if room.events.receiver_count() > 0 {
            let message = ServerMessage::State {
                event,
                you: None,
                game: Box::new(GameView::of(&state, now, state.meta.len())),
            };
            let _ = room.events.send(state_bytes(&message));
        }
    }

    /// Wakes the clock and starts the AI if it is to move; tells the
    /// watcher of a followed game.
    fn after_change(&self, room: &Arc<Room>, state: &RoomState) {
        room.wake.notify_one();
        if state.status() != Status::Over {
            self.start_clock(room);
        }
        self.schedule_ai(room, state);
        self.tell_watcher(&room.id, state);
    }

    /// Drops games from memory for good (their class was deleted; the
    /// database rows go with the class): their places are given back and
    /// their clocks and AI stop.
    pub async fn discard(&self, ids: &[String]) {
        for id in ids {
            if let Some(room) = self.inner.registry.get(id) {
                let state = room.state.lock().await;
                self.inner.registry.forget(&state);
                room.discarded.store(true, Ordering::SeqCst);
                room.evicted.store(true, Ordering::SeqCst);
                room.wake.notify_one();
            }
        }
        self.inner.registry.remove(ids);
        self.inner.registry.forget_asleep(ids);
        let mut followed = self
            .inner
            .followed
            .write()
            .unwrap_or_else(|e| e.into_inner());
        for id in ids {
            followed.remove(id);
        }
    }

    /// Tells every WebSocket connection to close (the server stops).
    pub fn close_sockets(&self) {
        let _ = self.inner.stopping.send(true);
    }

    /// Stops the clocks and writes how much of each running turn was used,
    /// so that a restart charges nobody for the time the server was down;
    /// closes the WebSockets.
    pub async fn shutdown(&self) {
        self.inner.closing.store(true, Ordering::SeqCst);
        self.inner.listening.store(false, Ordering::SeqCst);
        self.close_sockets();
        for room in self.inner.registry.all() {
            let state = room.state.lock().await;
            if state.deadline().is_some() {
                let now = moment_now();
                let keep = state.meta.len();
                let save = Save::change(Some(&state), &state, now, keep);
                if let Err(err) = self.inner.db.save(save).await {
                    tracing::error!(game = %room.id, error = %err, "clock not saved at shutdown");
                }
            }
            room.wake.notify_one();
        }
    }
}
