//! Clocks: a total time with an increment (Fischer) or a fixed time per
//! move (RULES.md §8). Time is given by the caller (`now`), so the clocks
//! are as testable as the rest of the game.

use std::fmt;
use std::time::{Duration, Instant};

/// How much time the players have.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// A total time per player, plus an increment after each move.
    Fischer {
        initial: Duration,
        increment: Duration,
    },
    /// This much time for each move.
    PerMove(Duration),
}

impl TimeControl {
    /// `5m+3s`, `90s`, `1.5m+0s` (a total time and an optional increment).
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        let (initial, increment) = match text.split_once('+') {
            Some((a, b)) => (parse_duration(a)?, parse_duration(b)?),
            None => (parse_duration(text)?, Duration::ZERO),
        };
        if initial.is_zero() {
            return Err(format!("`{text}`: the time must be more than zero"));
        }
        Ok(TimeControl::Fischer { initial, increment })
    }

    /// `10s`: a fixed time for every move.
    pub fn parse_move_time(text: &str) -> Result<TimeControl, String> {
        let time = parse_duration(text)?;
        if time.is_zero() {
            return Err(format!("`{text}`: the time must be more than zero"));
        }
        Ok(TimeControl::PerMove(time))
    }

    /// The text form read by [`TimeControl::parse`] (`5m+3s`, `move 10s`,
    /// `none`), as kept in saved games.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let text = text.trim();
        if text.is_empty() || text == "none" {
            Ok(TimeControl::None)
        } else if let Some(rest) = text.strip_prefix("move ") {
            TimeControl::parse_move_time(rest)
        } else {
            TimeControl::parse_clock(text)
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::None => f.write_str("none"),
            TimeControl::Fischer { initial, increment } => {
                write!(
                    f,
                    "{}+{}",
                    duration_text(*initial),
                    duration_text(*increment)
                )
            }
            TimeControl::PerMove(t) => write!(f, "move {}", duration_text(*t)),
        }
    }
}

/// A duration: a number and a unit, `ms`, `s`, `m`/`min` or `h` (`100ms`,
/// `1.5s`, `5m`); several may follow each other (`1m30s`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("expected a duration such as 10s, 5m or 1m30s, found `{text}`");
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err(bad());
    }
    let mut total = 0.0f64;
    while !rest.is_empty() {
        let split = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let (number, after) = rest.split_at(split);
        let value: f64 = number.parse().map_err(|_| bad())?;
        let unit_len = after
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(after.len());
        let (unit, after) = after.split_at(unit_len);
        let scale = match unit.trim().to_ascii_lowercase().as_str() {
            "ms" => 0.001,
            "s" | "sec" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => return Err(bad()),
        };
        total += value * scale;
        rest = after.trim_start();
    }
    if !total.is_finite() || total > 1e7 {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(total))
}

/// `5m`, `3s`, `1.5s`, `250ms`: the shortest text [`parse_duration`] reads back.
pub fn duration_text(t: Duration) -> String {
    let ms = t.as_millis();
    if ms == 0 {
        "0s".into()
    } else if ms.is_multiple_of(60_000) {
        format!("{}m", ms / 60_000)
    } else if ms.is_multiple_of(1000) {
        format!("{}s", ms / 1000)
    } else if ms < 1000 {
        format!("{ms}ms")
    } else {
        format!("{}s", ms as f64 / 1000.0)
    }
}

/// A clock face: `4:59`, `1:02:03`, and tenths under twenty seconds (`9.4`).
pub fn clock_text(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    if tenths < 200 {
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let s = t.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The clocks of up to four players, by turn index.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// Time left (Fischer) or left for the current move (per move).
    left: [Duration; 4],
    /// The player whose clock runs and since when.
    running: Option<(usize, Instant)>,
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        let full = match control {
            TimeControl::None => Duration::ZERO,
            TimeControl::Fischer { initial, .. } => initial,
            TimeControl::PerMove(t) => t,
        };
        Clocks {
            control,
            left: [full; 4],
            running: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Sets the time left of each player (a resumed game).
    pub fn set_left(&mut self, left: &[Duration]) {
        for (slot, &t) in self.left.iter_mut().zip(left) {
            *slot = t;
        }
    }

    /// Time left of a player at `now`, or `None` without a clock.
    pub fn left(&self, player: usize, now: Instant) -> Option<Duration> {
        if self.control == TimeControl::None {
            return None;
        }
        let mut left = self.left[player];
        if let Some((p, since)) = self.running {
            if p == player {
                left = left.saturating_sub(now.saturating_duration_since(since));
            }
        }
        Some(left)
    }

    /// The player whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|(p, _)| p)
    }

    /// Starts the clock of `player` (stopping any other).
    pub fn start(&mut self, player: usize, now: Instant) {
        if self.control == TimeControl::None {
            return;
        }
        self.stop(now);
        self.running = Some((player, now));
    }

    /// Stops the running clock, keeping the time used.
    pub fn stop(&mut self, now: Instant) {
        if let Some((p, since)) = self.running.take() {
            let used = now.saturating_duration_since(since);
            self.left[p] = self.left[p].saturating_sub(used);
        }
    }

    /// `player` has moved at `now`: their clock stops, and gets the
    /// increment (Fischer) or a full new move time (per move).
    pub fn moved(&mut self, player: usize, now: Instant) {
        if self.running() == Some(player) {
            self.stop(now);
        }
        match self.control {
            TimeControl::None => {}
            TimeControl::Fischer { increment, .. } => self.left[player] += increment,
            TimeControl::PerMove(t) => self.left[player] = t,
        }
    }

    /// The player whose time has run out at `now`, if any.
    pub fn flag(&self, now: Instant) -> Option<usize> {
        let (p, _) = self.running?;
        (self.left(p, now) == Some(Duration::ZERO)).then_some(p)
    }

    /// Times left of every player, for saving.
    pub fn all_left(&self, players: usize, now: Instant) -> Vec<Duration> {
        (0..players)
            .map(|p| self.left(p, now).unwrap_or_default())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_print() {
        let tc = TimeControl::parse_clock("5m+3s").unwrap();
        assert_eq!(
            tc,
            TimeControl::Fischer {
                initial: Duration::from_secs(300),
                increment: Duration::from_secs(3)
            }
        );
        assert_eq!(tc.to_string(), "5m+3s");
        assert_eq!(TimeControl::parse(&tc.to_string()), Ok(tc));
        let per_move = TimeControl::parse_move_time("10s").unwrap();
        assert_eq!(per_move.to_string(), "move 10s");
        assert_eq!(TimeControl::parse("move 10s"), Ok(per_move));
        assert_eq!(parse_duration("1m30s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(duration_text(Duration::from_millis(1500)), "1.5s");
        for bad in ["", "5", "5x", "m", "0s"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clock_faces() {
        assert_eq!(clock_text(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_text(Duration::from_millis(9_450)), "9.4");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
    }

    #[test]
    fn fischer_clocks_run_for_the_side_to_move_and_fall() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut clocks = Clocks::new(TimeControl::Fischer {
            initial: s(10),
            increment: s(2),
        });
        clocks.start(0, t0);
        assert_eq!(clocks.left(0, t0 + s(3)), Some(s(7)));
        assert_eq!(clocks.left(1, t0 + s(3)), Some(s(10)));
        clocks.moved(0, t0 + s(3));
        clocks.start(1, t0 + s(3));
        assert_eq!(clocks.left(0, t0 + s(20)), Some(s(9)));
        assert_eq!(clocks.flag(t0 + s(12)), None);
        assert_eq!(clocks.flag(t0 + s(13)), Some(1));
    }

    #[test]
    fn per_move_clocks_restart_each_move() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut clocks = Clocks::new(TimeControl::PerMove(s(5)));
        clocks.start(0, t0);
        clocks.moved(0, t0 + s(4));
        clocks.start(1, t0 + s(4));
        assert_eq!(clocks.left(0, t0 + s(4)), Some(s(5)));
        assert_eq!(clocks.flag(t0 + s(9)), Some(1));
        let none = Clocks::new(TimeControl::None);
        assert_eq!(none.left(0, t0), None);
    }
}
