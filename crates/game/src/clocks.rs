//! Clocks: what a turn costs and gives back, the one clock arithmetic of
//! the server, the page and the terminal (RULES.md §8: a total time with an
//! increment, or so long a move). Given the time, as the rest of a game.

use std::time::Duration;

use quoridor_engine::TimeControl;

use crate::moment::Moment;

/// The clocks of a game with a time control: each seat's time left, and
/// when the running turn began (the clock that runs is the seat to move's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Milliseconds left per seat (turn order), at the start of the
    /// current turn for the seat to move.
    pub remaining_ms: Vec<u64>,
    /// When the current turn started; `None` while the clock is stopped
    /// (seats free, game over, a game paused).
    pub turn_started: Option<Moment>,
}

/// How a turn ended, for [`Clocks::turn_ended`].
#[derive(Clone, Copy, Debug)]
pub struct TurnEnd {
    /// The seat (turn index) whose turn it was, and the one whose it is.
    pub before: usize,
    pub after: usize,
    /// A move was made (not a resignation, a timeout or a draw).
    pub moved: bool,
    /// The turn's time counts (the server leaves a seat's first move
    /// uncharged).
    pub charged: bool,
    /// The game is over: every clock stops.
    pub over: bool,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Clocks {
    /// Every seat's clock full, stopped.
    pub fn full(control: TimeControl, seats: usize) -> Clocks {
        Clocks {
            remaining_ms: vec![millis(control.initial()); seats],
            turn_started: None,
        }
    }

    /// Seat `index`'s time left at `now`: what it had, less the running
    /// turn's time if its clock runs (`runs`).
    pub fn left_at(&self, index: usize, runs: bool, now: Moment) -> u64 {
        let left = self.remaining_ms.get(index).copied().unwrap_or(0);
        match self.turn_started {
            Some(started) if runs => left.saturating_sub(now.millis_since(started)),
            _ => left,
        }
    }

    /// Starts the turn's clock at `now`, unless it runs already.
    pub fn start(&mut self, now: Moment) {
        self.turn_started.get_or_insert(now);
    }

    /// Stops the running clock of seat `index` at `now`, charging it the
    /// turn's time (a game paused; the time the turn has used is kept).
    pub fn stop(&mut self, index: usize, now: Moment) {
        if let Some(started) = self.turn_started.take() {
            if let Some(left) = self.remaining_ms.get_mut(index) {
                *left = left.saturating_sub(now.millis_since(started));
            }
        }
    }

    /// A turn ended at `now`: the seat charged the time it took, given its
    /// increment (Fischer) for a move; with so long a move, the seat that
    /// moved and the seat to move both have a full move's time. The next
    /// turn's clock starts, unless the game is over.
    pub fn turn_ended(&mut self, control: TimeControl, turn: TurnEnd, now: Moment) {
        let started = self.turn_started;
        if let Some(started) = started.filter(|_| turn.charged) {
            let left = &mut self.remaining_ms[turn.before];
            *left = left.saturating_sub(now.millis_since(started));
        }
        match control {
            TimeControl::Fischer { increment, .. } if turn.moved && started.is_some() => {
                self.remaining_ms[turn.before] += millis(increment);
            }
            TimeControl::PerMove(t) if !turn.over => {
                if turn.moved {
                    self.remaining_ms[turn.before] = millis(t);
                }
                self.remaining_ms[turn.after] = millis(t);
            }
            _ => {}
        }
        if turn.over {
            self.turn_started = None;
        } else if turn.after != turn.before || started.is_none() {
            self.turn_started = Some(now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: u64 = 1_000;

    fn at(ms: u64) -> Moment {
        Moment::from_millis(ms)
    }

    fn turn(before: usize, after: usize) -> TurnEnd {
        TurnEnd {
            before,
            after,
            moved: true,
            charged: true,
            over: false,
        }
    }

    #[test]
    fn fischer_charges_the_turn_and_gives_the_increment() {
        let control = TimeControl::Fischer {
            initial: Duration::from_secs(10),
            increment: Duration::from_secs(2),
        };
        let mut clocks = Clocks::full(control, 2);
        clocks.start(at(0));
        assert_eq!(clocks.left_at(0, true, at(3 * S)), 7 * S);
        assert_eq!(clocks.left_at(1, false, at(3 * S)), 10 * S);
        clocks.turn_ended(control, turn(0, 1), at(3 * S));
        assert_eq!(clocks.remaining_ms, [9 * S, 10 * S]);
        assert_eq!(
            clocks.left_at(1, true, at(20 * S)),
            0,
            "fallen, never below zero"
        );
        // A pause keeps what the turn used.
        clocks.stop(1, at(4 * S));
        assert_eq!(clocks.remaining_ms, [9 * S, 9 * S]);
        assert_eq!(clocks.left_at(1, true, at(60 * S)), 9 * S);
        // An uncharged turn (a first move on the server) costs nothing, and
        // a turn whose clock never ran earns no increment.
        let mut fresh = Clocks::full(control, 2);
        let first = TurnEnd {
            charged: false,
            ..turn(0, 1)
        };
        fresh.turn_ended(control, first, at(5 * S));
        assert_eq!(fresh.remaining_ms, [10 * S, 10 * S]);
        assert_eq!(fresh.turn_started, Some(at(5 * S)));
    }

    #[test]
    fn a_time_per_move_is_whole_again_for_both_seats() {
        let control = TimeControl::PerMove(Duration::from_secs(5));
        let mut clocks = Clocks::full(control, 2);
        clocks.start(at(0));
        clocks.turn_ended(control, turn(0, 1), at(4 * S));
        assert_eq!(clocks.remaining_ms, [5 * S, 5 * S]);
        assert_eq!(clocks.left_at(1, true, at(8 * S)), S);
        // A game that ends stops every clock, and a resignation is no move.
        let over = TurnEnd {
            moved: false,
            over: true,
            ..turn(1, 0)
        };
        clocks.turn_ended(control, over, at(9 * S));
        assert_eq!(clocks.remaining_ms, [5 * S, 0]);
        assert_eq!(clocks.turn_started, None);
    }
}
