//! The games in memory, and the count of unfinished games per creator and
//! in all, kept exact as games start and end (no scan, no game skipped
//! because its lock was busy).
//!
//! A game's creator is an address (`203.0.113.7`), or for the games of a
//! class or tournament `class:ID@ADDRESS` / `tournament:ID@ADDRESS`: such a
//! game counts against its class (or tournament) and against the games
//! that address makes through all its classes and tournaments
//! ([`quota_keys`]); a turn-based game's is `days:ADDRESS`
//! ([`turn_based_creator`]), counted apart.
//!
//! A turn-based game that nobody has looked at for a while leaves memory
//! while it goes on ([`Registry::sleep_if_unused`]): it stays counted, and
//! its deadline is kept, so that it is read back when asked for or when
//! its clock would fall ([`Registry::due`]).

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, RwLock};

use super::room::Room;
use super::HubError;
use quoridor_game::{RoomState, Status};

/// Unfinished games: per client address, and in all; and those waiting
/// for people to take their seats.
#[derive(Default)]
struct Active {
    per_creator: HashMap<String, usize>,
    total: usize,
    waiting: usize,
}

/// The games in memory: every unfinished one but the turn-based games
/// asleep, and the finished ones of late (at most `keep_finished` of them
/// that nobody uses; the others are read back from the database when
/// asked for).
pub struct Registry {
    rooms: RwLock<HashMap<String, Arc<Room>>>,
    active: Mutex<Active>,
    /// Unfinished turn-based games out of memory, still counted.
    asleep: Mutex<HashMap<String, Asleep>>,
    /// Finished games in memory, the oldest first.
    finished: Mutex<VecDeque<String>>,
    keep_finished: usize,
}

/// The counts a game of `creator` falls under.
pub fn quota_keys(creator: &str) -> Vec<String> {
    match creator.split_once('@') {
        Some((owner, address)) => vec![owner.to_string(), format!("clubs@{address}")],
        None => vec![creator.to_string()],
    }
}

/// The creator of a turn-based game made from `address`: counted apart
/// from the games played now.
pub fn turn_based_creator(address: &str) -> String {
    format!("days:{address}")
}

/// The creator of a class's or tournament's game made from `address`.
pub fn club_creator(owner: &str, address: &str) -> String {
    format!("{owner}@{address}")
}

/// A place for one more unfinished game, taken before the game is made
/// and given back if making it fails.
pub struct Reservation<'a> {
    registry: &'a Registry,
    creator: String,
    waiting: bool,
    kept: bool,
}

impl Reservation<'_> {
    /// The game was made: the place stays taken.
    pub fn keep(mut self) {
        self.kept = true;
    }

    /// Whose place it is.
    pub fn creator(&self) -> &str {
        &self.creator
    }

    /// Whether the place is for a game that waits for people.
    pub fn waiting(&self) -> bool {
        self.waiting
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if !self.kept {
            self.registry.release(&self.creator, self.waiting);
        }
    }
}

/// A turn-based game out of memory.
struct Asleep {
    /// Whose count it is in.
    creator: String,
    /// When its clock falls ([`crate::wall_ms`]), if it runs.
    deadline_ms: Option<u64>,
}

fn is_active(state: &RoomState) -> bool {
    state.status() != Status::Over
}

fn is_waiting(state: &RoomState) -> bool {
    state.status() == Status::Waiting
}

/// For a room of the registry (its write lock held, so that nobody takes
/// it meanwhile): `None` while someone else holds it (a connection, a
/// request, a task), else whether its game is over.
fn unused_and_over(room: &Arc<Room>) -> Option<bool> {
    if Arc::strong_count(room) > 1 {
        return None;
    }
    let state = room.state.try_lock().ok()?;
    Some(!is_active(&state))
}

impl Registry {
    pub fn new(keep_finished: usize) -> Registry {
        Registry {
            rooms: RwLock::default(),
            active: Mutex::default(),
            asleep: Mutex::default(),
            finished: Mutex::default(),
            keep_finished,
        }
    }

    pub fn get(&self, id: &str) -> Option<Arc<Room>> {
        self.read().get(id).cloned()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Every room, to go through without holding the registry.
    pub fn all(&self) -> Vec<Arc<Room>> {
        self.read().values().cloned().collect()
    }

    pub fn len(&self) -> usize {
        self.read().len()
    }

    pub fn is_empty(&self) -> bool {
        self.read().is_empty()
    }

    /// Adds a room; the one already there if another request was first
    /// (then `false`).
    pub fn insert(&self, room: Arc<Room>) -> (Arc<Room>, bool) {
        let mut rooms = self.write();
        let mut added = false;
        let room = rooms
            .entry(room.id.clone())
            .or_insert_with(|| {
                added = true;
                room
            })
            .clone();
        (room, added)
    }

    /// Adds a room read back from the database; the one already there if
    /// another request was first (then `false`). An unfinished game is
    /// counted, unless it was asleep (it still is): both under the
    /// registry's lock, so that two requests loading it count it once.
    pub fn insert_loaded(&self, room: Arc<Room>) -> (Arc<Room>, bool) {
        let mut rooms = self.write();
        if let Some(there) = rooms.get(&room.id) {
            return (there.clone(), false);
        }
        let asleep = self.sleepers().remove(&room.id);
        if let Ok(state) = room.state.try_lock() {
            match asleep {
                None => self.resumed(&state),
                // Counted while asleep; no longer if it came back over.
                Some(gone) if !is_active(&state) => self.release(&gone.creator, false),
                Some(_) => {}
            }
        }
        rooms.insert(room.id.clone(), room.clone());
        (room, true)
    }

    /// Sends game `id` to sleep if nobody uses it and `asleep` says, from
    /// its state, that it may (with its clock's deadline, wall-clock ms):
    /// out of memory, still counted. Its clock task ends.
    pub fn sleep_if_unused(
        &self,
        id: &str,
        asleep: impl FnOnce(&RoomState) -> Option<Option<u64>>,
    ) -> bool {
        let mut rooms = self.write();
        let Some(room) = rooms.get(id) else {
            return false;
        };
        if Arc::strong_count(room) > 1 {
            return false;
        }
        let Ok(state) = room.state.try_lock() else {
            return false;
        };
        let Some(deadline_ms) = asleep(&state).filter(|_| is_active(&state)) else {
            return false;
        };
        let creator = state.creator.clone();
        drop(state);
        self.sleepers().insert(
            id.to_string(),
            Asleep {
                creator,
                deadline_ms,
            },
        );
        if let Some(room) = rooms.remove(id) {
            room.evicted.store(true, Ordering::SeqCst);
            room.wake.notify_one();
        }
        true
    }

    /// The games asleep whose clock has fallen by `now_ms` (wall clock):
    /// to read back, so that their clock ends them.
    pub fn due(&self, now_ms: u64) -> Vec<String> {
        self.sleepers()
            .iter()
            .filter(|(_, a)| a.deadline_ms.is_some_and(|d| d <= now_ms))
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// Whether game `id` is asleep.
    pub fn is_asleep(&self, id: &str) -> bool {
        self.sleepers().contains_key(id)
    }

    /// Turn-based games out of memory.
    pub fn asleep_len(&self) -> usize {
        self.sleepers().len()
    }

    fn sleepers(&self) -> std::sync::MutexGuard<'_, HashMap<String, Asleep>> {
        self.asleep.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Games asleep leave for good (their class was deleted): their places
    /// are given back.
    pub fn forget_asleep(&self, ids: &[String]) {
        let gone: Vec<Asleep> = {
            let mut asleep = self.sleepers();
            ids.iter().filter_map(|id| asleep.remove(id)).collect()
        };
        for game in gone {
            self.release(&game.creator, false);
        }
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Game `id`, in memory, is over: it joins the finished games, and the
    /// oldest of them that nobody uses leave memory while there are more
    /// than `keep_finished`.
    pub fn finished(&self, id: &str) {
        self.finished
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back(id.to_string());
        self.trim();
    }

    /// While there are more than `keep_finished` finished games in memory,
    /// the oldest that nobody uses leave it (those in use wait for the next
    /// trim: a game's last follower leaving calls it).
    pub fn trim(&self) {
        let mut finished = self.finished.lock().unwrap_or_else(|e| e.into_inner());
        if finished.len() <= self.keep_finished {
            return;
        }
        let mut rooms = self.write();
        let mut tries = finished.len();
        while finished.len() > self.keep_finished && tries > 0 {
            tries -= 1;
            let Some(id) = finished.pop_front() else {
                break;
            };
            match rooms.get(&id).map(unused_and_over) {
                // Gone already, or playing again (an undo after the end).
                None | Some(Some(false)) => {}
                Some(Some(true)) => {
                    if let Some(room) = rooms.remove(&id) {
                        room.evicted.store(true, Ordering::SeqCst);
                    }
                }
                // Someone follows it or acts on it: later.
                Some(None) => finished.push_back(id),
            }
        }
    }

    /// Drops game `id` from memory if it is over and nobody uses it.
    pub fn evict_if_unused(&self, id: &str) -> bool {
        let mut rooms = self.write();
        if rooms.get(id).and_then(unused_and_over) != Some(true) {
            return false;
        }
        if let Some(room) = rooms.remove(id) {
            room.evicted.store(true, Ordering::SeqCst);
        }
        true
    }

    /// Finished games in memory (every unfinished game is, but those
    /// asleep).
    pub fn finished_len(&self) -> usize {
        let asleep = self.asleep_len();
        let unfinished = self.active().total;
        self.len().saturating_sub(unfinished.saturating_sub(asleep))
    }

    pub fn remove(&self, ids: &[String]) {
        let mut rooms = self.rooms.write().unwrap_or_else(|e| e.into_inner());
        for id in ids {
            rooms.remove(id);
        }
    }

    fn active(&self) -> std::sync::MutexGuard<'_, Active> {
        self.active.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a place for a new unfinished game of `creator`, within the
    /// limits per creator (`caps`, one per key of [`quota_keys`]; a key
    /// without a cap has none) and in all; a game that will wait for people
    /// (`waiting`: the cap of such games) also within that cap, which games
    /// against the AI or on one screen never count against.
    pub fn reserve(
        &self,
        creator: &str,
        caps: &[usize],
        total: usize,
        waiting: Option<usize>,
    ) -> Result<Reservation<'_>, HubError> {
        let mut places = self.reserve_many(creator, caps, total, waiting, 1)?;
        Ok(places.pop().expect("one place"))
    }

    /// Takes `n` places at once, as [`Registry::reserve`] takes one: all of
    /// them, or none (a class's games are made all or not at all).
    pub fn reserve_many(
        &self,
        creator: &str,
        caps: &[usize],
        total: usize,
        waiting: Option<usize>,
        n: usize,
    ) -> Result<Vec<Reservation<'_>>, HubError> {
        let keys = quota_keys(creator);
        let mut active = self.active();
        for (key, &cap) in keys.iter().zip(caps) {
            if active.per_creator.get(key).copied().unwrap_or(0) + n > cap {
                return Err(HubError::TooManyRooms(cap));
            }
        }
        if active.total + n > total {
            return Err(HubError::Full);
        }
        if waiting.is_some_and(|cap| active.waiting + n > cap) {
            return Err(HubError::TooManyWaiting);
        }
        for key in keys {
            *active.per_creator.entry(key).or_default() += n;
        }
        active.total += n;
        if waiting.is_some() {
            active.waiting += n;
        }
        Ok((0..n)
            .map(|_| Reservation {
                registry: self,
                creator: creator.to_string(),
                waiting: waiting.is_some(),
                kept: false,
            })
            .collect())
    }

    /// Games waiting for people now.
    pub fn waiting(&self) -> usize {
        self.active().waiting
    }

    fn release(&self, creator: &str, waiting: bool) {
        let mut active = self.active();
        for key in quota_keys(creator) {
            if let Some(n) = active.per_creator.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    active.per_creator.remove(&key);
                }
            }
        }
        active.total = active.total.saturating_sub(1);
        if waiting {
            active.waiting = active.waiting.saturating_sub(1);
        }
    }

    /// Counts a game read back from the database that is not over.
    pub fn resumed(&self, state: &RoomState) {
        if is_active(state) {
            let mut active = self.active();
            for key in quota_keys(&state.creator) {
                *active.per_creator.entry(key).or_default() += 1;
            }
            active.total += 1;
            active.waiting += usize::from(is_waiting(state));
        }
    }

    /// Follows a change: a game that ends gives its place back, one that
    /// comes back (an undo after the end) takes one; a game whose seats are
    /// all taken no longer waits.
    pub fn changed(&self, old: &RoomState, new: &RoomState) {
        match (is_active(old), is_active(new)) {
            (true, false) => {
                self.release(&new.creator, is_waiting(old));
                self.finished(&new.id);
            }
            (false, true) => self.resumed(new),
            (true, true) => {
                let (was, is) = (is_waiting(old), is_waiting(new));
                if was != is {
                    let mut active = self.active();
                    if is {
                        active.waiting += 1;
                    } else {
                        active.waiting = active.waiting.saturating_sub(1);
                    }
                }
            }
            (false, false) => {}
        }
    }

    /// A game leaves for good: if it was unfinished, its place is free.
    pub fn forget(&self, state: &RoomState) {
        if is_active(state) {
            self.release(&state.creator, is_waiting(state));
        }
    }

    /// Unfinished games counted under `key` (an address, `class:ID`,
    /// `clubs@ADDRESS`), and in all.
    pub fn counts(&self, creator: &str) -> (usize, usize) {
        let active = self.active();
        (
            active.per_creator.get(creator).copied().unwrap_or(0),
            active.total,
        )
    }
}
