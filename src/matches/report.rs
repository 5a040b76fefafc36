//! The match report: totals over the games, as text or JSON.

use std::fmt::Write as _;
use std::time::Duration;

use quoridor_rules::{Ruleset, Seat};
use serde_json::{json, Value};

use super::depths::Depths;
use super::runner::{Config, GameResult};
use super::stats::{elo_estimate, score_estimate, Tally};

/// `1 win`, `3 losses`.
fn plural(n: u32, word: &str) -> String {
    match (n, word) {
        (1, _) => format!("1 {word}"),
        (_, "loss") => format!("{n} losses"),
        _ => format!("{n} {word}s"),
    }
}

/// The totals of a match so far.
pub struct Summary {
    pub configs: Vec<Config>,
    pub rules: Ruleset,
    pub openings: String,
    pub seed: u64,
    pub concurrency: usize,
    /// Results for configuration 0.
    pub tally: Tally,
    /// Results for configuration 0 by the seats it held (`south`, `north`).
    pub by_colour: Vec<(String, Tally)>,
    pub plies: u64,
    pub moves: [u64; 2],
    pub think: [Duration; 2],
    /// The depths each configuration's searches reached.
    pub depth: [Depths; 2],
    /// Fences placed, and pawn moves away from the goal, by each
    /// configuration (how a level plays, not only how well).
    pub fences: [u64; 2],
    pub away: [u64; 2],
    /// Losses on time, illegal moves (or malformed replies), crashes.
    pub faults: [[u32; 3]; 2],
    pub resignations: [u32; 2],
    /// How the games ended (`goal`, `ply limit`, …), in order of first sight.
    pub terminations: Vec<(String, u32)>,
    pub elapsed: Duration,
}

impl Summary {
    pub fn new(
        configs: Vec<Config>,
        rules: Ruleset,
        openings: String,
        seed: u64,
        concurrency: usize,
    ) -> Summary {
        Summary {
            configs,
            rules,
            openings,
            seed,
            concurrency,
            tally: Tally::default(),
            by_colour: Vec::new(),
            plies: 0,
            moves: [0; 2],
            think: [Duration::ZERO; 2],
            depth: Default::default(),
            fences: [0; 2],
            away: [0; 2],
            faults: [[0; 3]; 2],
            resignations: [0; 2],
            terminations: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }

    pub fn add(&mut self, result: &GameResult) {
        self.tally.add(result.score);
        let seats = Seat::in_play(self.rules.players());
        let label = seats
            .iter()
            .zip(&result.seat_configs)
            .filter(|(_, &c)| c == 0)
            .map(|(seat, _)| seat.name())
            .collect::<Vec<_>>()
            .join("+");
        match self.by_colour.iter_mut().find(|(l, _)| *l == label) {
            Some((_, tally)) => tally.add(result.score),
            None => {
                let mut tally = Tally::default();
                tally.add(result.score);
                self.by_colour.push((label, tally));
            }
        }
        self.plies += result.plies as u64;
        for c in 0..2 {
            self.moves[c] += result.moves[c] as u64;
            self.think[c] += result.think[c];
            self.depth[c].merge(&result.depth[c]);
            self.fences[c] += u64::from(result.fences[c]);
            self.away[c] += u64::from(result.away[c]);
        }
        if let Some(forfeit) = &result.forfeit {
            let c = forfeit.config;
            match forfeit.error.kind() {
                "time" => self.faults[c][0] += 1,
                "illegal" => self.faults[c][1] += 1,
                "crash" => self.faults[c][2] += 1,
                _ => self.resignations[c] += 1,
            }
        }
        let ending = result
            .termination
            .map_or_else(|| "stopped".to_string(), |t| t.name().to_string());
        match self.terminations.iter_mut().find(|(t, _)| *t == ending) {
            Some((_, n)) => *n += 1,
            None => self.terminations.push((ending, 1)),
        }
    }

    pub fn games(&self) -> u32 {
        self.tally.games()
    }

    /// Results of configuration `c`.
    fn tally_of(&self, c: usize) -> Tally {
        if c == 0 {
            self.tally
        } else {
            self.tally.reversed()
        }
    }

    /// Average plies per game.
    fn average_plies(&self) -> f64 {
        self.plies as f64 / self.games().max(1) as f64
    }

    /// Average time per move of configuration `c`, in milliseconds.
    fn average_move_ms(&self, c: usize) -> Option<f64> {
        (self.moves[c] > 0).then(|| self.think[c].as_secs_f64() * 1000.0 / self.moves[c] as f64)
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let names: Vec<&str> = self.configs.iter().map(|c| c.name.as_str()).collect();
        let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        let _ = writeln!(
            out,
            "Match: {} vs {}, {} games of `{}`, openings {}, seed {}, {} at once",
            names[0],
            names[1],
            self.games(),
            self.rules,
            self.openings,
            self.seed,
            self.concurrency
        );
        for config in &self.configs {
            let _ = writeln!(
                out,
                "  {:<width$}  {}   (time control: {})",
                config.name,
                config.spec.text,
                config.spec.time_control_text(&self.rules)
            );
        }
        let _ = writeln!(out);
        let t = self.tally;
        let _ = writeln!(
            out,
            "Results for {}: {}, {}, {} (W-D-L {t})",
            names[0],
            plural(t.wins, "win"),
            plural(t.draws, "draw"),
            plural(t.losses, "loss")
        );
        for (label, tally) in &self.by_colour {
            let games = plural(tally.games(), "game");
            let _ = writeln!(out, "  as {label}: {tally} in {games}");
        }
        match score_estimate(t) {
            Some(s) => {
                let _ = writeln!(
                    out,
                    "Score:          {:.3} (95% CI {:.3} .. {:.3})",
                    s.score, s.low, s.high
                );
            }
            None => {
                let _ = writeln!(out, "Score:          no games");
            }
        }
        if let Some(elo) = elo_estimate(t) {
            let _ = writeln!(out, "Elo difference: {elo}");
        }
        let _ = writeln!(out, "Plies per game: {:.1}", self.average_plies());
        let endings: Vec<String> = self
            .terminations
            .iter()
            .map(|(t, n)| format!("{t} {n}"))
            .collect();
        let _ = writeln!(out, "Endings:        {}", endings.join(", "));
        let _ = writeln!(out, "Time per move:");
        for (c, name) in names.iter().enumerate() {
            let time = self
                .average_move_ms(c)
                .map_or_else(|| "-".to_string(), |ms| format!("{ms:.2} ms"));
            let depths = &self.depth[c];
            let depth = match (depths.mean(), depths.median()) {
                (Some(mean), Some(median)) => {
                    format!(", average depth {mean:.1} (median {median})")
                }
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  {name:<width$}  {time} over {} moves{depth}",
                self.moves[c]
            );
        }
        let _ = writeln!(
            out,
            "Per game, fences placed / pawn moves away from the goal:"
        );
        let games = f64::from(self.games().max(1));
        for (c, name) in names.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {name:<width$}  {:.2} / {:.2}",
                self.fences[c] as f64 / games,
                self.away[c] as f64 / games
            );
        }
        let _ = writeln!(
            out,
            "Losses on time / illegal moves / crashes (resignations):"
        );
        for (c, name) in names.iter().enumerate() {
            let [time, illegal, crash] = self.faults[c];
            let _ = writeln!(
                out,
                "  {name:<width$}  {time} / {illegal} / {crash} ({})",
                self.resignations[c]
            );
        }
        let _ = writeln!(out, "Elapsed:        {:.1} s", self.elapsed.as_secs_f64());
        out
    }

    /// The report as JSON.
    pub fn json(&self) -> Value {
        let players: Vec<Value> = self
            .configs
            .iter()
            .enumerate()
            .map(|(c, config)| {
                let t = self.tally_of(c);
                let [time, illegal, crash] = self.faults[c];
                json!({
                    "name": config.name,
                    "spec": config.spec.text,
                    "time_control": config.spec.time_control_text(&self.rules),
                    "wins": t.wins,
                    "draws": t.draws,
                    "losses": t.losses,
                    "score": t.score(),
                    "moves": self.moves[c],
                    "average_move_ms": self.average_move_ms(c),
                    "average_depth": self.depth[c].mean(),
                    "median_depth": self.depth[c].median(),
                    "fences_per_game": self.fences[c] as f64 / f64::from(self.games().max(1)),
                    "away_per_game": self.away[c] as f64 / f64::from(self.games().max(1)),
                    "losses_on_time": time,
                    "illegal_moves": illegal,
                    "crashes": crash,
                    "resignations": self.resignations[c],
                })
            })
            .collect();
        let by_colour: Vec<Value> = self
            .by_colour
            .iter()
            .map(|(label, t)| {
                json!({
                    "seats": label,
                    "games": t.games(),
                    "wins": t.wins,
                    "draws": t.draws,
                    "losses": t.losses,
                })
            })
            .collect();
        let score = score_estimate(self.tally);
        let elo = elo_estimate(self.tally);
        let terminations: serde_json::Map<String, Value> = self
            .terminations
            .iter()
            .map(|(t, n)| (t.clone(), json!(n)))
            .collect();
        json!({
            "games": self.games(),
            "rules": self.rules.to_string(),
            "openings": self.openings,
            "seed": self.seed,
            "concurrency": self.concurrency,
            "players": players,
            "wins": self.tally.wins,
            "draws": self.tally.draws,
            "losses": self.tally.losses,
            "by_colour": by_colour,
            "score": score.map(|s| s.score),
            "score_ci": score.map(|s| [s.low, s.high]),
            "elo": elo.and_then(|e| e.value()),
            "elo_ci": elo.map(|e| {
                let (low, high) = e.interval();
                [low, high]
            }),
            "elo_text": elo.map(|e| e.to_string()),
            "average_plies": self.average_plies(),
            "terminations": terminations,
            "elapsed_seconds": self.elapsed.as_secs_f64(),
        })
    }
}
