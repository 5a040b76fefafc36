//! `quoridor`: the command-line front end.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod analyze;
mod args;
mod bench;
mod book;
mod game_file;
mod gtp;
mod learn;
mod lines;
mod matches;
mod mine_puzzles;
mod perft;
mod play;
mod progress_lines;
mod puzzles;
mod store;
mod train_eval;
mod worksheet;

#[derive(Parser)]
#[command(
    name = "quoridor",
    version,
    about = "Quoridor: rules engine, engine protocol and tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

pub use args::{BoardArgs, VariantArg};

#[derive(Subcommand)]
enum Command {
    /// Speak the engine text protocol (GTP v2 framing) on standard input/output.
    Gtp,
    /// Count the move sequences of a given length from the start position.
    Perft(perft::PerftArgs),
    /// Run the benchmarks (move generation, random games, perft).
    Bench(bench::BenchArgs),
    /// Show the engine's best move, principal variation and evaluation of a
    /// position, or review a whole game.
    Analyze(analyze::AnalyzeArgs),
    /// Play engine configurations (or external programs) against each other
    /// and report the result with statistics.
    Match(matches::MatchArgs),
    /// Play in the terminal against the AI or other people (full screen, or
    /// lines of text with --plain).
    Play(play::PlayArgs),
    /// Serve the web app: play against the AI, on one screen or online, with
    /// games kept in SQLite (see crates/server/API.md).
    Serve(quoridor_server::ServeArgs),
    /// Copy the server's database into a file, consistent even while the
    /// server runs, and check the copy.
    Backup(store::BackupArgs),
    /// Put a backup in place of the server's database (the server must be
    /// stopped; the database replaced is kept beside it).
    Restore(store::RestoreArgs),
    /// Learn the rules: short lessons, each a position to act on, checked
    /// by the rules engine (English, French or Romanian).
    Learn(learn::LearnArgs),
    /// Solve tactics puzzles: find the move that is clearly best (a streak
    /// and a puzzle rating are kept).
    Puzzle(puzzles::PuzzleArgs),
    /// Make tactics puzzles from self-play games, each proved by the
    /// engine's search (the shipped set was made by this command).
    MinePuzzles(mine_puzzles::MineArgs),
    /// Print classroom exercises with their answer key (PDF, HTML, SVG,
    /// text or JSON), or the pupil's rule sheet.
    Worksheet(worksheet::WorksheetArgs),
    /// Train the learned evaluation on played games and write its weights
    /// (see scripts/train-eval.sh, which made the shipped ones).
    TrainEval(train_eval::TrainEvalArgs),
    /// Build the opening book from the engine's own long searches, or show
    /// the book moves of a position.
    Book(book::BookArgs),
}

impl Command {
    /// Whether the command only prints what it computed (no file to write,
    /// no child program, no socket): it may end as soon as whoever reads its
    /// output stops (`quoridor analyze … | head`).
    fn only_prints(&self) -> bool {
        match self {
            Command::Perft(_) | Command::Analyze(_) => true,
            Command::Book(args) => args.only_prints(),
            _ => false,
        }
    }
}

/// Lets a closed standard output end the program as it ends other Unix
/// tools (the default action of SIGPIPE), where Rust's own handling would
/// make every later `println!` panic with "Broken pipe".
fn end_quietly_on_closed_output() {
    // SAFETY: setting a signal's action to its default is async-signal-safe
    // and happens before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

pub type CliResult = Result<(), Box<dyn std::error::Error>>;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.command.only_prints() {
        end_quietly_on_closed_output();
    }
    let result = match cli.command {
        Command::Gtp => gtp::run_stdio(),
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Serve(args) => quoridor_server::run(args).map_err(Into::into),
        Command::Backup(args) => store::run_backup(&args),
        Command::Restore(args) => store::run_restore(&args),
        Command::Worksheet(args) => worksheet::run(&args),
        Command::Learn(args) => learn::run(&args),
        Command::MinePuzzles(args) => mine_puzzles::run(&args),
        Command::Puzzle(args) => puzzles::run(&args),
        Command::TrainEval(args) => train_eval::run(&args),
        Command::Book(args) => book::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("quoridor: {err}");
            ExitCode::FAILURE
        }
    }
}
