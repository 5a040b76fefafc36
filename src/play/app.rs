//! The state of a game being played, without any terminal: the game, who
//! plays each seat, the cursor and mode, the message line, the clocks, the
//! AI thinking on its thread. Keys come in through [`App::handle_key`],
//! typed lines through [`App::submit`], time through [`App::tick`]; the
//! screen ([`super::ui`]) and the line mode ([`super::plain`]) only read it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use quoridor_engine::Controller;
use quoridor_engine::{safe_move, Level, SearchLimit, TimeControl};
use quoridor_rules::{
    Entry, Fence, Game, GameError, IllegalMove, Move, Orientation, Position, Ruleset, Seat, Square,
    Termination,
};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::ai::{Reply, Request, Worker};
use super::clock::Clocks;
use super::i18n::{Command, Lang, Msg};
use super::keys::{self, Context, KeyCommand};
use super::store::{Saved, AUTOSAVE};

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

/// The engine slot of the hint searches (seats use their turn index).
const HINT_ENGINE: usize = 4;

/// The game being played.
pub struct App {
    setup: Setup,
    game: Game,
    seats: Vec<Controller>,
    cursor: Square,
    mode: Mode,
    message: Option<Message>,
    input: Option<String>,
    ask: Option<Ask>,
    help: bool,
    clocks: Clocks,
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
        let mut app = App {
            seats: setup.seats.clone(),
            clocks: Clocks::new(setup.time),
            worker: Worker::start(setup.seed, setup.crash_ai),
            cursor: game.position().pawn(Seat::South),
            game,
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
        self.install(saved, true);
        self.last_file = Some(PathBuf::from(name));
        let text = self.lang().f(Msg::Loaded, &[&name]);
        self.say(Tone::Good, text);
    }

    // ----- What the screen shows -----

    pub fn lang(&self) -> Lang {
        self.setup.lang
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Who plays each seat, by turn index.
    #[cfg(test)]
    pub fn seats(&self) -> &[Controller] {
        &self.seats
    }

    pub fn controller(&self, seat: Seat) -> Controller {
        let p = seat.player(self.game.rules().players()).unwrap_or(0);
        self.seats[p]
    }

    /// The position on the board: the current one, or in replay mode the
    /// one being looked at.
    pub fn shown(&self) -> &Position {
        self.replay
            .and_then(|i| self.game.position_at(i))
            .unwrap_or_else(|| self.game.position())
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
        self.clocks.running().is_some()
    }

    /// Time left of a seat, if the game has clocks.
    pub fn clock(&self, seat: Seat) -> Option<Duration> {
        let p = seat.player(self.game.rules().players())?;
        self.clocks.left(p, self.now)
    }

    /// The seat to move if a person plays it and may move now.
    pub fn human_to_move(&self) -> Option<Seat> {
        let pos = self.game.position();
        let ready = !self.game.is_over() && self.replay.is_none() && self.ask.is_none();
        (ready && self.seats[pos.turn_index()].is_human()).then(|| pos.turn())
    }

    /// Whether the game waits for someone at the keyboard (a person to
    /// move, a question, a finished game or a replay), rather than for an AI.
    pub fn awaits_person(&self) -> bool {
        self.ask.is_some()
            || self.replay.is_some()
            || self.game.is_over()
            || self.human_to_move().is_some()
    }

    /// Squares the pawn may go to, highlighted when a person is to move.
    pub fn targets(&self) -> u128 {
        match (self.human_to_move(), self.mode) {
            (Some(_), Mode::Pawn) => self.game.position().pawn_moves(),
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
        Some((fence, self.game.position().check(Move::Fence(fence))))
    }

    /// What a seat's player is called on screen: `you`, `human`, `AI 5`.
    pub fn player_label(&self, seat: Seat) -> String {
        let lang = self.lang();
        match self.controller(seat) {
            Controller::Human if self.seats.iter().filter(|c| c.is_human()).count() == 1 => {
                lang.t(Msg::You).to_string()
            }
            Controller::Human => lang.t(Msg::Human).to_string(),
            Controller::Ai(level) => lang.f(Msg::Ai, &[&level]),
        }
    }

    /// The status line: what happens now or what to do.
    pub fn prompt(&self) -> Message {
        let lang = self.lang();
        let info = |text: String| Message {
            text,
            tone: Tone::Info,
        };
        if let Some(ask) = &self.ask {
            return info(self.question(ask));
        }
        if let Some(i) = self.replay {
            let at = lang.f(Msg::ReplayAt, &[&i, &self.game.entries().len()]);
            return info(format!("{at} · {}", lang.t(Msg::Replaying)));
        }
        if self.game.is_over() {
            return Message {
                text: self.end_text(),
                tone: Tone::Good,
            };
        }
        if let Some(thinking) = &self.thinking {
            return info(match thinking.purpose {
                Purpose::Hint(_) => lang.t(Msg::HintSearching).into(),
                Purpose::Move => {
                    let seat = self.game.position().turn();
                    lang.f(Msg::Thinking, &[&lang.seat(seat)])
                }
            });
        }
        if let Some((fence, check)) = self.preview() {
            return match check {
                Ok(()) => info(lang.f(Msg::FenceReady, &[&fence])),
                Err(err) => Message {
                    text: lang.f(Msg::Forbidden, &[&fence, &lang.illegal(err)]),
                    tone: Tone::Error,
                },
            };
        }
        let seat = self.game.position().turn();
        info(lang.f(Msg::YourMove, &[&lang.seat(seat)]))
    }

    fn question(&self, ask: &Ask) -> String {
        let lang = self.lang();
        let yes_no = lang.t(Msg::YesNo);
        match ask {
            Ask::Resign(seat) => lang.f(Msg::AskResign, &[&lang.seat(*seat), &yes_no]),
            Ask::NewGame => lang.f(Msg::AskNewGame, &[&yes_no]),
            Ask::Draw { by, to } => {
                let names: Vec<&str> = to.iter().map(|&s| lang.seat(s)).collect();
                lang.f(Msg::AskDraw, &[&lang.seat(*by), &names.join(", "), &yes_no])
            }
            Ask::Resume(saved) => lang.f(Msg::AskResume, &[&self.summary(&saved.game), &yes_no]),
        }
    }

    fn summary(&self, game: &Game) -> String {
        let size = game.rules().size();
        let moves = game.entries().len();
        self.lang().f(Msg::GameSummary, &[&size, &moves])
    }

    /// How the game ended, in words.
    pub fn end_text(&self) -> String {
        let lang = self.lang();
        let Some((outcome, termination)) = self.game.result() else {
            return String::new();
        };
        let mut text = lang.outcome(outcome);
        let last = self.game.entries().last().copied();
        let reason = match (termination, last) {
            (Termination::Resignation, Some(Entry::Resign(seat))) => {
                Some(lang.f(Msg::Resigns, &[&lang.seat(seat)]))
            }
            (Termination::Timeout, Some(Entry::Timeout(seat))) => {
                Some(lang.f(Msg::LosesOnTime, &[&lang.seat(seat)]))
            }
            (Termination::Agreement, _) => Some(lang.t(Msg::DrawAgreed).into()),
            (Termination::PlyLimit, _) => Some(lang.t(Msg::PlyLimit).into()),
            _ => None,
        };
        if let Some(reason) = reason {
            if termination != Termination::Agreement {
                text.push_str(", ");
                text.push_str(&reason);
            } else {
                text = reason;
            }
        }
        lang.f(Msg::GameOver, &[&text])
    }

    /// The lines said since the last call (moves, messages, questions), for
    /// the line mode.
    pub fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    // ----- Input -----

    /// One key. Ctrl-C quits at once (keeping the game).
    pub fn handle_key(&mut self, key: KeyEvent) -> Action {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q')) {
            self.quit();
            return Action::Quit;
        }
        if self.help {
            if matches!(
                key.code,
                KeyCode::Esc | KeyCode::F(1) | KeyCode::Enter | KeyCode::Char('q')
            ) {
                self.help = false;
            }
            return Action::Continue;
        }
        if self.input.is_some() {
            return self.key_typing(key);
        }
        if self.ask.is_some() {
            return self.key_answer(key);
        }
        self.key_command(key)
    }

    fn key_typing(&mut self, key: KeyEvent) -> Action {
        let Some(input) = self.input.as_mut() else {
            return Action::Continue;
        };
        match key.code {
            KeyCode::Char(c) => input.push(c),
            KeyCode::Backspace if input.is_empty() => self.input = None,
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Esc => self.input = None,
            KeyCode::Enter => {
                let text = self.input.take().unwrap_or_default();
                return self.submit(&text);
            }
            _ => {}
        }
        Action::Continue
    }

    fn key_answer(&mut self, key: KeyEvent) -> Action {
        match key.code {
            KeyCode::Char(c) => {
                if let Some(yes) = self.lang().answer(&c.to_string()) {
                    self.answer(yes);
                }
            }
            KeyCode::Esc => self.answer(false),
            _ => {}
        }
        Action::Continue
    }

    /// A key on the board or in the replay: its command in the key table
    /// ([`keys::KEYS`]), else a column letter or digit starts typing a move.
    fn key_command(&mut self, key: KeyEvent) -> Action {
        let context = if self.replay.is_some() {
            Context::Replay
        } else {
            Context::Board
        };
        match keys::command_for(context, key.code) {
            Some(command) => self.run_key(command),
            None => {
                if let (Context::Board, KeyCode::Char(c)) = (context, key.code) {
                    if self.starts_move(c) {
                        self.start_typing(&c.to_string());
                    }
                }
                Action::Continue
            }
        }
    }

    fn run_key(&mut self, command: KeyCommand) -> Action {
        let at = self.replay.unwrap_or(0);
        let end = self.game.entries().len();
        match command {
            KeyCommand::CursorUp => self.move_cursor(0, 1),
            KeyCommand::CursorDown => self.move_cursor(0, -1),
            KeyCommand::CursorLeft => self.move_cursor(-1, 0),
            KeyCommand::CursorRight => self.move_cursor(1, 0),
            KeyCommand::Play => self.play_cursor(),
            KeyCommand::ToggleFence => self.toggle_fence(),
            KeyCommand::Rotate => self.rotate(),
            KeyCommand::Escape => {
                if self.mode != Mode::Pawn {
                    self.mode = Mode::Pawn;
                    self.place_cursor();
                } else {
                    self.hint = None;
                    self.message = None;
                }
            }
            KeyCommand::Type => self.start_typing(""),
            KeyCommand::Pass => self.play_human(Move::Pass),
            KeyCommand::Undo => self.undo(),
            KeyCommand::Hint => self.ask_hint(),
            KeyCommand::Draw => self.offer_draw(),
            KeyCommand::Resign => self.ask_resign(),
            KeyCommand::New => self.ask_new_game(),
            KeyCommand::Save => self.start_typing(&self.save_command()),
            KeyCommand::Load => self.start_typing(&self.load_command()),
            KeyCommand::Replay => self.enter_replay(),
            KeyCommand::Quit => {
                self.quit();
                return Action::Quit;
            }
            KeyCommand::Help => self.help = true,
            KeyCommand::Back => self.replay = Some(at.saturating_sub(1)),
            KeyCommand::Forward => self.replay = Some((at + 1).min(end)),
            KeyCommand::BackTen => self.replay = Some(at.saturating_sub(10)),
            KeyCommand::ForwardTen => self.replay = Some((at + 10).min(end)),
            KeyCommand::Start => self.replay = Some(0),
            KeyCommand::End => self.replay = Some(end),
            KeyCommand::PlayOn => self.play_on(),
            KeyCommand::LeaveReplay => self.leave_replay(),
        }
        Action::Continue
    }

    /// A column letter of this board or a digit starts typing a move.
    fn starts_move(&self, c: char) -> bool {
        let size = self.game.rules().size();
        let lower = c.to_ascii_lowercase();
        c.is_ascii_digit() || (lower.is_ascii_lowercase() && (lower as u8 - b'a') < size)
    }

    fn start_typing(&mut self, text: &str) {
        self.input = Some(text.to_string());
    }

    fn save_command(&self) -> String {
        let path = self.last_file.as_ref().unwrap_or(&self.setup.save_path);
        format!("save {}", path.display())
    }

    fn load_command(&self) -> String {
        match &self.last_file {
            Some(path) => format!("load {}", path.display()),
            None => "load ".into(),
        }
    }

    /// A typed line: an answer to a question, a move or a command (with or
    /// without a leading `:`).
    pub fn submit(&mut self, text: &str) -> Action {
        let text = text.trim();
        if text.is_empty() {
            return Action::Continue;
        }
        if let Some(ask) = &self.ask {
            match self.lang().answer(text) {
                Some(yes) => self.answer(yes),
                None => {
                    let question = self.question(ask);
                    self.say(Tone::Error, question);
                }
            }
            return Action::Continue;
        }
        let text = text.strip_prefix(':').unwrap_or(text).trim();
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (text, ""),
        };
        if let Some(command) = Command::parse(word) {
            return self.command(command, rest);
        }
        let unknown = |app: &mut App| {
            let text = app.lang().f(Msg::Unknown, &[&text]);
            app.say(Tone::Error, text);
        };
        match word.parse::<Move>() {
            Ok(mv) if rest.is_empty() => {
                if self.replay.is_some() {
                    let text = self.lang().t(Msg::Replaying).to_string();
                    self.say(Tone::Error, text);
                } else {
                    self.play_human(mv);
                }
            }
            _ => unknown(self),
        }
        Action::Continue
    }

    fn command(&mut self, command: Command, arg: &str) -> Action {
        let end = self.game.entries().len();
        match command {
            Command::Undo => self.undo(),
            Command::Hint => self.ask_hint(),
            Command::Resign => self.ask_resign(),
            Command::Draw => self.offer_draw(),
            Command::Pass => self.play_human(Move::Pass),
            Command::Save => self.save((!arg.is_empty()).then_some(arg)),
            Command::Load if arg.is_empty() => {
                let text = self.lang().t(Msg::NeedFile).to_string();
                self.say(Tone::Error, text);
            }
            Command::Load => self.load(arg),
            Command::New => self.ask_new_game(),
            Command::Replay => self.enter_replay(),
            Command::Board => {}
            Command::Help => {
                self.help = true;
                let lang = self.lang();
                self.log.push(lang.t(Msg::PlainIntro).into());
            }
            Command::Quit => {
                self.quit();
                return Action::Quit;
            }
            Command::Next | Command::Back | Command::Start | Command::End | Command::PlayOn => {
                if let Some(at) = self.replay {
                    match command {
                        Command::Next => self.replay = Some((at + 1).min(end)),
                        Command::Back => self.replay = Some(at.saturating_sub(1)),
                        Command::Start => self.replay = Some(0),
                        Command::End => self.replay = Some(end),
                        _ => self.play_on(),
                    }
                } else if command == Command::Back {
                    self.enter_replay();
                }
            }
        }
        Action::Continue
    }

    fn answer(&mut self, yes: bool) {
        let Some(ask) = self.ask.take() else {
            return;
        };
        let lang = self.lang();
        match (ask, yes) {
            (Ask::Resign(seat), true) => {
                self.cancel_thinking();
                if self.game.resign(seat).is_ok() {
                    let text = lang.f(Msg::Resigns, &[&lang.seat(seat)]);
                    self.say(Tone::Info, text);
                    self.after_change();
                }
            }
            (Ask::NewGame, true) => self.new_game(),
            (Ask::Draw { .. }, true) => {
                self.cancel_thinking();
                if self.game.agree_draw().is_ok() {
                    self.after_change();
                }
            }
            (Ask::Draw { .. }, false) => {
                self.say(Tone::Info, lang.t(Msg::DrawDeclined).into());
            }
            (Ask::Resume(saved), true) => {
                self.install(*saved, false);
                self.say(Tone::Good, lang.t(Msg::Resumed).into());
            }
            (Ask::Resume(_), false) => {
                if let Some(dir) = &self.setup.data_dir {
                    let _ = std::fs::remove_file(dir.join(AUTOSAVE));
                }
                self.say(Tone::Info, lang.t(Msg::NewGameStarted).into());
            }
            (_, false) => self.say(Tone::Info, lang.t(Msg::Cancelled).into()),
        }
        self.place_cursor();
        self.refresh();
    }

    // ----- Cursor and moves -----

    fn move_cursor(&mut self, dx: i32, dy: i32) {
        let size = self.game.rules().size() as i32;
        let max = if self.mode == Mode::Pawn {
            size - 1
        } else {
            size - 2
        };
        let col = (self.cursor.col() as i32 + dx).clamp(0, max);
        let row = (self.cursor.row() as i32 + dy).clamp(0, max);
        self.cursor = Square::new(col as u8, row as u8);
    }

    fn toggle_fence(&mut self) {
        match self.mode {
            Mode::Pawn => self.enter_fence_mode(Orientation::Horizontal),
            Mode::Fence(_) => {
                self.mode = Mode::Pawn;
                self.place_cursor();
            }
        }
    }

    fn rotate(&mut self) {
        match self.mode {
            Mode::Pawn => self.enter_fence_mode(Orientation::Horizontal),
            Mode::Fence(Orientation::Horizontal) => self.mode = Mode::Fence(Orientation::Vertical),
            Mode::Fence(Orientation::Vertical) => self.mode = Mode::Fence(Orientation::Horizontal),
        }
    }

    fn enter_fence_mode(&mut self, orientation: Orientation) {
        self.mode = Mode::Fence(orientation);
        let max = self.game.rules().size() - 2;
        self.cursor = Square::new(self.cursor.col().min(max), self.cursor.row().min(max));
    }

    fn play_cursor(&mut self) {
        let mv = match self.mode {
            Mode::Pawn => Move::Pawn(self.cursor),
            Mode::Fence(orientation) => Move::Fence(Fence::new(self.cursor, orientation)),
        };
        self.play_human(mv);
    }

    /// The cursor goes to the pawn of the person to move (or of the only
    /// person playing), in pawn mode.
    fn place_cursor(&mut self) {
        let pos = *self.game.position();
        let turn = pos.turn_index();
        let seat = if self.seats[turn].is_human() {
            Some(pos.turn())
        } else {
            let mut humans = self.seats.iter().enumerate().filter(|(_, c)| c.is_human());
            match (humans.next(), humans.next()) {
                (Some((p, _)), None) => Some(Seat::from_player(p, pos.players())),
                _ => None,
            }
        };
        if self.mode == Mode::Pawn {
            if let Some(seat) = seat.filter(|&s| !pos.is_out(s)) {
                self.cursor = pos.pawn(seat);
            }
        }
    }

    /// A move by the person to move.
    fn play_human(&mut self, mv: Move) {
        let lang = self.lang();
        if self.replay.is_some() {
            return;
        }
        if self.game.is_over() {
            self.say(Tone::Error, lang.illegal(IllegalMove::GameOver));
            return;
        }
        let seat = self.game.position().turn();
        if !self.controller(seat).is_human() {
            let text = lang.f(Msg::NotYourTurn, &[&lang.seat(seat)]);
            self.say(Tone::Error, text);
            return;
        }
        match self.game.play(mv) {
            Ok(()) => self.after_move(seat, mv),
            Err(GameError::Illegal(err)) => {
                let text = lang.f(Msg::Forbidden, &[&mv, &lang.illegal(err)]);
                self.say(Tone::Error, text);
            }
            Err(_) => self.say(Tone::Error, lang.illegal(IllegalMove::GameOver)),
        }
    }

    fn after_move(&mut self, seat: Seat, mv: Move) {
        let lang = self.lang();
        if let Some(p) = seat.player(self.game.rules().players()) {
            self.clocks.moved(p, self.now);
        }
        let text = lang.f(Msg::Plays, &[&lang.seat(seat), &mv]);
        self.say(Tone::Info, text);
        self.mode = Mode::Pawn;
        self.after_change();
    }

    /// After any change of the game: the end announced, the game kept, the
    /// cursor placed, the clocks and the AI started.
    fn after_change(&mut self) {
        self.hint = None;
        if self.game.is_over() {
            let text = self.end_text();
            self.say(Tone::Good, text);
        }
        self.autosave();
        self.place_cursor();
        self.refresh();
    }

    /// Starts or stops the clocks and the AI as the state requires.
    fn refresh(&mut self) {
        let resume_pending = matches!(self.ask, Some(Ask::Resume(_)));
        let running = self.clocks.control().is_some()
            && !self.game.is_over()
            && self.replay.is_none()
            && !resume_pending;
        let turn = self.game.position().turn_index();
        match (running, self.clocks.running()) {
            (true, Some(p)) if p == turn => {}
            (true, _) => self.clocks.start(turn, self.now),
            (false, Some(_)) => self.clocks.stop(self.now),
            (false, None) => {}
        }
        if self.thinking.is_some() || self.game.is_over() || self.replay.is_some() || resume_pending
        {
            return;
        }
        let Controller::Ai(level) = self.seats[turn] else {
            return;
        };
        let limit = match self.clocks.control() {
            None => SearchLimit::Infinite,
            Some(control) => control.limit(self.clocks.left(turn, self.now).unwrap_or_default()),
        };
        self.request(Purpose::Move, turn, level, limit);
    }

    fn request(&mut self, purpose: Purpose, engine: usize, level: Level, limit: SearchLimit) {
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.worker.search(Request {
            id,
            engine,
            level,
            position: *self.game.position(),
            limit,
            stop: Arc::clone(&stop),
        });
        self.thinking = Some(Thinking {
            id,
            purpose,
            stop,
            started: self.now,
            reply: None,
            failed: false,
        });
    }

    fn cancel_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.store(true, Ordering::Relaxed);
        }
    }

    // ----- Time and the AI -----

    /// Time passes: AI replies are taken in, clocks checked. Returns whether
    /// anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        self.now = now;
        let mut changed = false;
        while let Some(reply) = self.worker.try_reply() {
            changed |= self.receive(reply);
        }
        changed |= self.apply_reply(false);
        changed |= self.check_flag();
        changed
    }

    /// Waits up to `timeout` for the AI's reply (taken in by the next
    /// [`App::tick`]).
    pub fn wait(&mut self, timeout: Duration) {
        if self.thinking.as_ref().is_some_and(|t| t.reply.is_none()) {
            if let Some(reply) = self.worker.wait_reply(timeout) {
                self.receive(reply);
            }
        }
    }

    /// Waits until no AI is thinking any more: every AI move up to the next
    /// person's turn (or the end) is played. Time stands still meanwhile, so
    /// that the result does not depend on the machine's speed.
    pub fn settle(&mut self) {
        while let Some(thinking) = &self.thinking {
            if thinking.reply.is_none() {
                match self.worker.wait_reply(Duration::from_secs(600)) {
                    Some(reply) => {
                        self.receive(reply);
                    }
                    None => {
                        self.cancel_thinking();
                        break;
                    }
                }
            }
            self.apply_reply(true);
        }
    }

    fn receive(&mut self, reply: Reply) -> bool {
        match self.thinking.as_mut() {
            Some(thinking) if thinking.id == reply.id => {
                thinking.reply = Some(reply.result.map(|r| r.best));
                thinking.failed = reply.failed;
                if reply.failed && thinking.purpose == Purpose::Move {
                    // A bug in the search: the game goes on without it.
                    thinking.reply = Some(safe_move(self.game.position()));
                }
                true
            }
            _ => false,
        }
    }

    /// Plays or shows the reply received, once the pause is over (or at
    /// once when `now`).
    fn apply_reply(&mut self, now: bool) -> bool {
        let ready = self.thinking.as_ref().is_some_and(|t| {
            t.reply.is_some()
                && (now
                    || matches!(t.purpose, Purpose::Hint(_))
                    || self.now >= t.started + self.setup.ai_pause)
        });
        if !ready {
            return false;
        }
        let Some(thinking) = self.thinking.take() else {
            return false;
        };
        let best = thinking.reply.flatten();
        let lang = self.lang();
        match (thinking.purpose, best) {
            (Purpose::Move, Some(mv)) => {
                let seat = self.game.position().turn();
                match self.game.play(mv) {
                    Ok(()) => self.after_move(seat, mv),
                    Err(err) => {
                        let text = lang.f(Msg::Forbidden, &[&mv, &err]);
                        self.say(Tone::Error, text);
                    }
                }
            }
            (Purpose::Hint(seat), Some(mv)) => {
                let path = self.game.position().shortest_path(seat).unwrap_or_default();
                let text = lang.f(Msg::Hint, &[&lang.seat(seat), &mv, &path.len()]);
                self.say(Tone::Good, text);
                let squares: Vec<String> = path.iter().map(|sq| sq.to_string()).collect();
                let text = lang.f(Msg::HintPath, &[&lang.seat(seat), &squares.join(" ")]);
                self.log.push(text);
                self.hint = Some(Hint {
                    seat,
                    best: mv,
                    path,
                });
                self.refresh();
            }
            (_, None) => self.refresh(),
        }
        if thinking.failed {
            let msg = match thinking.purpose {
                Purpose::Move => Msg::AiFailedMove,
                Purpose::Hint(_) => Msg::AiFailedHint,
            };
            let text = lang.t(msg).to_string();
            self.say(Tone::Error, text);
        }
        true
    }

    fn check_flag(&mut self) -> bool {
        let Some(p) = self.clocks.flag(self.now) else {
            return false;
        };
        let seat = Seat::from_player(p, self.game.rules().players());
        self.cancel_thinking();
        self.clocks.stop(self.now);
        if self.game.timeout(seat).is_ok() {
            let lang = self.lang();
            let text = lang.f(Msg::LosesOnTime, &[&lang.seat(seat)]);
            self.say(Tone::Error, text);
            self.after_change();
        }
        true
    }

    // ----- Actions -----

    /// Takes back the last move; against the AI, back to the last position
    /// where a person was to move (your move and its reply).
    pub fn undo(&mut self) {
        if self.replay.is_some() {
            return;
        }
        let lang = self.lang();
        self.cancel_thinking();
        let humans = self.seats.iter().any(|c| c.is_human());
        let mut taken = Vec::new();
        while let Some(entry) = self.game.undo() {
            taken.push(entry);
            let turn = self.game.position().turn_index();
            if !humans || self.seats[turn].is_human() {
                break;
            }
        }
        if taken.is_empty() {
            self.say(Tone::Error, lang.t(Msg::NothingToUndo).into());
        } else {
            taken.reverse();
            let words: Vec<String> = taken.iter().map(|&e| self.entry_text(e)).collect();
            let text = lang.f(Msg::TookBack, &[&words.join(" ")]);
            self.say(Tone::Info, text);
        }
        self.mode = Mode::Pawn;
        self.after_change();
    }

    /// An entry of the move list: `e3h`, or a resignation in words.
    pub fn entry_text(&self, entry: Entry) -> String {
        let lang = self.lang();
        match entry {
            Entry::Move(mv) => mv.to_string(),
            Entry::Resign(seat) => format!("{}:{}", lang.initial(seat), lang.t(Msg::EntryResign)),
            Entry::Timeout(seat) => format!("{}:{}", lang.initial(seat), lang.t(Msg::EntryTimeout)),
            Entry::DrawAgreed => lang.t(Msg::EntryDraw).into(),
        }
    }

    fn ask_hint(&mut self) {
        let lang = self.lang();
        let Some(seat) = self.human_to_move() else {
            let text = if self.game.is_over() {
                lang.illegal(IllegalMove::GameOver)
            } else {
                lang.t(Msg::HintNoHuman).into()
            };
            self.say(Tone::Error, text);
            return;
        };
        if self.thinking.is_some() {
            return;
        }
        self.request(
            Purpose::Hint(seat),
            HINT_ENGINE,
            self.setup.hint_level,
            SearchLimit::Infinite,
        );
    }

    fn offer_draw(&mut self) {
        let lang = self.lang();
        let Some(by) = self.human_to_move() else {
            let text = if self.game.is_over() {
                lang.illegal(IllegalMove::GameOver)
            } else {
                let seat = self.game.position().turn();
                lang.f(Msg::NotYourTurn, &[&lang.seat(seat)])
            };
            self.say(Tone::Error, text);
            return;
        };
        let pos = self.game.position();
        let to: Vec<Seat> = pos
            .seats()
            .iter()
            .copied()
            .filter(|&s| s != by && !pos.is_out(s))
            .collect();
        if to.iter().any(|&s| !self.controller(s).is_human()) {
            self.say(Tone::Error, lang.t(Msg::DrawNeedsPerson).into());
            return;
        }
        let ask = Ask::Draw { by, to };
        self.log.push(self.question(&ask));
        self.ask = Some(ask);
    }

    fn ask_resign(&mut self) {
        let lang = self.lang();
        if self.game.is_over() {
            self.say(Tone::Error, lang.illegal(IllegalMove::GameOver));
            return;
        }
        let pos = self.game.position();
        let active_humans: Vec<Seat> = pos
            .seats()
            .iter()
            .copied()
            .filter(|&s| !pos.is_out(s) && self.controller(s).is_human())
            .collect();
        let seat = if self.controller(pos.turn()).is_human() {
            pos.turn()
        } else if let [only] = active_humans[..] {
            only
        } else {
            self.say(Tone::Error, lang.t(Msg::NoOneToResign).into());
            return;
        };
        let ask = Ask::Resign(seat);
        self.log.push(self.question(&ask));
        self.ask = Some(ask);
    }

    fn ask_new_game(&mut self) {
        if self.game.is_over() || self.game.entries().is_empty() {
            self.new_game();
        } else {
            let ask = Ask::NewGame;
            self.log.push(self.question(&ask));
            self.ask = Some(ask);
        }
    }

    /// A new game with the same rules and players.
    pub fn new_game(&mut self) {
        self.cancel_thinking();
        self.game = Game::new(*self.game.rules());
        self.clocks = Clocks::new(self.clocks.control());
        self.worker.new_game();
        self.replay = None;
        self.mode = Mode::Pawn;
        let text = self.lang().t(Msg::NewGameStarted).into();
        self.say(Tone::Good, text);
        self.after_change();
    }

    /// The game as saved: record, players and clocks.
    pub fn saved(&self) -> Saved {
        let players = self.game.rules().players() as usize;
        Saved {
            game: self.game.clone(),
            seats: Some(self.seats.clone()),
            time: self.clocks.control(),
            clocks: Some(self.clocks.all_left(players, self.now)),
        }
    }

    /// Saves the game to `path` (or the last file, or the default one).
    pub fn save(&mut self, path: Option<&str>) {
        let lang = self.lang();
        let path = path
            .map(PathBuf::from)
            .or_else(|| self.last_file.clone())
            .unwrap_or_else(|| self.setup.save_path.clone());
        let shown = path.display().to_string();
        match self.saved().write(&path) {
            Ok(()) => {
                self.say(Tone::Good, lang.f(Msg::Saved, &[&shown]));
                self.last_file = Some(path);
            }
            Err(err) => self.say(Tone::Error, lang.f(Msg::SaveFailed, &[&shown, &err])),
        }
    }

    /// Loads a saved game and shows it in replay mode, at its end.
    pub fn load(&mut self, path: &str) {
        match Saved::read(Path::new(path)) {
            Ok(saved) => self.load_saved(saved, path),
            Err(err) => {
                let text = self.lang().f(Msg::LoadFailed, &[&path, &err]);
                self.say(Tone::Error, text);
            }
        }
    }

    fn install(&mut self, saved: Saved, replay: bool) {
        self.cancel_thinking();
        let players = saved.game.rules().players() as usize;
        self.seats = match saved.seats {
            Some(seats) if seats.len() == players => seats,
            _ if self.seats.len() == players => self.seats.clone(),
            _ => (0..players)
                .map(|p| {
                    if p == 0 {
                        Controller::Human
                    } else {
                        Controller::Ai(self.setup.default_ai)
                    }
                })
                .collect(),
        };
        self.clocks = Clocks::new(saved.time.or(self.setup.time));
        if let Some(left) = &saved.clocks {
            self.clocks.set_left(left);
        }
        self.game = saved.game;
        self.worker.new_game();
        self.hint = None;
        self.mode = Mode::Pawn;
        self.ask = None;
        self.replay = replay.then(|| self.game.entries().len());
        self.place_cursor();
        self.refresh();
    }

    /// Replay mode from the move before the last.
    pub fn enter_replay(&mut self) {
        let end = self.game.entries().len();
        if end == 0 {
            return;
        }
        self.cancel_thinking();
        self.replay = Some(end - 1);
        self.hint = None;
        self.refresh();
    }

    /// Leaves replay mode where the game really is.
    fn leave_replay(&mut self) {
        self.replay = None;
        self.place_cursor();
        self.refresh();
    }

    /// Leaves replay mode playing on from the position shown: the later
    /// moves are dropped.
    fn play_on(&mut self) {
        let Some(at) = self.replay.take() else {
            return;
        };
        while self.game.entries().len() > at {
            self.game.undo();
        }
        self.after_change();
    }

    /// Quits: the AI stops, an unfinished game is kept for next time.
    pub fn quit(&mut self) {
        self.cancel_thinking();
        self.clocks.stop(self.now);
        if !matches!(self.ask, Some(Ask::Resume(_))) {
            self.autosave();
        }
        if let Some(path) = &self.kept {
            let text = self.lang().f(Msg::Kept, &[&path.display()]);
            self.log.push(text);
        }
        self.quit = true;
    }

    /// Keeps an unfinished game in the data directory; forgets a finished one.
    fn autosave(&mut self) {
        let Some(dir) = self.setup.data_dir.clone() else {
            return;
        };
        if matches!(self.ask, Some(Ask::Resume(_))) {
            return;
        }
        let path = dir.join(AUTOSAVE);
        if self.game.is_over() || self.game.entries().is_empty() {
            let _ = std::fs::remove_file(&path);
            self.kept = None;
            return;
        }
        match self.saved().write(&path) {
            Ok(()) => self.kept = Some(path),
            Err(err) => {
                let lang = self.lang();
                let text = lang.f(Msg::SaveFailed, &[&path.display(), &err]);
                self.say(Tone::Error, text);
            }
        }
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
