//! Saving and loading games, the game kept for next time, replay mode.

use super::*;

impl App {
    /// The game as saved: record, players and clocks.
    pub fn saved(&self) -> Saved {
        let left = self.room.remaining_at(self.moment());
        Saved {
            game: self.game().clone(),
            seats: Some(self.seats()),
            time: self.room.settings.clock,
            clocks: left.map(|left| left.into_iter().map(Duration::from_millis).collect()),
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

    /// Plays on `saved` (in replay mode, at its end, when `replay`);
    /// refused, changing nothing, when the game crate cannot seat it.
    pub(super) fn install(&mut self, saved: Saved, replay: bool) -> Result<(), String> {
        self.cancel_thinking();
        let players = saved.game.rules().players() as usize;
        let seats = match saved.seats {
            Some(seats) if seats.len() == players => seats,
            _ if self.room.seats.len() == players => self.seats(),
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
        let time = saved.time.or(self.setup.time);
        let left: Option<Vec<u64>> = saved.clocks.map(|left| {
            left.iter()
                .map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX))
                .collect()
        });
        let now = self.moment();
        match RoomState::on_device(saved.game, &seats, time, left.as_deref(), now) {
            Ok(room) => self.room = room,
            Err(err) => return Err(err.to_string()),
        }
        self.worker.new_game();
        self.hint = None;
        self.mode = Mode::Pawn;
        self.ask = None;
        self.replay = replay.then(|| self.game().entries().len());
        self.place_cursor();
        self.refresh();
        Ok(())
    }

    /// Replay mode from the move before the last.
    pub fn enter_replay(&mut self) {
        let end = self.game().entries().len();
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
        let now = self.moment();
        // Nothing to cut when the replay stands at the end: play on from there.
        let _ = self.room.cut_history(at, now);
        self.after_change();
    }

    /// Quits: the AI stops, an unfinished game is kept for next time.
    pub fn quit(&mut self) {
        self.cancel_thinking();
        let now = self.moment();
        self.room.pause_clock(now);
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
        if self.game().is_over() || self.game().entries().is_empty() {
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
