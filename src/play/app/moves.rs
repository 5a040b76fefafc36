//! The cursor, fence mode, a person's moves and taking them back.

use super::*;

impl App {
    pub(super) fn move_cursor(&mut self, dx: i32, dy: i32) {
        let size = self.game().rules().size() as i32;
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
        let max = self.game().rules().size() - 2;
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
        let pos = *self.game().position();
        let seat = if self.to_move().is_human() {
            Some(pos.turn())
        } else {
            let mut humans = self.room.seats.iter().filter(|slot| slot.kind.is_human());
            match (humans.next(), humans.next()) {
                (Some(slot), None) => Some(slot.seat),
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
        if self.game().is_over() {
            self.say(Tone::Error, lang.illegal(IllegalMove::GameOver));
            return;
        }
        let seat = self.game().position().turn();
        if !self.to_move().is_human() {
            let text = lang.f(Msg::NotYourTurn, &[&lang.seat(seat)]);
            self.say(Tone::Error, text);
            return;
        }
        let held = self.room.seats_of(DEVICE);
        self.play(Some(&held), mv);
    }

    /// Plays `mv` for the seat to move (`held`: the people's seats; `None`
    /// for the computer), as the game crate rules: the passes nobody can
    /// refuse follow at once, a move too late loses on time.
    pub(super) fn play(&mut self, held: Option<&[Seat]>, mv: Move) {
        let lang = self.lang();
        let before = self.game().entries().len();
        let now = self.moment();
        match self.room.play_move(held, mv, now) {
            Ok(()) => {
                self.announce(before);
                self.mode = Mode::Pawn;
                self.after_change();
            }
            Err(RoomError::Illegal(err)) => {
                let text = lang.f(Msg::Forbidden, &[&mv, &lang.illegal(err)]);
                self.say(Tone::Error, text);
            }
            Err(RoomError::TimeUp(_)) => {
                self.check_flag();
            }
            Err(RoomError::NotYourTurn(seat)) => {
                let text = lang.f(Msg::NotYourTurn, &[&lang.seat(seat)]);
                self.say(Tone::Error, text);
            }
            Err(_) => self.say(Tone::Error, lang.illegal(IllegalMove::GameOver)),
        }
    }

    /// Says the moves made from entry `from` on: the first on the message
    /// line, the passes that followed it in the log.
    fn announce(&mut self, from: usize) {
        let lang = self.lang();
        let made: Vec<(Seat, Entry)> = self.room.meta[from..]
            .iter()
            .zip(&self.game().entries()[from..])
            .map(|(meta, &entry)| (meta.seat, entry))
            .collect();
        for (i, (seat, entry)) in made.into_iter().enumerate() {
            let text = lang.f(Msg::Plays, &[&lang.seat(seat), &self.entry_text(entry)]);
            if i == 0 {
                self.say(Tone::Info, text);
            } else {
                self.log.push(text);
            }
        }
    }

    /// After any change of the game: the end announced, the game kept, the
    /// cursor placed, the clocks and the AI started.
    pub(super) fn after_change(&mut self) {
        self.hint = None;
        if self.game().is_over() {
            let text = self.end_text();
            self.say(Tone::Good, text);
        }
        self.autosave();
        self.place_cursor();
        self.refresh();
    }

    /// Takes back the last move; against the AI, back to the last position
    /// where a person was to move (your move and its reply): the game
    /// crate's undo.
    pub fn undo(&mut self) {
        if self.replay.is_some() {
            return;
        }
        let lang = self.lang();
        self.cancel_thinking();
        let entries = self.game().entries().to_vec();
        let now = self.moment();
        match self.room.undo(DEVICE, now) {
            Ok(()) => {
                let taken = &entries[self.game().entries().len()..];
                let words: Vec<String> = taken.iter().map(|&e| self.entry_text(e)).collect();
                let text = lang.f(Msg::TookBack, &[&words.join(" ")]);
                self.say(Tone::Info, text);
            }
            Err(_) => self.say(Tone::Error, lang.t(Msg::NothingToUndo).into()),
        }
        self.mode = Mode::Pawn;
        self.after_change();
    }
}
