//! A class and a tournament in memory: changed under a lock (see
//! `change.rs`), read by every view from what was last stored, with the
//! boards of their games and who is online beside.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex, MutexGuard, RwLock};

use quoridor_exercises::Exercise;
use tokio::sync::{watch, Mutex};

use super::class::{Class, ClassData};
use super::tournament::Tournament;
use super::view::BoardView;
use super::work::WorkBook;
use crate::wall_ms;

fn bump(version: &watch::Sender<u64>) {
    version.send_modify(|v| *v += 1);
}

/// A class in memory. A change is made under `data`'s lock, which is held
/// until it is stored; then the stored class is published in `shown`.
/// Every view reads `shown`, the boards and who is online, so that no view
/// (and no game's board) ever waits for a commit.
pub struct ClassRoom {
    pub(super) data: Mutex<ClassData>,
    /// Grows with every change (the live views wait on it).
    pub version: watch::Sender<u64>,
    shown: RwLock<Arc<Shown>>,
    /// The boards of the class's games as last seen.
    boards: StdMutex<HashMap<String, BoardView>>,
    /// Open live pages per pupil (not stored).
    online: StdMutex<HashMap<u32, u32>>,
    /// Each assignment's exercises, made once.
    exercises: StdMutex<HashMap<u32, Arc<Vec<Exercise>>>>,
    /// When a pupil last said a line in a class game (0: none since the
    /// server started, or cleared), so that the teacher's page reads them.
    chat_said_ms: AtomicU64,
}

/// The class and its work as last stored.
pub struct Shown {
    pub class: Arc<Class>,
    pub work: Arc<WorkBook>,
}

fn lock<T>(m: &StdMutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl ClassRoom {
    pub(super) fn new(class: Class, work: WorkBook) -> ClassRoom {
        let shown = Arc::new(Shown {
            class: Arc::new(class.clone()),
            work: Arc::new(work.clone()),
        });
        ClassRoom {
            data: Mutex::new(ClassData { class, work }),
            version: watch::channel(wall_ms()).0,
            shown: RwLock::new(shown),
            boards: Default::default(),
            online: Default::default(),
            exercises: Default::default(),
            chat_said_ms: AtomicU64::new(0),
        }
    }

    /// A line was said in one of the class's games at `at_ms` (0: the
    /// lines were cleared): the teacher's page reads them again.
    pub(super) fn chat_said(&self, at_ms: u64) {
        self.chat_said_ms.store(at_ms, Ordering::SeqCst);
        self.bump();
    }

    /// When a line was last said in one of the class's games (0: none
    /// since the server started).
    pub fn chat_said_ms(&self) -> u64 {
        self.chat_said_ms.load(Ordering::SeqCst)
    }

    /// Tells the live pages that something changed.
    pub fn bump(&self) {
        bump(&self.version);
    }

    /// An assignment's exercises, if made already.
    pub(super) fn exercises(&self, assignment: u32) -> Option<Arc<Vec<Exercise>>> {
        lock(&self.exercises).get(&assignment).cloned()
    }

    pub(super) fn keep_exercises(&self, assignment: u32, list: Arc<Vec<Exercise>>) {
        lock(&self.exercises).insert(assignment, list);
    }

    /// The class as last stored.
    pub fn shown(&self) -> Arc<Shown> {
        self.shown.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Publishes what was just stored (`class_changed`: more than the work).
    pub(super) fn publish(&self, data: &ClassData, class_changed: bool) {
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
        self.bump();
    }

    /// The boards now.
    pub fn boards(&self) -> MutexGuard<'_, HashMap<String, BoardView>> {
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
        self.bump();
    }

    pub fn is_online(&self, pupil: u32) -> bool {
        lock(&self.online).get(&pupil).is_some_and(|&n| n > 0)
    }

    pub fn forget_exercises(&self, assignment: u32) {
        lock(&self.exercises).remove(&assignment);
    }
}

/// A tournament in memory: changed under `data`'s lock, read from `shown`.
pub struct TournamentRoom {
    pub(super) data: Mutex<TournamentData>,
    pub version: watch::Sender<u64>,
    shown: RwLock<Arc<Tournament>>,
    boards: StdMutex<HashMap<String, BoardView>>,
}

pub struct TournamentData {
    pub tournament: Tournament,
}

impl TournamentRoom {
    pub(super) fn new(tournament: Tournament) -> TournamentRoom {
        TournamentRoom {
            shown: RwLock::new(Arc::new(tournament.clone())),
            data: Mutex::new(TournamentData { tournament }),
            version: watch::channel(wall_ms()).0,
            boards: Default::default(),
        }
    }

    /// Tells the live pages that something changed.
    pub fn bump(&self) {
        bump(&self.version);
    }

    /// The tournament as last stored.
    pub fn shown(&self) -> Arc<Tournament> {
        self.shown.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(super) fn publish(&self, data: &TournamentData) {
        *self.shown.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(data.tournament.clone());
        self.bump();
    }

    pub fn boards(&self) -> MutexGuard<'_, HashMap<String, BoardView>> {
        lock(&self.boards)
    }
}
