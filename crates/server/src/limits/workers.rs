//! CPU work (a sheet generated, an answer checked, a PDF drawn, a password
//! hashed) on blocking threads, a few at once: a burst of requests waits
//! for a permit instead of taking every thread of the machine.
//!
//! Two lanes: the quick work (an answer checked, an exercise made, a
//! password hashed) and the heavy work (a worksheet drawn as a PDF or a
//! printable page, a second of CPU or more), which has a pool of its own
//! ([`super::pool::Pool`]: one work at a time per address, a short queue,
//! a longest wait), so that printing never delays a pupil's answer.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use super::pool::{Pool, PoolRefused, PoolSize};

/// Heavy works one address may have running or waiting.
pub const HEAVY_PER_CLIENT: usize = 1;
/// Heavy works that may wait for each permit.
pub const HEAVY_QUEUE_PER_PERMIT: usize = 4;
/// The longest a heavy work waits for its turn.
pub const HEAVY_MAX_WAIT: Duration = Duration::from_secs(10);

/// Permits for blocking work, shared by the features that hold a clone.
#[derive(Clone, Debug)]
pub struct Workers {
    permits: Arc<Semaphore>,
    heavy: Arc<Pool>,
}

/// Why blocking work gave no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkFailed {
    /// The server is stopping: no more permits.
    Stopping,
    /// The work panicked (a bug): its thread is gone, the server is not.
    Failed,
    /// Heavy work: the address has its share running or waiting.
    PerClient,
    /// Heavy work: too many wait; try again in a moment.
    Busy,
}

impl WorkFailed {
    /// In words, for a refusal's message.
    pub fn words(self) -> &'static str {
        match self {
            WorkFailed::Stopping => "the server is stopping",
            WorkFailed::Failed => "the work failed",
            WorkFailed::PerClient => {
                "one printable sheet at a time from your address: wait for the last one"
            }
            WorkFailed::Busy => "the server is busy making sheets: try again in a moment",
        }
    }
}

impl Workers {
    /// At most `at_once` pieces of work at once (at least one).
    pub fn new(at_once: usize) -> Workers {
        Workers {
            permits: Arc::new(Semaphore::new(at_once.max(1))),
            heavy: Arc::new(Pool::new(PoolSize {
                permits: (at_once / 2).max(1),
                per_client: HEAVY_PER_CLIENT,
                queue_per_permit: HEAVY_QUEUE_PER_PERMIT,
                max_wait: HEAVY_MAX_WAIT,
            })),
        }
    }

    /// Runs heavy `work` for `client` (an address's key) on a blocking
    /// thread of the heavy lane, never taking a quick work's permit.
    pub async fn run_heavy<T: Send + 'static>(
        &self,
        client: &str,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkFailed> {
        let _turn = self
            .heavy
            .turn(Some(client))
            .await
            .map_err(|refused| match refused {
                PoolRefused::PerClient => WorkFailed::PerClient,
                PoolRefused::Busy => WorkFailed::Busy,
                PoolRefused::Stopping => WorkFailed::Stopping,
            })?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|_| WorkFailed::Failed)
    }

    /// Runs `work` on a blocking thread once a permit is free.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkFailed> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| WorkFailed::Stopping)?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|_| WorkFailed::Failed)
    }

    /// No more work: what waits for a permit is told the server stops.
    pub fn close(&self) {
        self.permits.close();
        self.heavy.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_than_the_permits_run_at_once() {
        let workers = Workers::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut all = Vec::new();
        for _ in 0..12 {
            let (workers, running, most) = (workers.clone(), running.clone(), most.clone());
            all.push(tokio::spawn(async move {
                workers
                    .run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(5));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
            }));
        }
        for one in all {
            assert_eq!(one.await.unwrap(), Ok(()));
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn heavy_work_never_delays_the_quick_work() {
        let workers = Workers::new(2);
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        // A heavy work that holds its lane until told.
        let heavy = {
            let workers = workers.clone();
            tokio::spawn(async move { workers.run_heavy("a", move || rx.recv().ok()).await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The same address's second is refused at once; another's waits
        // (tried with a short deadline); quick work runs meanwhile.
        assert_eq!(
            workers.run_heavy("a", || 1).await,
            Err(WorkFailed::PerClient)
        );
        let other =
            tokio::time::timeout(Duration::from_millis(100), workers.run_heavy("b", || 2)).await;
        assert!(other.is_err(), "the heavy lane has one place here");
        assert_eq!(workers.run(|| 3).await, Ok(3));
        tx.send(()).unwrap();
        assert_eq!(heavy.await.unwrap(), Ok(Some(())));
        assert_eq!(workers.run_heavy("a", || 4).await, Ok(4));
    }

    #[tokio::test]
    async fn a_panic_or_a_stop_is_an_answer_not_a_crash() {
        let workers = Workers::new(1);
        assert_eq!(
            workers.run(|| panic!("a bug")).await,
            Err::<(), _>(WorkFailed::Failed)
        );
        assert_eq!(workers.run(|| 7).await, Ok(7));
        workers.close();
        assert_eq!(workers.run(|| 7).await, Err(WorkFailed::Stopping));
    }
}
