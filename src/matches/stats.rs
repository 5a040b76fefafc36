//! Match statistics: the score fraction with its 95% confidence interval and
//! the Elo difference it implies.
//!
//! - Each game scores 1 (win), ½ (draw) or 0 (loss) for the player. The
//!   score fraction is their mean `s`; its interval is the normal
//!   approximation on those per-game scores (the trinomial variance):
//!   `s ± 1.96·sd/√n` with `sd² = mean((x − s)²)`, clamped to [0, 1].
//! - Elo difference: `−400·log10(1/s − 1)`, applied to `s` and to the ends
//!   of its interval. An end at 0 or 1 gives −∞ or +∞.
//! - When every game was won (or lost) the interval collapses to a point
//!   and the Elo is infinite, so the report gives a bound instead: the Elo
//!   of the exact binomial 95% (two-sided) lower limit of the win rate,
//!   `0.025^(1/n)`, shown `> +X` (or `< −X`).

use std::fmt;

/// The z value of a two-sided 95% interval.
const Z95: f64 = 1.96;

/// Wins, draws and losses of one player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn new(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    /// Counts one game scored 1, ½ or 0.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The tally of the other player.
    pub fn reversed(&self) -> Tally {
        Tally::new(self.losses, self.draws, self.wins)
    }

    /// The score fraction, if any game was played.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }
}

/// `4-1-15` (wins-draws-losses).
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.wins, self.draws, self.losses)
    }
}

/// A score fraction and its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ScoreEstimate {
    pub score: f64,
    pub low: f64,
    pub high: f64,
}

/// The score fraction with its 95% interval, if any game was played.
pub fn score_estimate(tally: Tally) -> Option<ScoreEstimate> {
    let s = tally.score()?;
    let n = tally.games() as f64;
    let variance = (tally.wins as f64 * (1.0 - s).powi(2)
        + tally.draws as f64 * (0.5 - s).powi(2)
        + tally.losses as f64 * s.powi(2))
        / n;
    let half = Z95 * (variance / n).sqrt();
    Some(ScoreEstimate {
        score: s,
        low: (s - half).max(0.0),
        high: (s + half).min(1.0),
    })
}

/// The Elo difference of a score fraction (±∞ at 0 and 1).
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The Elo difference and its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum EloEstimate {
    /// A finite value; the ends may be infinite.
    Interval { elo: f64, low: f64, high: f64 },
    /// Every game won: at least this much.
    AtLeast(f64),
    /// Every game lost: at most this much.
    AtMost(f64),
}

/// The Elo difference, if any game was played.
pub fn elo_estimate(tally: Tally) -> Option<EloEstimate> {
    let n = tally.games();
    let estimate = score_estimate(tally)?;
    let bound = || elo(0.025f64.powf(1.0 / n as f64));
    Some(if tally.wins == n {
        EloEstimate::AtLeast(bound())
    } else if tally.losses == n {
        EloEstimate::AtMost(-bound())
    } else {
        EloEstimate::Interval {
            elo: elo(estimate.score),
            low: elo(estimate.low),
            high: elo(estimate.high),
        }
    })
}

impl EloEstimate {
    /// The value, when finite.
    pub fn value(&self) -> Option<f64> {
        match *self {
            EloEstimate::Interval { elo, .. } => Some(elo + 0.0),
            _ => None,
        }
    }

    /// The interval's ends (`None` for an infinite end).
    pub fn interval(&self) -> (Option<f64>, Option<f64>) {
        let finite = |x: f64| x.is_finite().then_some(x);
        match *self {
            EloEstimate::Interval { low, high, .. } => (finite(low), finite(high)),
            EloEstimate::AtLeast(x) => (Some(x), None),
            EloEstimate::AtMost(x) => (None, Some(x)),
        }
    }
}

/// `+70.4 (95% CI +2.8 .. +143.9)`, `> +277`, `< -277`.
impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EloEstimate::Interval { elo, low, high } => write!(
                f,
                "{} (95% CI {} .. {})",
                elo_text(elo),
                elo_text(low),
                elo_text(high)
            ),
            EloEstimate::AtLeast(x) => write!(f, "> {x:+.0}"),
            EloEstimate::AtMost(x) => write!(f, "< {x:+.0}"),
        }
    }
}

/// `+70.4`, `-12.0`, `+inf`.
pub fn elo_text(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".into()
    } else if x == f64::NEG_INFINITY {
        "-inf".into()
    } else {
        // `+ 0.0` turns −0 into +0.
        format!("{:+.1}", x + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn sixty_wins_forty_losses() {
        let tally = Tally::new(60, 0, 40);
        let s = score_estimate(tally).unwrap();
        assert!(close(s.score, 0.6, 1e-12));
        // sd = √0.24 = 0.4899, half-width 1.96·0.04899 = 0.0960.
        assert!(close(s.low, 0.6 - 0.096_02, 1e-4), "{s:?}");
        assert!(close(s.high, 0.6 + 0.096_02, 1e-4), "{s:?}");
        let e = elo_estimate(tally).unwrap();
        let EloEstimate::Interval { elo, low, high } = e else {
            panic!("{e:?}")
        };
        assert!(close(elo, 70.4, 0.05), "{elo}");
        assert!(close(low, 2.77, 0.05), "{low}");
        assert!(close(high, 143.9, 0.05), "{high}");
        assert_eq!(e.to_string(), "+70.4 (95% CI +2.8 .. +143.9)");
    }

    #[test]
    fn draws_count_half() {
        let tally = Tally::new(2, 6, 2);
        let s = score_estimate(tally).unwrap();
        assert!(close(s.score, 0.5, 1e-12));
        // Scores 1,1,½×6,0,0: variance (2·¼ + 2·¼)/10 = 0.1.
        assert!(close(s.high - 0.5, 1.96 * (0.1f64 / 10.0).sqrt(), 1e-12));
        assert_eq!(elo_estimate(tally).unwrap().value(), Some(0.0));
        assert_eq!(tally.reversed(), tally);
        let mut t = Tally::default();
        for x in [1.0, 0.5, 0.0, 1.0] {
            t.add(x);
        }
        assert_eq!(t, Tally::new(2, 1, 1));
        assert_eq!(t.to_string(), "2-1-1");
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo(0.5), 0.0, 1e-12));
        assert_eq!(elo_text(-0.0), "+0.0");
        assert!(close(elo(0.75), 190.85, 0.01));
        assert!(close(elo(0.25), -190.85, 0.01));
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn clean_sweeps_give_bounds() {
        let e = elo_estimate(Tally::new(20, 0, 0)).unwrap();
        // 0.025^(1/20) = 0.8316: Elo 277.
        assert!(
            matches!(e, EloEstimate::AtLeast(x) if close(x, 277.4, 0.2)),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "> +277");
        assert_eq!(e.value(), None);
        let e = elo_estimate(Tally::new(0, 0, 20)).unwrap();
        assert_eq!(e.to_string(), "< -277");
        assert_eq!(e.interval().0, None);
        // One draw among wins: finite value, infinite upper end.
        let e = elo_estimate(Tally::new(9, 1, 0)).unwrap();
        assert!(e.value().unwrap() > 400.0);
        assert_eq!(e.interval().1, None);
        assert!(e.to_string().ends_with("+inf)"), "{e}");
        assert_eq!(elo_estimate(Tally::default()), None);
    }
}
