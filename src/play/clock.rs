//! The terminal's clocks: a total time with an increment (Fischer) or a
//! fixed time per move (RULES.md §8), counted by the game crate as on the
//! server and the page. Time is given by the caller (`now`), so the clocks
//! are as testable as the rest of the game.

use std::time::{Duration, Instant};

use quoridor_engine::TimeControl;
use quoridor_game::{Clocks as GameClocks, Moment, TurnEnd};

/// A clock face: `4:59`, `1:02:03`, and tenths under twenty seconds (`9.4`).
pub fn clock_text(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    if tenths < 200 {
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let s = t.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The clocks of up to four players, by turn index: the game crate's
/// clocks ([`quoridor_game::Clocks`], the server's and the page's
/// arithmetic), which this one runs for the terminal's player to move and
/// stops while the game waits (a question, replay mode).
#[derive(Clone, Debug)]
pub struct Clocks {
    /// `None`: no clock.
    clocks: Option<(TimeControl, GameClocks)>,
    /// The player whose clock runs.
    running: Option<usize>,
    /// The instant of the game's moment zero: the first clock started.
    origin: Option<Instant>,
}

impl Clocks {
    pub fn new(control: Option<TimeControl>) -> Clocks {
        Clocks {
            clocks: control.map(|control| (control, GameClocks::full(control, 4))),
            running: None,
            origin: None,
        }
    }

    /// The terminal's time as the game's (the clocks only ever go forward
    /// from their first start).
    fn moment(&self, now: Instant) -> Moment {
        let since = self
            .origin
            .map_or(Duration::ZERO, |o| now.saturating_duration_since(o));
        Moment::from_millis(u64::try_from(since.as_millis()).unwrap_or(u64::MAX))
    }

    pub fn control(&self) -> Option<TimeControl> {
        self.clocks.as_ref().map(|(control, _)| *control)
    }

    /// Sets the time left of each player (a resumed game).
    pub fn set_left(&mut self, left: &[Duration]) {
        if let Some((_, clocks)) = &mut self.clocks {
            for (slot, t) in clocks.remaining_ms.iter_mut().zip(left) {
                *slot = u64::try_from(t.as_millis()).unwrap_or(u64::MAX);
            }
        }
    }

    /// Time left of a player at `now`, or `None` without a clock.
    pub fn left(&self, player: usize, now: Instant) -> Option<Duration> {
        let (_, clocks) = self.clocks.as_ref()?;
        let runs = self.running == Some(player);
        let ms = clocks.left_at(player, runs, self.moment(now));
        Some(Duration::from_millis(ms))
    }

    /// The player whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running
    }

    /// Starts the clock of `player` (stopping any other).
    pub fn start(&mut self, player: usize, now: Instant) {
        if self.clocks.is_none() || self.running == Some(player) {
            return;
        }
        self.stop(now);
        self.origin.get_or_insert(now);
        let at = self.moment(now);
        if let Some((_, clocks)) = &mut self.clocks {
            clocks.start(at);
            self.running = Some(player);
        }
    }

    /// Stops the running clock, keeping the time used.
    pub fn stop(&mut self, now: Instant) {
        let at = self.moment(now);
        if let (Some(p), Some((_, clocks))) = (self.running.take(), &mut self.clocks) {
            clocks.stop(p, at);
        }
    }

    /// `player` has moved at `now`, and `next` is to move (none: the game
    /// is over): the turn is charged and given back as the game crate says
    /// (an increment; a whole move's time), and `next`'s clock runs.
    pub fn moved(&mut self, player: usize, next: Option<usize>, now: Instant) {
        if self.running != Some(player) {
            return self.stop(now);
        }
        let at = self.moment(now);
        let Some((control, clocks)) = &mut self.clocks else {
            return;
        };
        let turn = TurnEnd {
            before: player,
            after: next.unwrap_or(player),
            moved: true,
            charged: true,
            over: next.is_none(),
        };
        clocks.turn_ended(*control, turn, at);
        self.running = next;
    }

    /// The player whose time has run out at `now`, if any.
    pub fn flag(&self, now: Instant) -> Option<usize> {
        let p = self.running?;
        (self.left(p, now) == Some(Duration::ZERO)).then_some(p)
    }

    /// Times left of every player, for saving.
    pub fn all_left(&self, players: usize, now: Instant) -> Vec<Duration> {
        (0..players)
            .map(|p| self.left(p, now).unwrap_or_default())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_faces() {
        assert_eq!(clock_text(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_text(Duration::from_millis(9_450)), "9.4");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
    }

    #[test]
    fn fischer_clocks_run_for_the_side_to_move_and_fall() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut clocks = Clocks::new(Some(TimeControl::Fischer {
            initial: s(10),
            increment: s(2),
        }));
        clocks.start(0, t0);
        assert_eq!(clocks.left(0, t0 + s(3)), Some(s(7)));
        assert_eq!(clocks.left(1, t0 + s(3)), Some(s(10)));
        clocks.moved(0, Some(1), t0 + s(3));
        clocks.start(1, t0 + s(3));
        assert_eq!(clocks.left(0, t0 + s(20)), Some(s(9)));
        assert_eq!(clocks.flag(t0 + s(12)), None);
        assert_eq!(clocks.flag(t0 + s(13)), Some(1));
    }

    #[test]
    fn per_move_clocks_restart_each_move() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut clocks = Clocks::new(Some(TimeControl::PerMove(s(5))));
        clocks.start(0, t0);
        clocks.moved(0, Some(1), t0 + s(4));
        clocks.start(1, t0 + s(4));
        assert_eq!(clocks.left(0, t0 + s(4)), Some(s(5)));
        assert_eq!(clocks.flag(t0 + s(9)), Some(1));
        let none = Clocks::new(None);
        assert_eq!(none.left(0, t0), None);
    }
}
