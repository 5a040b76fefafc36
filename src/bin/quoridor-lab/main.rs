//! `quoridor-lab`: the tools we use to make and measure the program, kept
//! out of the `quoridor` that players, teachers and operators install:
//! training the learned evaluation, mining puzzles, building the opening
//! book, and the fleets of bots that load a server. Each wrote the data the
//! program ships or a figure of `BENCHMARKS.md`, and says how in its help.
//!
//! Its layers, from the bottom (`tests/layers.rs`):
//!
//! 1. `server` (the load fleet of games), `train_eval`, `mine_puzzles`.
//! 2. `class` (a class's load, played by the fleet's bots), `book` (its
//!    progress shown as training shows it).

mod book;
mod class;
mod mine_puzzles;
mod server;
mod train_eval;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use quoridor::output::end_quietly_on_closed_output;

#[derive(Parser)]
#[command(
    name = "quoridor-lab",
    version,
    about = "The Quoridor lab: training, puzzle mining, the opening book, load fleets"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Load a web server with fleets of bots.
    Bench(BenchArgs),
    /// Make tactics puzzles from self-play games, each proved by the
    /// engine's search (the shipped set was made by this command).
    MinePuzzles(mine_puzzles::MineArgs),
    /// Train the learned evaluation on played games and write its weights
    /// (see scripts/train-eval.sh, which made the shipped ones).
    TrainEval(train_eval::TrainEvalArgs),
    /// Build the opening book from the engine's own long searches, or show
    /// the book moves of a position.
    Book(book::BookArgs),
}

#[derive(clap::Args)]
struct BenchArgs {
    #[command(subcommand)]
    fleet: Fleet,
}

#[derive(Subcommand)]
enum Fleet {
    /// Load benchmark of `quoridor serve`: many games at once, played by bot
    /// clients over WebSocket on loopback; move round trips, throughput,
    /// errors and the server's memory.
    Server(server::ServerArgs),
    /// The teacher's dashboard under a class's load: 30 pupils, 15 games
    /// played at a pupil's pace, every page open; each move timed until the
    /// dashboard shows it.
    Class(class::ClassArgs),
}

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(&cli.command, Command::Book(args) if args.only_prints()) {
        end_quietly_on_closed_output();
    }
    let result = match cli.command {
        Command::Bench(BenchArgs {
            fleet: Fleet::Server(args),
        }) => server::run(&args),
        Command::Bench(BenchArgs {
            fleet: Fleet::Class(args),
        }) => class::run(&args),
        Command::MinePuzzles(args) => mine_puzzles::run(&args),
        Command::TrainEval(args) => train_eval::run(&args),
        Command::Book(args) => book::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("quoridor-lab: {err}");
            ExitCode::FAILURE
        }
    }
}
