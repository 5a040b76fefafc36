//! CPU work (a sheet generated, an answer checked, a PDF drawn, a password
//! hashed) on blocking threads, a few at once: a burst of requests waits
//! for a permit instead of taking every thread of the machine.

use std::sync::Arc;

use tokio::sync::Semaphore;

/// Permits for blocking work, shared by the features that hold a clone.
#[derive(Clone, Debug)]
pub struct Workers {
    permits: Arc<Semaphore>,
}

/// Why blocking work gave no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkFailed {
    /// The server is stopping: no more permits.
    Stopping,
    /// The work panicked (a bug): its thread is gone, the server is not.
    Failed,
}

impl WorkFailed {
    /// In words, for a refusal's message.
    pub fn words(self) -> &'static str {
        match self {
            WorkFailed::Stopping => "the server is stopping",
            WorkFailed::Failed => "the work failed",
        }
    }
}

impl Workers {
    /// At most `at_once` pieces of work at once (at least one).
    pub fn new(at_once: usize) -> Workers {
        Workers {
            permits: Arc::new(Semaphore::new(at_once.max(1))),
        }
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
