//! A game played on one device (the page's games on the device, the
//! terminal): every human seat is held by one holder, [`DEVICE`], so undo
//! and hints are allowed and a draw needs only the computer's yes (the
//! people at the device agree among themselves first). Such a game may be
//! resumed from a saved record (its moves and the clocks' time left), its
//! history cut where a player looking back chose to play on, and its clock
//! stopped while the players are asked a question.

use quoridor_engine::{Controller, TimeControl};
use quoridor_rules::{Entry, Game, Move, Ruleset, Seat, Variant};

use crate::clocks::Clocks;
use crate::error::RoomError;
use crate::moment::Moment;
use crate::room::{EntryMeta, RoomState, SeatSlot};
use crate::settings::{Settings, MAX_PLIES};

/// Who holds the people's seats of a game on one device.
pub const DEVICE: &str = "device";

/// The seats of a game on one device, in turn order: each human seat held
/// by [`DEVICE`], each named after its seat.
pub fn device_seats(seats: &[(Seat, Controller)]) -> Vec<SeatSlot> {
    seats
        .iter()
        .map(|&(seat, kind)| SeatSlot {
            seat,
            kind,
            name: seat.name().to_string(),
            holder: kind.is_human().then(|| DEVICE.to_string()),
            account: None,
            bot: false,
        })
        .collect()
}

impl Settings {
    /// The settings of a private game with these rules, without a clock
    /// (a rules' ply limit above [`MAX_PLIES`], or none, reads as
    /// [`MAX_PLIES`]; the game itself keeps its rules).
    pub fn of_rules(rules: &Ruleset) -> Settings {
        let mut settings = Settings::new(rules.size(), rules.players(), rules.variant(), None)
            .expect("a ruleset's board and players are valid settings");
        settings.fences = rules.fences().into();
        settings.side_step_over_pawn = rules.side_step_over_pawn();
        settings.ply_limit = rules.ply_limit().map_or(MAX_PLIES, |n| n.min(MAX_PLIES));
        settings.public = false;
        settings
    }
}

impl RoomState {
    /// A game on one device between `kinds` (in turn order), on `game`'s
    /// rules and from its history (a new game, or one read from a saved
    /// record), with `clock` and each seat's time `left` (full clocks when
    /// `None`). The history's moves took no time; a move taken back after
    /// this keeps today's clocks.
    pub fn on_device(
        game: Game,
        kinds: &[Controller],
        clock: Option<TimeControl>,
        left: Option<&[u64]>,
        now: Moment,
    ) -> Result<RoomState, RoomError> {
        let rules = *game.rules();
        let seats: Vec<(Seat, Controller)> = Seat::in_play(rules.players())
            .iter()
            .copied()
            .zip(kinds.iter().copied())
            .collect();
        let mut settings = Settings::of_rules(&rules);
        // The device's own clocks are not the server's to bound.
        settings.clock = clock;
        let mut room = RoomState::new(
            DEVICE.into(),
            0,
            DEVICE.into(),
            settings,
            device_seats(&seats),
            now,
        )?;
        if let (Some(clocks), Some(left)) = (&mut room.clocks, left) {
            for (slot, &ms) in clocks.remaining_ms.iter_mut().zip(left) {
                *slot = ms;
            }
        }
        room.meta = history_meta(&game, room.clocks.as_ref());
        room.game = game;
        // The clock runs from the moves' end, as the rules of a new game say.
        room.clocks.iter_mut().for_each(|c| c.turn_started = None);
        room.start_clock_if_ready(now);
        Ok(room)
    }

    /// Cuts the history to its first `len` entries (a player looking back
    /// plays on from there): the clocks as they were after the last entry
    /// kept, the turn starting at `now`. Refused (`NothingToUndo`) when
    /// nothing would be cut.
    pub fn cut_history(&mut self, len: usize, now: Moment) -> Result<(), RoomError> {
        if len >= self.game.entries().len() {
            return Err(RoomError::NothingToUndo);
        }
        while self.game.entries().len() > len {
            self.game.undo();
            self.meta.pop();
        }
        self.aborted = false;
        self.abort = None;
        if let Some(clocks) = &mut self.clocks {
            let initial = self
                .settings
                .clock
                .map_or(0, |c| c.initial().as_millis() as u64);
            clocks.remaining_ms = self
                .meta
                .last()
                .and_then(|m| m.clock_after.clone())
                .unwrap_or_else(|| vec![initial; self.seats.len()]);
            clocks.turn_started = None;
        }
        self.turn_began = now;
        self.draw_offer = None;
        self.takeback_offer = None;
        self.start_clock_if_ready(now);
        self.changed_history();
        Ok(())
    }

    /// Stops the running clock at `now`, keeping the time the turn has
    /// used (the game waits for the people at the device: a question, a
    /// look back). [`RoomState::resume_clock`] starts it again.
    pub fn pause_clock(&mut self, now: Moment) {
        let turn = self.game.position().turn_index();
        let runs = self.clock_runs();
        if let Some(clocks) = &mut self.clocks {
            if runs {
                clocks.stop(turn, now);
            } else {
                clocks.turn_started = None;
            }
        }
    }

    /// Starts the clock stopped by [`RoomState::pause_clock`] at `now`.
    pub fn resume_clock(&mut self, now: Moment) {
        self.start_clock_if_ready(now);
    }

    /// Whether the clock has been stopped by [`RoomState::pause_clock`]
    /// (a game with a clock, going on, its turn's clock not started).
    pub fn clock_paused(&self) -> bool {
        self.status() == crate::room::Status::Playing
            && self
                .clocks
                .as_ref()
                .is_some_and(|c| c.turn_started.is_none())
    }
}

/// Who made each entry of `game`, the points a scoring move won, and the
/// clocks after it (today's: the record does not say what they were).
fn history_meta(game: &Game, clocks: Option<&Clocks>) -> Vec<EntryMeta> {
    let scoring = game.rules().variant() == Variant::Scoring;
    game.entries()
        .iter()
        .enumerate()
        .filter_map(|(i, &entry)| {
            let before = game.position_at(i)?;
            let after = game.position_at(i + 1)?;
            let seat = match entry {
                Entry::Resign(seat) | Entry::Timeout(seat) => seat,
                Entry::Move(_) | Entry::DrawAgreed => before.turn(),
            };
            let points = match entry {
                Entry::Move(Move::Pawn(_)) if scoring => {
                    Some(after.score(seat) - before.score(seat))
                }
                Entry::Move(Move::Pass) if scoring => Some(0),
                _ => None,
            };
            Some(EntryMeta {
                seat,
                ms: 0,
                points,
                clock_after: clocks.map(|c| c.remaining_ms.clone()),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use quoridor_engine::Level;

    use super::*;
    use crate::room::Status;

    const S: u64 = 1_000;

    fn at(ms: u64) -> Moment {
        Moment::from_millis(ms)
    }

    fn people(n: usize) -> Vec<Controller> {
        vec![Controller::Human; n]
    }

    fn five() -> Game {
        Game::new(Ruleset::new(5, 2).unwrap())
    }

    fn fischer() -> Option<TimeControl> {
        Some(TimeControl::Fischer {
            initial: Duration::from_secs(60),
            increment: Duration::from_secs(2),
        })
    }

    #[test]
    fn a_saved_game_resumes_with_its_history_rules_and_clocks() {
        let rules = Ruleset::new(5, 2).unwrap(); // no ply limit
        let mut game = Game::new(rules);
        for mv in ["c2", "c4", "b2h"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let kinds = [Controller::Human, Controller::Ai(Level::new(3).unwrap())];
        let left = [41 * S, 50 * S];
        let room =
            RoomState::on_device(game.clone(), &kinds, fischer(), Some(&left), at(0)).unwrap();
        assert_eq!(room.game, game, "the record's own rules and moves");
        assert_eq!(room.meta.len(), 3);
        let seats: Vec<Seat> = room.meta.iter().map(|m| m.seat).collect();
        assert_eq!(seats, [Seat::South, Seat::North, Seat::South]);
        assert!(room.is_private());
        assert_eq!(room.seats_of(DEVICE), [Seat::South]);
        assert_eq!(room.status(), Status::Playing);
        // North (to move) has moved before: its clock runs from now.
        assert_eq!(room.remaining_at(at(5 * S)), Some(vec![41 * S, 45 * S]));
    }

    #[test]
    fn a_paused_clock_keeps_the_time_used_and_runs_on_when_resumed() {
        let mut room = RoomState::on_device(five(), &people(2), fischer(), None, at(0)).unwrap();
        room.play_move(None, "c2".parse().unwrap(), at(S)).unwrap();
        room.play_move(None, "c4".parse().unwrap(), at(2 * S))
            .unwrap();
        // South's second move is timed.
        room.pause_clock(at(12 * S));
        assert!(room.clock_paused());
        assert_eq!(room.deadline(), None, "a paused clock never falls");
        assert_eq!(room.remaining_at(at(500 * S)).unwrap()[0], 52 * S);
        room.resume_clock(at(500 * S));
        assert_eq!(room.remaining_at(at(510 * S)).unwrap()[0], 42 * S);
        assert_eq!(room.deadline(), Some(at(552 * S)));
    }

    #[test]
    fn cutting_the_history_gives_back_the_clocks_of_its_last_entry() {
        let mut room = RoomState::on_device(five(), &people(2), fischer(), None, at(0)).unwrap();
        for (i, mv) in ["c2", "c4", "c3", "c5"].iter().enumerate() {
            let when = at((i as u64 + 1) * 10 * S);
            room.play_move(None, mv.parse().unwrap(), when).unwrap();
        }
        let after_two = room.meta[1].clock_after.clone();
        room.cut_history(2, at(100 * S)).unwrap();
        assert_eq!(room.game.entries().len(), 2);
        assert_eq!(room.meta.len(), 2);
        assert_eq!(
            room.clocks.as_ref().map(|c| c.remaining_ms.clone()),
            after_two
        );
        assert_eq!(room.turn_began, at(100 * S));
        assert_eq!(
            room.cut_history(2, at(100 * S)),
            Err(RoomError::NothingToUndo)
        );
    }

    #[test]
    fn the_rules_settings_keep_fences_and_options() {
        let rules = Ruleset::new(7, 4)
            .unwrap()
            .with_fences(3)
            .unwrap()
            .with_side_step_over_pawn(true)
            .with_ply_limit(Some(100))
            .unwrap();
        let settings = Settings::of_rules(&rules);
        assert_eq!(
            (settings.size, settings.players, settings.fences),
            (7, 4, 3)
        );
        assert!(settings.side_step_over_pawn && !settings.public);
        assert_eq!(settings.ply_limit, 100);
    }
}
