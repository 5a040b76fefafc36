//! `quoridor`: the command-line front end of the program players,
//! teachers, operators and bot authors install. The tools that made its
//! data (training, mining, the opening book) and the server's load fleets
//! are the lab's, in `quoridor-lab` (`src/bin/quoridor-lab/`).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use quoridor::{analyze, bench, bot, gtp, learn, matches, perft, play, puzzles, store, worksheet};

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

#[derive(Subcommand)]
enum Command {
    /// Speak the engine text protocol (GTP v2 framing) on standard input/output.
    Gtp,
    /// Count the move sequences of a given length from the start position.
    Perft(perft::PerftArgs),
    /// Time the rules and the engine: random games, perft, move generation
    /// and search, optionally against OpenSpiel in the same run.
    Bench(bench::BenchArgs),
    /// Show the engine's best move, principal variation and evaluation of a
    /// position, or review a whole game.
    Analyze(analyze::AnalyzeArgs),
    /// Play engine configurations (or external programs) against each other
    /// and report the result with statistics.
    Match(matches::MatchArgs),
    /// Put an engine on a server as a bot account: accept challenges by
    /// your rules and play them with the engine (see API.md, "Bots").
    Bot(bot::BotArgs),
    /// Play in the terminal against the AI or other people (full screen, or
    /// lines of text with --plain).
    Play(play::PlayArgs),
    /// Serve the web app: play against the AI, on one screen or online, with
    /// games kept in SQLite or PostgreSQL (see crates/server/API.md).
    Serve(Box<quoridor_server::ServeArgs>),
    /// Copy the server's database into a file, consistent even while the
    /// server runs, and check the copy.
    Backup(store::BackupArgs),
    /// Put a backup in place of the server's database (the server must be
    /// stopped; the database replaced is kept beside it).
    Restore(store::RestoreArgs),
    /// Copy a server's SQLite database into a new PostgreSQL database, to
    /// serve from several machines (the server must be stopped).
    Migrate(store::MigrateArgs),
    /// Learn the rules: short lessons, each a position to act on, checked
    /// by the rules engine (English, French or Romanian).
    Learn(learn::LearnArgs),
    /// Solve tactics puzzles: find the move that is clearly best (a streak
    /// and a puzzle rating are kept).
    Puzzle(puzzles::PuzzleArgs),
    /// Print classroom exercises with their answer key (PDF, HTML, SVG,
    /// text or JSON), or the pupil's rule sheet.
    Worksheet(worksheet::WorksheetArgs),
}

impl Command {
    /// Whether the command only prints what it computed (no file to write,
    /// no child program, no socket): it may end as soon as whoever reads its
    /// output stops (`quoridor analyze … | head`).
    fn only_prints(&self) -> bool {
        matches!(self, Command::Perft(_) | Command::Analyze(_))
    }
}

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.command.only_prints() {
        quoridor::output::end_quietly_on_closed_output();
    }
    let result = match cli.command {
        Command::Gtp => gtp::run_stdio(),
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Bot(args) => bot::run(&args).map_err(Into::into),
        Command::Play(args) => play::run(&args),
        Command::Serve(args) => quoridor_server::run(*args).map_err(Into::into),
        Command::Backup(args) => store::run_backup(&args),
        Command::Restore(args) => store::run_restore(&args),
        Command::Migrate(args) => store::run_migrate(&args),
        Command::Worksheet(args) => worksheet::run(&args),
        Command::Learn(args) => learn::run(&args),
        Command::Puzzle(args) => puzzles::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("quoridor: {err}");
            ExitCode::FAILURE
        }
    }
}
