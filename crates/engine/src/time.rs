//! The time manager: turns a [`SearchLimit`] into a deadline the search
//! respects, and decides whether another iteration is worth starting.

use std::time::Duration;

use crate::clock::Instant;
use crate::limit::SearchLimit;

/// Time kept in reserve: answering takes time too (process pipes, the
/// protocol), so the search stops this much before the budget runs out.
const SAFETY: Duration = Duration::from_millis(5);

/// The share of a clock for one move: a fortieth of what is left plus most
/// of the increment, never more than a fifth of the time left.
pub fn clock_budget(remaining: Duration, increment: Duration) -> Duration {
    let share = remaining / 40 + increment * 4 / 5;
    share.min(remaining / 5)
}

/// Deadlines of one search.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// Stop searching at once past this instant.
    hard: Option<Instant>,
    /// Do not start a new iteration past this instant...
    soft: Option<Instant>,
    /// ...or past this one while the best move changed at the last
    /// iteration ([`TimeManager::set_unstable`]).
    soft_unstable: Option<Instant>,
    unstable: bool,
    max_nodes: Option<u64>,
    max_depth: u32,
}

impl TimeManager {
    pub fn new(limit: SearchLimit, start: Instant) -> TimeManager {
        let mut tm = TimeManager {
            start,
            hard: None,
            soft: None,
            soft_unstable: None,
            unstable: false,
            max_nodes: None,
            max_depth: u32::MAX,
        };
        let budget = match limit {
            SearchLimit::Depth(d) => {
                tm.max_depth = d.max(1);
                None
            }
            SearchLimit::Nodes(n) => {
                tm.max_nodes = Some(n.max(1));
                None
            }
            SearchLimit::MoveTime(t) => Some(t),
            SearchLimit::Clock {
                remaining,
                increment,
            } => Some(clock_budget(remaining, increment)),
            SearchLimit::Infinite => None,
        };
        if let Some(budget) = budget {
            let usable = budget.saturating_sub(SAFETY.min(budget / 2));
            tm.hard = Some(start + usable);
            // An iteration takes several times longer than the one before:
            // past half the budget, the next one would rarely finish (an
            // iteration cut short still gives the moves it proved better).
            tm.soft = Some(start + usable / 2);
            tm.soft_unstable = Some(start + usable * 3 / 4);
        }
        tm
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Whether the search must stop now.
    pub fn out_of_time(&self, nodes: u64) -> bool {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return true;
        }
        self.hard.is_some_and(|hard| Instant::now() >= hard)
    }

    /// Whether the best move changed at the last iteration: then another
    /// iteration may start later.
    pub fn set_unstable(&mut self, unstable: bool) {
        self.unstable = unstable;
    }

    /// Whether to start another iteration.
    pub fn may_deepen(&self, depth: u32, nodes: u64) -> bool {
        let soft = match self.unstable {
            true => self.soft_unstable,
            false => self.soft,
        };
        depth <= self.max_depth
            && self.max_nodes.is_none_or(|max| nodes < max)
            && soft.is_none_or(|soft| Instant::now() < soft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsure_search_may_start_an_iteration_later() {
        let start = Instant::now();
        let mut tm = TimeManager::new(SearchLimit::MoveTime(Duration::from_secs(100)), start);
        assert!(tm.soft_unstable > tm.soft);
        assert_eq!(
            tm.may_deepen(3, 0),
            tm.soft.is_some_and(|s| Instant::now() < s)
        );
        tm.set_unstable(true);
        assert!(tm.may_deepen(3, 0));
        let mut spent = TimeManager::new(SearchLimit::MoveTime(Duration::ZERO), start);
        spent.set_unstable(true);
        assert!(
            !spent.may_deepen(2, 0),
            "no time: no iteration, unsure or not"
        );
    }

    #[test]
    fn clock_budget_never_spends_more_than_a_fifth() {
        let b = clock_budget(Duration::from_millis(100), Duration::from_secs(10));
        assert!(b <= Duration::from_millis(20));
        let b = clock_budget(Duration::from_secs(60), Duration::ZERO);
        assert_eq!(b, Duration::from_millis(1500));
    }
}
