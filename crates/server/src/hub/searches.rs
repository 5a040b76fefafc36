//! The AI's turns: a search of a game's AI waits for the games' own
//! threads; a search someone asked for (a hint, the analysis board, a
//! game's analysis) takes a turn of its own pool, shared out per client
//! ([`crate::limits::searches`]), never one of the games'.

use std::sync::Arc;
use std::time::Instant;

use super::{Hub, HubError};
use crate::metrics::{Held, Metrics};

/// A search's turn ([`Hub::search_permit`], [`Hub::asked_search`]).
pub struct SearchPermit {
    _permit: Turn,
    _running: Held,
    began: Instant,
    metrics: Arc<Metrics>,
}

/// Which pool a search's turn came from.
enum Turn {
    Game(#[allow(dead_code)] tokio::sync::OwnedSemaphorePermit),
    Asked(#[allow(dead_code)] crate::limits::pool::PoolPermit),
}

impl Drop for SearchPermit {
    fn drop(&mut self) {
        self.metrics.search_seconds.observe(self.began.elapsed());
    }
}

impl Hub {
    /// Whether no search runs, of the games or asked for.
    pub fn searches_idle(&self) -> bool {
        self.inner.searches.idle(self.inner.config.ai_threads)
    }

    /// Waits for an AI move's turn on the games' own threads (counted as
    /// queued, then as running until the permit is dropped, when its time
    /// is counted); `None` when the server stops.
    pub async fn search_permit(&self) -> Option<SearchPermit> {
        let metrics = &self.inner.metrics;
        let queued = metrics.searches_queued.hold();
        let games = self.inner.searches.games().clone();
        let permit = games.acquire_owned().await.ok()?;
        drop(queued);
        Some(self.running(Turn::Game(permit)))
    }

    /// A turn for a search someone asked for (a hint, the analysis board,
    /// a game's analysis), never taken from the games' AI: refused at once
    /// when `client` (an address's key) has its share, or when too many
    /// wait ([`crate::limits::searches`]).
    pub async fn asked_search(&self, client: Option<&str>) -> Result<SearchPermit, HubError> {
        use crate::limits::pool::PoolRefused as SearchRefused;
        let metrics = &self.inner.metrics;
        let queued = metrics.searches_queued.hold();
        let permit = self.inner.searches.asked(client).await;
        drop(queued);
        match permit {
            Ok(permit) => Ok(self.running(Turn::Asked(permit))),
            Err(refused) => {
                let (limit, err) = match refused {
                    SearchRefused::PerClient => {
                        ("searches_per_client", HubError::SearchesPerClient)
                    }
                    SearchRefused::Busy => ("searches_busy", HubError::SearchesBusy),
                    SearchRefused::Stopping => return Err(HubError::Stopping),
                };
                metrics.limit_refusals.get(&limit).inc();
                Err(err)
            }
        }
    }

    fn running(&self, permit: Turn) -> SearchPermit {
        let metrics = &self.inner.metrics;
        SearchPermit {
            _permit: permit,
            _running: metrics.searches_running.hold(),
            began: Instant::now(),
            metrics: metrics.clone(),
        }
    }
}
