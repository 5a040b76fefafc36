//! The speed of a game, from its clock, as lichess counts it: the time a
//! game is expected to last is the initial time plus 40 increments (a
//! clock of a fixed time per move counts 40 moves of it). Each speed has a
//! rating of its own.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use quoridor_engine::TimeControl;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// Under 3 minutes.
    Bullet,
    /// 3 to 8 minutes.
    Blitz,
    /// 8 to 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
    /// Days for each move (a turn-based game).
    Correspondence,
}

impl Speed {
    pub const ALL: [Speed; 5] = [
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
    ];

    /// The speed of a clock (`None`: a game without a clock has none).
    pub fn of(clock: Option<TimeControl>) -> Option<Speed> {
        if quoridor_game::settings::is_correspondence(clock) {
            return Some(Speed::Correspondence);
        }
        let estimate = match clock? {
            TimeControl::PerMove(per_move) => per_move * 40,
            control => control.initial() + control.increment() * 40,
        };
        let minutes = |m: u64| Duration::from_secs(60 * m);
        Some(if estimate < minutes(3) {
            Speed::Bullet
        } else if estimate < minutes(8) {
            Speed::Blitz
        } else if estimate < minutes(25) {
            Speed::Rapid
        } else {
            Speed::Classical
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Speed {
    type Err = String;

    fn from_str(text: &str) -> Result<Speed, String> {
        Speed::ALL
            .into_iter()
            .find(|s| s.name() == text)
            .ok_or_else(|| {
                format!("no speed {text:?} (bullet, blitz, rapid, classical or correspondence)")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fischer(initial_s: u64, increment_s: u64) -> Option<TimeControl> {
        Some(TimeControl::Fischer {
            initial: Duration::from_secs(initial_s),
            increment: Duration::from_secs(increment_s),
        })
    }

    #[test]
    fn speeds_as_lichess_counts_them() {
        assert_eq!(Speed::of(None), None);
        assert_eq!(Speed::of(fischer(60, 0)), Some(Speed::Bullet));
        assert_eq!(Speed::of(fischer(120, 1)), Some(Speed::Bullet));
        // 3+0 is 180 s: blitz; 2+1 is 160 s: bullet.
        assert_eq!(Speed::of(fischer(180, 0)), Some(Speed::Blitz));
        assert_eq!(Speed::of(fischer(300, 3)), Some(Speed::Blitz));
        // 5+5 is 500 s: rapid.
        assert_eq!(Speed::of(fischer(300, 5)), Some(Speed::Rapid));
        assert_eq!(Speed::of(fischer(600, 5)), Some(Speed::Rapid));
        assert_eq!(Speed::of(fischer(1500, 0)), Some(Speed::Classical));
        assert_eq!(
            Speed::of(Some(TimeControl::PerMove(Duration::from_secs(30)))),
            Some(Speed::Rapid)
        );
        for speed in Speed::ALL {
            assert_eq!(speed.name().parse::<Speed>(), Ok(speed));
        }
        assert!("fast".parse::<Speed>().is_err());
    }
}
