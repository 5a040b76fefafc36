//! `quoridor-lab mine-puzzles`: tactics puzzles from self-play games, each
//! proved by two searches at a fixed depth (the best move, then the best of
//! the others), written as JSON lines. The shipped set
//! (`crates/learn/data/puzzles.jsonl`) was made by this command.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use quoridor_engine::Engine;
use quoridor_learn::mine::{mine_game, mine_record, MineSettings};
use quoridor_learn::{Puzzle, Theme};

#[derive(clap::Args)]
pub struct MineArgs {
    /// Self-play games to look through.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// The search depth that proves a puzzle.
    #[arg(long, default_value_t = 5)]
    depth: u32,
    /// The least margin between the best move and every other, in
    /// hundredths of a step.
    #[arg(long, default_value_t = 250)]
    margin: i32,
    /// The board's side (two players).
    #[arg(long, default_value_t = 9)]
    size: u8,
    /// Puzzles kept from one game at most.
    #[arg(long, default_value_t = 3)]
    per_game: usize,
    /// Seed of the games (the same seed gives the same puzzles).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (each plays its own games).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Played games to mine as well, after the self-play ones: a record
    /// file, or a folder of them (a match's `--records` folder).
    #[arg(long, value_name = "FILE|DIR")]
    records: Option<PathBuf>,
    /// Instead: the strategy article's two examples, rebuilt by a search
    /// (see crates/learn/src/article.rs) and proved like the others.
    #[arg(long)]
    article: bool,
    /// Instead: prove the puzzles of FILE again, deep (depth 12 at full
    /// strength, the best move and the best of the others), keep those
    /// ahead by a step at least
    /// that hold with their answers, lines and difficulties from that
    /// proof, and tell why each other one was dropped. The article's
    /// examples (ids `article-…`) need only stay the best move.
    #[arg(long, value_name = "FILE")]
    reprove: Option<PathBuf>,
    /// With --reprove: add the dropped puzzles to FILE (their id, theme,
    /// rating and why), so that assignments naming one get a stand-in.
    #[arg(long, value_name = "FILE", requires = "reprove")]
    retired: Option<PathBuf>,
    /// Instead: the test run's check of every puzzle of FILE (its answer
    /// and whole line at depth 6), with the time it took.
    #[arg(long, value_name = "FILE", conflicts_with = "reprove")]
    check: Option<PathBuf>,
    /// Where to write the puzzles (JSON lines).
    #[arg(short, long)]
    output: PathBuf,
}

/// The two-player games of a record file, or of every file of a folder
/// (in name order).
fn played_games(path: &std::path::Path) -> Result<Vec<quoridor_rules::Game>, String> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        files
    } else {
        vec![path.to_path_buf()]
    };
    let mut games = Vec::new();
    for file in files {
        let record = quoridor::game_file::read_game(&file)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        let game = record.into_game();
        if game.rules().players() == 2 {
            games.push(game);
        }
    }
    Ok(games)
}

/// The article's position with each side to move, as two puzzles.
fn article_puzzles(args: &MineArgs) -> Result<Vec<Puzzle>, String> {
    let found = quoridor_learn::article::search(args.seed, 40, 4000)
        .ok_or("no position found: try another --seed")?;
    println!(
        "closest to the article (0 = exact): {}\n  South {} steps, North {}; {} gives North {}; {} gives South {}; South's fence {} after North's",
        found.distance(),
        found.south_steps,
        found.north_steps,
        found.south_fence,
        found.north_after,
        found.north_fence,
        found.south_after,
        if found.south_fence_survives { "still legal" } else { "no longer legal" }
    );
    let mut engine = Engine::new();
    let mut puzzles = Vec::new();
    for (i, (seat, expected)) in [
        (quoridor_rules::Seat::South, found.south_fence),
        (quoridor_rules::Seat::North, found.north_fence),
    ]
    .into_iter()
    .enumerate()
    {
        let pos: quoridor_rules::Position =
            found.with_turn(seat).parse().map_err(|e| format!("{e}"))?;
        // The article's moves must be the search's best, by any margin: the
        // article's point is the move, not that no other comes close.
        let proof = quoridor_learn::mine::prove(&mut engine, &pos, args.depth, 1)
            .ok_or_else(|| format!("the search proves no move in {pos}"))?;
        if proof.best != expected {
            return Err(format!(
                "the search prefers {} to the article's {expected} in {pos}",
                proof.best
            ));
        }
        let mut puzzle = quoridor_learn::mine::puzzle_of(&pos, &proof, args.depth);
        puzzle.id = format!("article-{}", i + 1);
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

pub fn run(args: &MineArgs) -> quoridor::CliResult {
    if quoridor_rules::Ruleset::new(u32::from(args.size), 2).is_err() {
        return Err(format!("--size {}: an odd size from 3 to 11", args.size).into());
    }
    if !(1..=12).contains(&args.depth) {
        return Err("--depth: from 1 to 12".into());
    }
    if args.article {
        let puzzles = article_puzzles(args)?;
        return write_puzzles(args, &puzzles);
    }
    if let Some(path) = &args.reprove {
        return reprove_file(args, path);
    }
    if let Some(path) = &args.check {
        return check_file(path);
    }
    let settings = MineSettings {
        depth: args.depth,
        margin: args.margin,
        size: args.size,
        per_game: args.per_game,
    };
    let bar = progress_bar(args.games, "games", "puzzles");
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<(usize, Vec<Puzzle>)>> = Mutex::new(Vec::new());
    let count = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.clamp(1, 64) {
            scope.spawn(|| {
                let mut engine = Engine::new();
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= args.games {
                        break;
                    }
                    let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(game as u64);
                    let puzzles = mine_game(&mut engine, seed, &settings);
                    let total = count.fetch_add(puzzles.len(), Ordering::Relaxed) + puzzles.len();
                    found
                        .lock()
                        .expect("no thread panics")
                        .push((game, puzzles));
                    bar.set_message(total.to_string());
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut found = found.into_inner().expect("no thread panics");
    // In game order, whichever thread played which game.
    found.sort_by_key(|(game, _)| *game);
    if let Some(path) = &args.records {
        let mut engine = Engine::new();
        for (i, game) in played_games(path)?.iter().enumerate() {
            found.push((args.games + i, mine_record(&mut engine, game, &settings)));
        }
    }
    let mut seen = HashSet::new();
    let mut puzzles: Vec<Puzzle> = found
        .into_iter()
        .flat_map(|(_, puzzles)| puzzles)
        .filter(|p| seen.insert(p.position.clone()))
        .collect();
    for (i, puzzle) in puzzles.iter_mut().enumerate() {
        puzzle.id = format!("p{:04}", i + 1);
    }
    write_puzzles(args, &puzzles)
}

/// A progress bar on standard error (hidden where that is not a
/// terminal): `len` of `what` done, the message counting `counted`.
fn progress_bar(len: usize, what: &str, counted: &str) -> indicatif::ProgressBar {
    let template = format!(
        "{{bar:40}} {{pos}}/{{len}} {what}, {{msg}} {counted}, {{elapsed}} (about {{eta}} left)"
    );
    let bar = indicatif::ProgressBar::new(len as u64)
        .with_style(indicatif::ProgressStyle::with_template(&template).expect("a valid template"));
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar
}

/// The puzzles of a JSON-lines file.
fn puzzles_of_file(path: &std::path::Path) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    quoridor_learn::read_puzzles(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `--reprove`: every puzzle of `path` proved deep, on `--threads`
/// threads, written in the same order; the dropped ones are listed with
/// their reasons.
fn reprove_file(args: &MineArgs, path: &std::path::Path) -> quoridor::CliResult {
    let candidates = puzzles_of_file(path)?;
    let bar = progress_bar(candidates.len(), "puzzles", "dropped");
    let next = AtomicUsize::new(0);
    let dropped_count = AtomicUsize::new(0);
    type Outcome = Result<Puzzle, quoridor_learn::proof::Dropped>;
    let results: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads.clamp(1, 64) {
            scope.spawn(|| {
                let mut engine = quoridor_learn::proof::proof_engine();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(candidate) = candidates.get(i) else {
                        break;
                    };
                    let margin = if candidate.id.starts_with("article-") {
                        1
                    } else {
                        quoridor_learn::proof::DEEP_MARGIN
                    };
                    let outcome = quoridor_learn::proof::reprove(&mut engine, candidate, margin);
                    if outcome.is_err() {
                        dropped_count.fetch_add(1, Ordering::Relaxed);
                    }
                    results.lock().expect("no thread panics").push((i, outcome));
                    bar.set_message(dropped_count.load(Ordering::Relaxed).to_string());
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut results = results.into_inner().expect("no thread panics");
    results.sort_by_key(|(i, _)| *i);
    let mut kept = Vec::new();
    let mut retired = String::new();
    let mut changed = 0;
    for ((_, outcome), candidate) in results.into_iter().zip(&candidates) {
        match outcome {
            Ok(puzzle) => {
                if puzzle.best() != candidate.best() {
                    changed += 1;
                    println!(
                        "{}: the answer is {}, not {}",
                        puzzle.id,
                        puzzle.best(),
                        candidate.best()
                    );
                }
                kept.push(puzzle);
            }
            Err(why) => {
                println!("{}: dropped: {why}", candidate.id);
                let line = serde_json::json!({
                    "id": candidate.id,
                    "theme": candidate.theme,
                    "rating": candidate.rating,
                    "reason": why.to_string(),
                });
                retired.push_str(&format!("{line}\n"));
            }
        }
    }
    println!(
        "{} of {} kept ({} with another answer), {} dropped",
        kept.len(),
        candidates.len(),
        changed,
        candidates.len() - kept.len()
    );
    if let Some(file) = &args.retired {
        let mut text = std::fs::read_to_string(file).unwrap_or_default();
        text.push_str(&retired);
        quoridor::game_file::write_whole(file, text.as_bytes())
            .map_err(|e| format!("{}: {e}", file.display()))?;
    }
    write_puzzles(args, &kept)
}

/// `--check`: the test run's check of every puzzle of `path`, timed.
fn check_file(path: &std::path::Path) -> quoridor::CliResult {
    let puzzles = puzzles_of_file(path)?;
    let mut engine = quoridor_learn::proof::proof_engine();
    let started = std::time::Instant::now();
    let mut failed = 0;
    for puzzle in &puzzles {
        let depth = quoridor_learn::proof::CHECK_DEPTH;
        if let Err(why) = quoridor_learn::proof::check(&mut engine, puzzle, depth) {
            failed += 1;
            println!("{why}");
        }
    }
    println!(
        "{} puzzles checked in {:.1} s, {failed} failed",
        puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    if failed > 0 {
        return Err(format!("{failed} puzzles failed their check").into());
    }
    Ok(())
}

fn write_puzzles(args: &MineArgs, puzzles: &[Puzzle]) -> quoridor::CliResult {
    let mut text = String::new();
    for puzzle in puzzles {
        text.push_str(&serde_json::to_string(puzzle)?);
        text.push('\n');
    }
    quoridor::game_file::write_whole(&args.output, text.as_bytes())
        .map_err(|e| format!("{}: {e}", args.output.display()))?;
    if args.reprove.is_some() {
        println!(
            "{} puzzles proved at depth {} in {}",
            puzzles.len(),
            quoridor_learn::proof::DEEP_DEPTH,
            args.output.display()
        );
    } else if args.article {
        println!(
            "{} puzzles (the article's examples, depth {}) in {}",
            puzzles.len(),
            args.depth,
            args.output.display()
        );
    } else {
        println!(
            "{} puzzles from {} self-play games{} (depth {}, margin {}) in {}",
            puzzles.len(),
            args.games,
            args.records
                .as_ref()
                .map(|p| format!(" and the games of {}", p.display()))
                .unwrap_or_default(),
            args.depth,
            args.margin,
            args.output.display()
        );
    }
    for theme in Theme::ALL {
        let of: Vec<&Puzzle> = puzzles.iter().filter(|p| p.theme == theme).collect();
        let by_level: Vec<String> = (1..=5)
            .map(|d| of.iter().filter(|p| p.difficulty == d).count().to_string())
            .collect();
        println!(
            "  {:<13} {:>4}  (difficulty 1-5: {})",
            theme.name(),
            of.len(),
            by_level.join(" ")
        );
    }
    Ok(())
}
