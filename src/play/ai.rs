//! The AI players think on a background thread, so that the screen stays
//! alive (clocks, keys) while they search. The game sends a [`Request`]
//! and polls for the [`Reply`]; a request's stop flag ends its search
//! early (undo, new game, quit), and its id lets a late reply be ignored.
//! A search that panics is caught here: the reply says it failed, the
//! engine is replaced, and the game goes on (see `App::receive`).

use std::collections::HashMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use quoridor_engine::{Engine, Level, SearchLimit, SearchResult, Silent};
use quoridor_rules::Position;

/// Size of each engine's transposition table.
const HASH_MB: usize = 16;

/// A search to run.
pub struct Request {
    pub id: u64,
    /// Which engine searches: each AI seat keeps its own (by turn index),
    /// hints have theirs.
    pub engine: usize,
    pub level: Level,
    pub position: Position,
    /// The game's positions since the last fence, to see repetitions
    /// coming ([`Engine::search_after`]).
    pub earlier: Vec<Position>,
    pub limit: SearchLimit,
    pub stop: Arc<AtomicBool>,
}

/// The answer to a request.
pub struct Reply {
    pub id: u64,
    pub result: Option<SearchResult>,
    /// The search panicked (a bug): `result` is `None`.
    pub failed: bool,
}

enum Job {
    Search(Box<Request>),
    /// Forget what the engines learned: a new game.
    NewGame,
}

/// The thread and its two channels.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    replies: Receiver<Reply>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread. Engine `k` is seeded with `seed + k`, so that a
    /// game against the low levels (which add noise) can be replayed.
    /// `crash` makes the first search panic (the crash tests).
    pub fn start(seed: u64, crash: bool) -> Worker {
        let (job_tx, job_rx) = mpsc::channel::<Job>();
        let (reply_tx, reply_rx) = mpsc::channel::<Reply>();
        let thread = std::thread::Builder::new()
            .name("quoridor-ai".into())
            .spawn(move || serve(seed, crash, job_rx, reply_tx))
            .expect("the AI thread starts");
        Worker {
            jobs: Some(job_tx),
            replies: reply_rx,
            thread: Some(thread),
        }
    }

    pub fn search(&self, request: Request) {
        if let Some(jobs) = &self.jobs {
            // A send fails only if the thread died (a panic in the engine):
            // the game then waits for a reply that never comes, and says so.
            let _ = jobs.send(Job::Search(Box::new(request)));
        }
    }

    pub fn new_game(&self) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(Job::NewGame);
        }
    }

    /// A reply, if one is ready.
    pub fn try_reply(&self) -> Option<Reply> {
        self.replies.try_recv().ok()
    }

    /// Waits up to `timeout` for a reply.
    pub fn wait_reply(&self, timeout: Duration) -> Option<Reply> {
        self.replies.recv_timeout(timeout).ok()
    }
}

impl Drop for Worker {
    /// Closes the job channel and waits for the thread (the caller has set
    /// the stop flag of any search still running).
    fn drop(&mut self) {
        self.jobs.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn serve(seed: u64, mut crash: bool, jobs: Receiver<Job>, replies: Sender<Reply>) {
    let mut engines: HashMap<usize, Engine> = HashMap::new();
    while let Ok(job) = jobs.recv() {
        match job {
            Job::NewGame => engines.values_mut().for_each(Engine::new_game),
            Job::Search(request) => {
                let (result, failed) = if request.stop.load(Ordering::Relaxed) {
                    (None, false)
                } else {
                    let engine = engines.entry(request.engine).or_insert_with(|| {
                        let mut engine = Engine::with_hash(HASH_MB);
                        engine.set_seed(seed.wrapping_add(request.engine as u64));
                        engine
                    });
                    engine.set_level(request.level);
                    let crash_now = std::mem::take(&mut crash);
                    let searched = panic::catch_unwind(AssertUnwindSafe(|| {
                        if crash_now {
                            panic!("crash test: the AI's search panics");
                        }
                        engine.search_after(
                            &request.position,
                            &request.earlier,
                            request.limit,
                            &request.stop,
                            &mut Silent,
                        )
                    }));
                    match searched {
                        Ok(result) => (result, false),
                        Err(_) => {
                            // Its table may be half written: a fresh engine next time.
                            engines.remove(&request.engine);
                            (None, true)
                        }
                    }
                };
                let reply = Reply {
                    id: request.id,
                    result,
                    failed,
                };
                if replies.send(reply).is_err() {
                    break;
                }
            }
        }
    }
}
