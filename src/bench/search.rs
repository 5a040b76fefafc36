//! Search speed: the engine at full strength on mid-game positions.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use quoridor_engine::{Engine, SearchLimit, Silent};
use quoridor_rules::Position;

use super::progress::Progress;

/// What the search benchmark measured.
#[derive(Clone, Debug, Default)]
pub struct SearchStats {
    pub positions: usize,
    /// Interior nodes searched.
    pub nodes: u64,
    pub seconds: f64,
    /// Sum of the depths completed, for the mean.
    pub depth_sum: u64,
}

impl SearchStats {
    pub fn nodes_per_sec(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }

    pub fn mean_depth(&self) -> f64 {
        self.depth_sum as f64 / self.positions.max(1) as f64
    }
}

/// Searches each position for an equal share of `budget` with a fresh engine.
pub fn run(set: &[Position], budget: Duration, bar: &Progress) -> SearchStats {
    let positions: Vec<&Position> = set.iter().filter(|p| !p.is_over()).take(20).collect();
    let share = budget / positions.len().max(1) as u32;
    let stop = AtomicBool::new(false);
    let mut stats = SearchStats::default();
    let start = Instant::now();
    for pos in positions {
        let mut engine = Engine::new();
        if let Some(r) = engine.search(pos, SearchLimit::MoveTime(share), &stop, &mut Silent) {
            stats.positions += 1;
            stats.nodes += r.nodes;
            stats.depth_sum += r.depth as u64;
        }
        bar.update(start.elapsed());
    }
    stats.seconds = start.elapsed().as_secs_f64();
    stats
}
