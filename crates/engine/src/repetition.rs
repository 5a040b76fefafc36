//! The positions of the game that a search could bring back: those since
//! the last fence (fences are never taken back, so no earlier position can
//! come again), for the searches to see a repetition coming.

use quoridor_rules::Position;

/// The most positions of the game a search compares with (the nodes that
/// look at them look at them all): a real game's walk between two fences
/// is far shorter.
const MAX_RECENT: usize = 400;

/// The game's positions since the last fence, oldest first.
#[derive(Clone, Debug, Default)]
pub(crate) struct Recent(Vec<Position>);

impl Recent {
    /// From the positions of the game so far, oldest first (the position
    /// searched last or not): those since the last fence, at most
    /// [`MAX_RECENT`] of them.
    pub(crate) fn of(earlier: &[Position]) -> Recent {
        let fences = earlier.last().map(Position::fence_count);
        let first = earlier
            .iter()
            .rposition(|p| Some(p.fence_count()) != fences)
            .map_or(0, |i| i + 1)
            .max(earlier.len().saturating_sub(MAX_RECENT));
        Recent(earlier[first..].to_vec())
    }

    /// Whether `pos` is one of them, for the repetition rule.
    pub(crate) fn contains(&self, pos: &Position) -> bool {
        self.0.iter().any(|p| p.repeats(pos))
    }

    #[cfg(test)]
    pub(crate) fn positions(&self) -> &[Position] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Ruleset;

    #[test]
    fn only_the_positions_since_the_last_fence_are_kept() {
        let start = Position::new(Ruleset::new(9, 2).unwrap());
        let mut stepped = start;
        stepped.play("e2".parse().unwrap()).unwrap();
        let mut fenced = stepped;
        fenced.play("a3h".parse().unwrap()).unwrap();
        let recent = Recent::of(&[start, stepped, fenced]);
        assert_eq!(recent.positions(), [fenced]);
        assert!(!recent.contains(&stepped));
        let recent = Recent::of(&[start, stepped]);
        assert!(recent.contains(&start) && recent.contains(&stepped));
        assert!(Recent::of(&[]).positions().is_empty());
        let long = vec![start; MAX_RECENT + 10];
        assert_eq!(Recent::of(&long).positions().len(), MAX_RECENT);
    }
}
