//! The computer's analysis of finished games: asked for by a click (and
//! made by itself for rated games while the server is idle), queued (a
//! bounded queue), run one position at a time on `spawn_blocking` behind
//! the searches' semaphore, its progress readable, the result stored.
//!
//! - [`view`]: the analysis as the API sends it; [`api`]: the routes;
//!   [`board`]: the analysis board's engine (any position, any line).

pub mod api;
pub mod board;
pub mod error;
pub mod view;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use quoridor_engine::review::{review_moves, value_position, Valuation};
use quoridor_engine::{Engine, SearchLimit};
use tokio::sync::mpsc;

pub use self::error::AnalysisError;
use self::view::{AnalysisStatusView, AnalysisView};
use crate::db::Db;
use crate::hub::Hub;
use quoridor_game::Status;

/// Games waiting for their analysis at most.
pub const QUEUE: usize = 32;
/// Games one address may have waiting for their analysis.
pub const QUEUE_PER_CLIENT: usize = 2;
/// Analysis-board searches per second per address (twice as many at once).
const BOARD_PER_SECOND: u32 = 3;
/// How long the server must have been idle before it analyses a rated game
/// nobody asked about.
const IDLE: Duration = Duration::from_secs(10);

#[derive(Clone)]
pub struct Analyses {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    hub: Hub,
    queue: mpsc::Sender<String>,
    /// Games queued or running: their progress (done, total).
    progress: Mutex<HashMap<String, (usize, usize)>>,
    /// Failures, kept to be told once.
    failed: Mutex<HashMap<String, String>>,
    per_position: Duration,
    /// A game's analysis to this depth instead (the same on any machine).
    depth: Option<u32>,
    /// The analysis board's searches per address.
    board_limit: crate::limits::PerClient,
    /// Games queued or running per address that asked, and who asked for
    /// each (given back when it is done).
    per_client: crate::limits::tally::Tally,
    asked_by: Mutex<HashMap<String, String>>,
}

impl Analyses {
    /// Starts the worker; `per_position` is each position's search time,
    /// or with `depth` each position of a game is searched to that depth.
    pub fn start(db: Db, hub: Hub, per_position: Duration, depth: Option<u32>) -> Analyses {
        let (queue, rx) = mpsc::channel(QUEUE);
        let analyses = Analyses {
            inner: Arc::new(Inner {
                db,
                hub,
                queue,
                progress: Mutex::new(HashMap::new()),
                failed: Mutex::new(HashMap::new()),
                per_position,
                depth,
                board_limit: crate::limits::PerClient::new(BOARD_PER_SECOND),
                per_client: crate::limits::tally::Tally::new(),
                asked_by: Mutex::new(HashMap::new()),
            }),
        };
        tokio::spawn(analyses.clone().worker(rx));
        analyses
    }

    fn progress(&self) -> std::sync::MutexGuard<'_, HashMap<String, (usize, usize)>> {
        self.inner
            .progress
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// The stored analysis of a game, if there is one.
    async fn stored(&self, id: &str) -> Result<Option<AnalysisView>, AnalysisError> {
        let db = self.inner.db.clone();
        let key = id.to_string();
        let body = tokio::task::spawn_blocking(move || db.analysis(&key))
            .await
            .map_err(|_| AnalysisError::Unavailable("the server is stopping"))??;
        Ok(body.and_then(|b| serde_json::from_str(&b).ok()))
    }

    /// Whether the game `id` exists (`not_found` if not).
    pub async fn game_exists(&self, id: &str) -> Result<(), AnalysisError> {
        self.inner.hub.state(id).await?;
        Ok(())
    }

    /// Where the analysis of `id` stands (`None`: never asked).
    pub async fn status(&self, id: &str) -> Result<Option<AnalysisStatusView>, AnalysisError> {
        if let Some(&(done, total)) = self.progress().get(id) {
            return Ok(Some(if total == 0 {
                AnalysisStatusView::Queued
            } else {
                AnalysisStatusView::Running { done, total }
            }));
        }
        if let Some(message) = self
            .inner
            .failed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id)
        {
            return Ok(Some(AnalysisStatusView::Failed { message }));
        }
        Ok(self
            .stored(id)
            .await?
            .map(|analysis| AnalysisStatusView::Done {
                analysis: Box::new(analysis),
            }))
    }

    /// Asks for the analysis of a finished two-player game for `client` (an
    /// address's key): where it stands (queued if new; refused when the
    /// queue is full, or when the address has its share waiting).
    pub async fn request(
        &self,
        id: &str,
        client: &str,
    ) -> Result<AnalysisStatusView, AnalysisError> {
        if let Some(status) = self.status(id).await? {
            if !matches!(status, AnalysisStatusView::Failed { .. }) {
                return Ok(status);
            }
        }
        let state = self.inner.hub.state(id).await?;
        if state.status() != Status::Over || state.aborted {
            return Err(AnalysisError::NotAnalysable(
                "the analysis is for finished games: come back when it is over",
            ));
        }
        if state.settings.players != 2 {
            return Err(AnalysisError::NotAnalysable(
                "the analysis is for two-player games",
            ));
        }
        self.enqueue(id, Some(client))?;
        Ok(AnalysisStatusView::Queued)
    }

    fn enqueue(&self, id: &str, client: Option<&str>) -> Result<(), AnalysisError> {
        let mut progress = self.progress();
        if progress.contains_key(id) {
            return Ok(());
        }
        let place = match client {
            Some(key) => Some(
                self.inner
                    .per_client
                    .reserve(key, QUEUE_PER_CLIENT)
                    .ok_or(AnalysisError::PerClient)?,
            ),
            None => None,
        };
        self.inner
            .queue
            .try_send(id.to_string())
            .map_err(|_| AnalysisError::QueueFull)?;
        if let (Some(place), Some(key)) = (place, client) {
            place.keep();
            self.asked_by().insert(id.to_string(), key.to_string());
        }
        progress.insert(id.to_string(), (0, 0));
        Ok(())
    }

    fn asked_by(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.inner
            .asked_by
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// The game is analysed (or failed): its address's place is free.
    fn done(&self, id: &str) {
        if let Some(client) = self.asked_by().remove(id) {
            self.inner.per_client.remove(&client);
        }
        self.progress().remove(id);
    }

    async fn worker(self, mut rx: mpsc::Receiver<String>) {
        let mut engine = Engine::with_hash(32);
        loop {
            let next = tokio::time::timeout(IDLE, rx.recv()).await;
            let id = match next {
                Ok(Some(id)) => id,
                Ok(None) => return,
                Err(_) => {
                    // Idle: a rated game nobody asked about, if the
                    // searches are all free.
                    self.analyse_idle();
                    continue;
                }
            };
            engine = match self.analyse(&id, engine).await {
                Ok(engine) => engine,
                Err((engine, err)) => {
                    self.inner
                        .failed
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(id.clone(), err.to_string());
                    engine
                }
            };
            self.done(&id);
        }
    }

    fn analyse_idle(&self) {
        if !self.inner.hub.searches_idle() {
            return;
        }
        if let Ok(Some(id)) = self.inner.db.rated_without_analysis() {
            let _ = self.enqueue(&id, None);
        }
    }

    /// Values every position, one search at a time behind the semaphore,
    /// then stores the analysis. The engine comes back for the next game.
    async fn analyse(
        &self,
        id: &str,
        mut engine: Engine,
    ) -> Result<Engine, (Engine, AnalysisError)> {
        let state = match self.inner.hub.state(id).await {
            Ok(state) => state,
            Err(err) => return Err((engine, err.into())),
        };
        let game = state.game.clone();
        let total = game.entries().len() + 1;
        let limit = match self.inner.depth {
            Some(depth) => SearchLimit::Depth(depth),
            None => SearchLimit::MoveTime(self.inner.per_position),
        };
        let mut values: Vec<Valuation> = Vec::with_capacity(total);
        engine.new_game();
        for i in 0..total {
            // The server's own work: no address's share, and a busy pool
            // is waited out (the games' AI never waits for it).
            let permit = loop {
                match self.inner.hub.asked_search(None).await {
                    Ok(permit) => break permit,
                    Err(crate::hub::HubError::SearchesBusy) => {
                        tokio::time::sleep(Duration::from_millis(200)).await
                    }
                    Err(_) => {
                        return Err((engine, AnalysisError::Unavailable("the server is stopping")))
                    }
                }
            };
            let pos = game.position_at(i).copied().unwrap_or(*game.position());
            let searched = tokio::task::spawn_blocking(move || {
                let stop = AtomicBool::new(false);
                let value = value_position(&mut engine, &pos, limit, &stop);
                (engine, value)
            })
            .await;
            drop(permit);
            let Ok((back, value)) = searched else {
                return Err((
                    Engine::with_hash(32),
                    AnalysisError::Unavailable("the analysis failed"),
                ));
            };
            engine = back;
            values.push(value);
            self.progress().insert(id.to_string(), (i + 1, total));
        }
        let reviews = review_moves(&game, &values);
        let view = AnalysisView::of(
            id,
            &game,
            &values,
            &reviews,
            self.inner.per_position.as_millis() as u64,
            self.inner.depth,
        );
        let body = serde_json::to_string(&view).expect("views serialize");
        match self.inner.db.save_analysis(id, body).await {
            Ok(()) => Ok(engine),
            Err(err) => Err((engine, err.into())),
        }
    }
}
