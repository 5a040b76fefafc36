//! Strength levels, from a gentle beginner (1) to full strength (8).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::limit::SearchLimit;
use crate::params::{ROOT_BLEND, SOFT_REPLIES};

/// A strength level: how deep or long the engine searches, and how much
/// random noise it adds to its judgement of the root moves (which makes the
/// human-like mistakes of the low levels: a step the wrong way, a fence that
/// helps little).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level means for the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Deepest iteration (plies), if capped.
    pub max_depth: Option<u32>,
    /// Most time per move, if capped.
    pub max_time: Option<Duration>,
    /// Random noise added to each root move's value, in hundredths of a step
    /// (uniform in ±noise).
    pub noise: i32,
    /// Whether the root considers every legal fence (from level 5 on); the
    /// low levels only see fences that cut an opponent's shortest path, as a
    /// beginner does, and misjudge them through the noise.
    pub root_all_fences: bool,
    /// Whether inner nodes consider every legal fence (slow) rather than the
    /// fences that cut a shortest path.
    pub all_fences: bool,
    /// Whether the search is selective (the time-limited levels): it looks
    /// on past its horizon while a fence there lengthens the opponent's path
    /// by two steps or more (quiescence), and cuts short the positions where
    /// even passing would keep the mover ahead (null-move pruning). The
    /// depth-capped levels keep their plain search, whose strength the
    /// ladder measured.
    pub selective: bool,
    /// Whether the evaluation adds the learned correction ([`crate::net`])
    /// where it applies (the time-limited levels).
    pub learned: bool,
    /// Whether the opening book ([`crate::book`]) is played while the
    /// game is in it (the time-limited levels).
    pub book: bool,
    /// Whether a race without fences in hand is played from its exact
    /// solution ([`crate::race`]) rather than searched (the time-limited
    /// levels: the low ones may still stumble in a race).
    pub exact_races: bool,
    /// Four players: how much of a root move's smoothed value from the
    /// earlier iterations is kept in judging it, in percent (0: the last
    /// iteration alone; the smoothed value blends each iteration's value
    /// with the one before it in turn). Max-n takes every player's best
    /// reply as certain, and values found shallower temper a deeper line's
    /// certainty (see [`crate::maxn`]).
    pub root_blend: i32,
    /// Four players: how soft the replies at the inner nodes are, in
    /// hundredths of a step (0: each player's best reply, as plain max-n).
    /// A node's values are the mean over the mover's replies, each weighted
    /// by e^(Δ/softness) where Δ is how much worse it is for the mover than
    /// its best: a reply almost as good is nearly as likely.
    pub soft_replies: i32,
    /// How much less a fence at the root is worth to the level than the
    /// search says, in hundredths of a step: a beginner mostly walks and
    /// places a fence only where it looks clearly worth it (two-sided
    /// games; 0 from level 2 on).
    pub fence_reluctance: i32,
}

/// Level 1's reluctance to place a fence (see
/// [`LevelSettings::fence_reluctance`]): with it, level 1 places about
/// three fences a game in self-play rather than nine (BENCHMARKS.md).
pub const BEGINNER_FENCE_RELUCTANCE: i32 = 150;

/// Per level from 1 to 8: the depth cap (plies), the time cap (ms) and the
/// noise.
type Ladder = [(Option<u32>, Option<u64>, i32); 8];

/// Two players, and teams (two sides).
const TWO_SIDES: Ladder = [
    (Some(1), None, 150),
    (Some(1), None, 60),
    (Some(2), None, 60),
    (Some(2), None, 0),
    (Some(3), None, 0),
    (None, Some(15), 0),
    (None, Some(100), 0),
    // Full strength: whatever time it is given, 300 ms by default (more
    // time plays better: see the time ladder in BENCHMARKS.md).
    (None, Some(300), 0),
];

/// Four players, each for itself.
const FREE_FOR_ALL: Ladder = [
    (Some(1), None, 150),
    (Some(1), None, 60),
    (Some(2), None, 200),
    (Some(2), None, 150),
    (Some(4), None, 0),
    // From level 6 on six plies: deeper searches measured no gain (8
    // plies against 6 lost 4-10, and 9-4-15 with the root blend).
    (Some(6), None, 0),
    (Some(6), None, 0),
    (Some(6), None, 0),
];

/// Four players, per level from 1 to 8: how the max-n search tempers its
/// certainty, as the root blend (percent) and the softness of the replies
/// (hundredths of a step, 0 for none); see [`LevelSettings`]. Each beat
/// the level below it (BENCHMARKS.md).
const FREE_FOR_ALL_TEMPER: [(i32, i32); 8] = [
    (0, 0),
    (0, 0),
    (0, 0),
    (0, 0),
    (0, 0),
    (0, 0),
    (ROOT_BLEND, 0),
    (ROOT_BLEND, SOFT_REPLIES),
];

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);

    /// A level from 1 to 8.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The ladder (see BENCHMARKS.md for how each level fares against the
    /// one below).
    pub fn settings(self) -> LevelSettings {
        self.on_ladder(&TWO_SIDES)
    }

    /// The ladder of four-player games without teams (the max-n search of
    /// [`crate::maxn`], whose depths go by two plies after the first two:
    /// see BENCHMARKS.md).
    pub fn free_for_all_settings(self) -> LevelSettings {
        let mut settings = self.on_ladder(&FREE_FOR_ALL);
        (settings.root_blend, settings.soft_replies) = FREE_FOR_ALL_TEMPER[usize::from(self.0 - 1)];
        settings
    }

    /// The settings of this level in games of `rules` (four players each
    /// for itself have their own ladder).
    pub fn settings_for(self, rules: &quoridor_rules::Ruleset) -> LevelSettings {
        if rules.is_free_for_all() {
            self.free_for_all_settings()
        } else {
            self.settings()
        }
    }

    fn on_ladder(self, ladder: &Ladder) -> LevelSettings {
        let (max_depth, max_ms, noise) = ladder[usize::from(self.0 - 1)];
        LevelSettings {
            max_depth,
            max_time: max_ms.map(Duration::from_millis),
            noise,
            root_all_fences: self.0 >= 5,
            all_fences: false,
            selective: max_depth.is_none(),
            learned: max_depth.is_none(),
            book: max_depth.is_none(),
            exact_races: max_depth.is_none(),
            root_blend: 0,
            soft_replies: 0,
            fence_reluctance: if self.0 == 1 {
                BEGINNER_FENCE_RELUCTANCE
            } else {
                0
            },
        }
    }

    /// The limit to search with when a front end gives `limit` (its clock or
    /// budget): the tighter of that and the level's time cap. The level's
    /// depth cap is applied by the search itself, whatever the limit.
    pub fn limit(self, limit: SearchLimit) -> SearchLimit {
        self.limit_with(self.settings(), limit)
    }

    /// [`Level::limit`] with the time cap of `settings`.
    pub fn limit_with(self, settings: LevelSettings, limit: SearchLimit) -> SearchLimit {
        let Some(max) = settings.max_time else {
            return limit;
        };
        match limit {
            SearchLimit::Infinite => SearchLimit::MoveTime(max),
            // Full strength takes whatever time it is given.
            limit if self == Level::MAX => limit,
            SearchLimit::MoveTime(t) => SearchLimit::MoveTime(t.min(max)),
            SearchLimit::Clock {
                remaining,
                increment,
            } => {
                let share = crate::time::clock_budget(remaining, increment);
                SearchLimit::MoveTime(share.min(max))
            }
            limit => limit,
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        s.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("a level from {} to {}", Level::MIN, Level::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_caps_combine_with_the_given_limit() {
        let ms = |n| Duration::from_millis(n);
        let seven = Level::new(7).unwrap();
        assert_eq!(
            seven.limit(SearchLimit::Infinite),
            SearchLimit::MoveTime(ms(100))
        );
        assert_eq!(
            seven.limit(SearchLimit::MoveTime(ms(40))),
            SearchLimit::MoveTime(ms(40))
        );
        assert_eq!(
            seven.limit(SearchLimit::MoveTime(ms(400))),
            SearchLimit::MoveTime(ms(100))
        );
        assert_eq!(seven.limit(SearchLimit::Depth(3)), SearchLimit::Depth(3));
        let clock = SearchLimit::Clock {
            remaining: Duration::from_secs(60),
            increment: ms(0),
        };
        assert_eq!(seven.limit(clock), SearchLimit::MoveTime(ms(100)));
        assert_eq!(Level::MAX.limit(clock), clock);
        assert_eq!(
            Level::MAX.limit(SearchLimit::Infinite),
            SearchLimit::MoveTime(ms(300))
        );
        // The low levels cap depth in the search, not here.
        assert_eq!(
            Level::MIN.limit(SearchLimit::MoveTime(ms(500))),
            SearchLimit::MoveTime(ms(500))
        );
        assert_eq!(Level::MIN.settings().max_depth, Some(1));
    }
}
