//! Time as a game sees it: milliseconds from an origin its caller chooses
//! (the server's start, the page's epoch, a test's zero). The game never
//! reads a clock: every operation is given the moment it happens, so the
//! same code runs on the server, in the page's WebAssembly (where
//! `std::time::Instant` does not exist) and in tests.

use std::fmt;
use std::ops::{Add, Sub};
use std::time::Duration;

/// A point in time, in milliseconds from the caller's origin.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Moment(u64);

impl Moment {
    pub const ZERO: Moment = Moment(0);

    pub const fn from_millis(ms: u64) -> Moment {
        Moment(ms)
    }

    pub const fn millis(self) -> u64 {
        self.0
    }

    /// The time from `earlier` to `self`; zero if `earlier` is later.
    pub fn saturating_duration_since(self, earlier: Moment) -> Duration {
        Duration::from_millis(self.0.saturating_sub(earlier.0))
    }

    /// Earlier by `d`, unless that is before the origin.
    pub fn checked_sub(self, d: Duration) -> Option<Moment> {
        self.0.checked_sub(millis_of(d)).map(Moment)
    }

    /// Milliseconds from `earlier` to `self`; zero if `earlier` is later.
    pub fn millis_since(self, earlier: Moment) -> u64 {
        self.0.saturating_sub(earlier.0)
    }
}

fn millis_of(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Later by `d` (saturating: a deadline far away stays far away).
impl Add<Duration> for Moment {
    type Output = Moment;
    fn add(self, d: Duration) -> Moment {
        Moment(self.0.saturating_add(millis_of(d)))
    }
}

/// Earlier by `d`, or the origin.
impl Sub<Duration> for Moment {
    type Output = Moment;
    fn sub(self, d: Duration) -> Moment {
        Moment(self.0.saturating_sub(millis_of(d)))
    }
}

impl fmt::Debug for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ms", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_and_subtracts_without_wrapping() {
        let t = Moment::from_millis(1_000);
        assert_eq!((t + Duration::from_millis(250)).millis(), 1_250);
        assert_eq!((t - Duration::from_secs(5)), Moment::ZERO);
        assert_eq!(
            Moment::from_millis(u64::MAX) + Duration::from_secs(1),
            Moment::from_millis(u64::MAX)
        );
        assert_eq!(
            t.saturating_duration_since(Moment::from_millis(400)),
            Duration::from_millis(600)
        );
        assert_eq!(Moment::ZERO.saturating_duration_since(t), Duration::ZERO);
        assert_eq!(t.millis_since(Moment::from_millis(2_000)), 0);
    }
}
