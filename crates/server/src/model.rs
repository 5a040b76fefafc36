//! One game on the server: settings, seats and who holds them, the game
//! itself, clocks and draw offers. Everything here is synchronous and takes
//! the time as an argument, so it is tested without a runtime or a clock.
//! Every operation either changes the room and succeeds, or fails and leaves
//! it as it was (callers work on a copy and keep it only once it is stored).

use std::time::{Duration, Instant};

use quoridor_engine::Level;
use quoridor_rules::{Entry, Game, GameError, Move, Outcome, Ruleset, Seat, Variant};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Longest clock a game may have (a day), and the longest increment.
pub const MAX_CLOCK_MS: u64 = 24 * 3600 * 1000;

/// How a clock runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TimeControl {
    /// A total per player plus an increment after each move (Fischer).
    Fischer { initial_ms: u64, increment_ms: u64 },
    /// A fixed time for each move.
    PerMove { per_move_ms: u64 },
}

impl TimeControl {
    fn validate(self) -> Result<TimeControl, ApiError> {
        let ok = match self {
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            } => (1000..=MAX_CLOCK_MS).contains(&initial_ms) && increment_ms <= 3_600_000,
            TimeControl::PerMove { per_move_ms } => (1000..=MAX_CLOCK_MS).contains(&per_move_ms),
        };
        if ok {
            Ok(self)
        } else {
            Err(ApiError::bad_request(
                "clock: a time from 1 s to 24 h (initial_ms or per_move_ms) and an increment of at most 1 h",
            ))
        }
    }

    fn initial_ms(self) -> u64 {
        match self {
            TimeControl::Fischer { initial_ms, .. } => initial_ms,
            TimeControl::PerMove { per_move_ms } => per_move_ms,
        }
    }
}

/// The junior theme only changes the look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    Classic,
    Crab,
}

/// What a game was created with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub size: u8,
    pub players: u8,
    pub variant: String,
    pub fences: u32,
    pub clock: Option<TimeControl>,
    pub theme: Theme,
    pub public: bool,
    pub side_step_over_pawn: bool,
}

impl Settings {
    /// Checks the board and fills in the default fence count; no clock, the
    /// classic theme, public, no `side_step_over_pawn`.
    pub fn new(
        size: u8,
        players: u8,
        variant: &str,
        fences: Option<u32>,
    ) -> Result<Settings, ApiError> {
        let variant = match variant {
            "standard" | "teams" | "scoring" => variant.to_string(),
            _ => {
                return Err(ApiError::bad_request(
                    "variant: expected standard, teams or scoring",
                ))
            }
        };
        let base = Ruleset::new(size.into(), players.into()).map_err(|err| {
            ApiError::bad_request(format!(
                "size and players: {err} (size 3–11, odd; 2 or 4 players)"
            ))
        })?;
        let fences = fences.unwrap_or(base.fences().into());
        let settings = Settings {
            size,
            players,
            variant,
            fences,
            clock: None,
            theme: Theme::Classic,
            public: true,
            side_step_over_pawn: false,
        };
        settings.ruleset()?;
        Ok(settings)
    }

    /// With a time control (checked).
    pub fn with_clock(mut self, clock: Option<TimeControl>) -> Result<Settings, ApiError> {
        self.clock = clock.map(TimeControl::validate).transpose()?;
        Ok(self)
    }

    /// The rules of the game.
    pub fn ruleset(&self) -> Result<Ruleset, ApiError> {
        let variant = match self.variant.as_str() {
            "teams" => Variant::Teams,
            "scoring" => Variant::Scoring,
            _ => Variant::Standard,
        };
        let bad = |err: quoridor_rules::RulesetError| ApiError::bad_request(err.to_string());
        Ok(Ruleset::new(self.size.into(), self.players.into())
            .map_err(bad)?
            .with_fences(self.fences)
            .map_err(bad)?
            .with_variant(variant)
            .map_err(bad)?
            .with_side_step_over_pawn(self.side_step_over_pawn))
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Human,
    Ai(Level),
}

/// One seat and who holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSlot {
    pub seat: Seat,
    pub kind: SeatKind,
    pub name: String,
    /// The hash of the token that holds this seat (human seats); `None`
    /// while the seat is free.
    pub holder: Option<String>,
}

impl SeatSlot {
    pub fn is_free(&self) -> bool {
        self.kind == SeatKind::Human && self.holder.is_none()
    }

    pub fn held_by(&self, holder: &str) -> bool {
        self.kind == SeatKind::Human && self.holder.as_deref() == Some(holder)
    }
}

/// What the server keeps about each history entry besides the entry itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryMeta {
    pub seat: String,
    /// Time the seat took (from the start of its turn).
    pub ms: u64,
    /// The scoring variant's points for a pawn move.
    pub points: Option<i32>,
    /// Every seat's clock right after the entry.
    pub clock_after: Option<Vec<u64>>,
}

/// The clocks of a game with a time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Milliseconds left per seat (turn order), at the start of the
    /// current turn for the seat to move.
    pub remaining_ms: Vec<u64>,
    /// When the current turn started; `None` while the clock is stopped
    /// (seats free, game over).
    pub turn_started: Option<Instant>,
}

/// A draw offer waiting for answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    pub by: String,
    pub waiting: Vec<String>,
}

/// Whether the game can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    pub rematch: Option<String>,
    /// Grows with every change that is shown.
    pub version: u64,
    /// Grows with every change of the history (so a late AI move for an
    /// older history is dropped).
    pub epoch: u64,
    /// Open WebSocket connections per seat, and of spectators (not stored).
    pub connections: Vec<u32>,
    pub spectators: u32,
    /// When the current turn began, for the time each entry took (also in
    /// games without a clock; not stored).
    pub turn_began: Instant,
    /// The last change or connection (finished games idle this long leave
    /// memory).
    pub last_seen: Instant,
}

/// The seat's name in notation (`south`).
pub fn seat_name(seat: Seat) -> &'static str {
    seat.name()
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

/// Reads a seat name.
pub fn parse_seat(text: &str) -> Option<Seat> {
    [Seat::South, Seat::West, Seat::North, Seat::East]
        .into_iter()
        .find(|seat| seat.name().eq_ignore_ascii_case(text.trim()))
}

/// Checks a player name: trimmed, at most [`MAX_NAME_CHARS`], no control
/// characters. An empty name gives `None` (the seat's name is shown).
pub fn clean_name(name: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::bad_request(format!(
            "name: at most {MAX_NAME_CHARS} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("name: no control characters"));
    }
    Ok(Some(name.to_string()))
}

fn elapsed_ms(since: Instant, now: Instant) -> u64 {
    now.saturating_duration_since(since).as_millis() as u64
}

impl RoomState {
    /// A new game; `seats` in turn order.
    pub fn new(
        id: String,
        created_ms: u64,
        creator: String,
        settings: Settings,
        seats: Vec<SeatSlot>,
        now: Instant,
    ) -> Result<RoomState, ApiError> {
        let rules = settings.ruleset()?;
        if seats.len() != usize::from(settings.players) {
            return Err(ApiError::bad_request(format!(
                "seats: expected {} seats, one per player",
                settings.players
            )));
        }
        let clocks = settings.clock.map(|tc| Clocks {
            remaining_ms: vec![tc.initial_ms(); seats.len()],
            turn_started: None,
        });
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
            rematch: None,
            version: 1,
            epoch: 0,
            connections: vec![0; n],
            spectators: 0,
            turn_began: now,
            last_seen: now,
        };
        room.start_clock_if_ready(now);
        Ok(room)
    }

    pub fn status(&self) -> Status {
        if self.game.is_over() {
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

    fn slot_index(&self, seat: Seat) -> Option<usize> {
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

    /// Undo and hints are for games where one token holds every human seat
    /// (against the AI, or on one screen): nobody else is wronged.
    pub fn is_private(&self) -> bool {
        let mut holders = self
            .seats
            .iter()
            .filter(|s| s.kind == SeatKind::Human)
            .map(|s| s.holder.as_deref());
        match holders.next() {
            Some(Some(first)) => holders.all(|h| h == Some(first)),
            _ => false,
        }
    }

    fn require_holder(&self, holder: &str) -> Result<Vec<Seat>, ApiError> {
        let seats = self.seats_of(holder);
        if seats.is_empty() {
            Err(ApiError::unauthorized())
        } else {
            Ok(seats)
        }
    }

    /// When the running clock falls, if one runs.
    pub fn deadline(&self) -> Option<Instant> {
        if self.status() != Status::Playing {
            return None;
        }
        let clocks = self.clocks.as_ref()?;
        let started = clocks.turn_started?;
        let left = clocks.remaining_ms[self.game.position().turn_index()];
        Some(started + Duration::from_millis(left))
    }

    /// Each seat's time left at `now`.
    pub fn remaining_at(&self, now: Instant) -> Option<Vec<u64>> {
        let clocks = self.clocks.as_ref()?;
        let mut left = clocks.remaining_ms.clone();
        if self.status() == Status::Playing {
            if let Some(started) = clocks.turn_started {
                let i = self.game.position().turn_index();
                left[i] = left[i].saturating_sub(elapsed_ms(started, now));
            }
        }
        Some(left)
    }

    fn start_clock_if_ready(&mut self, now: Instant) {
        let playing = self.status() == Status::Playing;
        if let Some(clocks) = &mut self.clocks {
            if playing && clocks.turn_started.is_none() {
                clocks.turn_started = Some(now);
            }
        }
    }

    /// Records an entry made by `seat` (the time since its turn started, the
    /// clocks after it), with the seat to move before it at `turn_before`.
    fn push_entry(&mut self, entry: Entry, seat: Seat, points: Option<i32>, now: Instant) {
        let turn_before = self.game.position().turn_index();
        let started = self.clocks.as_ref().and_then(|c| c.turn_started);
        let ms = elapsed_ms(started.unwrap_or(self.turn_began), now);
        self.game
            .apply(entry)
            .expect("the entry was checked before it is recorded");
        let over = self.game.is_over();
        let turn_after = self.game.position().turn_index();
        let control = self.settings.clock;
        if let (Some(clocks), Some(control)) = (&mut self.clocks, control) {
            if let Some(started) = clocks.turn_started {
                let used = elapsed_ms(started, now);
                let left = &mut clocks.remaining_ms[turn_before];
                *left = left.saturating_sub(used);
                let moved = matches!(entry, Entry::Move(_)) && turn_before != turn_after;
                match control {
                    TimeControl::Fischer { increment_ms, .. } if moved => *left += increment_ms,
                    TimeControl::PerMove { per_move_ms } if !over => {
                        clocks.remaining_ms[turn_after] = per_move_ms;
                    }
                    _ => {}
                }
            }
            if over {
                clocks.turn_started = None;
            } else if turn_after != turn_before || clocks.turn_started.is_none() {
                clocks.turn_started = Some(now);
            }
        }
        self.meta.push(EntryMeta {
            seat: seat_name(seat).to_string(),
            ms,
            points,
            clock_after: self.clocks.as_ref().map(|c| c.remaining_ms.clone()),
        });
        if turn_after != turn_before {
            self.turn_began = now;
        }
        self.draw_offer = None;
        self.changed_history();
    }

    fn changed_history(&mut self) {
        self.version += 1;
        self.epoch += 1;
    }

    /// Plays `text` for the seat to move, which `holder` must hold.
    pub fn play(&mut self, holder: &str, text: &str, now: Instant) -> Result<(), ApiError> {
        let seats = self.require_holder(holder)?;
        let mv: Move = text.trim().parse().map_err(ApiError::bad_move)?;
        self.play_move(Some(&seats), mv, now)
    }

    /// Plays a move for the seat to move; `holder_seats` is `None` for an AI.
    pub fn play_move(
        &mut self,
        holder_seats: Option<&[Seat]>,
        mv: Move,
        now: Instant,
    ) -> Result<(), ApiError> {
        match self.status() {
            Status::Over => return Err(ApiError::game_over()),
            Status::Waiting => return Err(ApiError::not_started()),
            Status::Playing => {}
        }
        let turn = self.game.position().turn();
        if let Some(seats) = holder_seats {
            if !seats.contains(&turn) {
                return Err(ApiError::not_your_turn(turn));
            }
        }
        if self.deadline().is_some_and(|d| d <= now) {
            return Err(ApiError::time_up(turn));
        }
        let before = *self.game.position();
        let mut after = before;
        after.play(mv).map_err(ApiError::illegal)?;
        let points = (before.rules().variant() == Variant::Scoring && matches!(mv, Move::Pawn(_)))
            .then(|| after.score(turn) - before.score(turn));
        self.push_entry(Entry::Move(mv), turn, points, now);
        Ok(())
    }

    /// The clock of the seat to move has run out: it loses (or, with four
    /// players, leaves the game). Does nothing if it has not.
    pub fn expire(&mut self, now: Instant) -> bool {
        if self.deadline().is_none_or(|d| d > now) {
            return false;
        }
        let seat = self.game.position().turn();
        if self.game.clone().timeout(seat).is_err() {
            return false;
        }
        let index = self.game.position().turn_index();
        if let Some(clocks) = &mut self.clocks {
            // The seat used all of its time, not the few milliseconds more
            // the timer took to fire.
            clocks.remaining_ms[index] = 0;
            clocks.turn_started = Some(now);
        }
        self.push_entry(Entry::Timeout(seat), seat, None, now);
        true
    }

    /// A seat resigns: `seat`, or else the holder's seat to move, or else
    /// its only seat still playing.
    pub fn resign(
        &mut self,
        holder: &str,
        seat: Option<Seat>,
        now: Instant,
    ) -> Result<(), ApiError> {
        let seats = self.require_holder(holder)?;
        if self.status() == Status::Over {
            return Err(ApiError::game_over());
        }
        let pos = *self.game.position();
        let playing: Vec<Seat> = seats.iter().copied().filter(|&s| !pos.is_out(s)).collect();
        let seat = match seat {
            Some(seat) if seats.contains(&seat) => seat,
            Some(seat) => {
                return Err(ApiError::forbidden(format!(
                    "your token does not hold {}",
                    seat_name(seat)
                )))
            }
            None if playing.contains(&pos.turn()) => pos.turn(),
            None => *playing
                .first()
                .ok_or_else(|| ApiError::bad_request("none of your seats is still playing"))?,
        };
        let mut probe = self.game.clone();
        probe.resign(seat).map_err(|err| match err {
            GameError::GameOver => ApiError::game_over(),
            other => ApiError::bad_request(other.to_string()),
        })?;
        if seat != pos.turn() {
            // The clock of the seat to move keeps running; only the history
            // changes.
            let started = self.clocks.as_ref().and_then(|c| c.turn_started);
            self.push_entry(Entry::Resign(seat), seat, None, now);
            if let (Some(clocks), Some(started)) = (&mut self.clocks, started) {
                if !self.game.is_over() {
                    clocks.turn_started = Some(started);
                }
            }
            if let (Some(meta), Some(clocks)) = (self.meta.last_mut(), &self.clocks) {
                meta.ms = 0;
                meta.clock_after = Some(clocks.remaining_ms.clone());
            }
        } else {
            self.push_entry(Entry::Resign(seat), seat, None, now);
        }
        Ok(())
    }

    /// Offers, accepts or declines a draw. AI seats accept when they are
    /// not ahead in the race (their path is longer than the best other's).
    pub fn draw(&mut self, holder: &str, action: &str, now: Instant) -> Result<(), ApiError> {
        let seats = self.require_holder(holder)?;
        match self.status() {
            Status::Over => return Err(ApiError::game_over()),
            Status::Waiting => return Err(ApiError::not_started()),
            Status::Playing => {}
        }
        let pos = *self.game.position();
        let mine: Vec<String> = seats
            .iter()
            .filter(|&&s| !pos.is_out(s))
            .map(|&s| seat_name(s).to_string())
            .collect();
        match action {
            "offer" => {
                let Some(by) = mine.first().cloned() else {
                    return Err(ApiError::bad_request("none of your seats is still playing"));
                };
                let mut waiting = Vec::new();
                for slot in &self.seats {
                    if pos.is_out(slot.seat) || slot.held_by(holder) {
                        continue;
                    }
                    match slot.kind {
                        SeatKind::Human => waiting.push(seat_name(slot.seat).to_string()),
                        SeatKind::Ai(_) => {
                            if !ai_accepts_draw(&pos, slot.seat) {
                                return Err(ApiError::not_allowed(format!(
                                    "{} (AI) declines the draw",
                                    seat_name(slot.seat)
                                )));
                            }
                        }
                    }
                }
                self.draw_offer = Some(DrawOffer { by, waiting });
            }
            "accept" => {
                let Some(offer) = &mut self.draw_offer else {
                    return Err(ApiError::not_allowed("there is no draw offer to accept"));
                };
                if !offer.waiting.iter().any(|w| mine.contains(w)) {
                    return Err(ApiError::not_allowed("the offer is not waiting for you"));
                }
                offer.waiting.retain(|w| !mine.contains(w));
            }
            "decline" => {
                if self.draw_offer.take().is_none() {
                    return Err(ApiError::not_allowed("there is no draw offer to decline"));
                }
            }
            _ => {
                return Err(ApiError::bad_request(
                    "action: expected offer, accept or decline",
                ))
            }
        }
        if self
            .draw_offer
            .as_ref()
            .is_some_and(|offer| offer.waiting.is_empty())
        {
            let seat = pos.turn();
            self.push_entry(Entry::DrawAgreed, seat, None, now);
        } else {
            self.version += 1;
        }
        Ok(())
    }

    /// Takes back moves to the last time one of the holder's seats was to
    /// move (against the AI: its reply and your move; on one screen: the
    /// last move). Only in private games.
    pub fn undo(&mut self, holder: &str, now: Instant) -> Result<(), ApiError> {
        let seats = self.require_holder(holder)?;
        if !self.is_private() {
            return Err(ApiError::not_allowed(
                "undo is only for games against the AI or on one screen",
            ));
        }
        let names: Vec<&str> = seats.iter().map(|&s| seat_name(s)).collect();
        let Some(keep) = self
            .meta
            .iter()
            .rposition(|m| names.contains(&m.seat.as_str()))
        else {
            return Err(ApiError::not_allowed(
                "there is no move of yours to take back",
            ));
        };
        while self.game.entries().len() > keep {
            self.game.undo();
            self.meta.pop();
        }
        if let Some(clocks) = &mut self.clocks {
            let initial = self.settings.clock.map_or(0, TimeControl::initial_ms);
            clocks.remaining_ms = self
                .meta
                .last()
                .and_then(|m| m.clock_after.clone())
                .unwrap_or_else(|| vec![initial; self.seats.len()]);
            clocks.turn_started = Some(now);
        }
        self.turn_began = now;
        self.draw_offer = None;
        self.changed_history();
        Ok(())
    }

    /// Takes a free seat (`seat`, or the first free one) for `holder`.
    pub fn join(
        &mut self,
        holder: &str,
        seat: Option<Seat>,
        name: Option<String>,
        now: Instant,
    ) -> Result<Seat, ApiError> {
        if self.status() == Status::Over {
            return Err(ApiError::game_over());
        }
        self.turn_began = now;
        let index = match seat {
            Some(seat) => {
                let i = self
                    .slot_index(seat)
                    .ok_or_else(|| ApiError::bad_request("seat: not a seat of this game"))?;
                if !self.seats[i].is_free() {
                    return Err(ApiError::seat_taken(seat));
                }
                i
            }
            None => self
                .seats
                .iter()
                .position(SeatSlot::is_free)
                .ok_or_else(ApiError::no_free_seat)?,
        };
        let slot = &mut self.seats[index];
        slot.holder = Some(holder.to_string());
        if let Some(name) = name {
            slot.name = name;
        }
        self.version += 1;
        self.start_clock_if_ready(now);
        Ok(self.seats[index].seat)
    }

    /// The outcome in words for the API.
    pub fn result(&self) -> Option<(Vec<Seat>, bool, &'static str)> {
        let (outcome, termination) = self.game.result()?;
        let winners = match outcome {
            Outcome::Winner(seat) => vec![seat],
            Outcome::TeamWinner(team) => team.seats().to_vec(),
            Outcome::Draw => Vec::new(),
        };
        Some((winners, outcome == Outcome::Draw, termination.name()))
    }

    /// The seat (if any) whose AI is to move now.
    pub fn ai_to_move(&self) -> Option<Level> {
        if self.status() != Status::Playing {
            return None;
        }
        match self.turn_slot().kind {
            SeatKind::Ai(level) => Some(level),
            SeatKind::Human => None,
        }
    }
}

/// An AI accepts a draw unless it leads the race.
fn ai_accepts_draw(pos: &quoridor_rules::Position, seat: Seat) -> bool {
    let own = pos.distance(seat).unwrap_or(u32::MAX);
    let best_other = pos
        .seats()
        .iter()
        .filter(|&&s| s != seat && !pos.is_out(s))
        .filter(|&&s| pos.rules().variant() != Variant::Teams || s.team() != seat.team())
        .filter_map(|&s| pos.distance(s))
        .min()
        .unwrap_or(u32::MAX);
    own > best_other
}

#[cfg(test)]
mod tests;
