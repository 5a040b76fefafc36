//! How much time the players have (RULES.md §8): a total per player with an
//! increment after each move (Fischer), or a fixed time for every move. One
//! type and one text form for every front end: `5m+3s`, `90s`, `10s/move`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::limit::SearchLimit;

/// The longest duration read: a day and a bit more than a year of seconds
/// would overflow nothing, but no game needs more than this.
pub const MAX_DURATION: Duration = Duration::from_secs(10_000_000);

/// A clock for each player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// A total time per player, plus an increment after each move.
    Fischer {
        initial: Duration,
        increment: Duration,
    },
    /// This much time for each move; what is not used is lost.
    PerMove(Duration),
}

/// Why a time control or a duration was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeError(String);

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TimeError {}

impl TimeControl {
    /// The time a player has when the game starts (or a turn, per move).
    pub fn initial(self) -> Duration {
        match self {
            TimeControl::Fischer { initial, .. } => initial,
            TimeControl::PerMove(t) => t,
        }
    }

    /// What is added after each move.
    pub fn increment(self) -> Duration {
        match self {
            TimeControl::Fischer { increment, .. } => increment,
            TimeControl::PerMove(_) => Duration::ZERO,
        }
    }

    /// The search limit of a player with `remaining` on its clock: its share
    /// of a Fischer clock, or most of the time for this move (a little is
    /// kept for answering).
    pub fn limit(self, remaining: Duration) -> SearchLimit {
        match self {
            TimeControl::Fischer { increment, .. } => SearchLimit::Clock {
                remaining,
                increment,
            },
            TimeControl::PerMove(_) => {
                SearchLimit::MoveTime((remaining * 4 / 5).max(Duration::from_millis(1)))
            }
        }
    }
}

/// `5m+3s` (a total and an increment), `90s` (no increment), `10s/move`.
/// Also reads `move 10s`, the per-move form of older saved games.
///
/// ```
/// use std::time::Duration;
/// use quoridor_engine::TimeControl;
/// let clock: TimeControl = "1m30s+2s".parse().unwrap();
/// assert_eq!(clock.initial(), Duration::from_secs(90));
/// assert_eq!(clock.to_string(), "90s+2s");
/// assert_eq!("10s/move".parse::<TimeControl>().unwrap(), TimeControl::PerMove(Duration::from_secs(10)));
/// assert!("0s".parse::<TimeControl>().is_err());
/// ```
impl FromStr for TimeControl {
    type Err = TimeError;

    fn from_str(text: &str) -> Result<TimeControl, TimeError> {
        let text = text.trim();
        let per_move = text
            .strip_suffix("/move")
            .or_else(|| text.strip_prefix("move "));
        let control = match per_move {
            Some(time) => TimeControl::PerMove(parse_duration(time)?),
            None => {
                let (initial, increment) = match text.split_once('+') {
                    Some((a, b)) => (parse_duration(a)?, parse_duration(b)?),
                    None => (parse_duration(text)?, Duration::ZERO),
                };
                TimeControl::Fischer { initial, increment }
            }
        };
        if control.initial().is_zero() {
            return Err(TimeError(format!(
                "`{text}`: the time must be more than zero"
            )));
        }
        Ok(control)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Fischer { initial, increment } => {
                write!(f, "{}+{}", duration_text(initial), duration_text(increment))
            }
            TimeControl::PerMove(t) => write!(f, "{}/move", duration_text(t)),
        }
    }
}

/// A duration: numbers each with a unit, `ms`, `s`, `m`/`min` or `h`
/// (`100ms`, `1.5s`, `5m`, `1m30s`), at most [`MAX_DURATION`].
///
/// ```
/// use std::time::Duration;
/// use quoridor_engine::time_control::parse_duration;
/// assert_eq!(parse_duration("1m30s"), Ok(Duration::from_secs(90)));
/// assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
/// assert!(parse_duration("5").is_err());
/// ```
pub fn parse_duration(text: &str) -> Result<Duration, TimeError> {
    let bad = || {
        TimeError(format!(
            "expected a duration such as 10s, 5m or 1m30s, found `{}`",
            quoridor_rules::excerpt(text.trim(), 40)
        ))
    };
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
    if !total.is_finite() || total > MAX_DURATION.as_secs_f64() {
        return Err(bad());
    }
    // Whole milliseconds: what every clock counts in.
    Ok(Duration::from_millis((total * 1000.0).round() as u64))
}

/// `5m`, `3s`, `1.5s`, `250ms`, `1h`: the shortest text that
/// [`parse_duration`] reads back to the same whole milliseconds.
pub fn duration_text(t: Duration) -> String {
    let ms = t.as_millis();
    if ms == 0 {
        "0s".into()
    } else if ms.is_multiple_of(3_600_000) {
        format!("{}h", ms / 3_600_000)
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_front_end_form_is_read() {
        let secs = Duration::from_secs;
        for (text, control) in [
            (
                "5m+3s",
                TimeControl::Fischer {
                    initial: secs(300),
                    increment: secs(3),
                },
            ),
            (
                "1m30s",
                TimeControl::Fischer {
                    initial: secs(90),
                    increment: Duration::ZERO,
                },
            ),
            (
                "1.5m+0s",
                TimeControl::Fischer {
                    initial: secs(90),
                    increment: Duration::ZERO,
                },
            ),
            ("10s/move", TimeControl::PerMove(secs(10))),
            ("move 10s", TimeControl::PerMove(secs(10))),
            (
                "100ms/move",
                TimeControl::PerMove(Duration::from_millis(100)),
            ),
        ] {
            assert_eq!(text.parse::<TimeControl>(), Ok(control), "{text}");
        }
        for text in ["", "5x", "0s", "0s/move", "+3s", "5m+", "-1s", "99999999h"] {
            assert!(text.parse::<TimeControl>().is_err(), "{text}");
        }
    }

    #[test]
    fn limits() {
        let clock: TimeControl = "1m+2s".parse().unwrap();
        assert_eq!(
            clock.limit(Duration::from_secs(30)),
            SearchLimit::Clock {
                remaining: Duration::from_secs(30),
                increment: Duration::from_secs(2)
            }
        );
        let per_move: TimeControl = "10s/move".parse().unwrap();
        assert_eq!(
            per_move.limit(Duration::from_secs(5)),
            SearchLimit::MoveTime(Duration::from_secs(4))
        );
    }

    fn duration() -> impl Strategy<Value = Duration> {
        prop_oneof![
            (0u64..5_000).prop_map(Duration::from_millis),
            (0u64..100_000_000).prop_map(Duration::from_millis),
            (0u64..2_000).prop_map(|m| Duration::from_secs(m * 60)),
        ]
    }

    fn control() -> impl Strategy<Value = TimeControl> {
        prop_oneof![
            (duration(), duration())
                .prop_filter("a time", |(i, _)| !i.is_zero())
                .prop_map(|(initial, increment)| TimeControl::Fischer { initial, increment }),
            duration()
                .prop_filter("a time", |t| !t.is_zero())
                .prop_map(TimeControl::PerMove),
        ]
    }

    proptest! {
        #[test]
        fn durations_read_back(t in duration()) {
            prop_assert_eq!(parse_duration(&duration_text(t)), Ok(t));
        }

        #[test]
        fn time_controls_read_back(control in control()) {
            prop_assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control));
        }

        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,24}") {
            let _ = text.parse::<TimeControl>();
        }
    }
}
