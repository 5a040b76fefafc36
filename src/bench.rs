//! `quoridor bench`: random games, perft and mid-game move generation, each
//! timed on one thread, with an optional comparison against OpenSpiel run in
//! the same invocation. The web server's load benchmarks (`bench server`,
//! `bench class`) are fleets of bots for us, in the lab's binary
//! (`quoridor-lab`).

mod games;
mod movegen;
mod openspiel;
mod progress;
mod search;

use std::time::{Duration, Instant};

use quoridor_rules::{perft, Position, Ruleset};
use serde_json::{json, Value};

use self::games::{GameStats, OPENSPIEL_MAX_PLIES};
use self::movegen::{Form, MovegenStats};
use self::openspiel::Figures;
use self::progress::Progress;
use self::search::SearchStats;
use crate::perft::si;

/// `writeln!` into a `String`, which cannot fail.
macro_rules! w {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        writeln!($out, $($arg)*).expect("writing to a String")
    }};
}

/// The reference figure for OpenSpiel (plies/s, random games driven
/// from Python), and the target: ten times it.
pub const OPENSPIEL_REFERENCE_PLIES_PER_SEC: f64 = 667_000.0;
pub const TARGET_PLIES_PER_SEC: f64 = 10.0 * OPENSPIEL_REFERENCE_PLIES_PER_SEC;
/// Target for perft(4) from the 9×9 start, in seconds.
pub const TARGET_PERFT4_SECONDS: f64 = 1.0;

/// Known perft counts from the 9×9 two-player start, depth 0 to 4.
const PERFT_9X9: [u64; 5] = [1, 131, 16_677, 2_062_264, 247_569_030];

const DEFAULT_SECONDS: f64 = 5.0;
const QUICK_SECONDS: f64 = 0.2;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Seconds for each timed benchmark [default: 5, or 0.2 with --quick].
    #[arg(long)]
    pub seconds: Option<f64>,
    /// Also run scripts/openspiel_bench.py (OpenSpiel 2.0.2) afterwards and
    /// print our figures as ratios of its figures.
    #[arg(long)]
    pub openspiel: bool,
    /// Print one JSON object with every figure instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Short versions of every benchmark (perft to depth 3, a smaller
    /// position set) that finish in a few seconds.
    #[arg(long)]
    pub quick: bool,
    /// Seed of the random games and of the position set.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Everything one run measured.
struct Report {
    seconds: f64,
    quick: bool,
    seed: u64,
    uncapped: GameStats,
    capped: GameStats,
    four_players: GameStats,
    /// (depth, leaves, seconds).
    perft: Vec<(u32, u64, f64)>,
    set_size: usize,
    mean_fences: f64,
    mean_moves: f64,
    compact: MovegenStats,
    list: MovegenStats,
    search: SearchStats,
    openspiel: Option<Result<Value, String>>,
    /// The system load averages before and after our benchmarks (Linux).
    load_before: Option<String>,
    load_after: Option<String>,
}

/// The 1, 5 and 15-minute load averages, from `/proc/loadavg`.
pub fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let fields: Vec<&str> = text.split_whitespace().take(3).collect();
    (fields.len() == 3).then(|| fields.join(" "))
}

pub fn run(args: &BenchArgs) -> crate::CliResult {
    let seconds = args.seconds.unwrap_or(if args.quick {
        QUICK_SECONDS
    } else {
        DEFAULT_SECONDS
    });
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(format!("--seconds must be a positive number (got {seconds})").into());
    }
    let budget = Duration::from_secs_f64(seconds);
    let load_before = load_average();
    let standard = Ruleset::STANDARD;
    let capped = standard.with_ply_limit(Some(OPENSPIEL_MAX_PLIES))?;
    let four = Ruleset::new(9, 4)?;

    let uncapped = timed_games("random games 9x9 2p, no cap", standard, args.seed, budget);
    let capped = timed_games(
        "random games 9x9 2p, 324-ply cap",
        capped,
        args.seed,
        budget,
    );
    let four_players = timed_games("random games 9x9 4p, no cap", four, args.seed, budget);

    let depths: &[u32] = if args.quick { &[2, 3] } else { &[3, 4] };
    let mut perft_rows = Vec::new();
    for &depth in depths {
        let bar = Progress::spinner(&format!("perft({depth}) 9x9 2p"));
        let pos = Position::new(standard);
        let start = Instant::now();
        let leaves = perft(&pos, depth);
        let secs = start.elapsed().as_secs_f64();
        bar.finish(format!("{leaves} in {secs:.3} s"));
        perft_rows.push((depth, leaves, secs));
    }

    let set_size = if args.quick { 100 } else { 1000 };
    let bar = Progress::spinner("building mid-game positions");
    let set = movegen::positions(set_size, args.seed);
    let (mean_fences, mean_moves) = movegen::describe(&set);
    if !movegen::forms_agree(&set) {
        return Err("legal() and legal_moves() disagree on the mid-game set".into());
    }
    bar.finish(format!(
        "{set_size} positions, {mean_fences:.1} fences, {mean_moves:.1} moves"
    ));
    let compact = timed_movegen("movegen mid-game legal()", &set, Form::Compact, budget);
    let list = timed_movegen("movegen mid-game legal_moves()", &set, Form::List, budget);
    let bar = Progress::timed("search (full strength) mid-game", budget);
    let search = search::run(&set, budget, &bar);
    bar.finish(format!("{} nodes/s", si(search.nodes_per_sec())));

    let load_after = load_average();
    let openspiel = args.openspiel.then(|| {
        let bar = Progress::spinner("OpenSpiel (scripts/openspiel_bench.py)");
        let result = openspiel::run(seconds, 3);
        bar.finish(match &result {
            Ok(_) => "done".to_string(),
            Err(err) => format!("skipped: {err}"),
        });
        result
    });

    let report = Report {
        seconds,
        quick: args.quick,
        seed: args.seed,
        uncapped,
        capped,
        four_players,
        perft: perft_rows,
        set_size,
        mean_fences,
        mean_moves,
        compact,
        list,
        search,
        openspiel,
        load_before,
        load_after,
    };
    if args.json {
        let json = serde_json::to_string_pretty(&report.to_json())?;
        crate::output::print(&format!("{json}\n"))?;
    } else {
        crate::output::print(&report.render())?;
    }
    let wrong: Vec<String> = report
        .perft
        .iter()
        .filter(|&&(d, n, _)| PERFT_9X9[d as usize] != n)
        .map(|&(d, n, _)| format!("perft({d}) = {n}, expected {}", PERFT_9X9[d as usize]))
        .collect();
    if !wrong.is_empty() {
        return Err(wrong.join("; ").into());
    }
    Ok(())
}

fn timed_games(label: &str, rules: Ruleset, seed: u64, budget: Duration) -> GameStats {
    let bar = Progress::timed(label, budget);
    let stats = games::run(rules, seed, budget, &bar);
    bar.finish(format!("{} plies/s", si(stats.plies_per_sec())));
    stats
}

fn timed_movegen(label: &str, set: &[Position], form: Form, budget: Duration) -> MovegenStats {
    let bar = Progress::timed(label, budget);
    let stats = movegen::run(set, form, budget, &bar);
    bar.finish(format!("{} positions/s", si(stats.positions_per_sec())));
    stats
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|g| std::str::from_utf8(g).expect("ASCII digits"))
        .collect();
    groups.join(",")
}

fn games_json(s: &GameStats) -> Value {
    json!({
        "seconds": s.seconds,
        "games": s.games,
        "plies": s.plies,
        "plies_per_sec": s.plies_per_sec(),
        "games_per_sec": s.games_per_sec(),
        "mean_plies_per_game": s.mean_plies(),
        "stdev_plies_per_game": s.stdev_plies(),
        "longest_game": s.longest,
        "games_longer_than_324": s.longer_than_openspiel_cap,
        "fraction_longer_than_324": s.fraction_longer_than_cap(),
        "draws": s.draws,
        "draw_fraction": s.draw_fraction(),
    })
}

fn movegen_json(s: &MovegenStats) -> Value {
    json!({
        "seconds": s.seconds,
        "positions": s.positions,
        "moves": s.moves,
        "positions_per_sec": s.positions_per_sec(),
        "moves_per_sec": s.moves_per_sec(),
        "ns_per_position": s.nanos_per_position(),
    })
}

/// Our figure over OpenSpiel's: how many times faster we are.
struct Ratio {
    key: &'static str,
    label: &'static str,
    ours: f64,
    theirs: f64,
    /// Ratio of times (theirs / ours) rather than of rates (ours / theirs).
    times: bool,
    estimated: bool,
}

impl Ratio {
    fn value(&self) -> f64 {
        if self.times {
            self.theirs / self.ours
        } else {
            self.ours / self.theirs
        }
    }
}

impl Report {
    fn perft_seconds(&self, depth: u32) -> Option<f64> {
        self.perft.iter().find(|p| p.0 == depth).map(|p| p.2)
    }

    fn openspiel_figures(&self) -> Option<Figures> {
        match &self.openspiel {
            Some(Ok(json)) => Figures::read(json),
            _ => None,
        }
    }

    fn ratios(&self, os: &Figures) -> Vec<Ratio> {
        let mut r = vec![
            Ratio {
                key: "capped_plies_per_sec_vs_python",
                label: "plies/s, 324-ply cap, vs OpenSpiel Python loop",
                ours: self.capped.plies_per_sec(),
                theirs: os.python_plies_per_sec,
                times: false,
                estimated: false,
            },
            Ratio {
                key: "capped_games_per_sec_vs_python",
                label: "games/s, 324-ply cap, vs OpenSpiel Python loop",
                ours: self.capped.games_per_sec(),
                theirs: os.python_games_per_sec,
                times: false,
                estimated: false,
            },
        ];
        if let (Some(plies), Some(games)) = (os.cpp_plies_per_sec, os.cpp_games_per_sec) {
            r.push(Ratio {
                key: "capped_plies_per_sec_vs_cpp",
                label: "plies/s, 324-ply cap, vs OpenSpiel C++ (est. plies)",
                ours: self.capped.plies_per_sec(),
                theirs: plies,
                times: false,
                estimated: true,
            });
            r.push(Ratio {
                key: "capped_games_per_sec_vs_cpp",
                label: "games/s, 324-ply cap, vs OpenSpiel C++",
                ours: self.capped.games_per_sec(),
                theirs: games,
                times: false,
                estimated: false,
            });
        }
        r.push(Ratio {
            key: "uncapped_plies_per_sec_vs_python",
            label: "plies/s, ours uncapped, vs OpenSpiel Python loop",
            ours: self.uncapped.plies_per_sec(),
            theirs: os.python_plies_per_sec,
            times: false,
            estimated: false,
        });
        if let (Some(ours), Some(theirs)) = (self.perft_seconds(3), os.perft_seconds(3)) {
            r.push(Ratio {
                key: "perft3_speedup",
                label: "perft(3) time, OpenSpiel / ours",
                ours,
                theirs,
                times: true,
                estimated: false,
            });
        }
        if let (Some(ours), Some(theirs)) =
            (self.perft_seconds(4), os.extrapolated_perft_seconds(3))
        {
            r.push(Ratio {
                key: "perft4_speedup_vs_extrapolated",
                label: "perft(4) time, OpenSpiel (extrapolated) / ours",
                ours,
                theirs,
                times: true,
                estimated: true,
            });
        }
        r
    }

    /// (description, met, detail) of each target.
    fn targets(&self) -> Vec<(String, bool, String)> {
        let mut t = Vec::new();
        for (name, stats) in [("324-ply cap", &self.capped), ("no cap", &self.uncapped)] {
            let rate = stats.plies_per_sec();
            t.push((
                format!("random games ({name}) >= 6.67 M plies/s (10x 667,000)"),
                rate >= TARGET_PLIES_PER_SEC,
                format!(
                    "{} plies/s = {:.2}x the target, {:.1}x 667,000",
                    si(rate),
                    rate / TARGET_PLIES_PER_SEC,
                    rate / OPENSPIEL_REFERENCE_PLIES_PER_SEC
                ),
            ));
        }
        if let Some(secs) = self.perft_seconds(4) {
            t.push((
                "perft(4) < 1 s".to_string(),
                secs < TARGET_PERFT4_SECONDS,
                format!("{secs:.3} s"),
            ));
        }
        t
    }

    fn to_json(&self) -> Value {
        let perft: Vec<Value> = self
            .perft
            .iter()
            .map(|&(depth, leaves, seconds)| {
                let expected = PERFT_9X9[depth as usize];
                json!({
                    "depth": depth,
                    "leaves": leaves,
                    "seconds": seconds,
                    "leaves_per_sec": leaves as f64 / seconds,
                    "expected": expected,
                    "ok": leaves == expected,
                })
            })
            .collect();
        let mut out = json!({
            "engine": "quoridor",
            "version": env!("CARGO_PKG_VERSION"),
            "threads": 1,
            "cpus": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            "seconds_per_benchmark": self.seconds,
            "quick": self.quick,
            "seed": self.seed,
            "load_average_before": self.load_before,
            "load_average_after": self.load_after,
            "random_games_9x9_2p": games_json(&self.uncapped),
            "random_games_9x9_2p_cap324": games_json(&self.capped),
            "random_games_9x9_4p": games_json(&self.four_players),
            "perft_9x9_2p": perft,
            "movegen_midgame": {
                "positions_in_set": self.set_size,
                "fences_on_board": [movegen::FENCES.0, movegen::FENCES.1],
                "min_fences_each": movegen::FENCES_EACH,
                "mean_fences": self.mean_fences,
                "mean_legal_moves": self.mean_moves,
                "legal": movegen_json(&self.compact),
                "legal_moves": movegen_json(&self.list),
            },
            "search_mid_game": {
                "positions": self.search.positions,
                "nodes": self.search.nodes,
                "seconds": self.search.seconds,
                "nodes_per_sec": self.search.nodes_per_sec(),
                "mean_depth": self.search.mean_depth(),
            },
        });
        let mut targets = serde_json::Map::new();
        targets.insert("plies_per_sec".into(), json!(TARGET_PLIES_PER_SEC));
        targets.insert(
            "capped_plies_per_sec_met".into(),
            json!(self.targets()[0].1),
        );
        targets.insert(
            "uncapped_plies_per_sec_met".into(),
            json!(self.targets()[1].1),
        );
        if let Some(secs) = self.perft_seconds(4) {
            targets.insert("perft4_seconds".into(), json!(TARGET_PERFT4_SECONDS));
            targets.insert("perft4_met".into(), json!(secs < TARGET_PERFT4_SECONDS));
        }
        out["targets"] = Value::Object(targets);
        match &self.openspiel {
            None => {}
            Some(Err(err)) => out["openspiel"] = json!({ "error": err }),
            Some(Ok(value)) => {
                out["openspiel"] = value.clone();
                if let Some(os) = self.openspiel_figures() {
                    let ratios: serde_json::Map<String, Value> = self
                        .ratios(&os)
                        .iter()
                        .map(|r| (r.key.to_string(), json!(r.value())))
                        .collect();
                    out["ratios"] = Value::Object(ratios);
                    if let Some(est) = os.extrapolated_perft_seconds(3) {
                        out["openspiel_perft4_seconds_extrapolated"] = json!(est);
                    }
                }
            }
        }
        out
    }

    /// The table, as printed.
    fn render(&self) -> String {
        let mut out = String::new();
        let mode = if self.quick { ", quick" } else { "" };
        w!(
            out,
            "quoridor bench: {} s per timed benchmark, seed {}, one thread{mode}",
            self.seconds,
            self.seed
        );
        if let (Some(before), Some(after)) = (&self.load_before, &self.load_after) {
            w!(
                out,
                "load average (1, 5, 15 min): {before} before, {after} after"
            );
        }
        out.push('\n');
        w!(out, "{:<36} {:>20}  details", "benchmark", "result");
        w!(out, "{}", "-".repeat(100));
        let games_rows = [
            ("random games 9x9 2p, no cap", &self.uncapped),
            ("random games 9x9 2p, 324-ply cap", &self.capped),
            ("random games 9x9 4p, no cap", &self.four_players),
        ];
        for (label, s) in games_rows {
            let extra = if s.draws > 0 {
                format!("{:.1}% draws at 324", 100.0 * s.draw_fraction())
            } else {
                format!(
                    "{:.1}% longer than 324",
                    100.0 * s.fraction_longer_than_cap()
                )
            };
            w!(
                out,
                "{label:<36} {:>20}  {} games/s; mean {:.1} plies (sd {:.1}, max {}); {extra}",
                format!("{} plies/s", si(s.plies_per_sec())),
                thousands(s.games_per_sec().round() as u64),
                s.mean_plies(),
                s.stdev_plies(),
                s.longest,
            );
        }
        for &(depth, leaves, secs) in &self.perft {
            let ok = if PERFT_9X9[depth as usize] == leaves {
                "ok"
            } else {
                "MISMATCH"
            };
            w!(
                out,
                "{:<36} {:>20}  {} leaves {ok} ({} leaves/s)",
                format!("perft({depth}) 9x9 2p"),
                format!("{secs:.3} s"),
                thousands(leaves),
                si(leaves as f64 / secs),
            );
        }
        for (label, s) in [
            ("movegen mid-game legal()", &self.compact),
            ("movegen mid-game legal_moves()", &self.list),
        ] {
            w!(
                out,
                "{label:<36} {:>20}  {} moves/s; {:.0} ns/position",
                format!("{} positions/s", si(s.positions_per_sec())),
                si(s.moves_per_sec()),
                s.nanos_per_position(),
            );
        }
        w!(
            out,
            "{:<36} {:>20}  {} positions, an equal share of the time each; mean depth {:.1}",
            "search (full strength) mid-game",
            format!("{} nodes/s", si(self.search.nodes_per_sec())),
            self.search.positions,
            self.search.mean_depth(),
        );
        w!(
            out,
            "  (mid-game set: {} positions, {}-{} fences on board, >= {} each, mean {:.1} fences, \
             {:.1} legal moves)",
            self.set_size,
            movegen::FENCES.0,
            movegen::FENCES.1,
            movegen::FENCES_EACH,
            self.mean_fences,
            self.mean_moves
        );

        match &self.openspiel {
            None => {}
            Some(Err(err)) => {
                out.push('\n');
                w!(out, "OpenSpiel: not measured: {err}");
                w!(out, "  (install it with scripts/install-openspiel.sh)");
            }
            Some(Ok(_)) => match self.openspiel_figures() {
                None => out.push_str("\nOpenSpiel: its JSON lacks the expected figures\n"),
                Some(os) => self.render_openspiel(&os, &mut out),
            },
        }

        out.push('\n');
        w!(out, "targets:");
        for (what, met, detail) in self.targets() {
            w!(
                out,
                "  {:<58} {:<7} {detail}",
                what,
                if met { "met" } else { "MISSED" }
            );
        }
        out
    }

    fn render_openspiel(&self, os: &Figures, out: &mut String) {
        out.push('\n');
        w!(out, "OpenSpiel {} (same run, after ours):", os.version);
        w!(
            out,
            "  {:<52} {:>16}  {:.1} games/s; mean {:.1} plies; {:.1}% draws",
            "random games, Python loop (cap 324)",
            format!("{} plies/s", si(os.python_plies_per_sec)),
            os.python_games_per_sec,
            os.python_mean_plies,
            100.0 * os.python_draw_fraction
        );
        if let (Some(plies), Some(games)) = (os.cpp_plies_per_sec, os.cpp_games_per_sec) {
            w!(
                out,
                "  {:<52} {:>16}  {:.1} games/s",
                "random games, in C++ via MCTSBot (cap 324)",
                format!("~{} plies/s", si(plies)),
                games
            );
        }
        for &(depth, leaves, secs) in &os.perft {
            w!(
                out,
                "  {:<52} {:>16}  {} leaves",
                format!("perft({depth}), Python clone + apply"),
                format!("{secs:.3} s"),
                thousands(leaves)
            );
        }
        if let Some(est) = os.extrapolated_perft_seconds(3) {
            w!(
                out,
                "  {:<52} {:>16}  perft(3) time x perft(3)/perft(2)",
                "perft(4), extrapolated",
                format!("~{est:.1} s")
            );
        }
        out.push('\n');
        w!(out, "ratios (ours / OpenSpiel; > 1 means we are faster):");
        for r in self.ratios(os) {
            let est = if r.estimated { " (estimated)" } else { "" };
            w!(out, "  {:<52} {:>10.1}x{est}", r.label, r.value());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(247_569_030), "247,569,030");
    }
}
