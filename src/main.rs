//! `quoridor`: the command-line front end.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod analyze;
mod bench;
mod game_file;
mod gtp;
mod lines;
mod matches;
mod perft;
mod play;

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

/// Board options shared by several commands.
#[derive(clap::Args, Clone, Debug)]
pub struct BoardArgs {
    /// Board side (odd, 3 to 11).
    #[arg(long, default_value_t = 9)]
    pub size: u32,
    /// Number of players (2 or 4).
    #[arg(long, default_value_t = 2)]
    pub players: u32,
    /// Fences per player (default: the rules' table for the size and players).
    #[arg(long)]
    pub fences: Option<u32>,
}

impl BoardArgs {
    pub fn ruleset(&self) -> Result<quoridor_rules::Ruleset, quoridor_rules::RulesetError> {
        let rules = quoridor_rules::Ruleset::new(self.size, self.players)?;
        match self.fences {
            Some(n) => rules.with_fences(n),
            None => Ok(rules),
        }
    }
}

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
}

pub type CliResult = Result<(), Box<dyn std::error::Error>>;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gtp => gtp::run_stdio(),
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Serve(args) => quoridor_server::run(args).map_err(Into::into),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("quoridor: {err}");
            ExitCode::FAILURE
        }
    }
}
