//! Keys (through the key table of [`super::super::keys`]) and typed lines
//! (moves, commands, answers to questions).

use super::*;

impl App {
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

    pub(super) fn key_typing(&mut self, key: KeyEvent) -> Action {
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

    pub(super) fn key_answer(&mut self, key: KeyEvent) -> Action {
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
    pub(super) fn key_command(&mut self, key: KeyEvent) -> Action {
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

    pub(super) fn run_key(&mut self, command: KeyCommand) -> Action {
        let at = self.replay.unwrap_or(0);
        let end = self.game().entries().len();
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
    pub(super) fn starts_move(&self, c: char) -> bool {
        let size = self.game().rules().size();
        let lower = c.to_ascii_lowercase();
        c.is_ascii_digit() || (lower.is_ascii_lowercase() && (lower as u8 - b'a') < size)
    }

    pub(super) fn start_typing(&mut self, text: &str) {
        self.input = Some(text.to_string());
    }

    pub(super) fn save_command(&self) -> String {
        let path = self.last_file.as_ref().unwrap_or(&self.setup.save_path);
        format!("save {}", path.display())
    }

    pub(super) fn load_command(&self) -> String {
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

    pub(super) fn command(&mut self, command: Command, arg: &str) -> Action {
        let end = self.game().entries().len();
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

    pub(super) fn answer(&mut self, yes: bool) {
        let Some(ask) = self.ask.take() else {
            return;
        };
        let lang = self.lang();
        match (ask, yes) {
            (Ask::Resign(seat), true) => {
                self.cancel_thinking();
                let now = self.moment();
                if self.room.resign(DEVICE, Some(seat), now).is_ok() {
                    let text = lang.f(Msg::Resigns, &[&lang.seat(seat)]);
                    self.say(Tone::Info, text);
                    self.after_change();
                }
            }
            (Ask::NewGame, true) => self.new_game(),
            (Ask::Draw { .. }, true) => self.agree_draw(),
            (Ask::Draw { .. }, false) => {
                self.say(Tone::Info, lang.t(Msg::DrawDeclined).into());
            }
            (Ask::Resume(saved), true) => match self.install(*saved, false) {
                Ok(()) => self.say(Tone::Good, lang.t(Msg::Resumed).into()),
                Err(err) => {
                    let text = lang.f(Msg::LoadFailed, &[&AUTOSAVE, &err]);
                    self.say(Tone::Error, text);
                }
            },
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
}
