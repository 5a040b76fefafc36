//! The state of a game being played, without any terminal: the game, who
//! plays each seat, the cursor and mode, the message line, the AI thinking
//! on its thread. Keys come in through [`App::handle_key`], typed lines
//! through [`App::submit`], time through [`App::tick`]; the screen
//! ([`super::ui`]) and the line mode ([`super::plain`]) only read it.
//!
//! The game itself is the game crate's ([`RoomState`], as on the server and
//! in the page's games on the device): seats, clocks, forced passes, undo,
//! draws, resignations and time running out are its rules. This module
//! only decides what the people at the keyboard are asked first.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use quoridor_engine::Controller;
use quoridor_engine::{safe_move, Level, SearchLimit, TimeControl};
use quoridor_game::{DrawAction, Moment, RoomError, RoomState, DEVICE};
use quoridor_rules::{
    Entry, Fence, Game, IllegalMove, Move, Orientation, Position, Ruleset, Seat, Square,
    Termination,
};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::ai::{Reply, Request, Worker};
use super::i18n::{Command, Lang, Msg};
use super::keys::{self, Context, KeyCommand};
use super::store::{Saved, AUTOSAVE};

mod files;
mod input;
mod moves;
mod questions;
mod texts;
mod thinking;

/// The level of `ai` without a number.
pub const DEFAULT_LEVEL: u8 = quoridor_engine::DEFAULT_AI_LEVEL;

/// Everything chosen before the game starts.
#[derive(Clone, Debug)]
pub struct Setup {
    pub rules: Ruleset,
    /// Who plays each seat, in turn order.
    pub seats: Vec<Controller>,
    /// The players' clocks, if any.
    pub time: Option<TimeControl>,
    pub lang: Lang,
    /// Seed of the AI's randomness (the low levels add noise).
    pub seed: u64,
    /// The level that looks for hints.
    pub hint_level: Level,
    /// The level of the AI seats of a loaded game that does not say.
    pub default_ai: Level,
    /// Where the unfinished game is kept, if anywhere.
    pub data_dir: Option<PathBuf>,
    /// The least time an AI move stays on screen before the next one, so
    /// that games between AI players can be followed.
    pub ai_pause: Duration,
    /// The file `save` writes when none is given.
    pub save_path: PathBuf,
    /// The AI's first search panics (the crash tests of `--crash-test`).
    pub crash_ai: bool,
}

impl Setup {
    /// A game of `rules` between the given seats, in English, without
    /// clocks, autosave or pause: the defaults of the tests.
    pub fn new(rules: Ruleset, seats: Vec<Controller>) -> Setup {
        Setup {
            rules,
            seats,
            time: None,
            lang: Lang::En,
            seed: 1,
            hint_level: Level::new(4).expect("a level"),
            default_ai: Level::new(DEFAULT_LEVEL).expect("a level"),
            data_dir: None,
            ai_pause: Duration::ZERO,
            save_path: PathBuf::from("quoridor-game.txt"),
            crash_ai: false,
        }
    }
}

/// What the cursor points at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A square: where the pawn would go.
    Pawn,
    /// A fence, by its anchor square (the cursor) and this orientation.
    Fence(Orientation),
}

/// A yes/no question waiting for its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    Resign(Seat),
    NewGame,
    /// `by` offers a draw to the other players, all people.
    Draw {
        by: Seat,
        to: Vec<Seat>,
    },
    /// Continue the game kept from last time?
    Resume(Box<Saved>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    /// A result, a success.
    Good,
    /// Something refused.
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
}

/// What the front end should do after a key or a line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Continue,
    Quit,
}

/// The AI's suggestion for a person, and their shortest path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub seat: Seat,
    pub best: Move,
    pub path: Vec<Square>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Purpose {
    Move,
    Hint(Seat),
}

/// A search under way on the AI thread.
struct Thinking {
    id: u64,
    purpose: Purpose,
    stop: Arc<AtomicBool>,
    started: Instant,
    /// The reply, once received, until shown (see [`Setup::ai_pause`]).
    reply: Option<Option<Move>>,
    /// The search failed (a bug): the reply is a simple step, said so.
    failed: bool,
}

/// The game being played.
pub struct App {
    setup: Setup,
    /// The game, its seats and clocks.
    room: RoomState,
    /// The instant of the game's moment zero.
    origin: Instant,
    cursor: Square,
    mode: Mode,
    message: Option<Message>,
    input: Option<String>,
    ask: Option<Ask>,
    help: bool,
    now: Instant,
    worker: Worker,
    next_id: u64,
    thinking: Option<Thinking>,
    hint: Option<Hint>,
    replay: Option<usize>,
    log: Vec<String>,
    last_file: Option<PathBuf>,
    kept: Option<PathBuf>,
    quit: bool,
}

impl App {
    /// A new game of `setup`, starting at `now`; `resume` is a game kept
    /// from last time, which the players are first asked about.
    pub fn new(setup: Setup, now: Instant, resume: Option<Saved>) -> App {
        let game = Game::new(setup.rules);
        let room = RoomState::on_device(game, &setup.seats, setup.time, None, Moment::ZERO)
            .expect("the setup gives every seat of its rules a player");
        let mut app = App {
            worker: Worker::start(setup.seed, setup.crash_ai),
            cursor: room.game.position().pawn(Seat::South),
            room,
            origin: now,
            mode: Mode::Pawn,
            message: None,
            input: None,
            ask: None,
            help: false,
            now,
            next_id: 0,
            thinking: None,
            hint: None,
            replay: None,
            log: Vec::new(),
            last_file: None,
            kept: None,
            quit: false,
            setup,
        };
        if let Some(saved) = resume {
            let summary = app.summary(&saved.game);
            let lang = app.lang();
            let question = lang.f(Msg::AskResume, &[&summary, &lang.t(Msg::YesNo)]);
            app.ask = Some(Ask::Resume(Box::new(saved)));
            app.log.push(question);
        }
        app.place_cursor();
        app.refresh();
        app
    }

    /// A game read from a file (`--load`), shown in replay mode at its end.
    pub fn load_saved(&mut self, saved: Saved, name: &str) {
        if let Err(err) = self.install(saved, true) {
            let text = self.lang().f(Msg::LoadFailed, &[&name, &err]);
            self.say(Tone::Error, text);
            return;
        }
        self.last_file = Some(PathBuf::from(name));
        let text = self.lang().f(Msg::Loaded, &[&name]);
        self.say(Tone::Good, text);
    }

    pub fn lang(&self) -> Lang {
        self.setup.lang
    }

    pub fn game(&self) -> &Game {
        &self.room.game
    }

    /// Who plays each seat, by turn index.
    pub fn seats(&self) -> Vec<Controller> {
        self.room.seats.iter().map(|slot| slot.kind).collect()
    }

    pub fn controller(&self, seat: Seat) -> Controller {
        let slot = self.room.seats.iter().find(|slot| slot.seat == seat);
        slot.map_or(Controller::Human, |slot| slot.kind)
    }

    /// Who plays the seat to move.
    fn to_move(&self) -> Controller {
        self.room.turn_slot().kind
    }

    /// Time moves on without a tick (a key read between two ticks).
    #[cfg(test)]
    pub fn set_now(&mut self, now: Instant) {
        self.now = now;
    }

    /// The terminal's time as the game's.
    fn moment(&self) -> Moment {
        let since = self.now.saturating_duration_since(self.origin);
        Moment::from_millis(u64::try_from(since.as_millis()).unwrap_or(u64::MAX))
    }

    /// The position on the board: the current one, or in replay mode the
    /// one being looked at.
    pub fn shown(&self) -> &Position {
        self.replay
            .and_then(|i| self.game().position_at(i))
            .unwrap_or_else(|| self.game().position())
    }

    pub fn cursor(&self) -> Square {
        self.cursor
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// The line being typed, if any.
    pub fn input(&self) -> Option<&str> {
        self.input.as_deref()
    }

    pub fn ask(&self) -> Option<&Ask> {
        self.ask.as_ref()
    }

    pub fn help_shown(&self) -> bool {
        self.help
    }

    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// The entry index being looked at in replay mode.
    pub fn replay(&self) -> Option<usize> {
        self.replay
    }

    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The file the unfinished game was kept in, if it was.
    pub fn kept(&self) -> Option<&Path> {
        self.kept.as_deref()
    }

    /// Whether a clock is running (the screen then shows it going down).
    pub fn clock_running(&self) -> bool {
        self.room.clock_runs()
    }

    /// Time left of a seat, if the game has clocks.
    pub fn clock(&self, seat: Seat) -> Option<Duration> {
        let p = self.room.seats.iter().position(|slot| slot.seat == seat)?;
        let left = self.room.remaining_at(self.moment())?;
        left.get(p).map(|&ms| Duration::from_millis(ms))
    }

    /// The seat to move if a person plays it and may move now.
    pub fn human_to_move(&self) -> Option<Seat> {
        let ready = !self.game().is_over() && self.replay.is_none() && self.ask.is_none();
        (ready && self.to_move().is_human()).then(|| self.game().position().turn())
    }

    /// Whether the game waits for someone at the keyboard (a person to
    /// move, a question, a finished game or a replay), rather than for an AI.
    pub fn awaits_person(&self) -> bool {
        self.ask.is_some()
            || self.replay.is_some()
            || self.game().is_over()
            || self.human_to_move().is_some()
    }

    /// Squares the pawn may go to, highlighted when a person is to move.
    pub fn targets(&self) -> u128 {
        match (self.human_to_move(), self.mode) {
            (Some(_), Mode::Pawn) => self.game().position().pawn_moves(),
            _ => 0,
        }
    }

    /// In fence mode: the fence under the cursor and whether it may be placed.
    pub fn preview(&self) -> Option<(Fence, Result<(), IllegalMove>)> {
        let Mode::Fence(orientation) = self.mode else {
            return None;
        };
        self.human_to_move()?;
        let fence = Fence::new(self.cursor, orientation);
        Some((fence, self.game().position().check(Move::Fence(fence))))
    }

    /// The lines said since the last call (moves, messages, questions), for
    /// the line mode.
    pub fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    /// Says why a line of input was refused before it was read as a move
    /// or a command (not text, too long).
    pub fn refuse_line(&mut self, why: &str) {
        self.say(Tone::Error, why.to_string());
    }

    fn say(&mut self, tone: Tone, text: String) {
        self.log.push(text.clone());
        self.message = Some(Message { text, tone });
    }
}

impl Drop for App {
    fn drop(&mut self) {
        self.cancel_thinking();
    }
}
