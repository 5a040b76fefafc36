//! Saving and loading games, the game kept for next time, replay mode.

use super::*;

impl App {
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

    pub(super) fn install(&mut self, saved: Saved, replay: bool) {
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
    pub(super) fn leave_replay(&mut self) {
        self.replay = None;
        self.place_cursor();
        self.refresh();
    }

    /// Leaves replay mode playing on from the position shown: the later
    /// moves are dropped.
    pub(super) fn play_on(&mut self) {
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
    pub(super) fn autosave(&mut self) {
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
}
