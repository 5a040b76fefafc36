//! Shared test helpers: random positions and an independent, deliberately
//! simple implementation of the rules (a grid of squares and a list of
//! fences, breadth-first search) to compare the bitboard engine against.

#![allow(dead_code)]

use std::collections::{HashSet, VecDeque};

use quoridor_rules::{Fence, Game, Move, Orientation, Position, Ruleset, Seat, Square, Variant};

/// splitmix64: a small deterministic generator.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Any ruleset: every size, 2 or 4 players, every variant and option.
pub fn random_rules(rng: &mut Rng) -> Ruleset {
    let size = [3, 5, 7, 9, 11][rng.below(5)];
    let players = if rng.below(2) == 0 { 4 } else { 2 };
    let mut rules = Ruleset::new(size, players).unwrap();
    if rng.below(3) == 0 {
        let max = Ruleset::fence_slots(size as u8).min(25);
        rules = rules
            .with_fences(rng.below(max as usize + 1) as u32)
            .unwrap();
    }
    let variant = match rng.below(3) {
        0 if players == 4 => Variant::Teams,
        1 => Variant::Scoring,
        _ => Variant::Standard,
    };
    rules = rules.with_variant(variant).unwrap();
    rules = rules.with_side_step_over_pawn(rng.below(3) == 0);
    if rng.below(4) == 0 {
        rules = rules
            .with_ply_limit(Some(1 + rng.below(150) as u32))
            .unwrap();
    }
    rules
}

/// A random legal move, a pawn move half of the time when there is one (so
/// that pawns meet and games progress).
pub fn random_move(pos: &Position, rng: &mut Rng) -> Move {
    let legal = pos.legal();
    if legal.pawn != 0 && rng.below(2) == 0 {
        legal
            .nth(rng.below(legal.pawn.count_ones() as usize))
            .unwrap()
    } else {
        legal.nth(rng.below(legal.len())).unwrap()
    }
}

/// A position reached by up to `plies` random legal moves.
pub fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = Rng(seed);
    let mut pos = Position::new(random_rules(&mut rng));
    for _ in 0..plies {
        if pos.is_over() {
            break;
        }
        pos.play(random_move(&pos, &mut rng)).unwrap();
    }
    pos
}

/// Every move that could be written for a board of side `size`, and a few
/// beyond it.
pub fn all_moves(size: u8) -> Vec<Move> {
    let mut moves = vec![Move::Pass];
    let limit = (size + 1).min(11);
    for col in 0..limit {
        for row in 0..limit {
            let sq = Square::new(col, row);
            moves.push(Move::Pawn(sq));
            if col < 10 && row < 10 {
                moves.push(Move::Fence(Fence::new(sq, Orientation::Horizontal)));
                moves.push(Move::Fence(Fence::new(sq, Orientation::Vertical)));
            }
        }
    }
    moves
}

/// The naive model of a position.
pub struct Naive {
    size: i32,
    seats: Vec<Seat>,
    pawns: Vec<(i32, i32)>,
    active: Vec<bool>,
    fences: Vec<Fence>,
    fences_left: u8,
    turn: usize,
    side_step_over_pawn: bool,
    arrived_may_pass: bool,
    over: bool,
}

impl Naive {
    pub fn from(pos: &Position) -> Naive {
        let seats: Vec<Seat> = pos.seats().to_vec();
        let pawns = seats
            .iter()
            .map(|&s| (pos.pawn(s).col() as i32, pos.pawn(s).row() as i32))
            .collect();
        let active = seats.iter().map(|&s| !pos.is_out(s)).collect();
        let turn = seats.iter().position(|&s| s == pos.turn()).unwrap();
        let arrived_may_pass =
            pos.rules().variant() == Variant::Scoring && pos.has_arrived(pos.turn());
        Naive {
            size: pos.size() as i32,
            pawns,
            active,
            fences: pos.fences().collect(),
            fences_left: pos.fences_left(pos.turn()),
            turn,
            seats,
            side_step_over_pawn: pos.rules().side_step_over_pawn(),
            arrived_may_pass,
            over: pos.is_over(),
        }
    }

    fn on_board(&self, (c, r): (i32, i32)) -> bool {
        c >= 0 && r >= 0 && c < self.size && r < self.size
    }

    /// Whether a fence of `fences` lies between two orthogonal neighbours
    /// (or the second is off the board).
    fn blocked(&self, fences: &[Fence], a: (i32, i32), b: (i32, i32)) -> bool {
        if !self.on_board(b) {
            return true;
        }
        fences.iter().any(|f| {
            let (fc, fr) = (f.anchor().col() as i32, f.anchor().row() as i32);
            match f.orientation() {
                Orientation::Horizontal => {
                    let low = a.1.min(b.1);
                    a.0 == b.0 && a.1 != b.1 && low == fr && (a.0 == fc || a.0 == fc + 1)
                }
                Orientation::Vertical => {
                    let left = a.0.min(b.0);
                    a.1 == b.1 && a.0 != b.0 && left == fc && (a.1 == fr || a.1 == fr + 1)
                }
            }
        })
    }

    fn goal(&self, seat: Seat, (c, r): (i32, i32)) -> bool {
        match seat {
            Seat::South => r == self.size - 1,
            Seat::North => r == 0,
            Seat::West => c == self.size - 1,
            Seat::East => c == 0,
        }
    }

    fn path_exists(&self, fences: &[Fence], p: usize) -> bool {
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([self.pawns[p]]);
        seen.insert(self.pawns[p]);
        while let Some(sq) = queue.pop_front() {
            if self.goal(self.seats[p], sq) {
                return true;
            }
            for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let next = (sq.0 + dc, sq.1 + dr);
                if !self.blocked(fences, sq, next) && seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        false
    }

    fn occupied(&self, sq: (i32, i32)) -> bool {
        (0..self.pawns.len()).any(|p| self.active[p] && self.pawns[p] == sq)
    }

    pub fn pawn_moves(&self) -> HashSet<(i32, i32)> {
        let mut out = HashSet::new();
        if self.arrived_may_pass {
            return out;
        }
        let s = self.pawns[self.turn];
        let f = &self.fences;
        for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let t = (s.0 + dc, s.1 + dr);
            if self.blocked(f, s, t) {
                continue;
            }
            if !self.occupied(t) {
                out.insert(t);
                continue;
            }
            let u = (t.0 + dc, t.1 + dr);
            let behind_blocked = self.blocked(f, t, u);
            if !behind_blocked && !self.occupied(u) {
                out.insert(u);
                continue;
            }
            if !behind_blocked && !self.side_step_over_pawn {
                continue;
            }
            for (sc, sr) in [(dr, dc), (-dr, -dc)] {
                let v = (t.0 + sc, t.1 + sr);
                if !self.blocked(f, t, v) && !self.occupied(v) {
                    out.insert(v);
                }
            }
        }
        out
    }

    pub fn fence_legal(&self, fence: Fence) -> bool {
        if self.fences_left == 0 || !fence.on_board(self.size as u8) {
            return false;
        }
        let (c, r) = (fence.anchor().col() as i32, fence.anchor().row() as i32);
        for other in &self.fences {
            let (oc, or) = (other.anchor().col() as i32, other.anchor().row() as i32);
            let same = other.orientation() == fence.orientation();
            if !same && oc == c && or == r {
                return false;
            }
            if same {
                let overlap = match fence.orientation() {
                    Orientation::Horizontal => or == r && (oc - c).abs() <= 1,
                    Orientation::Vertical => oc == c && (or - r).abs() <= 1,
                };
                if overlap {
                    return false;
                }
            }
        }
        let mut fences = self.fences.clone();
        fences.push(fence);
        (0..self.pawns.len()).all(|p| !self.active[p] || self.path_exists(&fences, p))
    }

    /// The legal moves as sorted strings.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.over {
            return vec![];
        }
        let mut moves: Vec<String> = self
            .pawn_moves()
            .into_iter()
            .map(|(c, r)| Square::new(c as u8, r as u8).to_string())
            .collect();
        for mv in all_moves(self.size as u8) {
            if let Move::Fence(f) = mv {
                if self.fence_legal(f) {
                    moves.push(f.to_string());
                }
            }
        }
        if moves.is_empty() || self.arrived_may_pass {
            moves.push("pass".into());
        }
        moves.sort();
        moves
    }

    /// Breadth-first distance of seat `p` to its goal line.
    pub fn distance(&self, p: usize) -> Option<u32> {
        let mut seen = HashSet::from([self.pawns[p]]);
        let mut frontier = vec![self.pawns[p]];
        let mut d = 0;
        while !frontier.is_empty() {
            if frontier.iter().any(|&sq| self.goal(self.seats[p], sq)) {
                return Some(d);
            }
            let mut next = vec![];
            for sq in frontier {
                for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let n = (sq.0 + dc, sq.1 + dr);
                    if !self.blocked(&self.fences, sq, n) && seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
            d += 1;
        }
        None
    }
}

/// A random game: sometimes from a set-up position (reached by random play,
/// possibly with a seat removed), with moves, resignations, timeouts and
/// agreed draws.
pub fn random_game(seed: u64, entries: usize) -> Game {
    let mut rng = Rng(seed);
    let rules = random_rules(&mut rng);
    let mut start = Position::new(rules);
    if rng.below(3) == 0 {
        for _ in 0..rng.below(30) {
            if start.is_over() {
                break;
            }
            start.play(random_move(&start, &mut rng)).unwrap();
        }
        if rng.below(4) == 0 && rules.players() == 4 && !start.is_over() {
            let seats = start.seats();
            start.remove(seats[rng.below(4)]);
        }
    }
    let mut game = Game::from_position(start);
    for _ in 0..entries {
        if game.is_over() {
            break;
        }
        let seats = game.rules().players() as usize;
        let seat = Seat::from_player(rng.below(seats), seats as u8);
        let _ = match rng.below(80) {
            0 => game.resign(seat),
            1 => game.timeout(seat),
            2 => game.agree_draw(),
            _ => game.play(random_move(game.position(), &mut rng)),
        };
    }
    game
}
