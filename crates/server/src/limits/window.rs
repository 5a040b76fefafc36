//! Events per key in a time window: at most `max` from the key's first
//! event until `window` has passed, then the count starts again.
//!
//! An event is taken as a [`Slot`] *before* the work it allows (a password
//! check, a sign-up), so that a burst of concurrent requests cannot all pass
//! the check before any of them is counted. The slot is then kept (the
//! event counts) or given back (it does not: a sign-up that failed, a
//! password that was right).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Keys kept before the expired ones are swept.
const SWEEP_AT: usize = 100_000;

/// One key's count in its current window.
#[derive(Clone, Copy, Debug)]
struct Count {
    used: u32,
    since: Instant,
    /// Grows when the window starts again, so that a slot of an earlier
    /// window given back late changes nothing.
    epoch: u64,
}

/// At most `max` events per key in a window that starts at its first event.
pub struct Window {
    max: u32,
    window: Duration,
    counts: Mutex<HashMap<String, Count>>,
}

/// Why a slot was refused: how long until one frees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full {
    pub retry_after: Duration,
}

impl Window {
    pub fn new(max: u32, window: Duration) -> Window {
        Window {
            max,
            window,
            counts: Mutex::new(HashMap::new()),
        }
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<String, Count>> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes one event of `key` now, or says when one will be free.
    pub fn take(&self, key: &str, now: Instant) -> Result<Slot<'_>, Full> {
        let mut counts = self.counts();
        if counts.len() >= SWEEP_AT {
            let window = self.window;
            counts.retain(|_, c| now.saturating_duration_since(c.since) < window);
        }
        let count = counts.entry(key.to_string()).or_insert(Count {
            used: 0,
            since: now,
            epoch: 0,
        });
        if now.saturating_duration_since(count.since) >= self.window {
            *count = Count {
                used: 0,
                since: now,
                epoch: count.epoch + 1,
            };
        }
        if count.used >= self.max {
            let ends = count.since + self.window;
            return Err(Full {
                retry_after: ends.saturating_duration_since(now),
            });
        }
        count.used += 1;
        Ok(Slot {
            window: self,
            key: key.to_string(),
            epoch: count.epoch,
        })
    }

    /// Events of `key` counted in its current window.
    pub fn used(&self, key: &str, now: Instant) -> u32 {
        self.counts()
            .get(key)
            .filter(|c| now.saturating_duration_since(c.since) < self.window)
            .map_or(0, |c| c.used)
    }

    fn give_back(&self, key: &str, epoch: u64) {
        let mut counts = self.counts();
        if let Some(count) = counts.get_mut(key) {
            if count.epoch == epoch {
                count.used = count.used.saturating_sub(1);
            }
        }
    }
}

/// One event taken from a [`Window`]. Dropped without a word, it stays
/// counted (a request cut off half-way counts, as the safer guess); call
/// [`Slot::give_back`] when the event turned out not to count.
#[must_use = "a slot is kept or given back"]
pub struct Slot<'a> {
    window: &'a Window,
    key: String,
    epoch: u64,
}

impl Slot<'_> {
    /// The event counts (as it already does: this says so where it is
    /// decided).
    pub fn keep(self) {}

    /// The event does not count after all.
    pub fn give_back(self) {
        self.window.give_back(&self.key, self.epoch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_max_until_the_window_passes() {
        let w = Window::new(3, Duration::from_secs(10));
        let t = Instant::now();
        for _ in 0..3 {
            w.take("a", t).unwrap().keep();
        }
        let full = w.take("a", t + Duration::from_secs(4)).err().unwrap();
        assert_eq!(full.retry_after, Duration::from_secs(6));
        assert!(w.take("b", t).is_ok(), "each key counts alone");
        assert!(w.take("a", t + Duration::from_secs(10)).is_ok());
        assert_eq!(w.used("a", t + Duration::from_secs(10)), 1);
    }

    #[test]
    fn a_slot_given_back_frees_its_place() {
        let w = Window::new(1, Duration::from_secs(10));
        let t = Instant::now();
        let slot = w.take("a", t).unwrap();
        assert!(w.take("a", t).is_err(), "taken before the work");
        slot.give_back();
        w.take("a", t).unwrap().keep();
        assert!(w.take("a", t).is_err());
    }

    #[test]
    fn a_dropped_slot_counts() {
        let w = Window::new(1, Duration::from_secs(10));
        let t = Instant::now();
        drop(w.take("a", t).unwrap());
        assert!(w.take("a", t).is_err());
    }

    #[test]
    fn a_slot_of_an_old_window_given_back_changes_nothing() {
        let w = Window::new(2, Duration::from_secs(10));
        let t = Instant::now();
        let old = w.take("a", t).unwrap();
        let later = t + Duration::from_secs(11);
        w.take("a", later).unwrap().keep();
        w.take("a", later).unwrap().keep();
        old.give_back();
        assert!(w.take("a", later).is_err());
    }

    #[test]
    fn concurrent_takes_never_pass_the_limit() {
        let w = std::sync::Arc::new(Window::new(5, Duration::from_secs(60)));
        let t = Instant::now();
        let taken: usize = (0..8)
            .map(|_| {
                let w = w.clone();
                std::thread::spawn(move || {
                    (0..50)
                        .filter(|_| w.take("k", t).map(Slot::keep).is_ok())
                        .count()
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .sum();
        assert_eq!(taken, 5);
    }
}
