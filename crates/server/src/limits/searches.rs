//! The engine's searches, in two pools: the games' AI moves, and the
//! searches people ask for (hints, the analysis board, a game's analysis).
//!
//! An AI move never waits behind an analysis: it has its own permits (as
//! many as the AI's threads), and the asked-for searches have theirs (half
//! as many, at least one). An AI move searches for a wall-clock time, so
//! that when both pools run at once it searches a little less deep, never
//! longer: it replies within its clock.
//!
//! The asked-for searches are a [`Pool`]: an address may have
//! [`PER_CLIENT`] running or waiting (more are refused at once, not
//! queued), at most [`QUEUE_PER_PERMIT`] wait per permit, and one that has
//! waited [`MAX_WAIT`] gives up.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use super::pool::{Pool, PoolPermit, PoolRefused, PoolSize};

/// Asked-for searches one address may have running or waiting at once.
pub const PER_CLIENT: usize = 2;
/// Searches that may wait for each permit of the asked-for pool.
pub const QUEUE_PER_PERMIT: usize = 4;
/// The longest an asked-for search waits for its turn.
pub const MAX_WAIT: Duration = Duration::from_secs(5);

/// The two pools.
#[derive(Debug)]
pub struct Searches {
    games: Arc<Semaphore>,
    asked: Pool,
}

impl Searches {
    /// `ai_threads` permits for the games' AI, half as many (at least one)
    /// for the searches people ask for.
    pub fn new(ai_threads: usize) -> Searches {
        let ai_threads = ai_threads.max(1);
        Searches {
            games: Arc::new(Semaphore::new(ai_threads)),
            asked: Pool::new(PoolSize {
                permits: (ai_threads / 2).max(1),
                per_client: PER_CLIENT,
                queue_per_permit: QUEUE_PER_PERMIT,
                max_wait: MAX_WAIT,
            }),
        }
    }

    /// The games' pool (AI moves).
    pub fn games(&self) -> &Arc<Semaphore> {
        &self.games
    }

    /// Whether no search of either pool runs (a rated game is analysed by
    /// itself only then).
    pub fn idle(&self, ai_threads: usize) -> bool {
        self.games.available_permits() >= ai_threads.max(1) && self.asked.idle()
    }

    /// An asked-for search's turn, for `client` (an address's key, see
    /// [`super::client_key`]; `None` for the server's own work).
    pub async fn asked(&self, client: Option<&str>) -> Result<PoolPermit, PoolRefused> {
        self.asked.turn(client).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_searches_people_ask_for_never_take_the_ais_permits() {
        let searches = Searches::new(2);
        let one = searches.asked(Some("a")).await.unwrap();
        assert_eq!(searches.games().available_permits(), 2);
        assert!(!searches.idle(2));
        drop(one);
        assert!(searches.idle(2));
    }
}
