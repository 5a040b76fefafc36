//! Classes and clubs: a teacher's class (pupils who join with a code and a
//! first name, assignments, games in class with a live dashboard), and
//! tournaments (round robin or Swiss, for a class or a club).
//!
//! - [`class`], [`event`], [`tournament`]: the rules of each, synchronous.
//! - [`Clubs`] (here): them in memory, stored on every change, and told of
//!   every change of their games by the hub ([`Hub::set_watcher`]); the
//!   live views go out on a version channel per class and tournament.
//! - [`api`]: the routes; [`view`]: what they send and receive.

pub mod api;
pub mod change;
pub mod class;
pub mod error;
pub mod event;
pub mod tournament;
pub mod view;

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use quoridor_classroom::Exercise;
use quoridor_engine::{Controller, Level};
use quoridor_rules::Seat;
use tokio::sync::{watch, Mutex};

pub use self::class::ClassData;
use self::class::{Changed, Class, ClassGame, WorkBook, CODE_ALPHABET, CODE_LEN};
pub use self::error::ClubError;
use self::event::{Stage, Tournament};
use self::view::{BoardView, GameSpec};
use crate::db::{ClubWrite, Db};
use crate::hub::registry::club_creator;
use crate::hub::Hub;
use crate::limits::lockout::{Attempt, Lockout, Rules};
use crate::limits::tally::{Reserved, Tally};
use crate::limits::workers::Workers;
use crate::model::{RoomState, SeatSlot, Settings};
use crate::token::random_u64;
use crate::wall_ms;

/// The most unfinished games of one class or tournament.
pub const MAX_GAMES_PER_OWNER: usize = 64;
/// The most classes and tournaments one client address may have.
pub const MAX_PER_CLIENT: usize = 50;
/// Wrong PINs (API.md, "Limits"): 5 a minute per class from one address,
/// 20 a minute per address; past 20 for one class from all addresses in an
/// hour, tries from addresses that never gave it right are spaced out, up
/// to a minute apart.
pub const PIN_RULES: Rules = Rules {
    per_pair: 5,
    per_address: 20,
    window: Duration::from_secs(60),
    free_per_subject: 20,
    subject_window: Duration::from_secs(3600),
    max_spacing: Duration::from_secs(60),
};

/// A class in memory. A change is made under `data`'s lock, which is held
/// until it is stored; then the stored class is published in `shown`.
/// Every view reads `shown`, the boards and who is online, so that no view
/// (and no game's board) ever waits for a commit.
pub struct ClassRoom {
    data: Mutex<ClassData>,
    /// Grows with every change (the live views wait on it).
    pub version: watch::Sender<u64>,
    shown: std::sync::RwLock<Arc<Shown>>,
    /// The boards of the class's games as last seen.
    boards: std::sync::Mutex<HashMap<String, BoardView>>,
    /// Open live pages per pupil (not stored).
    online: std::sync::Mutex<HashMap<u32, u32>>,
    /// Each assignment's exercises, made once.
    exercises: std::sync::Mutex<HashMap<u32, Arc<Vec<Exercise>>>>,
}

/// The class and its work as last stored.
pub struct Shown {
    pub class: Arc<Class>,
    pub work: Arc<WorkBook>,
}

fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl ClassRoom {
    /// The class as last stored.
    pub fn shown(&self) -> Arc<Shown> {
        self.shown.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Publishes what was just stored (`class_changed`: more than the work).
    fn publish(&self, data: &ClassData, class_changed: bool) {
        let class = if class_changed {
            Arc::new(data.class.clone())
        } else {
            self.shown().class.clone()
        };
        let shown = Arc::new(Shown {
            class,
            work: Arc::new(data.work.clone()),
        });
        *self.shown.write().unwrap_or_else(|e| e.into_inner()) = shown;
        bump(&self.version);
    }

    /// The boards now.
    pub fn boards(&self) -> std::sync::MutexGuard<'_, HashMap<String, BoardView>> {
        lock(&self.boards)
    }

    /// Counts a pupil's live page in or out.
    pub fn set_online(&self, pupil: u32, arriving: bool) {
        {
            let mut online = lock(&self.online);
            let n = online.entry(pupil).or_default();
            *n = if arriving {
                *n + 1
            } else {
                n.saturating_sub(1)
            };
        }
        bump(&self.version);
    }

    pub fn is_online(&self, pupil: u32) -> bool {
        lock(&self.online).get(&pupil).is_some_and(|&n| n > 0)
    }

    pub fn forget_exercises(&self, assignment: u32) {
        lock(&self.exercises).remove(&assignment);
    }
}

/// A tournament in memory: changed under `data`'s lock, read from `shown`.
pub struct Cup {
    data: Mutex<CupData>,
    pub version: watch::Sender<u64>,
    shown: std::sync::RwLock<Arc<Tournament>>,
    boards: std::sync::Mutex<HashMap<String, BoardView>>,
}

pub struct CupData {
    pub event: Tournament,
}

impl Cup {
    /// The tournament as last stored.
    pub fn shown(&self) -> Arc<Tournament> {
        self.shown.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn publish(&self, data: &CupData) {
        *self.shown.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(data.event.clone());
        bump(&self.version);
    }

    pub fn boards(&self) -> std::sync::MutexGuard<'_, HashMap<String, BoardView>> {
        lock(&self.boards)
    }
}

/// What a game belongs to.
#[derive(Clone, Debug)]
enum Owner {
    Class(String),
    Tournament(String),
}

/// What a join code opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Code {
    Class(String),
    Tournament(String),
}

/// Every class and tournament.
#[derive(Clone)]
pub struct Clubs {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    hub: Hub,
    workers: Workers,
    classes: RwLock<HashMap<String, Arc<ClassRoom>>>,
    cups: RwLock<HashMap<String, Arc<Cup>>>,
    codes: RwLock<HashMap<String, Code>>,
    owners: RwLock<HashMap<String, Owner>>,
    /// Classes and tournaments that exist, per the address that opened
    /// them.
    per_client: Tally,
    /// Wrong PINs.
    pins: Lockout,
}

fn read<T>(lock: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|e| e.into_inner())
}

fn write<T>(lock: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    lock.write().unwrap_or_else(|e| e.into_inner())
}

fn bump(version: &watch::Sender<u64>) {
    version.send_modify(|v| *v += 1);
}

fn class_json(class: &Class) -> String {
    serde_json::to_string(class).expect("classes serialize")
}

fn tournament_json(t: &Tournament) -> String {
    serde_json::to_string(t).expect("tournaments serialize")
}

impl Clubs {
    /// Loads every class and tournament, follows their games, and starts
    /// listening to the hub. Call after the hub has resumed its games.
    pub async fn start(db: Db, hub: Hub, workers: Workers) -> Result<Clubs, String> {
        let clubs = Clubs {
            inner: Arc::new(Inner {
                db: db.clone(),
                hub: hub.clone(),
                workers,
                classes: Default::default(),
                cups: Default::default(),
                codes: Default::default(),
                owners: Default::default(),
                per_client: Tally::new(),
                pins: Lockout::new(PIN_RULES),
            }),
        };
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<RoomState>();
        hub.set_watcher(tx);
        for body in db.classes().map_err(|e| e.to_string())? {
            let class: Class = match serde_json::from_str(&body) {
                Ok(class) => class,
                Err(err) => {
                    eprintln!("quoridor serve: a class was not read back: {err}");
                    continue;
                }
            };
            let mut work = WorkBook::new();
            for (a, p, i, body) in db.class_work(&class.id).map_err(|e| e.to_string())? {
                if let Ok(w) = serde_json::from_str(&body) {
                    work.insert((a, p, i), w);
                }
            }
            clubs.add_class(class, work);
        }
        for body in db.tournaments().map_err(|e| e.to_string())? {
            match serde_json::from_str::<Tournament>(&body) {
                Ok(t) => {
                    clubs.add_cup(t);
                }
                Err(err) => eprintln!("quoridor serve: a tournament was not read back: {err}"),
            }
        }
        // Results that came while a tournament was not told (the server
        // stopped between the game's write and the tournament's): the games
        // of each running tournament's round still waiting for one. (The
        // classes' boards are read when a page first asks.)
        let cups: Vec<Arc<Cup>> = read(&clubs.inner.cups).values().cloned().collect();
        for cup in cups {
            let event = cup.shown();
            let waiting = event
                .rounds
                .last()
                .into_iter()
                .flatten()
                .filter(|p| p.outcome.is_none())
                .filter_map(|p| p.game.clone());
            for id in waiting {
                if let Ok(state) = hub.state(&id).await {
                    let board = BoardView::of(&state);
                    if let Some(outcome) = board.outcome() {
                        clubs.record_result(&cup, &id, outcome).await;
                    }
                }
            }
            let change = clubs.begin_cup(&cup).await;
            if change.event.unstarted().is_empty() {
                change.unchanged();
            } else if let Err(err) = change.commit().await {
                eprintln!("quoridor serve: tournament {}: {err}", cup.shown().id);
            }
        }
        let watcher = clubs.clone();
        tokio::spawn(async move {
            while let Some(state) = rx.recv().await {
                watcher.game_changed(&state).await;
            }
        });
        Ok(clubs)
    }

    fn add_class(&self, class: Class, work: WorkBook) -> Arc<ClassRoom> {
        let id = class.id.clone();
        if let Some(creator) = &class.creator {
            self.inner.per_client.add(creator);
        }
        write(&self.inner.codes).insert(class.code.clone(), Code::Class(id.clone()));
        {
            let mut owners = write(&self.inner.owners);
            for game in &class.games {
                owners.insert(game.game.clone(), Owner::Class(id.clone()));
                self.inner.hub.follow(&game.game);
            }
        }
        let shown = Arc::new(Shown {
            class: Arc::new(class.clone()),
            work: Arc::new(work.clone()),
        });
        let room = Arc::new(ClassRoom {
            data: Mutex::new(ClassData { class, work }),
            version: watch::channel(wall_ms()).0,
            shown: std::sync::RwLock::new(shown),
            boards: Default::default(),
            online: Default::default(),
            exercises: Default::default(),
        });
        write(&self.inner.classes).insert(id, room.clone());
        room
    }

    fn add_cup(&self, event: Tournament) -> Arc<Cup> {
        let id = event.id.clone();
        if let Some(creator) = &event.creator {
            self.inner.per_client.add(creator);
        }
        write(&self.inner.codes).insert(event.code.clone(), Code::Tournament(id.clone()));
        {
            let mut owners = write(&self.inner.owners);
            for game in event
                .rounds
                .iter()
                .flatten()
                .filter_map(|p| p.game.as_ref())
            {
                owners.insert(game.clone(), Owner::Tournament(id.clone()));
                self.inner.hub.follow(game);
            }
        }
        let cup = Arc::new(Cup {
            shown: std::sync::RwLock::new(Arc::new(event.clone())),
            data: Mutex::new(CupData { event }),
            version: watch::channel(wall_ms()).0,
            boards: Default::default(),
        });
        write(&self.inner.cups).insert(id, cup.clone());
        cup
    }

    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    pub fn hub(&self) -> &Hub {
        &self.inner.hub
    }

    /// Runs CPU work (generating a sheet, checking an answer) on a blocking
    /// thread, a few at once.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ClubError> {
        self.inner
            .workers
            .run(work)
            .await
            .map_err(|failed| ClubError::Unavailable(failed.words()))
    }

    /// A new join code, unused.
    pub fn new_code(&self) -> String {
        let codes = read(&self.inner.codes);
        loop {
            let mut n = random_u64();
            let code: String = (0..CODE_LEN)
                .map(|_| {
                    let c = CODE_ALPHABET[(n % CODE_ALPHABET.len() as u64) as usize] as char;
                    n /= CODE_ALPHABET.len() as u64;
                    c
                })
                .collect();
            if !codes.contains_key(&code) {
                return code;
            }
        }
    }

    /// A place for one more class or tournament of `client`, within the
    /// limit, taken before it is made. Hold it until the class or
    /// tournament is added (which counts it), then let it go.
    pub fn take_place(&self, client: &str) -> Result<Reserved<'_>, ClubError> {
        self.inner
            .per_client
            .reserve(client, MAX_PER_CLIENT)
            .ok_or(ClubError::TooMany(MAX_PER_CLIENT))
    }

    pub fn code(&self, code: &str) -> Option<Code> {
        read(&self.inner.codes).get(code).cloned()
    }

    pub fn class(&self, id: &str) -> Result<Arc<ClassRoom>, ClubError> {
        read(&self.inner.classes)
            .get(id)
            .cloned()
            .ok_or(ClubError::NoSuchClass)
    }

    pub fn cup(&self, id: &str) -> Result<Arc<Cup>, ClubError> {
        read(&self.inner.cups)
            .get(id)
            .cloned()
            .ok_or(ClubError::NoSuchTournament)
    }

    /// A new class, stored.
    pub async fn open_class(&self, class: Class) -> Result<Arc<ClassRoom>, ClubError> {
        self.inner
            .db
            .save_club(ClubWrite::Class {
                id: class.id.clone(),
                body: class_json(&class),
                forget: None,
            })
            .await?;
        Ok(self.add_class(class, WorkBook::new()))
    }

    /// A new tournament, stored; its first games made if it starts at once.
    pub async fn open_cup(&self, event: Tournament) -> Result<Arc<Cup>, ClubError> {
        self.inner
            .db
            .save_club(ClubWrite::Tournament {
                id: event.id.clone(),
                class: event.class.clone(),
                body: tournament_json(&event),
            })
            .await?;
        Ok(self.add_cup(event))
    }

    /// A try of class `class`'s PIN from `address`, counted before the PIN
    /// is checked ([`PIN_RULES`]).
    pub fn pin_attempt(&self, class: &str, address: &str) -> Result<Attempt<'_>, ClubError> {
        self.inner
            .pins
            .attempt(class, address, Instant::now())
            .map_err(|locked| ClubError::TooManyPins(locked.retry_after))
    }

    /// The exercises of an assignment (made once, on a blocking thread).
    pub async fn exercises(
        &self,
        room: &ClassRoom,
        assignment: u32,
    ) -> Result<Arc<Vec<Exercise>>, ClubError> {
        if let Some(list) = lock(&room.exercises).get(&assignment) {
            return Ok(list.clone());
        }
        let source = room.shown().class.assignment(assignment)?.source.clone();
        let list = Arc::new(self.blocking(move || source.exercises()).await?);
        lock(&room.exercises).insert(assignment, list.clone());
        Ok(list)
    }

    /// Makes a game with pupils or players at its seats (a name, and the
    /// holder's token hash or an AI's level), followed by its owner.
    async fn make_game(
        &self,
        owner: Owner,
        address: Option<&str>,
        spec: &GameSpec,
        competition: bool,
        seats: Vec<(String, Result<String, Level>)>,
    ) -> Result<String, ClubError> {
        let mut settings = Settings::new(spec.size, spec.players, spec.variant, spec.fences)?
            .with_clock(spec.clock)?;
        settings.theme = spec.theme;
        settings.public = false;
        settings.competition = competition;
        settings.ruleset()?;
        let order = Seat::in_play(spec.players);
        let slots = order
            .iter()
            .zip(seats)
            .map(|(&seat, (name, holder))| SeatSlot {
                seat,
                kind: match holder {
                    Ok(_) => Controller::Human,
                    Err(level) => Controller::Ai(level),
                },
                name,
                holder: holder.ok(),
                account: None,
            })
            .collect();
        let owner_key = match &owner {
            Owner::Class(id) => format!("class:{id}"),
            Owner::Tournament(id) => format!("tournament:{id}"),
        };
        // Games of a tournament opened before addresses were kept count
        // against the tournament only.
        let client = match address {
            Some(address) => club_creator(&owner_key, address),
            None => owner_key,
        };
        let id = self
            .inner
            .hub
            .create_seated(&client, settings, slots, MAX_GAMES_PER_OWNER)
            .await?;
        write(&self.inner.owners).insert(id.clone(), owner);
        Ok(id)
    }

    /// Makes a class game asked for from `address` (the caller holds the
    /// class's lock and saves).
    pub async fn class_game(
        &self,
        room: &ClassRoom,
        data: &mut ClassData,
        address: &str,
        spec: &GameSpec,
        pupils: Vec<Option<u32>>,
        ai: Level,
    ) -> Result<String, ClubError> {
        let mut seats = Vec::new();
        for p in &pupils {
            seats.push(match p {
                Some(id) => {
                    let pupil = data.class.pupil(*id)?;
                    (pupil.name.clone(), Ok(pupil.holder.clone()))
                }
                None => (format!("AI {}", ai.number()), Err(ai)),
            });
        }
        let game = self
            .make_game(
                Owner::Class(data.class.id.clone()),
                Some(address),
                spec,
                false,
                seats,
            )
            .await?;
        if let Ok(state) = self.inner.hub.state(&game).await {
            room.boards().insert(game.clone(), BoardView::of(&state));
        }
        data.class.add_game(ClassGame {
            game: game.clone(),
            pupils,
            created_ms: wall_ms(),
        });
        Ok(game)
    }

    /// Makes the games of the tournament's round that have none yet (under
    /// a [`change::CupChange`], which stores them).
    async fn start_games(&self, cup: &Cup, data: &mut CupData) -> Result<(), ClubError> {
        if data.event.stage != Stage::Running {
            return Ok(());
        }
        let spec = GameSpec {
            size: data.event.rules.size,
            players: 2,
            variant: quoridor_rules::Variant::Standard,
            fences: data.event.rules.fences,
            clock: data.event.rules.clock,
            theme: Default::default(),
        };
        let todo = data.event.unstarted();
        for i in todo {
            let pairing = data.event.rounds.last().expect("a round")[i].clone();
            let mut seats = Vec::new();
            for p in [Some(pairing.first), pairing.second].into_iter().flatten() {
                let entrant = &data.event.players[p];
                let who = match (&entrant.holder, entrant.ai.and_then(Level::new)) {
                    (Some(holder), _) => Ok(holder.clone()),
                    (None, Some(level)) => Err(level),
                    // A player added by name whose link was never opened
                    // still gets their seat: the token is theirs to claim.
                    (None, None) => Err(Level::new(1).expect("level 1")),
                };
                seats.push((entrant.name.clone(), who));
            }
            let game = self
                .make_game(
                    Owner::Tournament(data.event.id.clone()),
                    data.event.creator.as_deref(),
                    &spec,
                    true,
                    seats,
                )
                .await?;
            if let Ok(state) = self.inner.hub.state(&game).await {
                cup.boards().insert(game.clone(), BoardView::of(&state));
            }
            data.event.set_game(i, game);
        }
        Ok(())
    }

    /// A change of a class's or tournament's game: its board, and for a
    /// tournament its result and the next round.
    async fn game_changed(&self, state: &RoomState) {
        let owner = read(&self.inner.owners).get(&state.id).cloned();
        let board = BoardView::of(state);
        match owner {
            Some(Owner::Class(id)) => {
                let Ok(room) = self.class(&id) else { return };
                room.boards().insert(state.id.clone(), board);
                bump(&room.version);
            }
            Some(Owner::Tournament(id)) => {
                let Ok(cup) = self.cup(&id) else { return };
                let outcome = board.outcome();
                cup.boards().insert(state.id.clone(), board);
                bump(&cup.version);
                if let Some(outcome) = outcome {
                    // Recorded apart, so that other boards never wait for
                    // the tournament's commit.
                    let clubs = self.clone();
                    let game = state.id.clone();
                    tokio::spawn(async move { clubs.record_result(&cup, &game, outcome).await });
                }
            }
            None => {}
        }
    }

    /// A tournament game's result: the next round when it was the last.
    async fn record_result(&self, cup: &Cup, game: &str, outcome: tournament::Outcome) {
        let mut change = self.begin_cup(cup).await;
        if !change.event.game_over(game, outcome) {
            return change.unchanged();
        }
        let (id, class) = (change.event.id.clone(), change.event.class.clone());
        if let Err(err) = change.commit().await {
            eprintln!("quoridor serve: tournament {id} not saved: {err}");
        }
        if let Some(room) = class.and_then(|class| self.class(&class).ok()) {
            bump(&room.version);
        }
    }

    /// Boards of the current round not seen yet (after a restart) are read once.
    pub async fn fill_cup_boards(&self, cup: &Cup) {
        let event = cup.shown();
        let missing: Vec<String> = {
            let boards = cup.boards();
            event
                .rounds
                .last()
                .into_iter()
                .flatten()
                .filter_map(|p| p.game.clone())
                .filter(|g| !boards.contains_key(g))
                .collect()
        };
        for id in missing {
            if let Ok(state) = self.inner.hub.state(&id).await {
                cup.boards().insert(id, BoardView::of(&state));
            }
        }
    }

    /// Deletes a tournament and its games (and takes it off its class).
    pub async fn delete_cup(&self, cup: &Cup) -> Result<(), ClubError> {
        let data = cup.data.lock().await;
        let id = data.event.id.clone();
        let games: Vec<String> = data
            .event
            .rounds
            .iter()
            .flatten()
            .filter_map(|p| p.game.clone())
            .collect();
        self.inner.hub.discard(&games).await;
        self.inner
            .db
            .save_club(ClubWrite::DeleteTournament {
                id: id.clone(),
                games: games.clone(),
            })
            .await?;
        {
            let mut owners = write(&self.inner.owners);
            for g in &games {
                owners.remove(g);
            }
        }
        write(&self.inner.codes).remove(&data.event.code);
        write(&self.inner.cups).remove(&id);
        if let Some(creator) = &data.event.creator {
            self.inner.per_client.remove(creator);
        }
        cup.version.send_replace(u64::MAX);
        // The tournament's lock goes before the class's is taken: a class
        // being deleted takes them the other way round.
        let class = data.event.class.clone();
        drop(data);
        if let Some(room) = class.and_then(|class| self.class(&class).ok()) {
            self.change_class(&room, |data, _| {
                data.class.forget_tournament(&id);
                Ok(((), Changed::Class))
            })
            .await?;
        }
        Ok(())
    }

    /// Deletes a class and everything in it: pupils, work, games,
    /// tournaments. Nothing of it is left on the server.
    pub async fn delete_class(&self, room: &ClassRoom) -> Result<(), ClubError> {
        let data = room.data.lock().await;
        let id = data.class.id.clone();
        let mut games: Vec<String> = data.class.games.iter().map(|g| g.game.clone()).collect();
        let tournaments = data.class.tournaments.clone();
        let mut cups = Vec::new();
        for t in &tournaments {
            if let Ok(cup) = self.cup(t) {
                let cd = cup.data.lock().await;
                games.extend(
                    cd.event
                        .rounds
                        .iter()
                        .flatten()
                        .filter_map(|p| p.game.clone()),
                );
                cups.push((t.clone(), cd.event.code.clone(), cd.event.creator.clone()));
            }
        }
        self.inner.hub.discard(&games).await;
        self.inner
            .db
            .save_club(ClubWrite::DeleteClass {
                id: id.clone(),
                games: games.clone(),
                tournaments,
            })
            .await?;
        {
            let mut owners = write(&self.inner.owners);
            for g in &games {
                owners.remove(g);
            }
        }
        {
            let mut codes = write(&self.inner.codes);
            codes.remove(&data.class.code);
            for (_, code, _) in &cups {
                codes.remove(code);
            }
        }
        {
            let mut all = write(&self.inner.cups);
            for (t, _, creator) in &cups {
                all.remove(t);
                if let Some(creator) = creator {
                    self.inner.per_client.remove(creator);
                }
            }
        }
        if let Some(creator) = &data.class.creator {
            self.inner.per_client.remove(creator);
        }
        write(&self.inner.classes).remove(&id);
        // Live pages hear of it and close.
        room.version.send_replace(u64::MAX);
        Ok(())
    }
}
