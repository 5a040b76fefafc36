//! One game on the server: settings, seats and who holds them, the game
//! itself, clocks and draw offers. Everything here is synchronous and takes
//! the time as an argument, so it is tested without a runtime or a clock.
//! Every operation either changes the room and succeeds, or fails with a
//! [`RoomError`] and leaves it as it was (callers work on a copy and keep it
//! only once it is stored). Nothing here knows about HTTP or JSON bodies.
//!
//! Clocks start as on lichess: a seat's clock runs from its second turn on
//! (its first move is not charged). In an online game with a clock, a seat
//! that lets its first move wait [`FIRST_MOVE_TIME`] aborts the game, and
//! until every seat has moved once any player may abort it.

use std::time::Duration;

use quoridor_engine::{Controller, Level};
use quoridor_rules::{Entry, Game, Move, Outcome, Position, Seat, Variant};
use serde::{Deserialize, Serialize};

use crate::clocks::{Clocks, TurnEnd};
use crate::error::RoomError;
use crate::moment::Moment;
use crate::rating::Rating;
use crate::settings::Settings;
use crate::wire;

/// How long a seat of an online game with a clock may wait before its
/// first move before the game is aborted.
pub const FIRST_MOVE_TIME: Duration = Duration::from_secs(30);
/// How long an online game with a clock waits for the player to move to
/// open it (a rematch accepted while they looked elsewhere, a game made
/// for them) before it is aborted; once they are there, their first move
/// has [`FIRST_MOVE_TIME`].
pub const ARRIVAL_TIME: Duration = Duration::from_secs(60);
/// How long a player's page must have been gone before the others may
/// claim the win or a draw.
pub const CLAIM_TIME: Duration = Duration::from_secs(20);

/// One seat and who holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSlot {
    pub seat: Seat,
    pub kind: Controller,
    pub name: String,
    /// The hash of the token that holds this seat (human seats), or the
    /// holder of an account (the server's `account::holder_of`); `None` while
    /// the seat is free.
    pub holder: Option<String>,
    /// The account that plays this seat, if its player was logged in.
    pub account: Option<u64>,
    /// That account is a bot's (a program plays the seat): marked beside
    /// its name.
    pub bot: bool,
}

impl SeatSlot {
    pub fn is_free(&self) -> bool {
        self.kind.is_human() && self.holder.is_none()
    }

    pub fn held_by(&self, holder: &str) -> bool {
        self.kind.is_human() && self.holder.as_deref() == Some(holder)
    }

    /// The seats of a rematch: the same people, each moved on one seat
    /// (with two players, the colours swap). A seat's default name (its
    /// own) stays with the seat.
    pub fn turned(seats: &[SeatSlot]) -> Vec<SeatSlot> {
        let n = seats.len();
        (0..n)
            .map(|i| {
                let from = &seats[(i + n - 1) % n];
                let seat = seats[i].seat;
                let name = if from.name == from.seat.name() {
                    seat.name().to_string()
                } else {
                    from.name.clone()
                };
                SeatSlot {
                    seat,
                    kind: from.kind,
                    name,
                    holder: from.holder.clone(),
                    account: from.account,
                    bot: from.bot,
                }
            })
            .collect()
    }
}

/// What the server keeps about each history entry besides the entry itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryMeta {
    #[serde(with = "wire::seat")]
    pub seat: Seat,
    /// Time the seat took (from the start of its turn).
    pub ms: u64,
    /// The scoring variant's points for a pawn move.
    pub points: Option<i32>,
    /// Every seat's clock right after the entry.
    pub clock_after: Option<Vec<u64>>,
}

/// An offer waiting for the other players' answers: a draw
/// ([`RoomState::draw`]) or a takeback of the offerer's last move
/// ([`RoomState::takeback`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    #[serde(with = "wire::seat")]
    pub by: Seat,
    /// The seats whose answer is waited for.
    #[serde(with = "wire::seats")]
    pub waiting: Vec<Seat>,
}

/// A draw offer waiting for answers.
pub type DrawOffer = Offer;
/// A takeback asked for, waiting for answers.
pub type TakebackOffer = Offer;

/// Whether the game can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A human seat is still free.
    Waiting,
    Playing,
    Over,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }
}

/// How a game ended, for the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub winners: Vec<Seat>,
    pub draw: bool,
    /// `goal`, `ply limit`, `resignation`, `time`, `agreement`, `aborted`.
    pub termination: &'static str,
    /// Why an aborted game was aborted (none in older stores).
    pub abort: Option<Abort>,
    /// The seats that left the game and lost by the others' claim (their
    /// resignation was not theirs).
    pub left: Vec<Seat>,
}

/// Why a game was aborted, and by which seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Abort {
    #[serde(with = "wire::seat")]
    pub seat: Seat,
    pub why: AbortWhy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbortWhy {
    /// A player aborted it before every seat had moved.
    Aborted,
    /// The seat's first move waited [`FIRST_MOVE_TIME`].
    NoFirstMove,
    /// Nobody took the seat while the game waited for its players.
    NobodyCame,
    /// The seat's player never opened the game in [`ARRIVAL_TIME`].
    NeverOpened,
}

/// A game on the server.
#[derive(Clone, Debug)]
pub struct RoomState {
    pub id: String,
    pub created_ms: u64,
    /// Who created it (the client's address), for the per-client room limit.
    pub creator: String,
    pub settings: Settings,
    pub seats: Vec<SeatSlot>,
    pub game: Game,
    pub meta: Vec<EntryMeta>,
    pub clocks: Option<Clocks>,
    pub draw_offer: Option<DrawOffer>,
    /// A takeback asked for, waiting for the others' answers.
    pub takeback_offer: Option<TakebackOffer>,
    pub rematch: Option<String>,
    /// The seats whose players asked for a rematch, until every player
    /// has (then it is made) or one declines.
    pub rematch_asked: Vec<Seat>,
    /// Ended before every seat had moved once, without a result.
    pub aborted: bool,
    /// Why, and by which seat.
    pub abort: Option<Abort>,
    /// The seats that left and were resigned for by a claim of the others.
    pub left_seats: Vec<Seat>,
    /// A rated game that ended: each account's rating before and after.
    pub rating_changes: Vec<RatingChange>,
    /// Grows with every change that is shown.
    pub version: u64,
    /// Grows with every change of the history (so a late AI move for an
    /// older history is dropped).
    pub epoch: u64,
    /// Open WebSocket connections per seat, and of spectators (not stored).
    pub connections: Vec<u32>,
    /// Per seat, when its last connection closed (none while one is open,
    /// or before it ever connected; not stored).
    pub left_at: Vec<Option<Moment>>,
    /// Per seat, when its player first opened the game (not stored: after
    /// a restart they open it again).
    pub arrived_at: Vec<Option<Moment>>,
    pub spectators: u32,
    /// When the current turn began, for the time each entry took (also in
    /// games without a clock; not stored).
    pub turn_began: Moment,
    /// The last change or connection (finished games idle this long leave
    /// memory).
    pub last_seen: Moment,
}

/// How a rated game changed one player's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    #[serde(with = "wire::seat")]
    pub seat: Seat,
    pub account: u64,
    pub before: Rating,
    pub after: Rating,
}

/// A history entry as the API and the database write it: the move, or
/// `resign`, `timeout`, `draw`.
pub fn entry_text(entry: &Entry) -> String {
    match entry {
        Entry::Move(mv) => mv.to_string(),
        Entry::Resign(_) => "resign".into(),
        Entry::Timeout(_) => "timeout".into(),
        Entry::DrawAgreed => "draw".into(),
    }
}

/// Reads back what [`entry_text`] wrote, for `seat`.
pub fn parse_entry(text: &str, seat: Seat) -> Option<Entry> {
    Some(match text {
        "resign" => Entry::Resign(seat),
        "timeout" => Entry::Timeout(seat),
        "draw" => Entry::DrawAgreed,
        mv => Entry::Move(mv.parse::<Move>().ok()?),
    })
}

/// Whether the seat to move has no move but `pass` (an arrived pawn
/// without fences in the scoring game, a boxed pawn with four players):
/// the game passes for it at once, wherever it is played.
pub fn pass_is_forced(pos: &Position) -> bool {
    let moves = pos.legal_moves();
    moves.len() == 1 && moves[0] == Move::Pass
}

/// How many history entries two states of a game share from the start
/// (the same entries with the same times): what is already stored and
/// already shown.
pub fn common_entries(old: &RoomState, new: &RoomState) -> usize {
    old.game
        .entries()
        .iter()
        .zip(new.game.entries())
        .zip(old.meta.iter().zip(&new.meta))
        .take_while(|((a, b), (ma, mb))| a == b && ma == mb)
        .count()
}

/// Milliseconds from `since` to `now` (none if `now` is earlier).
pub(crate) fn elapsed_ms(since: Moment, now: Moment) -> u64 {
    now.millis_since(since)
}

impl RoomState {
    /// A new game; `seats` in turn order.
    pub fn new(
        id: String,
        created_ms: u64,
        creator: String,
        settings: Settings,
        seats: Vec<SeatSlot>,
        now: Moment,
    ) -> Result<RoomState, RoomError> {
        let rules = settings.ruleset()?;
        if seats.len() != usize::from(settings.players) {
            return Err(RoomError::Settings(format!(
                "seats: expected {} seats, one per player",
                settings.players
            )));
        }
        let clocks = settings
            .clock
            .map(|control| Clocks::full(control, seats.len()));
        let n = seats.len();
        let mut room = RoomState {
            id,
            created_ms,
            creator,
            settings,
            seats,
            game: Game::new(rules),
            meta: Vec::new(),
            clocks,
            draw_offer: None,
            takeback_offer: None,
            rematch: None,
            rematch_asked: Vec::new(),
            aborted: false,
            abort: None,
            left_seats: Vec::new(),
            rating_changes: Vec::new(),
            version: 1,
            epoch: 0,
            connections: vec![0; n],
            left_at: vec![None; n],
            arrived_at: vec![None; n],
            spectators: 0,
            turn_began: now,
            last_seen: now,
        };
        room.start_clock_if_ready(now);
        Ok(room)
    }

    pub fn status(&self) -> Status {
        if self.aborted || self.game.is_over() {
            Status::Over
        } else if self.seats.iter().any(SeatSlot::is_free) {
            Status::Waiting
        } else {
            Status::Playing
        }
    }

    /// The seat to move and its slot.
    pub fn turn_slot(&self) -> &SeatSlot {
        &self.seats[self.game.position().turn_index()]
    }

    pub(crate) fn slot_index(&self, seat: Seat) -> Option<usize> {
        self.seats.iter().position(|s| s.seat == seat)
    }

    /// The seats this token holds.
    pub fn seats_of(&self, holder: &str) -> Vec<Seat> {
        self.seats
            .iter()
            .filter(|s| s.held_by(holder))
            .map(|s| s.seat)
            .collect()
    }

    /// Human seat `seat` is held by `holder` from now on (a pupil came
    /// back with their login card on another tablet). Says whether it
    /// changed anything: an AI's seat, or one that `holder` holds already,
    /// stays as it is.
    pub fn hand_seat(&mut self, seat: Seat, holder: &str) -> bool {
        match self.slot_index(seat).map(|i| &mut self.seats[i]) {
            Some(slot) if slot.kind.is_human() && slot.holder.as_deref() != Some(holder) => {
                slot.holder = Some(holder.to_string());
                true
            }
            _ => false,
        }
    }

    /// Undo and hints are for games where one token holds every human seat
    /// (against the AI, or on one screen): nobody else is wronged.
    pub fn is_private(&self) -> bool {
        if self.settings.competition {
            return false;
        }
        let mut holders = self
            .seats
            .iter()
            .filter(|s| s.kind.is_human())
            .map(|s| s.holder.as_deref());
        match holders.next() {
            Some(Some(first)) => holders.all(|h| h == Some(first)),
            _ => false,
        }
    }

    pub fn require_holder(&self, holder: &str) -> Result<Vec<Seat>, RoomError> {
        let seats = self.seats_of(holder);
        if seats.is_empty() {
            Err(RoomError::Unauthorized)
        } else {
            Ok(seats)
        }
    }

    /// Whether `seat` has played a move in this game.
    pub fn has_moved(&self, seat: Seat) -> bool {
        self.meta
            .iter()
            .zip(self.game.entries())
            .any(|(meta, entry)| meta.seat == seat && matches!(entry, Entry::Move(_)))
    }

    /// Whether every seat still playing has moved once (until then the game
    /// may be aborted).
    pub fn everyone_moved(&self) -> bool {
        let pos = self.game.position();
        self.seats
            .iter()
            .filter(|s| !pos.is_out(s.seat))
            .all(|s| self.has_moved(s.seat))
    }

    /// Whether the game may still be aborted: not over, and some seat
    /// still playing has not moved yet; never a competition's, nor a
    /// class's (the teacher paired it: a pupil does not end it).
    pub fn abort_allowed(&self) -> bool {
        !self.settings.competition
            && !self.settings.teacher_reads
            && self.status() != Status::Over
            && !self.everyone_moved()
    }

    /// Records an entry made by `seat` (the time since its turn started, the
    /// clocks after it).
    pub(crate) fn push_entry(
        &mut self,
        entry: Entry,
        seat: Seat,
        points: Option<i32>,
        now: Moment,
    ) {
        let turn_before = self.game.position().turn_index();
        let charged = self.clock_runs();
        let started = self.clocks.as_ref().and_then(|c| c.turn_started);
        let ms = elapsed_ms(started.unwrap_or(self.turn_began), now);
        self.game
            .apply(entry)
            .expect("the entry was checked before it is recorded");
        let over = self.game.is_over();
        let turn_after = self.game.position().turn_index();
        if let (Some(clocks), Some(control)) = (&mut self.clocks, self.settings.clock) {
            let turn = TurnEnd {
                before: turn_before,
                after: turn_after,
                moved: matches!(entry, Entry::Move(_)) && turn_before != turn_after,
                charged,
                over,
            };
            clocks.turn_ended(control, turn, now);
        }
        self.meta.push(EntryMeta {
            seat,
            ms,
            points,
            clock_after: self.clocks.as_ref().map(|c| c.remaining_ms.clone()),
        });
        if turn_after != turn_before {
            self.turn_began = now;
        }
        self.draw_offer = None;
        self.takeback_offer = None;
        self.changed_history();
    }

    /// Plays the passes nobody can refuse ([`pass_is_forced`]) at once.
    pub(crate) fn pass_when_forced(&mut self, now: Moment) {
        for _ in 0..self.seats.len() {
            if self.status() != Status::Playing {
                return;
            }
            let pos = self.game.position();
            if !pass_is_forced(pos) {
                return;
            }
            let seat = pos.turn();
            self.push_entry(Entry::Move(Move::Pass), seat, Some(0), now);
        }
    }

    pub(crate) fn changed_history(&mut self) {
        self.version += 1;
        self.epoch += 1;
    }

    /// Plays a move for the seat to move; `holder_seats` is `None` for an AI.
    pub fn play_move(
        &mut self,
        holder_seats: Option<&[Seat]>,
        mv: Move,
        now: Moment,
    ) -> Result<(), RoomError> {
        match self.status() {
            Status::Over => return Err(RoomError::GameOver),
            Status::Waiting => return Err(RoomError::NotStarted),
            Status::Playing => {}
        }
        let turn = self.game.position().turn();
        if let Some(seats) = holder_seats {
            if !seats.contains(&turn) {
                return Err(RoomError::NotYourTurn(turn));
            }
        }
        if self.deadline().is_some_and(|d| d <= now) {
            return Err(RoomError::TimeUp(turn));
        }
        let before = *self.game.position();
        let mut after = before;
        after.play(mv)?;
        let points = (before.rules().variant() == Variant::Scoring && matches!(mv, Move::Pawn(_)))
            .then(|| after.score(turn) - before.score(turn));
        self.push_entry(Entry::Move(mv), turn, points, now);
        self.pass_when_forced(now);
        Ok(())
    }

    /// Takes a free seat (`seat`, or the first free one) for `holder`, and
    /// for `account` when its player is logged in (a rated game's seats
    /// need two different accounts).
    pub fn join(
        &mut self,
        holder: &str,
        seat: Option<Seat>,
        name: Option<String>,
        account: Option<u64>,
        bot: bool,
        now: Moment,
    ) -> Result<Seat, RoomError> {
        if self.status() == Status::Over {
            return Err(RoomError::GameOver);
        }
        if self.settings.rated {
            let Some(account) = account else {
                return Err(RoomError::Rated("log in to play a rated game"));
            };
            if self.seats.iter().any(|s| s.account == Some(account)) {
                return Err(RoomError::Rated(
                    "you cannot play a rated game against yourself",
                ));
            }
        }
        let index = match seat {
            Some(seat) => {
                let i = self.slot_index(seat).ok_or(RoomError::NoSuchSeat(seat))?;
                if !self.seats[i].is_free() {
                    return Err(RoomError::SeatTaken(seat));
                }
                i
            }
            None => self
                .seats
                .iter()
                .position(SeatSlot::is_free)
                .ok_or(RoomError::NoFreeSeat)?,
        };
        self.turn_began = now;
        let slot = &mut self.seats[index];
        slot.holder = Some(holder.to_string());
        slot.account = account;
        slot.bot = account.is_some() && bot;
        if let Some(name) = name {
            slot.name = name;
        }
        self.version += 1;
        self.start_clock_if_ready(now);
        Ok(self.seats[index].seat)
    }

    /// How the game ended, if it has.
    pub fn result(&self) -> Option<GameResult> {
        if self.aborted {
            return Some(GameResult {
                winners: Vec::new(),
                draw: false,
                termination: "aborted",
                abort: self.abort,
                left: Vec::new(),
            });
        }
        let (outcome, termination) = self.game.result()?;
        let winners = match outcome {
            Outcome::Winner(seat) => vec![seat],
            Outcome::TeamWinner(team) => team.seats().to_vec(),
            Outcome::Draw => Vec::new(),
        };
        Some(GameResult {
            winners,
            draw: outcome == Outcome::Draw,
            termination: termination.name(),
            abort: None,
            left: self.left_seats.clone(),
        })
    }

    /// The level of the AI to move now, if an AI is to move.
    pub fn ai_to_move(&self) -> Option<Level> {
        if self.status() != Status::Playing {
            return None;
        }
        self.turn_slot().kind.level()
    }
}

#[cfg(test)]
mod clock_tests;
#[cfg(test)]
mod takeback_tests;
#[cfg(test)]
mod tests;
