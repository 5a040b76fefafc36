//! `quoridor puzzle`: the tactics puzzles in the terminal, one after
//! another: the board, the side to move, the move typed checked; right or
//! wrong, the explanation from the path lengths and the solution line. A
//! streak, and a puzzle rating kept in the data directory.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use quoridor_learn::texts::{seat_name, theme_name, Word};
use quoridor_learn::{
    illegal_text, pick, rated, shipped, Answer, Lang, Puzzle, Theme, START_RATING,
};
use quoridor_rules::Diagram;
use serde::{Deserialize, Serialize};

use crate::learn::ask_move;

#[derive(clap::Args)]
pub struct PuzzleArgs {
    /// Only puzzles of this theme: race, detour, fence-timing, jump.
    #[arg(long)]
    theme: Option<Theme>,
    /// Only puzzles of this difficulty, 1 to 5.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    difficulty: Option<u8>,
    /// This puzzle (its id, `p0012`).
    #[arg(long)]
    id: Option<String>,
    /// The language: en, fr or ro.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
}

fn parse_lang(text: &str) -> Result<Lang, String> {
    text.parse()
        .map_err(|e: quoridor_rules::ParseError| e.to_string())
}

/// What is kept between sessions: the rating and the puzzles already met.
#[derive(Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
struct Progress {
    rating: Option<i32>,
    seen: Vec<String>,
}

fn progress_file() -> Option<PathBuf> {
    crate::play::store::data_dir().map(|dir| dir.join("puzzles.json"))
}

fn load_progress(path: Option<&PathBuf>) -> Progress {
    path.and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

fn save_progress(path: Option<&PathBuf>, progress: &Progress) {
    let Some(path) = path else { return };
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Ok(text) = serde_json::to_string(progress) {
        // Losing the rating is not worth stopping the trainer for.
        let _ = crate::game_file::write_whole(path, text.as_bytes());
    }
}

pub fn run(args: &PuzzleArgs) -> crate::CliResult {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let file = progress_file();
    train(args, file.as_ref(), &mut stdin.lock(), &mut stdout.lock())
}

/// The trainer between any input and output (the tests drive it with text).
pub fn train(
    args: &PuzzleArgs,
    file: Option<&PathBuf>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> crate::CliResult {
    let lang = args.lang;
    let puzzles = shipped();
    let mut progress = load_progress(file);
    let mut streak = 0;
    if let Some(id) = &args.id {
        let puzzle = puzzles
            .iter()
            .find(|p| p.id.eq_ignore_ascii_case(id))
            .ok_or_else(|| {
                let mined: Vec<&str> = puzzles
                    .iter()
                    .map(|p| p.id.as_str())
                    .filter(|id| !id.starts_with("article-"))
                    .collect();
                format!(
                    "no puzzle {id:?}: the ids are article-1, article-2 and {} of p0001 to {} (some were dropped)",
                    mined.len(),
                    mined.last().unwrap_or(&"p0001")
                )
            })?;
        solve(puzzle, lang, &mut progress, &mut streak, input, out)?;
        save_progress(file, &progress);
        return Ok(());
    }
    loop {
        let rating = progress.rating.unwrap_or(START_RATING);
        let next = pick(
            &puzzles,
            args.theme,
            args.difficulty,
            rating,
            &progress.seen,
        )
        .or_else(|| {
            // Every puzzle met: start the round again.
            progress.seen.clear();
            pick(&puzzles, args.theme, args.difficulty, rating, &[])
        });
        let Some(puzzle) = next else {
            writeln!(out, "{}", Word::NoPuzzle.text(lang))?;
            return Ok(());
        };
        let go_on = solve(puzzle, lang, &mut progress, &mut streak, input, out)?;
        save_progress(file, &progress);
        if !go_on {
            return Ok(());
        }
    }
}

/// One puzzle, until a legal move is given (`true`), or the input ends or
/// says `q` (`false`).
fn solve(
    puzzle: &Puzzle,
    lang: Lang,
    progress: &mut Progress,
    streak: &mut u32,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<bool> {
    let pos = puzzle.start();
    let heading = Word::PuzzleHeading
        .text(lang)
        .replace("{id}", &puzzle.id)
        .replace("{theme}", theme_name(lang, puzzle.theme))
        .replace("{d}", &puzzle.difficulty.to_string());
    writeln!(out, "\n{heading}\n")?;
    for line in Diagram::new(&pos).board_lines() {
        writeln!(out, "{line}")?;
    }
    let task = Word::PuzzleTask
        .text(lang)
        .replace("{seat}", seat_name(lang, pos.turn()));
    writeln!(out, "\n{task}")?;
    loop {
        let Some(mv) = ask_move(lang, input, out)? else {
            return Ok(false);
        };
        let solved = match puzzle.check(mv) {
            Answer::Illegal(err) => {
                writeln!(
                    out,
                    "{} {}",
                    Word::NotAllowed.text(lang),
                    illegal_text(lang, &err)
                )?;
                continue;
            }
            Answer::Right => true,
            Answer::Wrong => false,
        };
        let verdict = if solved {
            Word::Right.text(lang)
        } else {
            Word::NotBest.text(lang)
        };
        writeln!(out, "{verdict} {}", puzzle.explanation(lang))?;
        writeln!(
            out,
            "{} {}",
            Word::Solution.text(lang),
            puzzle.solution.join(" ")
        )?;
        *streak = if solved { *streak + 1 } else { 0 };
        let rating = rated(
            progress.rating.unwrap_or(START_RATING),
            puzzle.rating,
            solved,
        );
        progress.rating = Some(rating);
        if !progress.seen.contains(&puzzle.id) {
            progress.seen.push(puzzle.id.clone());
        }
        let streak_text = Word::Streak.text(lang).replace("{n}", &streak.to_string());
        let rating_text = Word::Rating.text(lang).replace("{r}", &rating.to_string());
        writeln!(out, "{streak_text} · {rating_text}")?;
        return Ok(true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(id: Option<&str>, theme: Option<Theme>, lang: Lang) -> PuzzleArgs {
        PuzzleArgs {
            theme,
            difficulty: None,
            id: id.map(str::to_string),
            lang,
        }
    }

    fn run_with(args: &PuzzleArgs, file: &PathBuf, input: &str) -> String {
        let mut out = Vec::new();
        train(args, Some(file), &mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_puzzle_solved_then_one_missed_with_the_rating_kept() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("puzzles.json");
        let puzzles = shipped();
        let first = &puzzles[0];
        let out = run_with(
            &args(Some(&first.id), None, Lang::En),
            &file,
            &format!("zz\n{}\n", first.solution[0]),
        );
        assert!(out.contains(&format!("Puzzle {}", first.id)), "{out}");
        assert!(out.contains("expected a move"), "{out}");
        assert!(out.contains("Right!"), "{out}");
        assert!(out.contains("Streak: 1"), "{out}");
        let saved = load_progress(Some(&file));
        assert!(saved.rating.unwrap() > START_RATING);
        assert_eq!(saved.seen, vec![first.id.clone()]);

        // A wrong (legal) move: the explanation and the solution.
        let wrong = first
            .start()
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != first.best())
            .unwrap();
        let out = run_with(
            &args(Some(&first.id), None, Lang::Fr),
            &file,
            &format!("{wrong}\n"),
        );
        assert!(out.contains("Ce n'est pas le meilleur coup."), "{out}");
        assert!(
            out.contains(&format!("La solution : {}", first.solution.join(" "))),
            "{out}"
        );
        assert!(out.contains("Série : 0"), "{out}");
    }

    #[test]
    fn puzzles_follow_one_another_by_theme_until_q() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("puzzles.json");
        let out = run_with(
            &args(None, Some(Theme::Detour), Lang::En),
            &file,
            "a1h\nq\n",
        );
        assert!(out.matches("Puzzle p").count() >= 1, "{out}");
        assert!(out.contains("Detour"), "{out}");
        let err = train(
            &args(Some("p9999"), None, Lang::En),
            Some(&file),
            &mut "".as_bytes(),
            &mut Vec::new(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("no puzzle \"p9999\""));
    }
}
