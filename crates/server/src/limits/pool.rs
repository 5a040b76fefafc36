//! A pool of permits for costly work that people ask for (an engine's
//! search, a worksheet's PDF), which one client must not fill: each client
//! has a share of places (running or waiting, refused at once beyond it,
//! never queued), at most a few wait for each permit (more are refused),
//! and one that waits too long gives up. Every place is taken before any
//! wait and given back when the work ends, however it ends.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::tally::{OwnedReserved, Tally};

/// How a pool is sized.
#[derive(Clone, Copy, Debug)]
pub struct PoolSize {
    /// Works at once.
    pub permits: usize,
    /// Places (running or waiting) of one client.
    pub per_client: usize,
    /// Works that may wait for each permit.
    pub queue_per_permit: usize,
    /// The longest a work waits for its turn.
    pub max_wait: Duration,
}

/// Why a work was not given its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolRefused {
    /// The client has its share already.
    PerClient,
    /// Too many wait, or the wait was too long: try again in a moment.
    Busy,
    /// The server is stopping.
    Stopping,
}

#[derive(Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    size: PoolSize,
    waiting: AtomicUsize,
    per_client: Arc<Tally>,
}

/// A work's turn: its permit and its client's place.
#[derive(Debug)]
pub struct PoolPermit {
    _permit: OwnedSemaphorePermit,
    _place: Option<OwnedReserved>,
}

/// Counts one waiting work until dropped.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Pool {
    pub fn new(size: PoolSize) -> Pool {
        let size = PoolSize {
            permits: size.permits.max(1),
            per_client: size.per_client.max(1),
            ..size
        };
        Pool {
            permits: Arc::new(Semaphore::new(size.permits)),
            size,
            waiting: AtomicUsize::new(0),
            per_client: Arc::new(Tally::new()),
        }
    }

    /// Whether nothing runs.
    pub fn idle(&self) -> bool {
        self.permits.available_permits() >= self.size.permits
    }

    /// A turn for `client` (an address's key, [`super::client_key`];
    /// `None` for the server's own work, which has no share to keep).
    pub async fn turn(&self, client: Option<&str>) -> Result<PoolPermit, PoolRefused> {
        let place = match client {
            Some(key) => Some(
                self.per_client
                    .reserve_owned(key, self.size.per_client)
                    .ok_or(PoolRefused::PerClient)?,
            ),
            None => None,
        };
        if let Ok(permit) = self.permits.clone().try_acquire_owned() {
            return Ok(PoolPermit {
                _permit: permit,
                _place: place,
            });
        }
        // A place in the queue, reserved before waiting.
        let cap = self.size.permits * self.size.queue_per_permit;
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= cap {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(PoolRefused::Busy);
        }
        let _waiting = Waiting(&self.waiting);
        match tokio::time::timeout(self.size.max_wait, self.permits.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(PoolPermit {
                _permit: permit,
                _place: place,
            }),
            Ok(Err(_)) => Err(PoolRefused::Stopping),
            Err(_) => Err(PoolRefused::Busy),
        }
    }

    /// No more work: what waits is told the server stops.
    pub fn close(&self) {
        self.permits.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(permits: usize, per_client: usize, max_wait: Duration) -> PoolSize {
        PoolSize {
            permits,
            per_client,
            queue_per_permit: 4,
            max_wait,
        }
    }

    #[tokio::test]
    async fn a_client_has_its_share_and_the_queue_is_bounded() {
        let pool = Arc::new(Pool::new(size(1, 2, Duration::from_secs(5))));
        let first = pool.turn(Some("a")).await.unwrap();
        // Its second waits; its third is refused at once.
        let waiter = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.turn(Some("a")).await.map(|_| ()) })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(
            pool.turn(Some("a")).await.unwrap_err(),
            PoolRefused::PerClient
        );
        // Others fill the queue (four a permit), then are refused.
        let mut queued = Vec::new();
        for i in 0..3 {
            let pool = pool.clone();
            queued.push(tokio::spawn(async move {
                pool.turn(Some(&format!("b{i}"))).await.map(|_| ())
            }));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(pool.turn(Some("c")).await.unwrap_err(), PoolRefused::Busy);
        drop(first);
        assert_eq!(waiter.await.unwrap(), Ok(()));
        for q in queued {
            assert_eq!(q.await.unwrap(), Ok(()));
        }
        assert!(pool.idle());
    }

    #[tokio::test]
    async fn a_work_that_waits_too_long_gives_up_and_its_place() {
        let pool = Pool::new(size(1, 1, Duration::from_millis(50)));
        let _running = pool.turn(None).await.unwrap();
        assert_eq!(pool.turn(Some("x")).await.unwrap_err(), PoolRefused::Busy);
        assert!(pool.per_client.reserve_owned("x", 1).is_some());
        pool.close();
        assert_eq!(pool.turn(None).await.unwrap_err(), PoolRefused::Stopping);
    }
}
