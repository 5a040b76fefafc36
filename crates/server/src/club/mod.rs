//! Classes and clubs: a teacher's class (pupils who join with a code and a
//! first name, assignments, games in class with a live dashboard), and
//! tournaments (round robin or Swiss, for a class or a club).
//!
//! - The rules, synchronous and tested: [`class`] (a class, its pupils,
//!   PINs and assignments), [`work`] (the pupils' answers), [`pairing`],
//!   [`results`] (the CSV), [`event`] and [`tournament`].
//! - [`Clubs`] (here): them in memory ([`rooms`]), changed through one
//!   path ([`change`]: lock, change, store, publish), their games made and
//!   followed ([`games`]; the hub tells of every change,
//!   [`Hub::set_watcher`]); the live views go out on a version channel per
//!   class and tournament.
//! - [`api`]: the routes; [`view`]: what they send and receive.

pub mod action;
pub mod api;
pub mod assignment;
pub mod board_view;
pub mod cards;
pub mod change;
pub mod chat;
pub mod class;
pub mod class_error;
pub mod error;
pub mod games;
mod give;
pub mod groups;
pub mod merge;
pub mod owners;
pub mod pairing;
pub mod pictures;
pub mod progress;
pub mod results;
pub mod rooms;
pub mod roster;
pub mod spreadsheet;
pub mod tournament;
pub mod tournament_view;
pub mod view;
pub mod work;
pub mod year;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use quoridor_exercises::Exercise;

use self::action::ClassAction;
pub use self::class::ClassData;
use self::class::{code_from, Changed, Class, CODE_LEN};
pub use self::error::ClubError;
pub use self::rooms::{ClassRoom, Shown, TournamentData, TournamentRoom};

/// Who enters a class's new tournament: its pupils (those chosen, or all),
/// and the teacher (`teacher`, their token's hash) who organises it.
pub struct ClassEntrants<'a> {
    pub room: &'a ClassRoom,
    pub pupils: Option<Vec<u32>>,
    pub teacher: Option<String>,
}
use self::tournament::{Entrant, Tournament};
use self::view::BoardView;
use self::work::WorkBook;
use crate::db::{ClubWrite, Db};
use crate::hub::Hub;
use crate::limits::lockout::{Attempt, Lockout, Rules};
use crate::limits::tally::{Reserved, Tally};
use crate::limits::window::Window;
use crate::limits::workers::Workers;
use crate::token::random_u64;
use quoridor_game::RoomState;

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
    /// Whether the classes are being read or were ([`Clubs::load`]), and
    /// whether they were: an instance that is not the keeper has none,
    /// and serves none.
    loading: AtomicBool,
    ready: AtomicBool,
    classes: RwLock<HashMap<String, Arc<ClassRoom>>>,
    tournaments: RwLock<HashMap<String, Arc<TournamentRoom>>>,
    codes: RwLock<HashMap<String, Code>>,
    owners: RwLock<HashMap<String, Owner>>,
    /// Classes and tournaments that exist, per the address that opened
    /// them.
    per_client: Tally,
    /// Wrong PINs.
    pins: Lockout,
    /// Wrong login cards, per address.
    cards: Window,
}

fn read<T>(lock: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|e| e.into_inner())
}

fn write<T>(lock: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    lock.write().unwrap_or_else(|e| e.into_inner())
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
    /// Among several instances, the keeper serves the classes for all
    /// (the others relay their requests to it): an instance loads them
    /// when it becomes the keeper, from the database as the last keeper
    /// left it.
    pub async fn start(db: Db, hub: Hub, workers: Workers) -> Result<Clubs, String> {
        let clubs = Clubs {
            inner: Arc::new(Inner {
                db: db.clone(),
                hub: hub.clone(),
                workers,
                loading: AtomicBool::new(false),
                ready: AtomicBool::new(false),
                classes: Default::default(),
                tournaments: Default::default(),
                codes: Default::default(),
                owners: Default::default(),
                per_client: Tally::new(),
                pins: Lockout::new(PIN_RULES),
                cards: cards::card_window(),
            }),
        };
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<RoomState>();
        hub.set_watcher(tx);
        let watcher = clubs.clone();
        tokio::spawn(async move {
            while let Some(state) = rx.recv().await {
                watcher.game_changed(&state).await;
            }
        });
        let mut keeper = hub.keeper_changes();
        if !hub.is_instance() || *keeper.borrow_and_update() {
            clubs.load().await?;
            return Ok(clubs);
        }
        let later = clubs.clone();
        tokio::spawn(async move {
            if keeper.wait_for(|&here| here).await.is_ok() {
                if let Err(err) = later.load().await {
                    tracing::error!(target: "quoridor::club", error = %err, "the classes were not read: this keeper serves none");
                }
            }
        });
        Ok(clubs)
    }

    /// Reads every class and tournament from the database (once), follows
    /// their games and tells the tournaments the results they missed.
    async fn load(&self) -> Result<(), String> {
        if self.inner.loading.swap(true, Ordering::SeqCst) {
            return Ok(());
        }
        let (clubs, db, hub) = (self, &self.inner.db, &self.inner.hub);
        for body in db.classes().map_err(|e| e.to_string())? {
            let mut class: Class = match serde_json::from_str(&body) {
                Ok(class) => class,
                Err(err) => {
                    tracing::error!(target: "quoridor::club", error = %err, "a class was not read back");
                    continue;
                }
            };
            let mut work = WorkBook::new();
            for (a, p, i, body) in db.class_work(&class.id).map_err(|e| e.to_string())? {
                if let Ok(w) = serde_json::from_str(&body) {
                    work.insert((a, p, i), w);
                }
            }
            // Pupils of a store from before login cards (or picture
            // rows) get theirs, and assignments made before a puzzle was
            // dropped its stand-in.
            let carded = clubs.give_missing_cards(&mut class);
            let pictured = class.give_missing_pictures(random_u64);
            if class.replace_retired_puzzles() | carded | pictured {
                clubs.store_class(&class).await.map_err(|e| e.to_string())?;
            }
            clubs.add_class(class, work, None);
        }
        for body in db.tournaments().map_err(|e| e.to_string())? {
            match serde_json::from_str::<Tournament>(&body) {
                Ok(t) => {
                    clubs.add_tournament(t, None);
                }
                Err(err) => {
                    tracing::error!(target: "quoridor::club", error = %err, "a tournament was not read back")
                }
            }
        }
        // Results that came while a tournament was not told (the server
        // stopped between the game's write and the tournament's): the games
        // of each running tournament's round still waiting for one. (The
        // classes' boards are read when a page first asks.)
        let tournaments: Vec<Arc<TournamentRoom>> =
            read(&clubs.inner.tournaments).values().cloned().collect();
        for tournament in tournaments {
            let shown = tournament.shown();
            let waiting = shown
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
                        clubs.record_result(&tournament, &id, outcome).await;
                    }
                }
            }
            let change = clubs.begin_tournament(&tournament).await;
            if change.tournament.unstarted().is_empty() {
                change.unchanged();
            } else if let Err(err) = change.commit().await {
                tracing::error!(target: "quoridor::club", tournament = %tournament.shown().id, error = %err, "tournament not advanced");
            }
        }
        self.inner.ready.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Adds a class to memory; its creator's count grows unless `place`,
    /// taken for it, is kept instead (counting both, even for a moment,
    /// would refuse another request of the burst within the limit).
    fn add_class(
        &self,
        class: Class,
        work: WorkBook,
        place: Option<Reserved<'_>>,
    ) -> Arc<ClassRoom> {
        let id = class.id.clone();
        match (place, &class.creator) {
            (Some(place), _) => place.keep(),
            (None, Some(creator)) => self.inner.per_client.add(creator),
            (None, None) => {}
        }
        write(&self.inner.codes).insert(class.code.clone(), Code::Class(id.clone()));
        {
            let mut owners = write(&self.inner.owners);
            for game in &class.games {
                owners.insert(game.game.clone(), Owner::Class(id.clone()));
                self.inner.hub.follow(&game.game);
            }
        }
        let room = Arc::new(ClassRoom::new(class, work));
        write(&self.inner.classes).insert(id, room.clone());
        room
    }

    /// Adds a tournament to memory, counted as [`Clubs::add_class`] does.
    fn add_tournament(&self, made: Tournament, place: Option<Reserved<'_>>) -> Arc<TournamentRoom> {
        let id = made.id.clone();
        match (place, &made.creator) {
            (Some(place), _) => place.keep(),
            (None, Some(creator)) => self.inner.per_client.add(creator),
            (None, None) => {}
        }
        write(&self.inner.codes).insert(made.code.clone(), Code::Tournament(id.clone()));
        {
            let mut owners = write(&self.inner.owners);
            for game in made.rounds.iter().flatten().filter_map(|p| p.game.as_ref()) {
                owners.insert(game.clone(), Owner::Tournament(id.clone()));
                self.inner.hub.follow(game);
            }
        }
        let tournament = Arc::new(TournamentRoom::new(made));
        write(&self.inner.tournaments).insert(id, tournament.clone());
        tournament
    }

    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    /// Whether the classes and tournaments were read: an instance among
    /// several reads them when it becomes the keeper, and refuses their
    /// requests until then (they are the keeper's: the others relay them).
    pub fn is_ready(&self) -> bool {
        self.inner.ready.load(Ordering::SeqCst)
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
            let code = code_from(random_u64(), CODE_LEN);
            if !codes.contains_key(&code) {
                return code;
            }
        }
    }

    /// A place for one more class or tournament of `client`, within the
    /// limit, taken before it is made and handed to `open_class` or
    /// `open_tournament`, which keep it.
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

    pub fn tournament(&self, id: &str) -> Result<Arc<TournamentRoom>, ClubError> {
        read(&self.inner.tournaments)
            .get(id)
            .cloned()
            .ok_or(ClubError::NoSuchTournament)
    }

    /// A new class, stored, in the place taken for it (if any).
    pub async fn open_class(
        &self,
        class: Class,
        place: Option<Reserved<'_>>,
    ) -> Result<Arc<ClassRoom>, ClubError> {
        self.inner
            .db
            .save_club(ClubWrite::Class {
                id: class.id.clone(),
                body: class_json(&class),
                forget: None,
            })
            .await?;
        Ok(self.add_class(class, WorkBook::new(), place))
    }

    /// A new tournament, stored; its first games made if it starts at once.
    pub async fn open_tournament(
        &self,
        made: Tournament,
        place: Option<Reserved<'_>>,
    ) -> Result<Arc<TournamentRoom>, ClubError> {
        self.inner
            .db
            .save_club(ClubWrite::Tournament {
                id: made.id.clone(),
                class: made.class.clone(),
                body: tournament_json(&made),
            })
            .await?;
        Ok(self.add_tournament(made, place))
    }

    /// Opens a new tournament asked for from `address`: a class's (its
    /// pupils enter, all or those chosen, and its teacher organises it) or
    /// a club's, with `ai` players at those levels. The class stays locked
    /// until the tournament is on its list, so that tournaments opened at
    /// once cannot pass the class's limit.
    pub async fn start_tournament(
        &self,
        mut made: Tournament,
        class: Option<ClassEntrants<'_>>,
        ai: &[u8],
        address: &str,
    ) -> Result<(), ClubError> {
        let mut class_change = None;
        if let Some(class) = class {
            let change = self.begin_class(class.room).await;
            change.class.room_for_tournament()?;
            made.organisers.extend(class.teacher);
            let chosen: Vec<u32> = match class.pupils {
                Some(list) => list,
                None => change.class.pupils.iter().map(|p| p.id).collect(),
            };
            for p in chosen {
                let pupil = change.class.pupil(p)?;
                made.enter(Entrant {
                    name: pupil.name.clone(),
                    holder: Some(pupil.holder.clone()),
                    ai: None,
                    pupil: Some(p),
                    withdrawn: false,
                    removed: false,
                })?;
            }
            class_change = Some(change);
        }
        for (i, &level) in ai.iter().enumerate() {
            made.enter(Entrant {
                name: format!("AI {level} #{}", i + 1),
                holder: None,
                ai: Some(level),
                pupil: None,
                withdrawn: false,
                removed: false,
            })?;
        }
        let place = self.take_place(address)?;
        made.creator = Some(address.to_string());
        let id = made.id.clone();
        self.open_tournament(made, Some(place)).await?;
        if let Some(mut change) = class_change {
            change.class.add_tournament(id);
            change.commit(Changed::Class).await?;
        }
        Ok(())
    }

    /// A try of class `class`'s PIN from `address`, counted before the PIN
    /// is checked ([`PIN_RULES`]).
    pub fn pin_attempt(&self, class: &str, address: &str) -> Result<Attempt<'_>, ClubError> {
        self.inner
            .pins
            .attempt(class, address, Instant::now())
            .map_err(|locked| ClubError::TooManyPins(locked.retry_after))
    }

    /// Class `class`'s PIN was set from `address` (the class was made
    /// there): its teacher's tries from there are never slowed down.
    pub fn pin_known(&self, class: &str, address: &str) {
        self.inner.pins.remember(class, address, Instant::now());
    }

    /// The exercises of an assignment (made once, on a blocking thread).
    pub async fn exercises(
        &self,
        room: &ClassRoom,
        assignment: u32,
    ) -> Result<Arc<Vec<Exercise>>, ClubError> {
        if let Some(list) = room.exercises(assignment) {
            return Ok(list);
        }
        let source = room.shown().class.assignment(assignment)?.source.clone();
        let list = Arc::new(self.blocking(move || source.exercises()).await?);
        room.keep_exercises(assignment, list.clone());
        Ok(list)
    }

    /// Deletes a tournament and its games (and takes it off its class).
    pub async fn delete_tournament(&self, tournament: &TournamentRoom) -> Result<(), ClubError> {
        let data = tournament.data.lock().await;
        let id = data.tournament.id.clone();
        let games: Vec<String> = data
            .tournament
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
        write(&self.inner.codes).remove(&data.tournament.code);
        write(&self.inner.tournaments).remove(&id);
        if let Some(creator) = &data.tournament.creator {
            self.inner.per_client.remove(creator);
        }
        tournament.version.send_replace(u64::MAX);
        // The tournament's lock goes before the class's is taken: a class
        // being deleted takes them the other way round.
        let class = data.tournament.class.clone();
        drop(data);
        if let Some(room) = class.and_then(|class| self.class(&class).ok()) {
            self.apply(&room, ClassAction::ForgetTournament(id.clone()))
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
        let mut gone = Vec::new();
        for t in &tournaments {
            if let Ok(tournament) = self.tournament(t) {
                let cd = tournament.data.lock().await;
                games.extend(
                    cd.tournament
                        .rounds
                        .iter()
                        .flatten()
                        .filter_map(|p| p.game.clone()),
                );
                gone.push((
                    t.clone(),
                    cd.tournament.code.clone(),
                    cd.tournament.creator.clone(),
                ));
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
            for (_, code, _) in &gone {
                codes.remove(code);
            }
        }
        {
            let mut all = write(&self.inner.tournaments);
            for (t, _, creator) in &gone {
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
