//! `quoridor learn`: the rules tutorial in the terminal, one lesson after
//! another, as lines of text: the board, the rule, the task; the move typed
//! is checked by the rules engine and the lesson says why it is right, not
//! what was asked, or against the rules.

use std::io::{self, BufRead, Write};

use quoridor_learn::texts::{seat_name, Word};
use quoridor_learn::{illegal_text, lesson, Lang, Lesson, LessonText, Outcome, Wording, LESSONS};
use quoridor_rules::{Diagram, Move};

use crate::lines::read_lossy_line;

/// The longest line read: far more than any move.
const LINE_LIMIT: usize = 256;

#[derive(clap::Args)]
pub struct LearnArgs {
    /// Start at this lesson (see --list).
    #[arg(long)]
    lesson: Option<String>,
    /// The language: en, fr or ro.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
    /// Simpler words, for children.
    #[arg(long)]
    child: bool,
    /// List the lessons and their answers, and stop.
    #[arg(long)]
    list: bool,
}

fn parse_lang(text: &str) -> Result<Lang, String> {
    text.parse()
        .map_err(|e: quoridor_rules::ParseError| e.to_string())
}

pub fn run(args: &LearnArgs) -> crate::CliResult {
    let stdin = io::stdin();
    let stdout = io::stdout();
    tutor(args, &mut stdin.lock(), &mut stdout.lock())
}

fn text_of(lang: Lang, lesson: &Lesson) -> LessonText {
    LessonText::of(lang, lesson.id).expect("every lesson has its words (tested)")
}

/// The tutorial between any input and output (the tests drive it with text).
pub fn tutor(args: &LearnArgs, input: &mut impl BufRead, out: &mut impl Write) -> crate::CliResult {
    let lang = args.lang;
    if args.list {
        return list(lang, out);
    }
    let first = match &args.lesson {
        None => 0,
        Some(id) => {
            let lesson = lesson(id).ok_or_else(|| {
                let ids: Vec<&str> = LESSONS.iter().map(|l| l.id).collect();
                format!("no lesson {id:?}: the lessons are {}", ids.join(", "))
            })?;
            lesson.number() - 1
        }
    };
    let wording = if args.child {
        Wording::Child
    } else {
        Wording::Standard
    };
    for lesson in &LESSONS[first..] {
        if !teach(lesson, lang, wording, input, out)? {
            return Ok(());
        }
    }
    writeln!(out, "{}", Word::Finished.text(lang))?;
    Ok(())
}

/// One lesson, until the right move (`true`) or the end of the input or
/// `q` (`false`).
fn teach(
    lesson: &Lesson,
    lang: Lang,
    wording: Wording,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<bool> {
    let text = text_of(lang, lesson);
    let pos = lesson.start();
    let heading = Word::LessonOf
        .text(lang)
        .replace("{n}", &lesson.number().to_string())
        .replace("{total}", &LESSONS.len().to_string());
    writeln!(out, "\n{heading}: {}\n", text.title)?;
    for line in Diagram::new(&pos).board_lines() {
        writeln!(out, "{line}")?;
    }
    let turn = seat_name(lang, pos.turn());
    writeln!(
        out,
        "\n{}\n\n> {}  ({turn})",
        text.rule(wording),
        text.task(wording)
    )?;
    loop {
        let Some(mv) = ask_move(lang, input, out)? else {
            return Ok(false);
        };
        let check = lesson.check(mv);
        match check.outcome {
            Outcome::Right => {
                let mut after = pos;
                after.play_unchecked(mv);
                for line in Diagram::new(&after).board_lines() {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "\n{} {}", Word::Right.text(lang), text.success)?;
                return Ok(true);
            }
            Outcome::NotAsked => {
                writeln!(out, "{} {}", text.hint, Word::TryAgain.text(lang))?;
            }
            Outcome::Illegal => {
                let reason = check
                    .illegal
                    .map(|e| illegal_text(lang, &e))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{} {reason}\n{}\n{}",
                    Word::NotAllowed.text(lang),
                    text.rule(wording),
                    Word::TryAgain.text(lang)
                )?;
            }
        }
    }
}

/// Asks for a move until one is written as a move: `None` at the end of
/// the input or on `q`. A line that is not a move says what was expected.
pub fn ask_move(
    lang: Lang,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<Option<Move>> {
    loop {
        write!(out, "{} ", Word::Prompt.text(lang))?;
        out.flush()?;
        let Some(line) = read_lossy_line(input, LINE_LIMIT) else {
            writeln!(out)?;
            return Ok(None);
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            return Ok(None);
        }
        if line.is_empty() {
            continue;
        }
        match line.parse() {
            Ok(mv) => return Ok(Some(mv)),
            Err(err) => writeln!(out, "{err}")?,
        }
    }
}

/// Every lesson with its title and the moves it accepts.
fn list(lang: Lang, out: &mut impl Write) -> crate::CliResult {
    for lesson in &LESSONS {
        let text = text_of(lang, lesson);
        let answers: Vec<String> = lesson.answers().iter().map(|m| m.to_string()).collect();
        writeln!(
            out,
            "{:>2}. {:<13} {}  ({} {})",
            lesson.number(),
            lesson.id,
            text.title,
            Word::Answers.text(lang),
            answers.join(" ")
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_with(args: LearnArgs, input: &str) -> String {
        let mut out = Vec::new();
        tutor(&args, &mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn args(lesson: Option<&str>, lang: Lang, child: bool) -> LearnArgs {
        LearnArgs {
            lesson: lesson.map(str::to_string),
            lang,
            child,
            list: false,
        }
    }

    #[test]
    fn the_whole_tutorial_with_its_answers() {
        let answers: Vec<String> = LESSONS.iter().map(|l| l.answers()[0].to_string()).collect();
        let out = run_with(args(None, Lang::En, false), &answers.join("\n"));
        assert_eq!(out.matches("Right!").count(), LESSONS.len());
        assert!(out.contains("You have finished the tutorial"));
        assert!(out.contains("Lesson 10 of 10: Four players: no double jump"));
    }

    #[test]
    fn wrong_moves_are_explained_and_retried() {
        let out = run_with(args(Some("jump"), Lang::En, false), "e7\nd4\nzz\ne6\nq\n");
        assert!(out.contains("Not allowed: the pawn cannot go from e4 to e7 in one move."));
        assert!(out.contains("this lesson is about the jump"));
        assert!(out.contains("expected a move"));
        assert!(out.contains("Right! Nice jump"));
        assert!(out.contains("Lesson 4 of 10"), "goes on to the next lesson");
        assert!(!out.contains("finished"));
    }

    #[test]
    fn french_for_children() {
        let out = run_with(args(Some("last-path"), Lang::Fr, true), "b8v\n");
        assert!(out.contains("Interdit : cette barrière enfermerait Nord"));
        assert!(out.contains("jamais l'enfermer"));
        assert!(out.contains("Leçon 8 sur 10"));
    }

    #[test]
    fn unknown_lesson_and_the_list() {
        let mut out = Vec::new();
        let err = tutor(
            &args(Some("chess"), Lang::En, false),
            &mut "".as_bytes(),
            &mut out,
        )
        .unwrap_err();
        assert!(err
            .to_string()
            .contains("no lesson \"chess\": the lessons are step, goal"));
        let list = LearnArgs {
            list: true,
            ..args(None, Lang::Ro, false)
        };
        let out = run_with(list, "");
        assert!(out.contains(" 3. jump          Față în față: săritura  (Răspunsuri: e6)"));
    }
}
