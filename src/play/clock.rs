//! Clocks: a total time with an increment (Fischer) or a fixed time per
//! move (RULES.md §8). Time is given by the caller (`now`), so the clocks
//! are as testable as the rest of the game.

use std::time::{Duration, Instant};

use quoridor_engine::TimeControl;

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

/// The clocks of up to four players, by turn index.
#[derive(Clone, Debug)]
pub struct Clocks {
    /// `None`: no clock.
    control: Option<TimeControl>,
    /// Time left (Fischer) or left for the current move (per move).
    left: [Duration; 4],
    /// The player whose clock runs and since when.
    running: Option<(usize, Instant)>,
}

impl Clocks {
    pub fn new(control: Option<TimeControl>) -> Clocks {
        let full = control.map_or(Duration::ZERO, TimeControl::initial);
        Clocks {
            control,
            left: [full; 4],
            running: None,
        }
    }

    pub fn control(&self) -> Option<TimeControl> {
        self.control
    }

    /// Sets the time left of each player (a resumed game).
    pub fn set_left(&mut self, left: &[Duration]) {
        for (slot, &t) in self.left.iter_mut().zip(left) {
            *slot = t;
        }
    }

    /// Time left of a player at `now`, or `None` without a clock.
    pub fn left(&self, player: usize, now: Instant) -> Option<Duration> {
        self.control?;
        let mut left = self.left[player];
        if let Some((p, since)) = self.running {
            if p == player {
                left = left.saturating_sub(now.saturating_duration_since(since));
            }
        }
        Some(left)
    }

    /// The player whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|(p, _)| p)
    }

    /// Starts the clock of `player` (stopping any other).
    pub fn start(&mut self, player: usize, now: Instant) {
        if self.control.is_none() {
            return;
        }
        self.stop(now);
        self.running = Some((player, now));
    }

    /// Stops the running clock, keeping the time used.
    pub fn stop(&mut self, now: Instant) {
        if let Some((p, since)) = self.running.take() {
            let used = now.saturating_duration_since(since);
            self.left[p] = self.left[p].saturating_sub(used);
        }
    }

    /// `player` has moved at `now`: their clock stops, and gets the
    /// increment (Fischer) or a full new move time (per move).
    pub fn moved(&mut self, player: usize, now: Instant) {
        if self.running() == Some(player) {
            self.stop(now);
        }
        match self.control {
            None => {}
            Some(TimeControl::Fischer { increment, .. }) => self.left[player] += increment,
            Some(TimeControl::PerMove(t)) => self.left[player] = t,
        }
    }

    /// The player whose time has run out at `now`, if any.
    pub fn flag(&self, now: Instant) -> Option<usize> {
        let (p, _) = self.running?;
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
        clocks.moved(0, t0 + s(3));
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
        clocks.moved(0, t0 + s(4));
        clocks.start(1, t0 + s(4));
        assert_eq!(clocks.left(0, t0 + s(4)), Some(s(5)));
        assert_eq!(clocks.flag(t0 + s(9)), Some(1));
        let none = Clocks::new(None);
        assert_eq!(none.left(0, t0), None);
    }
}
