//! A game: a start position, the moves played, and how it ended.

use alloc::vec::Vec;
use core::fmt;

use crate::error::IllegalMove;
use crate::mv::Move;
use crate::position::{Outcome, Position};
use crate::ruleset::{Ruleset, Variant};
use crate::seat::Seat;

/// One entry of a game's history: a move, or a seat leaving the game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Entry {
    /// A move by the side to move.
    Move(Move),
    /// A seat resigned.
    Resign(Seat),
    /// A seat ran out of time.
    Timeout(Seat),
    /// The players agreed a draw.
    DrawAgreed,
}

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Termination {
    /// A pawn reached its goal line (or, in the scoring game, every pawn did).
    Goal,
    /// The ply limit of the ruleset was reached.
    PlyLimit,
    /// A resignation decided the game.
    Resignation,
    /// A clock ran out.
    Timeout,
    /// The players agreed a draw.
    Agreement,
    /// The same position came back a third time, under the `repetition`
    /// option ([`Ruleset::repetition`]): a draw.
    Repetition,
}

impl Termination {
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Goal => "goal",
            Termination::PlyLimit => "ply limit",
            Termination::Resignation => "resignation",
            Termination::Timeout => "time",
            Termination::Agreement => "agreement",
            Termination::Repetition => "repetition",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a history entry was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    Illegal(IllegalMove),
    /// The game has already ended.
    GameOver,
    /// The seat is not playing (not in this game, or already out).
    NotPlaying(Seat),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Illegal(err) => err.fmt(f),
            GameError::GameOver => f.write_str("game is over"),
            GameError::NotPlaying(seat) => write!(f, "{seat} is not playing"),
        }
    }
}

impl core::error::Error for GameError {}

impl From<IllegalMove> for GameError {
    fn from(err: IllegalMove) -> GameError {
        match err {
            IllegalMove::GameOver => GameError::GameOver,
            err => GameError::Illegal(err),
        }
    }
}

/// A game with its history, which can be taken back entry by entry.
///
/// Resigning (or losing on time) in a two-player or team game ends it; in a
/// four-player game the seat leaves (its pawn is taken off the board and its
/// turns are skipped) and the others play on until one is left or a pawn
/// arrives.
///
/// ```
/// use quoridor_rules::{Game, Outcome, Ruleset, Seat, Termination};
/// let mut game = Game::new(Ruleset::STANDARD);
/// game.play("e2".parse().unwrap()).unwrap();
/// game.resign(Seat::North).unwrap();
/// assert_eq!(game.outcome(), Some(Outcome::Winner(Seat::South)));
/// assert_eq!(game.termination(), Some(Termination::Resignation));
/// assert!(game.undo().is_some());
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    /// The position before each entry, then the current one.
    positions: Vec<Position>,
    entries: Vec<Entry>,
    /// An ending decided off the board (resignation, time, agreement).
    decided: Option<(Outcome, Termination)>,
}

impl Game {
    /// A new game from the start position of `rules`.
    pub fn new(rules: Ruleset) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A new game from a set-up position.
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            positions: alloc::vec![start],
            entries: Vec::new(),
            decided: None,
        }
    }

    pub fn rules(&self) -> &Ruleset {
        self.start.rules()
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The history, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The moves played, in order (without resignations).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.entries.iter().filter_map(|e| match e {
            Entry::Move(mv) => Some(*mv),
            _ => None,
        })
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.result().map(|(outcome, _)| outcome)
    }

    /// Why the game ended, if it is over.
    pub fn termination(&self) -> Option<Termination> {
        self.result().map(|(_, termination)| termination)
    }

    /// The outcome and its reason, if the game is over.
    pub fn result(&self) -> Option<(Outcome, Termination)> {
        if self.decided.is_some() {
            return self.decided;
        }
        let pos = self.position();
        let outcome = pos.outcome()?;
        let by_goal = match outcome {
            Outcome::Draw => pos.rules().variant() == Variant::Scoring && !self.reached_limit(),
            _ => true,
        };
        let termination = match self.entries.last() {
            _ if !by_goal => Termination::PlyLimit,
            // A four-player game ends when a resignation leaves one player.
            Some(Entry::Resign(_)) => Termination::Resignation,
            Some(Entry::Timeout(_)) => Termination::Timeout,
            _ => Termination::Goal,
        };
        Some((outcome, termination))
    }

    fn reached_limit(&self) -> bool {
        self.rules()
            .ply_limit()
            .is_some_and(|limit| self.position().ply() >= limit)
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// Plays a move for the side to move.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let mut next = *self.position();
        next.play(mv)?;
        self.push(Entry::Move(mv), next);
        if self.rules().repetition() && !next.is_over() && self.seen_before(&next) >= 2 {
            self.decided = Some((Outcome::Draw, Termination::Repetition));
        }
        Ok(())
    }

    /// How many times `pos` (all but its ply count) came before the last
    /// position. Fences are never taken back, so only the positions since
    /// the last fence placed can be the same.
    fn seen_before(&self, pos: &Position) -> usize {
        let recent = self.since_last_fence();
        recent[..recent.len() - 1]
            .iter()
            .filter(|p| p.repeats(pos))
            .count()
    }

    /// The positions since the last fence was placed, the current one
    /// last: the only ones the current position or a later one without a
    /// new fence can repeat (fences are never taken back). What a search
    /// needs to see repetitions coming.
    pub fn since_last_fence(&self) -> &[Position] {
        let fences = self.position().fence_count();
        let first = self
            .positions
            .iter()
            .rposition(|p| p.fence_count() != fences)
            .map_or(0, |i| i + 1);
        &self.positions[first..]
    }

    /// A seat resigns.
    pub fn resign(&mut self, seat: Seat) -> Result<(), GameError> {
        self.leave(seat, Entry::Resign(seat), Termination::Resignation)
    }

    /// A seat's clock ran out.
    pub fn timeout(&mut self, seat: Seat) -> Result<(), GameError> {
        self.leave(seat, Entry::Timeout(seat), Termination::Timeout)
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let pos = *self.position();
        self.push(Entry::DrawAgreed, pos);
        self.decided = Some((Outcome::Draw, Termination::Agreement));
        Ok(())
    }

    fn leave(&mut self, seat: Seat, entry: Entry, why: Termination) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let pos = *self.position();
        if seat.player(pos.players()).is_none() || pos.is_out(seat) {
            return Err(GameError::NotPlaying(seat));
        }
        let decided = match (pos.players(), pos.rules().variant()) {
            (2, _) => {
                let other = *pos.seats().iter().find(|&&s| s != seat).expect("two seats");
                Some(Outcome::Winner(other))
            }
            (_, Variant::Teams) => {
                let team = if seat.team() == crate::Team::SouthWest {
                    crate::Team::NorthEast
                } else {
                    crate::Team::SouthWest
                };
                Some(Outcome::TeamWinner(team))
            }
            _ => None,
        };
        let mut next = pos;
        if decided.is_none() {
            next.remove(seat);
        }
        self.push(entry, next);
        self.decided = decided.map(|outcome| (outcome, why));
        Ok(())
    }

    /// Replays one history entry, as read from a record.
    pub fn apply(&mut self, entry: Entry) -> Result<(), GameError> {
        match entry {
            Entry::Move(mv) => self.play(mv),
            Entry::Resign(seat) => self.resign(seat),
            Entry::Timeout(seat) => self.timeout(seat),
            Entry::DrawAgreed => self.agree_draw(),
        }
    }

    fn push(&mut self, entry: Entry, next: Position) {
        self.entries.push(entry);
        self.positions.push(next);
    }

    /// Takes back the last entry (a move, a resignation, a draw); returns it,
    /// or `None` at the start.
    pub fn undo(&mut self) -> Option<Entry> {
        let entry = self.entries.pop()?;
        self.positions.pop();
        self.decided = None;
        Some(entry)
    }

    /// The position before entry `index` (`index == entries().len()` gives the
    /// current one), for replaying a game move by move.
    pub fn position_at(&self, index: usize) -> Option<&Position> {
        self.positions.get(index)
    }
}
