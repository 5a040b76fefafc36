//! Uniformly random games: at every ply the full legal list, one move drawn
//! uniformly with a seeded generator, played with `play_unchecked`.

use std::time::{Duration, Instant};

use quoridor_rules::{Outcome, Position, Ruleset};

use super::progress::Progress;
use quoridor_rules::rng::SplitMix64;

/// OpenSpiel's `max_game_length()` on 9×9 (4·N²): it declares a draw there.
pub const OPENSPIEL_MAX_PLIES: u32 = 324;

/// Figures of a run of random games.
#[derive(Clone, Debug, Default)]
pub struct GameStats {
    pub seconds: f64,
    pub games: u64,
    pub plies: u64,
    /// Games that ended in a draw (only with a ply limit).
    pub draws: u64,
    /// Games longer than [`OPENSPIEL_MAX_PLIES`] plies.
    pub longer_than_openspiel_cap: u64,
    pub longest: u32,
    /// Sum of squared game lengths, for the standard deviation.
    lengths_squared: f64,
}

impl GameStats {
    pub fn plies_per_sec(&self) -> f64 {
        self.plies as f64 / self.seconds
    }

    pub fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.seconds
    }

    pub fn mean_plies(&self) -> f64 {
        self.plies as f64 / self.games as f64
    }

    pub fn stdev_plies(&self) -> f64 {
        let mean = self.mean_plies();
        (self.lengths_squared / self.games as f64 - mean * mean)
            .max(0.0)
            .sqrt()
    }

    pub fn fraction_longer_than_cap(&self) -> f64 {
        self.longer_than_openspiel_cap as f64 / self.games as f64
    }

    pub fn draw_fraction(&self) -> f64 {
        self.draws as f64 / self.games as f64
    }
}

/// Plays one random game to its end; returns the final position.
#[inline]
pub fn random_game(rules: Ruleset, rng: &mut SplitMix64) -> Position {
    let mut pos = Position::new(rules);
    loop {
        // `legal()` is empty once the game is over (it checks `is_over()`).
        let legal = pos.legal();
        let n = legal.len();
        if n == 0 {
            return pos;
        }
        let mv = legal
            .nth(rng.below(n as u64) as usize)
            .expect("index below len");
        pos.play_unchecked(mv);
    }
}

/// Plays random games until `duration` has passed (checked between games, so
/// the run always covers whole games).
pub fn run(rules: Ruleset, seed: u64, duration: Duration, progress: &Progress) -> GameStats {
    let mut rng = SplitMix64::new(seed);
    let mut stats = GameStats::default();
    let start = Instant::now();
    loop {
        let end = random_game(rules, &mut rng);
        let plies = end.ply();
        stats.games += 1;
        stats.plies += plies as u64;
        stats.lengths_squared += (plies as f64) * (plies as f64);
        stats.longest = stats.longest.max(plies);
        stats.longer_than_openspiel_cap += (plies > OPENSPIEL_MAX_PLIES) as u64;
        stats.draws += (end.outcome() == Some(Outcome::Draw)) as u64;
        let elapsed = start.elapsed();
        progress.update(elapsed);
        if elapsed >= duration {
            stats.seconds = elapsed.as_secs_f64();
            return stats;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_end_and_are_reproducible() {
        let a = random_game(Ruleset::STANDARD, &mut SplitMix64::new(3));
        let b = random_game(Ruleset::STANDARD, &mut SplitMix64::new(3));
        assert!(a.is_over());
        assert_eq!(a, b);
    }

    #[test]
    fn the_ply_limit_caps_games_with_a_draw() {
        let rules = Ruleset::STANDARD
            .with_ply_limit(Some(OPENSPIEL_MAX_PLIES))
            .unwrap();
        let mut rng = SplitMix64::new(1);
        let mut draws = 0;
        for _ in 0..200 {
            let end = random_game(rules, &mut rng);
            assert!(end.ply() <= OPENSPIEL_MAX_PLIES);
            if end.outcome() == Some(Outcome::Draw) {
                assert_eq!(end.ply(), OPENSPIEL_MAX_PLIES);
                draws += 1;
            }
        }
        assert!(draws > 0);
    }

    #[test]
    fn four_player_games_end() {
        let rules = Ruleset::new(9, 4).unwrap();
        let mut rng = SplitMix64::new(5);
        for _ in 0..20 {
            assert!(random_game(rules, &mut rng).is_over());
        }
    }
}
