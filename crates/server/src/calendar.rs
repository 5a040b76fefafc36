//! The clocks: the wall clock, and calendar days from it (UTC: a backup's
//! name, a class's weeks, a due day); and the games' clock, a [`Moment`]
//! of the monotonic clock (games are given the time, they never read it).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use quoridor_game::Moment;

/// The moment of [`origin`]: far enough from zero that a game loaded with
/// a turn that began years before the process did still has its start.
const ORIGIN_MS: u64 = 1 << 40;

/// The monotonic clock's origin for [`Moment`]s: the first time this
/// process asked for one.
fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

/// Now, for the games.
pub fn moment_now() -> Moment {
    moment_of(Instant::now())
}

/// `at` for the games (an instant before the origin is the origin).
pub fn moment_of(at: Instant) -> Moment {
    let ms = at.saturating_duration_since(origin()).as_millis();
    Moment::from_millis(
        u64::try_from(ms)
            .unwrap_or(u64::MAX)
            .saturating_add(ORIGIN_MS),
    )
}

/// The instant of a game's moment, for a timer (a moment too far away to
/// be an instant is a year from now: a timer that never fires).
pub fn instant_of(moment: Moment) -> Instant {
    let after = moment.millis().saturating_sub(ORIGIN_MS);
    origin()
        .checked_add(Duration::from_millis(after))
        .unwrap_or_else(|| Instant::now() + Duration::from_secs(365 * 86_400))
}

/// Milliseconds since 1970.
pub fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
        + WALL_AHEAD_MS.load(std::sync::atomic::Ordering::Relaxed)
}

/// How far a test has moved the wall clock forward (0 in the server).
static WALL_AHEAD_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Moves [`wall_ms`] forward by `ms` for the whole process: a test that
/// plays a class's term runs its weeks in seconds (it runs alone in its
/// test binary, as every test there sees the same clock). Time only goes
/// forward; the server never calls this.
#[doc(hidden)]
pub fn advance_wall_clock(ms: u64) {
    WALL_AHEAD_MS.fetch_add(ms, std::sync::atomic::Ordering::Relaxed);
}

const DAY_MS: u64 = 86_400_000;

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's
/// algorithm for the proleptic Gregorian calendar).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The day count since 1970-01-01 of a calendar date: the inverse of
/// [`civil_from_days`].
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The day of `ms` (since the epoch, UTC), `YYYY-MM-DD`.
pub fn day_of(ms: u64) -> String {
    let (y, m, d) = civil_from_days((ms / DAY_MS) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The Monday of the week of `ms` (since the epoch, UTC), `YYYY-MM-DD`.
pub fn monday_of(ms: u64) -> String {
    let days = (ms / DAY_MS) as i64;
    // 1970-01-01 was a Thursday: three days after a Monday.
    let monday = days - (days + 3).rem_euclid(7);
    let (y, m, d) = civil_from_days(monday);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Monday 23 November 2026, 10:00 UTC.
    const MONDAY: u64 = 1_795_428_000_000;

    #[test]
    fn days_and_weeks() {
        assert_eq!(day_of(0), "1970-01-01");
        assert_eq!(monday_of(0), "1969-12-29");
        assert_eq!(day_of(MONDAY), "2026-11-23");
        assert_eq!(
            monday_of(MONDAY + 6 * DAY_MS + 13 * 3_600_000),
            "2026-11-23"
        );
        assert_eq!(monday_of(MONDAY + 7 * DAY_MS), "2026-11-30");
        assert_eq!(monday_of(MONDAY + 42 * DAY_MS), "2027-01-04");
        assert_eq!(civil_from_days(19_417), (2023, 3, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}
