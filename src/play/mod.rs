//! `quoridor play`: play Quoridor in the terminal, against the AI or other
//! people at the same keyboard.
//!
//! - [`app`]: the game being played, without a terminal (keys, typed
//!   lines, time, the AI on its thread ([`ai`]), clocks ([`clock`])).
//! - [`ui`]: the full screen drawn with ratatui; [`tui`]: the terminal loop.
//! - [`plain`]: `--plain`, lines of text for screen readers and scripts.
//! - [`store`]: saved games and the autosave; [`i18n`]: every text in
//!   English, French and Romanian.

pub mod ai;
pub mod app;
pub mod clock;
pub mod i18n;
pub mod keys;
pub mod plain;
pub mod store;
pub mod tui;
pub mod ui;

#[cfg(test)]
mod tests;

use std::hash::BuildHasher;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use quoridor_engine::Level;
use quoridor_rules::{Ruleset, Seat};

use crate::VariantArg;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

use app::{App, Controller, Setup};
use i18n::Lang;
use store::{Saved, AUTOSAVE};
use ui::Palette;

/// Where `--crash-test` makes the program panic.
#[derive(clap::ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum CrashTest {
    Screen,
    Ai,
}

#[derive(clap::Args, Clone, Debug)]
pub struct PlayArgs {
    /// Level of the AI opponents, 1 (beginner) to 8 (full strength).
    #[arg(long, value_name = "LEVEL", default_value_t = app::DEFAULT_LEVEL)]
    pub ai: u8,
    /// Your seat: south (moves first), north (or west, east with 4
    /// players), or random: a draw decides who moves first.
    #[arg(long, value_name = "SEAT", default_value = "random")]
    pub color: String,
    /// People only, taking turns at one keyboard.
    #[arg(long)]
    pub hotseat: bool,
    /// Number of players, 2 or 4 (default: as many as --seats names, 4 for
    /// the teams variant, else 2).
    #[arg(long)]
    pub players: Option<u32>,
    /// Who plays each seat, in turn order (south, west, north, east with 4
    /// players; south, north with 2): human, ai or ai:N.
    #[arg(long, value_delimiter = ',', value_name = "LIST")]
    pub seats: Option<Vec<String>>,
    /// Board side (odd, 3 to 11).
    #[arg(long, default_value_t = 9)]
    pub size: u32,
    /// Fences per player (default: the rules' table for the size and players).
    #[arg(long)]
    pub fences: Option<u32>,
    /// The game played (RULES.md §9).
    #[arg(long, value_enum, default_value_t = VariantArg::Standard)]
    pub variant: VariantArg,
    /// A clock per player, total time and increment: 5m+3s, 10m, 1m30s+1s
    /// (or 10s/move). Running out of time loses; a first move is not timed.
    #[arg(long, value_name = "TIME", conflicts_with = "move_time")]
    pub clock: Option<String>,
    /// A fixed time for every move (10s) after the first; running out of time loses.
    #[arg(long, value_name = "TIME")]
    pub move_time: Option<String>,
    /// Language: en, fr or ro (default: from LC_ALL, LC_MESSAGES or LANG).
    #[arg(long)]
    pub lang: Option<String>,
    /// A saved game (record) to continue or replay move by move.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Line mode: moves and commands on standard input, the board as text
    /// (for screen readers, scripts and pipes; also used when the input or
    /// output is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// No colours (also when NO_COLOR is set).
    #[arg(long)]
    pub no_color: bool,
    /// Start a new game without offering the one kept from last time.
    #[arg(long)]
    pub new: bool,
    /// Seed of the AI's randomness (the low levels add noise), for a game
    /// that can be played again.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Level of the AI that gives hints.
    #[arg(long, default_value_t = 7, value_name = "LEVEL")]
    pub hint_level: u8,
    /// Make the program fail on purpose, for the tests that check the
    /// terminal is restored on a crash: `screen` (the screen's thread
    /// panics after the first key) or `ai` (the AI's first search panics).
    #[arg(long, hide = true, value_enum, value_name = "WHERE")]
    pub crash_test: Option<CrashTest>,
    /// Print the screen after these keys instead of playing (for tests and
    /// documentation): `WIDTHxHEIGHT`.
    #[arg(long, hide = true, value_name = "WxH")]
    pub screenshot: Option<String>,
    /// The keys of `--screenshot`: characters, and <Up>, <Enter>, <Tab>,
    /// <Esc>, <Space>, <Backspace>, <PgUp>, <F1>…
    #[arg(long, hide = true, default_value = "")]
    pub keys: String,
}

/// A random number from the standard library's hash keys.
fn random_u64() -> u64 {
    std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
}

fn level(n: u8) -> Result<Level, String> {
    Level::new(n).ok_or_else(|| format!("level {n}: the levels go from 1 to 8"))
}

/// The rules and players chosen on the command line.
pub fn setup(args: &PlayArgs) -> Result<Setup, String> {
    let players = match (args.players, &args.seats, args.variant) {
        (Some(n), _, _) => n,
        (None, Some(seats), _) => seats.len() as u32,
        (None, None, VariantArg::Teams) => 4,
        (None, None, _) => 2,
    };
    let mut rules = Ruleset::new(args.size, players).map_err(|e| e.to_string())?;
    if let Some(fences) = args.fences {
        rules = rules.with_fences(fences).map_err(|e| e.to_string())?;
    }
    rules = rules
        .with_variant(args.variant.into())
        .map_err(|e| e.to_string())?;
    // Four pawns can walk round walls for ever: a third repetition draws.
    rules = rules.with_repetition(rules.players() == 4);
    let seats_in_play = Seat::in_play(rules.players());
    let ai = level(args.ai)?;
    let seats: Vec<Controller> = if let Some(list) = &args.seats {
        let seats = list
            .iter()
            .map(|s| s.parse::<Controller>())
            .collect::<Result<Vec<_>, _>>()?;
        if seats.len() != seats_in_play.len() {
            return Err(format!(
                "--seats: {} players need {} entries, found {}",
                rules.players(),
                seats_in_play.len(),
                seats.len()
            ));
        }
        seats
    } else if args.hotseat {
        vec![Controller::Human; seats_in_play.len()]
    } else {
        let human = match args.color.to_ascii_lowercase().as_str() {
            "random" => (random_u64() % seats_in_play.len() as u64) as usize,
            other => {
                let seat: Seat = other.parse().map_err(|e| format!("--color: {e}"))?;
                seat.player(rules.players()).ok_or_else(|| {
                    format!(
                        "--color {seat}: not a seat of a {}-player game",
                        rules.players()
                    )
                })?
            }
        };
        (0..seats_in_play.len())
            .map(|p| {
                if p == human {
                    Controller::Human
                } else {
                    Controller::Ai(ai)
                }
            })
            .collect()
    };
    let time = match (&args.clock, &args.move_time) {
        (Some(clock), _) => Some(clock.parse().map_err(|e| format!("--clock: {e}"))?),
        (None, Some(t)) => {
            let per_move = quoridor_engine::parse_duration(t)
                .ok()
                .filter(|t| !t.is_zero())
                .map(quoridor_engine::TimeControl::PerMove);
            Some(per_move.ok_or_else(|| {
                format!("--move-time: expected a duration such as 10s, found `{t}`")
            })?)
        }
        (None, None) => None,
    };
    let lang = match &args.lang {
        Some(text) => Lang::parse(text).ok_or_else(|| format!("--lang {text}: en, fr or ro"))?,
        None => Lang::from_env(),
    };
    let mut setup = Setup::new(rules, seats);
    setup.time = time;
    setup.lang = lang;
    setup.seed = args.seed.unwrap_or_else(random_u64);
    setup.hint_level = level(args.hint_level)?;
    setup.default_ai = ai;
    setup.data_dir = store::data_dir();
    setup.crash_ai = args.crash_test == Some(CrashTest::Ai);
    if !setup.seats.iter().any(|c| c.is_human()) {
        setup.ai_pause = Duration::from_millis(400);
    }
    Ok(setup)
}

pub fn run(args: &PlayArgs) -> crate::CliResult {
    let mut setup = setup(args)?;
    if let Some(size) = &args.screenshot {
        setup.data_dir = None;
        setup.ai_pause = Duration::ZERO;
        let color = !args.no_color;
        print!(
            "{}",
            screenshot(setup, args.load.as_deref(), size, &args.keys, color)?
        );
        return Ok(());
    }
    let plain = args.plain || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal();
    let color = !args.no_color && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let kept = match (&setup.data_dir, &args.load, args.new) {
        (Some(dir), None, false) => Saved::read(&dir.join(AUTOSAVE)).ok(),
        _ => None,
    };
    if plain {
        // Lines of text have no pause to watch AI moves by.
        setup.ai_pause = Duration::ZERO;
    }
    let mut app = App::new(setup, Instant::now(), kept);
    if let Some(path) = &args.load {
        let saved = Saved::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        app.load_saved(saved, &path.display().to_string());
    }
    let signal = Arc::new(AtomicBool::new(false));
    for sig in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        signal_hook::flag::register(sig, Arc::clone(&signal))?;
    }
    if plain {
        let stdin = std::io::BufReader::new(std::io::stdin());
        plain::run(&mut app, stdin, &mut std::io::stdout(), signal)?;
    } else {
        let crash = args.crash_test == Some(CrashTest::Screen);
        tui::run(&mut app, Palette::new(color), signal, crash)?;
        if let Some(path) = app.kept() {
            // The terminal may be gone (a hangup): nothing to say then.
            let text = app.lang().f(i18n::Msg::Kept, &[&path.display()]);
            let _ = writeln!(std::io::stdout(), "{text}");
        }
    }
    Ok(())
}

/// The screen after a script of keys, as text.
pub fn screenshot(
    setup: Setup,
    load: Option<&std::path::Path>,
    size: &str,
    keys: &str,
    color: bool,
) -> Result<String, String> {
    let (w, h) = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<u16>().ok()?, h.parse::<u16>().ok()?)))
        .ok_or_else(|| format!("--screenshot {size}: expected WIDTHxHEIGHT such as 80x24"))?;
    let mut app = App::new(setup, Instant::now(), None);
    if let Some(path) = load {
        let saved = Saved::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        app.load_saved(saved, &path.display().to_string());
    }
    app.settle();
    for key in parse_keys(keys)? {
        app.handle_key(key);
        app.settle();
    }
    let mut terminal = Terminal::new(TestBackend::new(w, h)).map_err(|e| e.to_string())?;
    terminal
        .draw(|frame| ui::draw(frame, &app, Palette::new(color)))
        .map_err(|e| e.to_string())?;
    Ok(ui::buffer_text(terminal.backend().buffer()))
}

/// Keys written as text: characters as typed, named keys in angle
/// brackets (`<Up>`, `<Enter>`, `<C-c>`), white space ignored.
pub fn parse_keys(text: &str) -> Result<Vec<KeyEvent>, String> {
    let mut keys = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        let code = match c {
            c if c.is_whitespace() => continue,
            '<' => {
                let name: String = chars.by_ref().take_while(|&c| c != '>').collect();
                let code = match name.to_ascii_lowercase().as_str() {
                    "up" => KeyCode::Up,
                    "down" => KeyCode::Down,
                    "left" => KeyCode::Left,
                    "right" => KeyCode::Right,
                    "enter" => KeyCode::Enter,
                    "tab" => KeyCode::Tab,
                    "esc" => KeyCode::Esc,
                    "space" => KeyCode::Char(' '),
                    "backspace" => KeyCode::Backspace,
                    "home" => KeyCode::Home,
                    "end" => KeyCode::End,
                    "pgup" => KeyCode::PageUp,
                    "pgdn" => KeyCode::PageDown,
                    "lt" => KeyCode::Char('<'),
                    "f1" => KeyCode::F(1),
                    "c-c" => {
                        keys.push(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
                        continue;
                    }
                    _ => return Err(format!("unknown key <{name}>")),
                };
                code
            }
            c => KeyCode::Char(c),
        };
        keys.push(KeyEvent::new(code, KeyModifiers::NONE));
    }
    Ok(keys)
}
