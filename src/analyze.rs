//! `quoridor analyze`: the engine's view of a position or of a whole game.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use quoridor_engine::book::Book;
use quoridor_engine::{Engine, Level, Reporter, SearchInfo, SearchLimit, SearchResult};
use quoridor_rules::{parse_game_text, Game, Position, Record};

#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// A record file, or the game as text: a game line (`9 2 10 e2 e8`), a
    /// position notation (`9 e1,e9 - 10,10 south 0`), or moves from the 9x9
    /// start (`e2 e8 e3`).
    #[arg(required = true, num_args = 1..)]
    pub game: Vec<String>,
    /// Thinking time per position, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub time: u64,
    /// Search to this depth instead of for a time.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Strength level (1 to 8, full strength).
    #[arg(long, default_value_t = 8)]
    pub level: u8,
    /// Analyze the position after this many entries of the game (default: the end).
    #[arg(long)]
    pub at: Option<usize>,
    /// Review every move of the game: the engine's choice and value before each.
    #[arg(long)]
    pub all: bool,
}

/// Reads the game from a file or from the words given. One word that
/// names a file, or looks like a path (a `/` or a `.` in it, which no move
/// has), is a file; anything else is the game as text.
pub fn read_game(words: &[String]) -> Result<Game, String> {
    if let [word] = words {
        let path = std::path::Path::new(word);
        let looks_like_path =
            !word.contains(char::is_whitespace) && (word.contains(['/', '.']) || path.exists());
        if looks_like_path {
            let record = crate::game_file::read_game(path).map_err(|e| format!("{word}: {e}"))?;
            return Ok(record.into_game());
        }
    }
    parse_game_text(&words.join(" "))
        .map(Record::into_game)
        .map_err(|e| e.to_string())
}

struct Progress {
    verbose: bool,
}

impl Reporter for Progress {
    fn iteration(&mut self, info: &SearchInfo) {
        if self.verbose {
            let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
            println!(
                "depth {:>2}  {:>10}  nodes {:>9}  {:>6} ms  pv {}",
                info.depth,
                info.score.to_string(),
                info.nodes,
                info.elapsed.as_millis(),
                pv.join(" ")
            );
        }
    }
}

fn search(
    engine: &mut Engine,
    pos: &Position,
    args: &AnalyzeArgs,
    verbose: bool,
) -> Option<SearchResult> {
    let limit = match args.depth {
        Some(d) => SearchLimit::Depth(d),
        None => SearchLimit::MoveTime(Duration::from_millis(args.time)),
    };
    let stop = AtomicBool::new(false);
    engine.search(pos, limit, &stop, &mut Progress { verbose })
}

pub fn run(args: &AnalyzeArgs) -> crate::CliResult {
    let game = read_game(&args.game)?;
    let level = Level::new(args.level).ok_or("the level must be from 1 to 8")?;
    let mut engine = Engine::new();
    engine.set_level(level);
    // The analysis searches every position; the book is shown beside.
    engine.set_book(false);
    if args.all {
        return review(&mut engine, &game, args);
    }
    let at = args.at.unwrap_or(game.entries().len());
    let pos = game.position_at(at).ok_or_else(|| {
        format!(
            "--at {at}: the game has only {} entries",
            game.entries().len()
        )
    })?;
    println!("position: {pos}");
    if let Some(outcome) = pos.outcome() {
        println!("the game is over: {outcome}");
        return Ok(());
    }
    println!("{} to move", pos.turn());
    let book = Book::shipped().moves(pos);
    if !book.is_empty() {
        let moves: Vec<String> = book
            .iter()
            .map(|m| format!("{} ({})", m.mv, m.score))
            .collect();
        println!("opening book: {}", moves.join(", "));
    }
    let result = search(&mut engine, pos, args, true).ok_or("the game is over")?;
    let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    println!("best move: {}", result.best);
    println!(
        "value: {} for {} (expected outcome {:.2})",
        result.score,
        pos.turn(),
        result.score.expected_outcome()
    );
    println!("principal variation: {}", pv.join(" "));
    println!(
        "depth {}, {} nodes, {} ms",
        result.depth,
        result.nodes,
        result.elapsed.as_millis()
    );
    Ok(())
}

/// Every move of the game judged by the engine (the review the server's
/// analysis also uses): its value for the mover before and after, the
/// engine's better move, and ?! ? ?? for inaccuracies, mistakes, blunders.
fn review(engine: &mut Engine, game: &Game, args: &AnalyzeArgs) -> crate::CliResult {
    let bar = indicatif::ProgressBar::new(game.entries().len() as u64 + 1);
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let limit = match args.depth {
        Some(d) => SearchLimit::Depth(d),
        None => SearchLimit::MoveTime(Duration::from_millis(args.time)),
    };
    let stop = AtomicBool::new(false);
    let (_, reviews) =
        quoridor_engine::review::review_game(engine, game, limit, &stop, |done, _| {
            bar.set_position(done as u64)
        });
    bar.finish_and_clear();
    println!("ply   mover  move      before  after  judgement   engine's move");
    for r in &reviews {
        let mark = r.judgement.map_or("", |j| j.symbol());
        let verdict = match (r.judgement, r.book) {
            (Some(j), _) => j.name(),
            (None, true) => "book",
            (None, false) => "",
        };
        println!(
            "{:>4}. {:<6} {:<8} {:>5.2}  {:>5.2}  {:<11} {}",
            r.ply + 1,
            r.mover.to_string(),
            format!("{}{mark}", r.played),
            r.before,
            r.after,
            verdict,
            r.best.map_or(String::new(), |b| {
                let line: Vec<String> = r.line.iter().map(ToString::to_string).collect();
                format!("{b} ({})", line.join(" "))
            })
        );
    }
    for seat in game.position().seats() {
        let mine: Vec<_> = reviews.iter().filter(|r| r.mover == *seat).collect();
        if mine.is_empty() {
            continue;
        }
        let accuracy = mine.iter().map(|r| r.accuracy).sum::<f64>() / mine.len() as f64;
        println!("{seat}: accuracy {accuracy:.0}%");
    }
    if let Some(outcome) = game.outcome() {
        println!("result: {outcome}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        vec![text.to_string()]
    }

    #[test]
    fn reads_every_form_of_game() {
        let moves = read_game(&words("e2 e8 e3")).unwrap();
        assert_eq!(moves.entries().len(), 3);
        let line = read_game(&words("7 2 6 d2 d6")).unwrap();
        assert_eq!(line.position().size(), 7);
        let pos = read_game(&words("9 e4,e6 e5h 9,10 north 1")).unwrap();
        assert_eq!(pos.position().fence_count(), 1);
        let record = read_game(&words("[Size \"5\"]\n\n1. c2 c4")).unwrap();
        assert_eq!(record.entries().len(), 2);
        assert!(read_game(&words("e2 e3h e3v"))
            .unwrap_err()
            .contains("fence crosses e3h"));
        assert!(read_game(&words("zz")).is_err());
        assert_eq!(
            read_game(&words("/no/such/file")).unwrap_err(),
            "/no/such/file: no such file"
        );
    }
}
