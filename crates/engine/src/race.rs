//! Exact pawn races: once neither of two players has a fence left, the
//! fences can no longer change and the game is a race of the two pawns
//! alone (jumps included). Every placement of the two pawns, with either to
//! move, is then solved backwards from the finished ones (retrograde
//! analysis, a few thousand positions on 9×9): won or lost, in how many
//! plies, or never decided (the pawns could keep each other from the goal
//! forever). The engine plays such positions from the table at once.

use quoridor_rules::{Fence, Move, Position, SquareIter, Variant};

use crate::score::Score;

/// A solved race: the value of every placement of the two pawns for one
/// set of fences.
#[derive(Clone, Debug)]
pub struct RaceTable {
    fences: Vec<Fence>,
    size: u8,
    /// By [`RaceTable::state`]: plies to the end for the side to move,
    /// positive if it wins, negative if it loses, 0 if never decided (or
    /// a placement that cannot happen: both pawns on one square).
    values: Vec<i16>,
}

/// What the table says of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RaceResult {
    /// The move to play: the fastest win, or the slowest loss.
    pub best: Move,
    /// Its value for the side to move: won or lost in so many plies.
    pub score: Score,
}

impl RaceTable {
    /// Whether `pos` is such a race: two players racing to arrive, neither
    /// with a fence in hand, the game not over.
    pub fn applies(pos: &Position) -> bool {
        pos.players() == 2
            && pos.rules().variant() == Variant::Standard
            && pos.seats().iter().all(|&s| pos.fences_left(s) == 0)
            && !pos.is_over()
    }

    /// Solves the race of `pos`'s fences (`None` unless
    /// [`RaceTable::applies`]).
    pub fn solve(pos: &Position) -> Option<RaceTable> {
        if !RaceTable::applies(pos) {
            return None;
        }
        let size = pos.size();
        let cells = usize::from(size) * usize::from(size);
        let states = 2 * cells * cells;
        let mut table = RaceTable {
            fences: pos.fences().collect(),
            size,
            values: vec![0; states],
        };
        // Each state's successors, flattened; `None` for finished or
        // impossible states.
        let mut successors: Vec<Option<(u32, u32)>> = vec![None; states];
        let mut edges: Vec<u32> = Vec::with_capacity(states * 4);
        let mut lost_now: Vec<usize> = Vec::new();
        for (state, succ) in successors.iter_mut().enumerate() {
            let Some(placed) = table.position(pos, state) else {
                continue;
            };
            let mover = placed.turn();
            let other = placed.seats()[1 - placed.turn_index()];
            if placed.has_arrived(other) {
                // The other pawn has just arrived: the mover has lost.
                lost_now.push(state);
                continue;
            }
            if placed.has_arrived(mover) {
                continue; // cannot happen: the mover would have won before
            }
            let start = edges.len() as u32;
            for to in SquareIter::new(placed.pawn_moves()) {
                let mut next = placed;
                next.play_unchecked(Move::Pawn(to));
                edges.push(table.state_of(&next) as u32);
            }
            *succ = Some((start, edges.len() as u32));
        }
        // Finished: lost in 0 plies. Then layer by layer: a win in k
        // reaches a loss in k − 1; a loss in k has only wins, the longest
        // in k − 1.
        const DONE_LOST: i16 = i16::MIN;
        for &s in &lost_now {
            table.values[s] = DONE_LOST;
        }
        let mut k: i16 = 1;
        loop {
            let mut decided: Vec<(usize, i16)> = Vec::new();
            for (state, succ) in successors.iter().enumerate() {
                let Some((from, to)) = *succ else { continue };
                if table.values[state] != 0 {
                    continue;
                }
                let children = &edges[from as usize..to as usize];
                let lost_in = |v: i16| {
                    if v == DONE_LOST {
                        Some(0)
                    } else {
                        (v < 0).then_some(-v)
                    }
                };
                let mut win = false;
                let mut all_won = !children.is_empty();
                for &c in children {
                    let v = table.values[c as usize];
                    if lost_in(v) == Some(k - 1) {
                        win = true;
                    }
                    if v <= 0 {
                        all_won = false;
                    }
                }
                if win {
                    decided.push((state, k));
                } else if all_won {
                    decided.push((state, -k));
                }
            }
            if decided.is_empty() || k == i16::MAX - 1 {
                break;
            }
            for (state, v) in decided {
                table.values[state] = v;
            }
            k += 1;
        }
        for v in &mut table.values {
            if *v == DONE_LOST {
                *v = 0; // finished positions are never looked up
            }
        }
        Some(table)
    }

    /// Whether this table is the race of `pos` (the same fences, the same
    /// board, and a race).
    pub fn fits(&self, pos: &Position) -> bool {
        RaceTable::applies(pos)
            && pos.size() == self.size
            && pos.fence_count() as usize == self.fences.len()
            && self.fences.iter().all(|&f| pos.has_fence(f))
    }

    /// The value of `pos` for the side to move, plies to the end: positive
    /// won, negative lost; `None` when never decided or not this race.
    pub fn plies(&self, pos: &Position) -> Option<i32> {
        if !self.fits(pos) {
            return None;
        }
        match self.values[self.state_of(pos)] {
            0 => None,
            v => Some(i32::from(v)),
        }
    }

    /// The best move of `pos` and its value, if the race is decided
    /// within the rules' ply limit (a race the limit would end first is a
    /// draw, left to the search).
    pub fn best(&self, pos: &Position) -> Option<RaceResult> {
        let plies = self.plies(pos)?;
        let n = plies.unsigned_abs();
        if let Some(limit) = pos.rules().ply_limit() {
            if pos.ply() + n >= limit {
                return None;
            }
        }
        let mut best: Option<(Move, i32)> = None;
        for to in SquareIter::new(pos.pawn_moves()) {
            let mut next = *pos;
            next.play_unchecked(Move::Pawn(to));
            // The child's value for the opponent; an arrival is a loss in 0.
            let theirs = if next.is_over() {
                0
            } else {
                match self.values[self.state_of(&next)] {
                    0 => continue,
                    v => i32::from(v),
                }
            };
            // For the mover: a child lost in m for them is a win in m + 1.
            let mine = if theirs <= 0 {
                -theirs + 1
            } else {
                -(theirs + 1)
            };
            let better = match best {
                None => true,
                // Prefer wins, the fastest; among losses, the slowest.
                Some((_, b)) => {
                    (mine > 0 && (b < 0 || mine < b)) || (mine < 0 && b < 0 && mine < b)
                }
            };
            if better {
                best = Some((Move::Pawn(to), mine));
            }
        }
        let (mv, value) = best?;
        debug_assert_eq!(value, plies);
        let score = if value > 0 {
            Score::win_in(n)
        } else {
            Score::loss_in(n)
        };
        Some(RaceResult { best: mv, score })
    }

    /// The best line from `pos`, at most `max` moves.
    pub fn line(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = *pos;
        while line.len() < max && !pos.is_over() {
            let Some(r) = self.best(&pos) else { break };
            pos.play_unchecked(r.best);
            line.push(r.best);
        }
        line
    }

    fn cells(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    fn cell(&self, pos: &Position, player: usize) -> usize {
        let sq = pos.pawn(pos.seats()[player]);
        usize::from(sq.row()) * usize::from(self.size) + usize::from(sq.col())
    }

    /// The index of a placement: the side to move, then each pawn's cell.
    fn state_of(&self, pos: &Position) -> usize {
        let cells = self.cells();
        (pos.turn_index() * cells + self.cell(pos, 0)) * cells + self.cell(pos, 1)
    }

    /// The position of a state, from `base` (a position with these
    /// fences); `None` for two pawns on one square.
    fn position(&self, base: &Position, state: usize) -> Option<Position> {
        let cells = self.cells();
        let (turn, rest) = (state / (cells * cells), state % (cells * cells));
        let (a, b) = (rest / cells, rest % cells);
        if a == b {
            return None;
        }
        let square = |cell: usize| {
            let size = usize::from(self.size);
            quoridor_rules::Square::new((cell % size) as u8, (cell / size) as u8)
        };
        // Pawn moves are played unchecked to put the pawns in place: each
        // moves the pawn of the side to move and passes the turn.
        let mut pos = *base;
        for _ in 0..2 {
            let cell = if pos.turn_index() == 0 { a } else { b };
            pos.play_unchecked(Move::Pawn(square(cell)));
        }
        if pos.turn_index() != turn {
            pos.play_unchecked(Move::Pass);
        }
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Ruleset;
    use std::collections::HashMap;

    /// The exact value by plain minimax over pawn moves, to `depth` plies:
    /// plies to the end (positive: the mover wins), 0 if not decided within.
    fn minimax(pos: &Position, depth: u32, memo: &mut HashMap<(u64, u32), i32>) -> i32 {
        if depth == 0 {
            return 0;
        }
        if let Some(&v) = memo.get(&(pos.hash(), depth)) {
            return v;
        }
        // Wins first, the fastest; then undecided; then losses, the slowest.
        let rank = |v: i32| match v {
            v if v > 0 => (2, -v),
            0 => (1, 0),
            v => (0, -v),
        };
        let mut best: Option<i32> = None;
        for to in SquareIter::new(pos.pawn_moves()) {
            let mut next = *pos;
            next.play_unchecked(Move::Pawn(to));
            let mine = if next.is_over() {
                1
            } else {
                match minimax(&next, depth - 1, memo) {
                    0 => 0,
                    v if v < 0 => -v + 1,
                    v => -(v + 1),
                }
            };
            if best.is_none_or(|b| rank(mine) > rank(b)) {
                best = Some(mine);
            }
        }
        let v = best.unwrap_or(0);
        memo.insert((pos.hash(), depth), v);
        v
    }

    fn race(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn agrees_with_minimax_on_small_boards() {
        for text in [
            "5 c1,c5 - 0,0 south 20",
            "5 c1,c5 b2h,c3v 0,0 north 20",
            "5 a1,e5 a2h,c2h,b4h 0,0 south 20",
            "5 c2,c3 b2v,c3v 0,0 south 20",
        ] {
            let base = race(text);
            let table = RaceTable::solve(&base).unwrap();
            let mut memo = HashMap::new();
            let mut checked = 0;
            for state in 0..table.values.len() {
                let Some(pos) = table.position(&base, state) else {
                    continue;
                };
                if pos.is_over() {
                    continue;
                }
                let exact = minimax(&pos, 14, &mut memo);
                let solved = table.plies(&pos).unwrap_or(0);
                if exact != 0 {
                    assert_eq!(solved, exact, "{text}: {pos}");
                    checked += 1;
                } else {
                    assert!(solved == 0 || solved.abs() > 14, "{text}: {pos}: {solved}");
                }
                if solved != 0 {
                    let best = table.best(&pos).unwrap();
                    assert!(pos.is_legal(best.best));
                }
            }
            assert!(checked > 100, "{text}: {checked}");
        }
    }

    #[test]
    fn plays_the_fastest_win_and_the_slowest_loss() {
        // South two steps from the goal, north four: south wins in 3.
        let pos = race("9 e7,a5 - 0,0 south 40");
        let table = RaceTable::solve(&pos).unwrap();
        let best = table.best(&pos).unwrap();
        assert_eq!(best.best.to_string(), "e8");
        assert_eq!(best.score, Score::win_in(3));
        assert_eq!(table.line(&pos, 10).len(), 3);
        // North to move there has lost, in 4 plies whatever it does.
        let mut north = pos;
        north.play_unchecked(Move::Pass);
        let lost = table.best(&north).unwrap();
        assert_eq!(lost.score, Score::loss_in(4));
        // Two steps each, north to move: north wins, and goes.
        let pos = race("9 e7,a3 - 0,0 north 41");
        let table = RaceTable::solve(&pos).unwrap();
        let best = table.best(&pos).unwrap();
        assert_eq!(
            (best.best.to_string(), best.score),
            ("a2".into(), Score::win_in(3))
        );
    }

    #[test]
    fn only_races_are_solved() {
        assert!(RaceTable::solve(&Position::new(Ruleset::STANDARD)).is_none());
        let with_fences = race("9 e4,e6 - 1,0 south 40");
        assert!(RaceTable::solve(&with_fences).is_none());
        let table = RaceTable::solve(&race("9 e4,e6 - 0,0 south 40")).unwrap();
        // Another set of fences is another race.
        assert!(!table.fits(&race("9 e4,e6 a3h 0,0 south 40")));
        assert!(table.fits(&race("9 a1,i9 - 0,0 north 41")));
    }
}
