//! Things that exist per key (an address's shared exercises, its classes
//! and tournaments), within a cap. A place is reserved before the thing is
//! made and given back if making it fails, so that concurrent requests
//! cannot all see room for one more.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Counts per key.
#[derive(Default, Debug)]
pub struct Tally {
    counts: Mutex<HashMap<String, usize>>,
}

impl Tally {
    pub fn new() -> Tally {
        Tally::default()
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<String, usize>> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts one more of `key` without a cap (things read back at start).
    pub fn add(&self, key: &str) {
        *self.counts().entry(key.to_string()).or_default() += 1;
    }

    /// One of `key` is gone.
    pub fn remove(&self, key: &str) {
        let mut counts = self.counts();
        if let Some(n) = counts.get_mut(key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(key);
            }
        }
    }

    pub fn count(&self, key: &str) -> usize {
        self.counts().get(key).copied().unwrap_or(0)
    }

    /// A place for one more of `key` while it has fewer than `cap`; `None`
    /// when it has `cap` already.
    pub fn reserve(&self, key: &str, cap: usize) -> Option<Reserved<'_>> {
        let mut counts = self.counts();
        let n = counts.entry(key.to_string()).or_default();
        if *n >= cap {
            return None;
        }
        *n += 1;
        Some(Reserved {
            tally: self,
            key: key.to_string(),
            kept: false,
        })
    }
}

impl Tally {
    /// As [`Tally::reserve`], for a place held across `await`s by a task.
    pub fn reserve_owned(self: &Arc<Self>, key: &str, cap: usize) -> Option<OwnedReserved> {
        let reserved = self.reserve(key, cap)?;
        reserved.keep();
        Some(OwnedReserved {
            tally: self.clone(),
            key: key.to_string(),
        })
    }
}

/// A place taken by [`Tally::reserve_owned`], given back when dropped.
#[derive(Debug)]
#[must_use = "a reserved place is given back when dropped"]
pub struct OwnedReserved {
    tally: Arc<Tally>,
    key: String,
}

impl Drop for OwnedReserved {
    fn drop(&mut self) {
        self.tally.remove(&self.key);
    }
}

/// A place taken in a [`Tally`]: given back when dropped, unless kept.
#[must_use = "a reserved place is given back when dropped"]
pub struct Reserved<'a> {
    tally: &'a Tally,
    key: String,
    kept: bool,
}

impl Reserved<'_> {
    /// The thing was made: its place stays taken.
    pub fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        if !self.kept {
            self.tally.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_places_count_until_given_back() {
        let tally = Tally::new();
        let first = tally.reserve("a", 2).unwrap();
        let second = tally.reserve("a", 2).unwrap();
        assert!(tally.reserve("a", 2).is_none());
        drop(second);
        assert_eq!(tally.count("a"), 1);
        first.keep();
        tally.reserve("a", 2).unwrap().keep();
        assert!(tally.reserve("a", 2).is_none());
        tally.remove("a");
        assert!(tally.reserve("a", 2).is_some());
        assert_eq!(tally.count("b"), 0);
    }

    #[test]
    fn concurrent_reservations_stop_at_the_cap() {
        let tally = std::sync::Arc::new(Tally::new());
        let made: usize = (0..8)
            .map(|_| {
                let tally = tally.clone();
                std::thread::spawn(move || {
                    (0..100)
                        .filter(|_| tally.reserve("k", 500).map(Reserved::keep).is_some())
                        .count()
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .sum();
        assert_eq!(made, 500);
        assert_eq!(tally.count("k"), 500);
    }
}
