//! The depths a player's searches reached, kept whole (a count for each
//! depth) so that the report can give the median as well as the mean: a
//! few moves of a long ending searched to depths in the hundreds pull the
//! mean far from what a typical move reached.

/// Depths above this are counted as this one, so that a program's claim
/// cannot make the table grow without bound.
const DEEPEST: usize = 1024;

/// How many moves were searched to each depth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Depths {
    counts: Vec<u64>,
}

impl Depths {
    /// Counts one move searched to `depth`.
    pub fn add(&mut self, depth: u32) {
        let d = (depth as usize).min(DEEPEST);
        if self.counts.len() <= d {
            self.counts.resize(d + 1, 0);
        }
        self.counts[d] += 1;
    }

    /// Adds every move counted in `other`.
    pub fn merge(&mut self, other: &Depths) {
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
    }

    /// The moves counted.
    pub fn moves(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The mean depth, when any move was counted.
    pub fn mean(&self) -> Option<f64> {
        let n = self.moves();
        let sum: u64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(d, &k)| d as u64 * k)
            .sum();
        (n > 0).then(|| sum as f64 / n as f64)
    }

    /// The median depth (the lower one of an even count), when any move
    /// was counted.
    pub fn median(&self) -> Option<u32> {
        let n = self.moves();
        if n == 0 {
            return None;
        }
        let middle = n.div_ceil(2);
        let mut seen = 0;
        for (d, &k) in self.counts.iter().enumerate() {
            seen += k;
            if seen >= middle {
                return Some(d as u32);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(depths: &[u32]) -> Depths {
        let mut all = Depths::default();
        for &d in depths {
            all.add(d);
        }
        all
    }

    #[test]
    fn nothing_counted_has_no_mean_or_median() {
        let none = Depths::default();
        assert_eq!(none.moves(), 0);
        assert_eq!(none.mean(), None);
        assert_eq!(none.median(), None);
    }

    #[test]
    fn the_median_resists_a_few_very_deep_moves() {
        let depths = of(&[9, 10, 9, 8, 300, 400]);
        assert_eq!(depths.moves(), 6);
        assert_eq!(depths.median(), Some(9));
        let mean = depths.mean().unwrap();
        assert!((mean - 736.0 / 6.0).abs() < 1e-9, "{mean}");
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(of(&[3]).median(), Some(3));
        assert_eq!(of(&[5, 1, 3]).median(), Some(3));
        assert_eq!(of(&[4, 2]).median(), Some(2));
        assert_eq!(of(&[0, 0, 7, 7]).median(), Some(0));
    }

    #[test]
    fn merging_counts_every_move_of_both() {
        let mut a = of(&[1, 2, 2]);
        let b = of(&[2, 30, 30, 30]);
        a.merge(&b);
        assert_eq!(a, of(&[1, 2, 2, 2, 30, 30, 30]));
        assert_eq!(a.median(), Some(2));
        let mut empty = Depths::default();
        empty.merge(&b);
        assert_eq!(empty, b);
    }

    #[test]
    fn absurd_depths_are_counted_at_the_ceiling() {
        let depths = of(&[u32::MAX, 7]);
        assert_eq!(depths.moves(), 2);
        assert_eq!(depths.median(), Some(7));
        assert_eq!(depths.mean(), Some((DEEPEST as f64 + 7.0) / 2.0));
    }
}
