//! Legal move generation.
//!
//! Fence legality is computed for all slots at once with bit operations.
//! Only fences that could cut a path get a flood fill, found by two filters:
//! - a fence can only split a region if it closes a loop: if at least two of
//!   its three grid points (ends and centre) already belong to the same
//!   connected group of fences (the board edge counts as one group);
//! - it can only cut a player off if it blocks an edge of that player's
//!   current shortest path.

use alloc::vec::Vec;

use crate::fence::{Fence, Orientation};
use crate::geometry::{expand, shift, sides, EAST, NORTH, SOUTH, WEST};
use crate::mv::Move;
use crate::position::{block, Position};
use crate::ruleset::Variant;
use crate::square::{Square, SquareIter, STRIDE};

/// The most moves a position can have: every fence slot of an 11×11 board
/// plus the pawn moves.
pub const MAX_MOVES: usize = 256;

/// A list of moves, without heap allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::Pass; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl core::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The legal moves of a position in compact form: pawn destinations and fence
/// anchors as bitsets, or a forced pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct LegalMoves {
    pub pawn: u128,
    pub horizontal: u128,
    pub vertical: u128,
    pub pass: bool,
}

impl LegalMoves {
    /// How many moves.
    pub fn len(&self) -> usize {
        (self.pawn.count_ones() + self.horizontal.count_ones() + self.vertical.count_ones())
            as usize
            + self.pass as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `index`-th move, pawn moves first, then horizontal and vertical
    /// fences, each in square order. `None` past the end.
    pub fn nth(&self, mut index: usize) -> Option<Move> {
        for (set, kind) in [(self.pawn, 0), (self.horizontal, 1), (self.vertical, 2)] {
            let n = set.count_ones() as usize;
            if index < n {
                let sq = nth_bit(set, index);
                return Some(match kind {
                    0 => Move::Pawn(sq),
                    1 => Move::Fence(Fence::new(sq, Orientation::Horizontal)),
                    _ => Move::Fence(Fence::new(sq, Orientation::Vertical)),
                });
            }
            index -= n;
        }
        (self.pass && index == 0).then_some(Move::Pass)
    }

    /// Whether the list holds a move.
    pub fn contains(&self, mv: Move) -> bool {
        match mv {
            Move::Pawn(sq) => self.pawn & sq.bit() != 0,
            Move::Fence(f) => match f.orientation() {
                Orientation::Horizontal => self.horizontal & f.anchor().bit() != 0,
                Orientation::Vertical => self.vertical & f.anchor().bit() != 0,
            },
            Move::Pass => self.pass,
        }
    }

    /// Every move, in the order of [`LegalMoves::nth`].
    pub fn iter(&self) -> impl Iterator<Item = Move> {
        let pawn = SquareIter(self.pawn).map(Move::Pawn);
        let h = SquareIter(self.horizontal)
            .map(|sq| Move::Fence(Fence::new(sq, Orientation::Horizontal)));
        let v =
            SquareIter(self.vertical).map(|sq| Move::Fence(Fence::new(sq, Orientation::Vertical)));
        pawn.chain(h)
            .chain(v)
            .chain(self.pass.then_some(Move::Pass))
    }
}

/// The square of the `n`-th set bit (from 0) of `set`, which has more than `n`:
/// a descent by halves, counting the bits of the lower half at each step.
#[inline]
fn nth_bit(set: u128, n: usize) -> Square {
    let (mut word, mut n, mut base) = (set, n as u32, 0u32);
    let mut width = 64;
    while width > 0 {
        let low = word & ((1u128 << width) - 1);
        let count = low.count_ones();
        if n < count {
            word = low;
        } else {
            n -= count;
            word >>= width;
            base += width;
        }
        width /= 2;
    }
    debug_assert!(n == 0 && word & 1 == 1);
    Square::from_index(base)
}

impl Position {
    /// Destinations of the side to move's pawn (steps, jumps, side-steps).
    pub fn pawn_moves(&self) -> u128 {
        let p = self.turn as usize;
        if self.rules.variant() == Variant::Scoring && self.arrived(p) {
            return 0;
        }
        let occupied = self.occupied();
        let from = self.pawns[p].bit();
        let steps = expand(from, &self.open);
        if steps & occupied == 0 {
            // No pawn next to this one: plain steps (the usual case).
            return steps;
        }
        let side_step_over_pawn = self.rules.side_step_over_pawn();
        let mut dests = 0;
        for dir in [NORTH, EAST, SOUTH, WEST] {
            if self.open[dir] & from == 0 {
                continue;
            }
            let next = shift(from, dir);
            if next & occupied == 0 {
                dests |= next;
                continue;
            }
            if self.open[dir] & next != 0 {
                let behind = shift(next, dir);
                if behind & occupied == 0 {
                    dests |= behind;
                    continue;
                }
                if !side_step_over_pawn {
                    continue;
                }
            }
            // Blocked behind the pawn (fence, edge, or with the option a pawn):
            // the diagonal side-steps.
            for side in sides(dir) {
                if self.open[side] & next != 0 {
                    dests |= shift(next, side) & !occupied;
                }
            }
        }
        dests
    }

    /// Anchors of the legal horizontal and vertical fences of the side to move.
    pub fn fence_moves(&self) -> (u128, u128) {
        self.fence_moves_among(!0, !0)
    }

    /// The legal fences among the given anchors (horizontal, vertical): the
    /// same as [`Position::fence_moves`] masked, but only these get a path
    /// check (a search that looks at few fences saves the rest).
    pub fn fence_moves_among(&self, horizontal: u128, vertical: u128) -> (u128, u128) {
        if self.fences_left[self.turn as usize] == 0 {
            return (0, 0);
        }
        let g = self.geometry();
        let (h, v) = (self.horizontal, self.vertical);
        let mut h_ok = g.anchors & horizontal & !(h | h << 1 | h >> 1 | v);
        let mut v_ok = g.anchors & vertical & !(v | v << STRIDE | v >> STRIDE | h);

        // Grid points touched by a placed fence (its two ends and centre),
        // grouped into wall components: a new fence can only cut the board
        // if it closes a loop, that is if two of its three points already
        // lie in the same component (the border is one component).
        let touched = (h | h << 1 | h >> 1 | v | v << STRIDE | v >> STRIDE) & g.anchors;
        // Fence segments between neighbouring grid points: east links (p to
        // p+1) and north links (p to p+STRIDE).
        let link_e = (h | h >> 1) & g.anchors & (g.anchors >> 1);
        let link_n = (v | v >> STRIDE) & g.anchors & (g.anchors >> STRIDE);
        let flood = |mut c: u128| loop {
            let next = c
                | ((c & link_e) << 1)
                | ((c >> 1) & link_e)
                | ((c & link_n) << STRIDE)
                | ((c >> STRIDE) & link_n);
            if next == c {
                return c;
            }
            c = next;
        };
        let border = flood((h & (g.first_col | g.last_col)) | (v & (g.first_row | g.last_row)));
        let closes = |c: u128, is_border: bool| {
            let (fc, lc, fr, lr) = if is_border {
                (g.first_col, g.last_col, g.first_row, g.last_row)
            } else {
                (0, 0, 0, 0)
            };
            let (l, r) = ((c << 1) | fc, (c >> 1) | lc);
            let (b, a) = ((c << STRIDE) | fr, (c >> STRIDE) | lr);
            ((l & c) | (l & r) | (c & r), (b & c) | (b & a) | (c & a))
        };
        let (mut loop_h, mut loop_v) = closes(border, true);
        let mut rest = touched & !border;
        while rest != 0 {
            let comp = flood(rest & rest.wrapping_neg());
            rest &= !comp;
            let (ch, cv) = closes(comp, false);
            loop_h |= ch;
            loop_v |= cv;
        }
        let risky_h = h_ok & loop_h;
        let risky_v = v_ok & loop_v;
        if risky_h | risky_v == 0 {
            return (h_ok, v_ok);
        }

        for p in 0..self.players() as usize {
            if !self.is_active(p) || self.arrived(p) {
                continue;
            }
            let path = Path::shortest(self, p);
            let cut_h = risky_h & h_ok & (path.north_edges | path.north_edges >> 1);
            let cut_v = risky_v & v_ok & (path.east_edges | path.east_edges >> STRIDE);
            let goal = self.goal(p);
            for (cut, orientation) in [
                (cut_h, Orientation::Horizontal),
                (cut_v, Orientation::Vertical),
            ] {
                for anchor in SquareIter(cut) {
                    let fence = Fence::new(anchor, orientation);
                    let mut open = self.open;
                    block(&mut open, fence);
                    if !path.detour_exists(fence, goal, &open) {
                        match orientation {
                            Orientation::Horizontal => h_ok &= !anchor.bit(),
                            Orientation::Vertical => v_ok &= !anchor.bit(),
                        }
                    }
                }
            }
        }
        (h_ok, v_ok)
    }

    /// All legal moves in compact form.
    pub fn legal(&self) -> LegalMoves {
        if self.is_over() {
            return LegalMoves::default();
        }
        let pawn = self.pawn_moves();
        let (horizontal, vertical) = self.fence_moves();
        let p = self.turn as usize;
        let arrived_scorer = self.rules.variant() == Variant::Scoring && self.arrived(p);
        let pass = arrived_scorer || (pawn | horizontal | vertical) == 0;
        LegalMoves {
            pawn,
            horizontal,
            vertical,
            pass,
        }
    }

    /// Every fence slot of the board judged, in a fixed order (row by row
    /// from a1, horizontal before vertical): the legal fences, and the
    /// others with why each is refused, for front ends that explain a
    /// refusal before it is tried. The bitsets give the legal ones at once;
    /// only the others are checked one by one, for their reason.
    pub fn fences_judged(&self) -> (Vec<Fence>, Vec<(Fence, crate::IllegalMove)>) {
        let (h_ok, v_ok) = self.fence_moves();
        let mut legal = Vec::with_capacity(128);
        let mut refused = Vec::new();
        for fence in Fence::slots(self.size()) {
            let set = match fence.orientation() {
                Orientation::Horizontal => h_ok,
                Orientation::Vertical => v_ok,
            };
            if set & fence.anchor().bit() != 0 {
                legal.push(fence);
                continue;
            }
            match self.check(Move::Fence(fence)) {
                Ok(()) => legal.push(fence),
                Err(err) => refused.push((fence, err)),
            }
        }
        (legal, refused)
    }

    /// All legal moves. Empty when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for mv in self.legal().iter() {
            list.push(mv);
        }
        list
    }

    /// The number of legal moves (faster than building the list).
    pub fn count_legal_moves(&self) -> usize {
        self.legal().len()
    }

    /// Legal pawn moves and fences, not counting a pass.
    pub(crate) fn count_legal_non_pass(&self) -> usize {
        let (h, v) = self.fence_moves();
        (self.pawn_moves().count_ones() + h.count_ones() + v.count_ones()) as usize
    }

    /// Whether player `p` has a path to its goal with these open edges.
    pub(crate) fn has_path(&self, p: usize, open: &[u128; 4]) -> bool {
        reaches(self.pawns[p].bit(), self.goal(p), open)
    }
}

/// One shortest path of a player, with what the fence check needs: the
/// edges it crosses and the order of its squares.
struct Path {
    /// Squares whose north edge, and east edge, the path crosses.
    north_edges: u128,
    east_edges: u128,
    /// The squares from the pawn (step 0) to the goal line.
    squares: [Square; 128],
    /// Step of each square on the path, or `u8::MAX`.
    step_of: [u8; 128],
}

impl Path {
    fn shortest(pos: &Position, p: usize) -> Path {
        let mut path = Path {
            north_edges: 0,
            east_edges: 0,
            squares: [pos.pawns[p]; 128],
            step_of: [u8::MAX; 128],
        };
        pos.walk_back(p, |step, prev, cur| {
            path.squares[step] = prev;
            path.squares[step + 1] = cur;
            path.step_of[prev.index() as usize] = step as u8;
            path.step_of[cur.index() as usize] = step as u8 + 1;
            let low = prev.min(cur);
            // Squares a row apart are 11 indices apart.
            if cur.index().abs_diff(prev.index()) != 1 {
                path.north_edges |= low.bit();
            } else {
                path.east_edges |= low.bit();
            }
        });
        path
    }

    /// The step index of the edge between two squares if it is on the path.
    #[inline]
    fn edge_step(&self, a: u32, b: u32) -> Option<usize> {
        let (i, j) = (self.step_of[a as usize], self.step_of[b as usize]);
        (i != u8::MAX && j != u8::MAX && i.abs_diff(j) == 1).then(|| i.min(j) as usize)
    }

    /// Whether, with `fence` placed (already applied to `open`), the path
    /// square before the cut still reaches the square after it or the goal
    /// line: the pawn reaches the first along the path, the second reaches
    /// the goal along the path. A local search, as a detour around a fence is
    /// usually a few steps long.
    #[inline]
    fn detour_exists(&self, fence: Fence, goal: u128, open: &[u128; 4]) -> bool {
        let a = fence.anchor().index() as u32;
        let (e1, e2) = match fence.orientation() {
            Orientation::Horizontal => ((a, a + STRIDE), (a + 1, a + 1 + STRIDE)),
            Orientation::Vertical => ((a, a + 1), (a + STRIDE, a + STRIDE + 1)),
        };
        let (first, last) = match (self.edge_step(e1.0, e1.1), self.edge_step(e2.0, e2.1)) {
            (Some(i), Some(j)) => (i.min(j), i.max(j)),
            (Some(i), None) | (None, Some(i)) => (i, i),
            (None, None) => return true,
        };
        reaches(
            self.squares[first].bit(),
            self.squares[last + 1].bit() | goal,
            open,
        )
    }
}

/// Whether a flood fill from `from` through `open` edges meets `goal`.
#[inline]
pub(crate) fn reaches(from: u128, goal: u128, open: &[u128; 4]) -> bool {
    let mut seen = from;
    loop {
        if seen & goal != 0 {
            return true;
        }
        let next = seen | expand(seen, open);
        if next == seen {
            return false;
        }
        seen = next;
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use super::*;
    use crate::{IllegalMove, Outcome, Ruleset, Seat, Variant};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn fence(s: &str) -> Fence {
        s.parse().unwrap()
    }

    /// A position with pawns (in turn order) and fences, side to move first.
    fn setup(rules: Ruleset, pawns: &[&str], fences: &[&str], left: &[u8]) -> Position {
        let pawns: Vec<Square> = pawns.iter().map(|s| sq(s)).collect();
        let fences: Vec<Fence> = fences.iter().map(|s| fence(s)).collect();
        Position::from_parts_with_out(rules, &pawns, 0, &fences, left, 0, 0, &[0; 4]).unwrap()
    }

    fn pawn_moves(pos: &Position) -> Vec<String> {
        let mut moves: Vec<String> = SquareIter(pos.pawn_moves())
            .map(|s| s.to_string())
            .collect();
        moves.sort();
        moves
    }

    #[test]
    fn straight_jump() {
        let pos = setup(Ruleset::STANDARD, &["e4", "e5"], &[], &[10, 10]);
        assert_eq!(pawn_moves(&pos), ["d4", "e3", "e6", "f4"]);
    }

    #[test]
    fn side_steps_when_a_fence_is_behind() {
        let pos = setup(Ruleset::STANDARD, &["e4", "e5"], &["e5h"], &[10, 10]);
        assert_eq!(pawn_moves(&pos), ["d4", "d5", "e3", "f4", "f5"]);
        // A fence beside the jumped pawn removes that side-step only.
        let pos = setup(Ruleset::STANDARD, &["e4", "e5"], &["e5h", "d5v"], &[10, 10]);
        assert_eq!(pawn_moves(&pos), ["d4", "e3", "f4", "f5"]);
    }

    #[test]
    fn side_steps_at_the_board_edge() {
        let pos = setup(Ruleset::STANDARD, &["e8", "e9"], &[], &[10, 10]);
        assert_eq!(pawn_moves(&pos), ["d8", "d9", "e7", "f8", "f9"]);
        // Sideways at the edge of the board too.
        let pos = setup(Ruleset::STANDARD, &["b1", "a1"], &[], &[10, 10]);
        assert_eq!(pawn_moves(&pos), ["a2", "b2", "c1"]);
    }

    #[test]
    fn fences_are_never_jumped() {
        let pos = setup(Ruleset::STANDARD, &["e4", "e6"], &["e4h"], &[10, 10]);
        assert_eq!(pawn_moves(&pos), ["d4", "e3", "f4"]);
    }

    #[test]
    fn no_jump_over_two_pawns() {
        let four = Ruleset::new(9, 4).unwrap();
        // South on e4, west on e5, north on e6: nothing northwards.
        let pos = setup(four, &["e4", "e5", "e6", "i5"], &[], &[5; 4]);
        assert_eq!(pawn_moves(&pos), ["d4", "e3", "f4"]);
        // With the option the diagonals are allowed instead.
        let pos = setup(
            four.with_side_step_over_pawn(true),
            &["e4", "e5", "e6", "i5"],
            &[],
            &[5; 4],
        );
        assert_eq!(pawn_moves(&pos), ["d4", "d5", "e3", "f4", "f5"]);
    }

    #[test]
    fn diagonal_reached_two_ways_is_listed_once() {
        let four = Ruleset::new(9, 4).unwrap();
        let pos = setup(four, &["e4", "e5", "a9", "f4"], &["e5h", "f3v"], &[5; 4]);
        let moves = pos.legal_moves();
        let f5 = moves.iter().filter(|m| **m == Move::Pawn(sq("f5"))).count();
        assert_eq!(f5, 1);
    }

    #[test]
    fn forced_pass_only_when_nothing_else() {
        // South on e1 between fences, west on e2 and north on e3: no jump over
        // two pawns, no diagonal; south has no fences left. (In a 2-player
        // game the box would have to hold both goal lines, so a forced pass
        // needs more pawns.)
        let four = Ruleset::new(9, 4).unwrap();
        let pos = setup(
            four,
            &["e1", "e2", "e3", "i5"],
            &["d1v", "e1v"],
            &[0, 5, 5, 5],
        );
        assert_eq!(
            pos.legal_moves().iter().copied().collect::<Vec<_>>(),
            [Move::Pass]
        );
        let mut next = pos;
        next.play(Move::Pass).unwrap();
        assert_eq!(next.turn(), Seat::West);
        // With a fence left, a pass is illegal: a fence can be placed.
        let pos = setup(
            four,
            &["e1", "e2", "e3", "i5"],
            &["d1v", "e1v"],
            &[1, 5, 5, 5],
        );
        assert_eq!(pos.check(Move::Pass), Err(IllegalMove::PassNotAllowed));
        assert!(!pos.legal_moves().contains(&Move::Pass));
    }

    #[test]
    fn fence_errors_name_the_reason() {
        let mut pos = setup(Ruleset::STANDARD, &["e1", "e9"], &["e3h", "c5v"], &[10, 10]);
        let err = |pos: &Position, m: &str| pos.check(m.parse().unwrap()).unwrap_err().to_string();
        assert_eq!(err(&pos, "d3h"), "fence overlaps e3h");
        assert_eq!(err(&pos, "f3h"), "fence overlaps e3h");
        assert_eq!(err(&pos, "e3v"), "fence crosses e3h");
        assert_eq!(err(&pos, "c4v"), "fence overlaps c5v");
        assert_eq!(err(&pos, "i3h"), "off the 9x9 board");
        assert_eq!(err(&pos, "e5"), "not reachable from e1");
        assert!(pos.check("g3h".parse().unwrap()).is_ok()); // T-junction-free neighbour
        assert!(pos.check("c3v".parse().unwrap()).is_ok()); // touching end to end
                                                            // Wall north in: a row of fences with one gap, then close it.
        for m in ["a8h", "c8h", "e8h", "g8h"] {
            pos.play(m.parse().unwrap()).unwrap();
            pos.play(Move::Pawn(if pos.pawn(Seat::North) == sq("e9") {
                sq("d9")
            } else {
                sq("e9")
            }))
            .unwrap();
        }
        assert_eq!(err(&pos, "h8v"), "no path left for north");
        let pos = setup(Ruleset::STANDARD, &["e1", "e9"], &[], &[0, 10]);
        assert_eq!(err(&pos, "a1h"), "no fences left");
    }

    #[test]
    fn scoring_game() {
        let rules = Ruleset::new(5, 2)
            .unwrap()
            .with_variant(Variant::Scoring)
            .unwrap();
        let mut pos = Position::new(rules);
        for m in ["c2", "c4", "b2", "c3"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        // +1 forward, 0 sideways for south; north +1, +1.
        assert_eq!((pos.score(Seat::South), pos.score(Seat::North)), (1, 2));
        let mut pos = setup(rules, &["c5", "c2"], &[], &[3, 3]);
        // South has arrived: fences or pass, no pawn move; the game goes on.
        assert!(pos.outcome().is_none());
        assert_eq!(pos.pawn_moves(), 0);
        assert!(pos.legal_moves().contains(&Move::Pass));
        assert_eq!(
            pos.check(Move::Pawn(sq("c4"))),
            Err(IllegalMove::PawnArrived(Seat::South))
        );
        pos.play(Move::Pass).unwrap();
        pos.play(Move::Pawn(sq("c1"))).unwrap();
        // North scored +1 and arrived; equal scores (0, 1)? south 0, north 1.
        assert_eq!(pos.outcome(), Some(Outcome::Winner(Seat::North)));
    }

    #[test]
    fn teams_win_together() {
        let rules = Ruleset::new(5, 4)
            .unwrap()
            .with_variant(Variant::Teams)
            .unwrap();
        // West about to reach column e.
        let mut pos = setup(rules, &["a3", "d2", "c5", "e3"], &[], &[1; 4]);
        pos.play(Move::Pawn(sq("a4"))).unwrap();
        pos.play(Move::Pawn(sq("e2"))).unwrap();
        assert_eq!(
            pos.outcome(),
            Some(Outcome::TeamWinner(crate::Team::SouthWest))
        );
    }

    #[test]
    fn ply_limit_draws_but_a_last_ply_win_counts() {
        let rules = Ruleset::new(3, 2).unwrap().with_ply_limit(Some(2)).unwrap();
        let mut pos = Position::new(rules);
        pos.play(Move::Pawn(sq("a1"))).unwrap();
        pos.play(Move::Pawn(sq("a3"))).unwrap();
        assert_eq!(pos.outcome(), Some(Outcome::Draw));
        let mut pos = Position::new(rules);
        pos.play(Move::Pawn(sq("b2"))).unwrap();
        pos.play(Move::Pawn(sq("a3"))).unwrap();
        assert_eq!(pos.outcome(), Some(Outcome::Draw));
        let rules = Ruleset::new(3, 2).unwrap().with_ply_limit(Some(3)).unwrap();
        let mut pos = Position::new(rules);
        for m in ["b2", "a3", "b3"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        assert_eq!(pos.outcome(), Some(Outcome::Winner(Seat::South)));
    }

    #[test]
    fn resigned_player_leaves_the_board() {
        let mut pos = Position::new(Ruleset::new(9, 4).unwrap());
        pos.remove(Seat::West);
        pos.play(Move::Pawn(sq("e2"))).unwrap();
        assert_eq!(pos.turn(), Seat::North);
        assert_eq!(pos.hash(), pos.compute_hash());
        pos.remove(Seat::North);
        pos.remove(Seat::East);
        assert_eq!(pos.outcome(), Some(Outcome::Winner(Seat::South)));
    }

    #[test]
    fn nth_bit_selects_every_bit() {
        let set: u128 = 0x8000_0000_0000_0001_0000_0000_f0f0_0101;
        let bits: Vec<u32> = SquareIter(set).map(|s| s.index() as u32).collect();
        for (i, &b) in bits.iter().enumerate() {
            assert_eq!(nth_bit(set, i).index() as u32, b);
        }
    }

    #[test]
    fn pawns_do_not_block_paths() {
        // North's pawn stands in the only gap; south still has a path.
        let fences = ["a5h", "c5h", "f5h", "h5h", "e5v"];
        let pos = setup(Ruleset::STANDARD, &["e1", "e6"], &fences, &[10, 10]);
        assert!(pos.check(Move::Fence(fence("e6h"))).is_ok());
        assert_eq!(pos.distance(Seat::South), Some(8));
    }
}
