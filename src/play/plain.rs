//! `--plain`: the game as lines of text, for screen readers, scripts and
//! pipes. Moves and commands are read one per line from standard input;
//! the board is printed as [`Diagram`] draws it, with the status in the
//! chosen language, each time a person is to move; the AI's moves are
//! printed as they come (`north plays e8`). Lines are only read when a
//! person has to answer, so a script may pipe all its moves at once.
//! The end of the input quits (keeping an unfinished game).

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use quoridor_rules::{Diagram, Seat, Variant};

use super::app::App;
use super::clock::clock_text;
use super::i18n::{Command, Lang, Msg};
use crate::lines::{read_line, Line};

/// The most bytes of one line that are read; the rest is thrown away.
const MAX_LINE: usize = 4096;

/// A line of input as the game receives it.
enum Input {
    Text(String),
    /// Bytes that are not UTF-8 text: refused, and the game goes on.
    NotText,
    /// Longer than [`MAX_LINE`]: refused, and the game goes on.
    TooLong,
}

/// Reads lines on a thread, so that the game can keep its clocks while it
/// waits for them.
fn read_lines(mut input: impl BufRead + Send + 'static) -> Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            let line = match read_line(&mut input, &mut buf, MAX_LINE) {
                Ok(Line::End) | Err(_) => break,
                Ok(Line::Cut) => Input::TooLong,
                Ok(Line::Whole) => match std::str::from_utf8(&buf) {
                    Ok(text) => Input::Text(text.to_string()),
                    Err(_) => Input::NotText,
                },
            };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Plays with lines of text until the input ends or the players quit.
pub fn run(
    app: &mut App,
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
    signal: Arc<AtomicBool>,
) -> io::Result<()> {
    let lang = app.lang();
    let lines = read_lines(input);
    writeln!(out, "{}", intro(app))?;
    writeln!(out, "{}", lang.t(Msg::PlainIntro))?;
    let mut shown: Option<(usize, Option<usize>, bool)> = None;
    let mut prompted = false;
    loop {
        app.tick(Instant::now());
        for line in app.take_log() {
            writeln!(out, "{line}")?;
        }
        if signal.load(Ordering::Relaxed) {
            app.quit();
        }
        if app.has_quit() {
            for line in app.take_log() {
                writeln!(out, "{line}")?;
            }
            break;
        }
        if app.is_thinking() {
            // An AI move or a hint: the next line waits for it.
            app.wait(Duration::from_millis(50));
            continue;
        }
        if !app.awaits_person() {
            std::thread::sleep(Duration::from_millis(50));
            continue;
        }
        let state = (
            app.game().entries().len(),
            app.replay(),
            app.game().is_over(),
        );
        if shown != Some(state) {
            write_board(out, app)?;
            shown = Some(state);
            prompted = false;
        }
        if !prompted {
            if let Some(prompt) = prompt(app) {
                writeln!(out, "{prompt}")?;
            }
            prompted = true;
        }
        out.flush()?;
        match lines.recv_timeout(Duration::from_millis(50)) {
            Ok(Input::NotText) => {
                app.refuse_line(lang.t(Msg::NotText));
                prompted = false;
            }
            Ok(Input::TooLong) => {
                app.refuse_line(&lang.f(Msg::LineTooLong, &[&MAX_LINE]));
                prompted = false;
            }
            Ok(Input::Text(line)) => {
                let first = line.split_whitespace().next().unwrap_or("");
                let first = first.strip_prefix(':').unwrap_or(first);
                if Command::parse(first) == Some(Command::Board) && app.ask().is_none() {
                    write_board(out, app)?;
                }
                app.submit(&line);
                prompted = false;
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => app.quit(),
        }
    }
    out.flush()
}

/// `Quoridor 9×9 · players: south: you, north: AI level 3`.
fn intro(app: &App) -> String {
    let lang = app.lang();
    let rules = app.game().rules();
    let players: Vec<String> = app
        .game()
        .position()
        .seats()
        .iter()
        .map(|&seat| {
            let who = match app.controller(seat) {
                quoridor_engine::Controller::Ai(level) => lang.f(Msg::AiLong, &[&level]),
                _ => app.player_label(seat),
            };
            format!("{}: {who}", lang.seat(seat))
        })
        .collect();
    let mut title = lang.f(Msg::Title, &[&rules.size()]);
    match rules.variant() {
        Variant::Standard => {}
        Variant::Teams => title = format!("{title} ({})", lang.t(Msg::VariantTeams)),
        Variant::Scoring => title = format!("{title} ({})", lang.t(Msg::VariantScoring)),
    }
    format!(
        "{title} · {}",
        lang.f(Msg::PlayersLine, &[&players.join(", ")])
    )
}

/// What to type now; `None` when the question was already printed.
fn prompt(app: &App) -> Option<String> {
    let lang = app.lang();
    if app.ask().is_some() {
        return None;
    }
    if let Some(at) = app.replay() {
        return Some(lang.f(Msg::PlainReplay, &[&at, &app.game().entries().len()]));
    }
    if app.game().is_over() {
        return Some(lang.t(Msg::PlainOver).into());
    }
    let seat = app.game().position().turn();
    Some(lang.f(Msg::PlainPrompt, &[&lang.seat(seat)]))
}

/// The board and its status lines.
pub fn write_board(out: &mut dyn Write, app: &App) -> io::Result<()> {
    for line in board_text(app) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The board as [`Diagram`] draws it (pawn letters in the language), then
/// the status in words.
pub fn board_text(app: &App) -> Vec<String> {
    let lang = app.lang();
    let pos = app.shown();
    let mut lines: Vec<String> = Diagram::new(pos)
        .board_lines()
        .into_iter()
        .map(|line| translate_pawns(&line, lang))
        .collect();
    let over = app.replay().is_none() && app.game().is_over();
    let state = if over {
        app.end_text()
    } else if pos.is_over() {
        lang.outcome(pos.outcome().expect("the game is over"))
    } else {
        lang.f(Msg::ToMove, &[&lang.seat(pos.turn())])
    };
    lines.push(lang.f(Msg::PlyLine, &[&pos.ply(), &state]));
    let per_seat = |value: &dyn Fn(Seat) -> String| {
        let items: Vec<String> = pos
            .seats()
            .iter()
            .map(|&seat| {
                let shown = if pos.is_out(seat) {
                    lang.t(Msg::Out).to_string()
                } else {
                    value(seat)
                };
                format!("{} {shown}", lang.seat(seat))
            })
            .collect();
        items.join(", ")
    };
    lines.push(lang.f(
        Msg::FencesLine,
        &[&per_seat(&|s| pos.fences_left(s).to_string())],
    ));
    lines.push(lang.f(
        Msg::PathsLine,
        &[&per_seat(&|s| {
            pos.distance(s).map_or("-".to_string(), |d| d.to_string())
        })],
    ));
    if pos.rules().variant() == Variant::Scoring {
        lines.push(lang.f(Msg::ScoresLine, &[&per_seat(&|s| pos.score(s).to_string())]));
    }
    if app.clock(Seat::South).is_some() {
        let clocks = per_seat(&|s| app.clock(s).map(clock_text).unwrap_or_default());
        lines.push(lang.f(Msg::ClocksLine, &[&clocks]));
    }
    lines
}

/// The diagram's pawn letters (` W `) in the language's initials (` O `).
fn translate_pawns(line: &str, lang: Lang) -> String {
    let mut line = line.to_string();
    for (seat, letter) in [
        (Seat::South, "S"),
        (Seat::West, "W"),
        (Seat::North, "N"),
        (Seat::East, "E"),
    ] {
        let initial = lang.initial(seat);
        if initial != letter {
            line = line.replace(&format!(" {letter} "), &format!(" {initial} "));
        }
    }
    line
}
