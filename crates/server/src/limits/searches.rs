//! The engine's searches, in two pools: the games' AI moves, and the
//! searches people ask for (hints, the analysis board, a game's analysis).
//!
//! An AI move never waits behind an analysis: it has its own permits (as
//! many as the AI's threads), and the asked-for searches have theirs (half
//! as many, at least one). An AI move searches for a wall-clock time, so
//! that when both pools run at once it searches a little less deep, never
//! longer: it replies within its clock.
//!
//! The asked-for searches are limited three ways, each checked before any
//! wait: an address may have [`PER_CLIENT`] running or waiting (more are
//! refused at once, not queued); at most [`QUEUE_PER_PERMIT`] searches wait
//! per permit (more are refused); and one that has waited [`MAX_WAIT`]
//! gives up.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::tally::{OwnedReserved, Tally};

/// Asked-for searches one address may have running or waiting at once.
pub const PER_CLIENT: usize = 2;
/// Searches that may wait for each permit of the asked-for pool.
pub const QUEUE_PER_PERMIT: usize = 4;
/// The longest an asked-for search waits for its turn.
pub const MAX_WAIT: Duration = Duration::from_secs(5);

/// Why an asked-for search was not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchRefused {
    /// The address has [`PER_CLIENT`] searches already.
    PerClient,
    /// Too many wait, or the wait was too long: try again in a moment.
    Busy,
    /// The server is stopping.
    Stopping,
}

/// The two pools.
#[derive(Debug)]
pub struct Searches {
    games: Arc<Semaphore>,
    asked: Arc<Semaphore>,
    asked_permits: usize,
    waiting: AtomicUsize,
    per_client: Arc<Tally>,
    max_wait: Duration,
}

/// An asked-for search's turn: its permit and its address's place.
#[derive(Debug)]
pub struct AskedPermit {
    _permit: OwnedSemaphorePermit,
    _place: Option<OwnedReserved>,
}

/// Counts one waiting search until dropped.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Searches {
    /// `ai_threads` permits for the games' AI, half as many (at least one)
    /// for the searches people ask for.
    pub fn new(ai_threads: usize) -> Searches {
        Searches::with_wait(ai_threads, MAX_WAIT)
    }

    /// As [`Searches::new`], an asked-for search waiting `max_wait` at most.
    pub fn with_wait(ai_threads: usize, max_wait: Duration) -> Searches {
        let ai_threads = ai_threads.max(1);
        let asked_permits = (ai_threads / 2).max(1);
        Searches {
            games: Arc::new(Semaphore::new(ai_threads)),
            asked: Arc::new(Semaphore::new(asked_permits)),
            asked_permits,
            waiting: AtomicUsize::new(0),
            per_client: Arc::new(Tally::new()),
            max_wait,
        }
    }

    /// The games' pool (AI moves).
    pub fn games(&self) -> &Arc<Semaphore> {
        &self.games
    }

    /// Whether no search of either pool runs (a rated game is analysed by
    /// itself only then).
    pub fn idle(&self, ai_threads: usize) -> bool {
        self.games.available_permits() >= ai_threads.max(1)
            && self.asked.available_permits() >= self.asked_permits
    }

    /// An asked-for search's turn, for `client` (an address's key, see
    /// [`super::client_key`]; `None` for the server's own work).
    pub async fn asked(&self, client: Option<&str>) -> Result<AskedPermit, SearchRefused> {
        let place = match client {
            Some(key) => Some(
                self.per_client
                    .reserve_owned(key, PER_CLIENT)
                    .ok_or(SearchRefused::PerClient)?,
            ),
            None => None,
        };
        if let Ok(permit) = self.asked.clone().try_acquire_owned() {
            return Ok(AskedPermit {
                _permit: permit,
                _place: place,
            });
        }
        // Reserve a place in the queue before waiting.
        let cap = self.asked_permits * QUEUE_PER_PERMIT;
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= cap {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(SearchRefused::Busy);
        }
        let _waiting = Waiting(&self.waiting);
        match tokio::time::timeout(self.max_wait, self.asked.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(AskedPermit {
                _permit: permit,
                _place: place,
            }),
            Ok(Err(_)) => Err(SearchRefused::Stopping),
            Err(_) => Err(SearchRefused::Busy),
        }
    }

    /// No more searches: what waits is told the server stops.
    pub fn close(&self) {
        self.games.close();
        self.asked.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_address_has_two_searches_and_the_queue_is_bounded() {
        let searches = Arc::new(Searches::new(2));
        // One permit for asked-for searches on two AI threads.
        let first = searches.asked(Some("a")).await.unwrap();
        // Its second waits; its third is refused at once.
        let waiter = {
            let searches = searches.clone();
            tokio::spawn(async move { searches.asked(Some("a")).await.map(|_| ()) })
        };
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(
            searches.asked(Some("a")).await.unwrap_err(),
            SearchRefused::PerClient
        );
        // Others fill the queue (four a permit), then are refused.
        let mut queued = Vec::new();
        for i in 0..3 {
            let searches = searches.clone();
            queued.push(tokio::spawn(async move {
                searches.asked(Some(&format!("b{i}"))).await.map(|_| ())
            }));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(
            searches.asked(Some("c")).await.unwrap_err(),
            SearchRefused::Busy
        );
        // The AI's pool is untouched by all of it.
        assert_eq!(searches.games().available_permits(), 2);
        drop(first);
        assert_eq!(waiter.await.unwrap(), Ok(()));
        for q in queued {
            assert_eq!(q.await.unwrap(), Ok(()));
        }
        assert!(searches.idle(2));
    }

    #[tokio::test]
    async fn a_search_that_waits_too_long_gives_up() {
        let searches = Searches::with_wait(1, Duration::from_millis(50));
        let _running = searches.asked(None).await.unwrap();
        let waited = searches.asked(Some("x")).await;
        assert_eq!(waited.unwrap_err(), SearchRefused::Busy);
        // Its place was given back.
        let _one = searches.per_client.reserve_owned("x", 1).unwrap();
    }
}
