//! Search values, in hundredths of a step, from one side's point of view.

use std::fmt;

/// A search value. Ordinary values are in hundredths of a step of the race
/// to the goal; values near [`Score::WIN`] are forced wins, counted in plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// A won game at the root (a win in `n` plies is `WIN - n`).
    pub const WIN: Score = Score(30_000);
    /// Anything at least this large is a forced win.
    pub const WIN_BOUND: Score = Score(29_000);
    /// Larger than every value.
    pub const INFINITY: Score = Score(32_000);
    pub const DRAW: Score = Score(0);

    /// A win `ply` plies from the root.
    pub const fn win_in(ply: u32) -> Score {
        Score(Score::WIN.0 - ply as i32)
    }

    /// A loss `ply` plies from the root.
    pub const fn loss_in(ply: u32) -> Score {
        Score(-Score::WIN.0 + ply as i32)
    }

    pub fn is_win(self) -> bool {
        self >= Score::WIN_BOUND
    }

    pub fn is_loss(self) -> bool {
        self <= -Score::WIN_BOUND
    }

    /// Plies to the forced end, if the value is a forced win or loss.
    pub fn plies_to_end(self) -> Option<u32> {
        if self.is_win() || self.is_loss() {
            Some((Score::WIN.0 - self.0.abs()) as u32)
        } else {
            None
        }
    }

    /// The expected outcome for the side it belongs to, from 0 (loss) to 1
    /// (win): a logistic curve where one step of advantage is worth about
    /// 15 percentage points near equality.
    pub fn expected_outcome(self) -> f64 {
        if self.is_win() {
            return 1.0;
        }
        if self.is_loss() {
            return 0.0;
        }
        1.0 / (1.0 + (-(self.0 as f64) / 160.0).exp())
    }
}

impl std::ops::Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// `+1.50` (steps ahead), `win in 5`, `loss in 4`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(n) if self.is_win() => write!(f, "win in {n}"),
            Some(n) => write!(f, "loss in {n}"),
            None => write!(f, "{:+.2}", self.0 as f64 / 100.0),
        }
    }
}
