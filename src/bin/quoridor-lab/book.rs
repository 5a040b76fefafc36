//! `quoridor-lab book`: the opening book ([`quoridor_engine::book`]). `build`
//! makes it from our own long searches (the shipped
//! `crates/engine/data/opening-book.txt` was made by it, with the
//! command written in its header); `show` prints the book moves of a
//! position.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use quoridor_engine::book::build::{build, BuildSettings};
use quoridor_engine::book::Book;

use crate::train_eval::progress_bar;

#[derive(clap::Args)]
pub struct BookArgs {
    #[command(subcommand)]
    step: Step,
}

#[derive(clap::Subcommand)]
enum Step {
    /// Build a book: from the start, search each position at full
    /// strength for its best moves (the best, and the next best within
    /// the margin), play each, and go on to the positions they lead to
    /// (in the first plies, after the natural pawn step too).
    Build(BuildArgs),
    /// Print the book moves of a position (a game as `analyze` reads it;
    /// none: the start), and the book line from it.
    Show(ShowArgs),
}

impl BookArgs {
    /// Whether this only prints (shows a position's book moves).
    pub fn only_prints(&self) -> bool {
        matches!(self.step, Step::Show(_))
    }
}

#[derive(clap::Args)]
struct BuildArgs {
    /// Plies from the start whose positions are in the book.
    #[arg(long, default_value_t = BuildSettings::default().plies)]
    plies: u32,
    /// Search nodes per move valued (the same nodes give the same book).
    #[arg(long, default_value_t = BuildSettings::default().nodes)]
    nodes: u64,
    /// Most moves kept per position.
    #[arg(long, default_value_t = BuildSettings::default().width)]
    width: usize,
    /// Keep the next best moves while they are within this many
    /// hundredths of a step of the best.
    #[arg(long, default_value_t = BuildSettings::default().margin)]
    margin: i32,
    /// Plies from the start in which the natural move (the pawn step
    /// closest to the goal) is followed too, valued by the position it
    /// leads to.
    #[arg(long, default_value_t = BuildSettings::default().natural_plies)]
    natural_plies: u32,
    /// Searches at once.
    #[arg(long, default_value_t = BuildSettings::default().threads)]
    threads: usize,
    #[arg(short, long)]
    output: PathBuf,
}

#[derive(clap::Args)]
struct ShowArgs {
    game: Vec<String>,
}

pub fn run(args: &BookArgs) -> quoridor::CliResult {
    match &args.step {
        Step::Build(args) => build_book(args),
        Step::Show(args) => show(args),
    }
}

fn build_book(args: &BuildArgs) -> quoridor::CliResult {
    if !(1..=64).contains(&args.threads) || args.width == 0 || args.nodes == 0 {
        return Err("--threads from 1 to 64, --width and --nodes at least 1".into());
    }
    let settings = BuildSettings {
        plies: args.plies,
        nodes: args.nodes,
        width: args.width,
        margin: args.margin,
        natural_plies: args.natural_plies,
        threads: args.threads,
    };
    let bar = progress_bar(1, "{bar:40} ply {msg}, {pos}/{len} positions, {elapsed}");
    let stop = AtomicBool::new(false);
    let book = build(settings, &stop, |p| {
        bar.set_length(p.of as u64);
        bar.set_position(p.done as u64);
        bar.set_message(format!("{} ({} in the book)", p.ply + 1, p.positions));
    });
    bar.finish_and_clear();
    let text = format!(
        "# The opening book of quoridor's levels 6-8: {} positions.\n\
         # Made by: quoridor-lab book build --plies {} --nodes {} --width {} --margin {} \
         --natural-plies {}\n\
         # Each line: a position, a tab, then move:value:depth for each book\n\
         # move, best first (the value in hundredths of a step for the mover).\n{book}",
        book.len(),
        args.plies,
        args.nodes,
        args.width,
        args.margin,
        args.natural_plies,
    );
    quoridor::game_file::write_whole(&args.output, text.as_bytes())
        .map_err(|e| format!("{}: {e}", args.output.display()))?;
    println!(
        "{} positions written to {}",
        book.len(),
        args.output.display()
    );
    Ok(())
}

fn show(args: &ShowArgs) -> quoridor::CliResult {
    let game = if args.game.is_empty() {
        quoridor_rules::Game::new(quoridor_rules::Ruleset::STANDARD)
    } else {
        quoridor::analyze::read_game(&args.game)?
    };
    let pos = game.position();
    println!("position: {pos}");
    let book = Book::shipped();
    let moves = book.moves(pos);
    if moves.is_empty() {
        println!("not in the opening book");
        return Ok(());
    }
    for m in &moves {
        println!(
            "{:<6} {:>7}  depth {}",
            m.mv.to_string(),
            m.score.to_string(),
            m.depth
        );
    }
    let line: Vec<String> = book.line(pos, 40).iter().map(ToString::to_string).collect();
    println!("book line: {}", line.join(" "));
    Ok(())
}
