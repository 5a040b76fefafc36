//! The cursor, fence mode, a person's moves and taking them back.

use super::*;

impl App {
    pub(super) fn move_cursor(&mut self, dx: i32, dy: i32) {
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

    pub(super) fn toggle_fence(&mut self) {
        match self.mode {
            Mode::Pawn => self.enter_fence_mode(Orientation::Horizontal),
            Mode::Fence(_) => {
                self.mode = Mode::Pawn;
                self.place_cursor();
            }
        }
    }

    pub(super) fn rotate(&mut self) {
        match self.mode {
            Mode::Pawn => self.enter_fence_mode(Orientation::Horizontal),
            Mode::Fence(Orientation::Horizontal) => self.mode = Mode::Fence(Orientation::Vertical),
            Mode::Fence(Orientation::Vertical) => self.mode = Mode::Fence(Orientation::Horizontal),
        }
    }

    pub(super) fn enter_fence_mode(&mut self, orientation: Orientation) {
        self.mode = Mode::Fence(orientation);
        let max = self.game.rules().size() - 2;
        self.cursor = Square::new(self.cursor.col().min(max), self.cursor.row().min(max));
    }

    pub(super) fn play_cursor(&mut self) {
        let mv = match self.mode {
            Mode::Pawn => Move::Pawn(self.cursor),
            Mode::Fence(orientation) => Move::Fence(Fence::new(self.cursor, orientation)),
        };
        self.play_human(mv);
    }

    /// The cursor goes to the pawn of the person to move (or of the only
    /// person playing), in pawn mode.
    pub(super) fn place_cursor(&mut self) {
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
    pub(super) fn play_human(&mut self, mv: Move) {
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

    pub(super) fn after_move(&mut self, seat: Seat, mv: Move) {
        let lang = self.lang();
        self.clock_after_move(seat);
        let text = lang.f(Msg::Plays, &[&lang.seat(seat), &mv]);
        self.say(Tone::Info, text);
        // The passes nobody can refuse are played at once, as the server
        // and the page play them (the game crate's rule).
        for _ in 0..self.seats.len() {
            if self.game.is_over() || !quoridor_game::pass_is_forced(self.game.position()) {
                break;
            }
            let passer = self.game.position().turn();
            if self.game.play(Move::Pass).is_err() {
                break;
            }
            self.clock_after_move(passer);
            let text = lang.f(Msg::Plays, &[&lang.seat(passer), &Move::Pass]);
            self.log.push(text);
        }
        self.mode = Mode::Pawn;
        self.after_change();
    }

    /// `seat` has moved: its turn charged and given back, the next one's
    /// clock running.
    fn clock_after_move(&mut self, seat: Seat) {
        if let Some(p) = seat.player(self.game.rules().players()) {
            let next = (!self.game.is_over()).then(|| self.game.position().turn_index());
            self.clocks.moved(p, next, self.now);
        }
    }

    /// After any change of the game: the end announced, the game kept, the
    /// cursor placed, the clocks and the AI started.
    pub(super) fn after_change(&mut self) {
        self.hint = None;
        if self.game.is_over() {
            let text = self.end_text();
            self.say(Tone::Good, text);
        }
        self.autosave();
        self.place_cursor();
        self.refresh();
    }

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
}
