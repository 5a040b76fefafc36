//! `quoridor match`: plays two player configurations against each other and
//! reports the result with statistics.
//!
//! ```text
//! quoridor match --player level=3 --player level=5,time=100ms --games 20 --size 7
//! quoridor match --player level=5 --player 'time=200ms,name=bot,cmd=python3 bot.py --x 1'
//! ```
//!
//! - Players ([`spec`]): `level=N` with at most one of `time=100ms`,
//!   `depth=D`, `nodes=N`, `clock=60s+1s`, and `name=`, `hash=MB`; or an
//!   external program `cmd=<command line>` (last: it takes the rest of the
//!   specification, commas included) with `time=`/`clock=`, `level=` (sent
//!   as `level N`), `name=`, `timeout=` before it ([`program`]).
//! - Seats and colours alternate each game; each opening ([`opening`]) is
//!   played twice, colours swapped ([`runner::seat_configs`]). Four-player
//!   games seat the configurations A B A B (teams: A A B B, so that partners
//!   are one configuration), swapped each game; a game is won by the
//!   configuration whose seat (or team) won.
//! - Faults ([`player::PlayerError`]): a clock below zero, a program's
//!   missing reply, an illegal or malformed move, a crash each lose the game
//!   for that configuration: its seats time out or resign in the record,
//!   whose `Forfeit` tag gives the reason. (In a four-player game without
//!   teams the record may then end unfinished, `*`, with only the other
//!   configuration's seats left; the game counts as a loss for the one at
//!   fault.)
//! - Games are played by worker threads, each with its own players.
//!   `--concurrency` defaults to the number of CPUs, but to 1 as soon as a
//!   player's moves are limited by time (a budget, a clock, a level capped
//!   by time, or any external program): games played at once would share
//!   the CPUs, and a timed player would search less than in a game alone.
//! - Records ([`quoridor_rules::Record`]) are written in game order as the
//!   games finish: all in one file separated by blank lines when the path
//!   ends in `.txt`, else one file per game (`game-0001.txt`, …) in a
//!   directory.
//! - The report ([`report`]) goes to standard output, as text or JSON
//!   (`--json`: `games`, `wins`/`draws`/`losses` of the first player,
//!   `by_colour`, `score`, `score_ci`, `elo`, `elo_ci` (null for an
//!   infinite end), `elo_text`, `average_plies`, `terminations`, and per
//!   player `players[i]` with its results, `average_move_ms`,
//!   `average_depth`, `median_depth`, `losses_on_time`, `illegal_moves`, `crashes`,
//!   `resignations`); statistics in [`stats`]. A progress bar (games,
//!   W-D-L, elapsed, ETA) goes to standard error when it is a terminal.

pub mod depths;
pub mod opening;
pub mod player;
pub mod program;
pub mod report;
pub mod runner;
pub mod spec;
pub mod stats;

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use quoridor_rules::Ruleset;

use self::opening::Openings;
use self::report::Summary;
use self::runner::{play_game, Config, GameResult};
use self::spec::PlayerSpec;
use crate::progress_lines::ProgressLines;

/// The ply limit of automated games (RULES.md §7), by default.
pub const DEFAULT_PLY_LIMIT: u32 = 400;

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// A player (give two): `level=N[,time=100ms|depth=D|nodes=N|clock=60s+1s][,name=X][,hash=MB][,eval=hand][,book=off]`,
    /// or an external program speaking the protocol: `[time=…|clock=…,][level=N,][name=X,][timeout=30s,]cmd=<command line>`
    /// (cmd= last: it takes the rest).
    #[arg(long = "player", id = "player", value_name = "SPEC", required = true)]
    pub specs: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    #[command(flatten)]
    pub board: crate::BoardArgs,
    /// Variant (teams needs --players 4).
    #[arg(long, value_enum)]
    pub variant: Option<crate::VariantArg>,
    /// `random:K` (K random balanced plies; default random:2 for 2 players,
    /// random:4 for 4) or a file with one game line per opening.
    #[arg(long, value_name = "FILE|random:K")]
    pub openings: Option<String>,
    /// Plies after which a game is drawn (0: none).
    #[arg(long, default_value_t = DEFAULT_PLY_LIMIT)]
    pub ply_limit: u32,
    /// Seed of the openings and of the engines' randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once [default: the number of CPUs, 1 if a player is
    /// limited by time].
    #[arg(long, value_name = "J")]
    pub concurrency: Option<usize>,
    /// Write every game: into one file if the path ends in .txt, else one
    /// file per game in this directory.
    #[arg(long, value_name = "DIR|FILE.txt")]
    pub records: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The rules of the match's games.
fn match_rules(args: &MatchArgs) -> Result<Ruleset, String> {
    let mut rules = args.board.ruleset().map_err(|e| e.to_string())?;
    if let Some(variant) = args.variant {
        rules = rules
            .with_variant(variant.into())
            .map_err(|e| e.to_string())?;
    }
    // Four players: a third repetition draws, as in every four-player
    // game of the server, the terminal and the page.
    rules = rules.with_repetition(rules.players() == 4);
    let limit = (args.ply_limit > 0).then_some(args.ply_limit);
    rules.with_ply_limit(limit).map_err(|e| e.to_string())
}

/// The two configurations, with distinct names.
fn configs(specs: &[String]) -> Result<Vec<Config>, String> {
    if specs.len() != 2 {
        return Err(format!(
            "a match needs exactly two --player specifications (got {})",
            specs.len()
        ));
    }
    let mut configs = Vec::new();
    for text in specs {
        let spec = PlayerSpec::parse(text).map_err(|e| format!("--player {text}: {e}"))?;
        let name = spec.default_name();
        configs.push(Config { spec, name });
    }
    if configs[0].name == configs[1].name {
        for (i, config) in configs.iter_mut().enumerate() {
            config.name = format!("{}#{}", config.name, i + 1);
        }
    }
    Ok(configs)
}

/// Where records go.
enum Records {
    None,
    File(BufWriter<File>, bool),
    Dir(PathBuf, usize),
}

impl Records {
    fn open(path: Option<&PathBuf>, games: usize) -> Result<Records, String> {
        let Some(path) = path else {
            return Ok(Records::None);
        };
        let is_file = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("txt"));
        if is_file {
            let file =
                File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
            Ok(Records::File(BufWriter::new(file), true))
        } else {
            fs::create_dir_all(path)
                .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
            let width = games.to_string().len().max(4);
            Ok(Records::Dir(path.clone(), width))
        }
    }

    fn write(&mut self, result: &GameResult) -> Result<(), String> {
        match self {
            Records::None => Ok(()),
            Records::File(out, first) => {
                let separator = if *first { "" } else { "\n" };
                *first = false;
                write!(out, "{separator}{}", result.record)
                    .and_then(|()| out.flush())
                    .map_err(|e| format!("cannot write the records: {e}"))
            }
            Records::Dir(dir, width) => {
                let path = dir.join(format!("game-{:0width$}.txt", result.index + 1));
                fs::write(&path, result.record.to_string())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))
            }
        }
    }
}

fn progress_bar(games: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(games as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} [{bar:30}] {pos}/{len} games  {msg}  {elapsed_precise} ETA {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

pub fn run(args: &MatchArgs) -> crate::CliResult {
    let configs = configs(&args.specs)?;
    let rules = match_rules(args)?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let openings = match &args.openings {
        Some(text) => Openings::parse(text, rules)?,
        None => Openings::default_for(rules),
    };
    let timed = configs.iter().any(|c| c.spec.is_timed(&rules));
    let cpus = thread::available_parallelism().map_or(1, |n| n.get());
    let concurrency = match args.concurrency {
        Some(0) => return Err("--concurrency must be at least 1".into()),
        Some(j) => j,
        None if timed => 1,
        None => cpus,
    }
    .min(args.games);
    let mut records = Records::open(args.records.as_ref(), args.games)?;

    let mut summary = Summary::new(
        configs.clone(),
        rules,
        openings.to_string(),
        args.seed,
        concurrency,
    );
    let bar = progress_bar(args.games);
    let title = format!("{} vs {}", configs[0].name, configs[1].name);
    let lines = ProgressLines::new(&title, args.games);
    bar.set_prefix(title);
    let started = Instant::now();

    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let mut pending: Vec<Option<GameResult>> = vec![None; args.games];
    let mut written = 0;
    let mut failure: Option<String> = None;
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<Result<GameResult, String>>();
        for _ in 0..concurrency {
            let sender = sender.clone();
            let (configs, openings, next, abort) = (&configs, &openings, &next, &abort);
            let seed = args.seed;
            scope.spawn(move || {
                let players: Result<Vec<_>, String> = configs.iter().map(Config::build).collect();
                let mut players = match players {
                    Ok(players) => players,
                    Err(err) => {
                        let _ = sender.send(Err(err));
                        return;
                    }
                };
                while !abort.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let start = openings.game(rules, seed, index / 2);
                    let result = play_game(&mut players, configs, index, start, seed);
                    if sender.send(Ok(result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for message in receiver {
            let result = match message {
                Ok(result) => result,
                Err(err) => {
                    abort.store(true, Ordering::Relaxed);
                    failure.get_or_insert(err);
                    continue;
                }
            };
            summary.add(&result);
            let t = summary.tally;
            bar.set_message(format!("W-D-L {t} for {}", configs[0].name));
            bar.inc(1);
            lines.done(bar.position() as usize, || {
                format!("games, W-D-L {t} for {}", configs[0].name)
            });
            let index = result.index;
            pending[index] = Some(result);
            while let Some(result) = pending.get_mut(written).and_then(Option::take) {
                if let Err(err) = records.write(&result) {
                    abort.store(true, Ordering::Relaxed);
                    failure.get_or_insert(err);
                }
                written += 1;
            }
        }
    });
    bar.finish_and_clear();
    if let Some(err) = failure {
        return Err(err.into());
    }
    summary.elapsed = started.elapsed();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary.json())?);
    } else {
        print!("{}", summary.text());
    }
    Ok(())
}
