//! A position: pawns, fences, fences left, side to move, scores.

use core::fmt;

use crate::error::IllegalMove;
use crate::fence::{Fence, Orientation};
use crate::geometry::{geometry, Geometry, EAST, NORTH, SOUTH, WEST};
use crate::mv::Move;
use crate::ruleset::{Ruleset, Variant};
use crate::seat::{Seat, Team};
use crate::square::{Square, SquareIter, STRIDE};
use crate::zobrist;

/// How a game ended, as far as the board can tell.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// This seat won.
    Winner(Seat),
    /// This team won (cooperative variant).
    TeamWinner(Team),
    /// A draw (ply limit, equal top scores, or agreed).
    Draw,
}

impl fmt::Display for Outcome {
    /// `south`, `north+east`, `draw`: the words of the protocol's `winner`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Winner(seat) => seat.fmt(f),
            Outcome::TeamWinner(team) => team.fmt(f),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// What [`Position::play_unchecked`] needs to take a move back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    from: Square,
    turn: u8,
    score_delta: i8,
}

/// A Quoridor position.
///
/// Fences are stored as two anchor bitsets, and for each direction the set of
/// squares that may step that way (`open`), so that path searches are
/// bit-parallel flood fills.
///
/// ```
/// use quoridor_rules::{Move, Position, Ruleset, Seat};
/// let mut pos = Position::new(Ruleset::STANDARD);
/// assert_eq!(pos.legal_moves().len(), 131);
/// pos.play("e2".parse().unwrap()).unwrap();
/// pos.play("e3h".parse().unwrap()).unwrap();
/// let err = pos.play("e3v".parse().unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "fence crosses e3h");
/// assert_eq!(pos.distance(Seat::South), Some(8));
/// ```
#[derive(Copy, Clone)]
pub struct Position {
    pub(crate) rules: Ruleset,
    /// Pawn of each player, by turn-order index.
    pub(crate) pawns: [Square; 4],
    pub(crate) fences_left: [u8; 4],
    /// Anchors of placed horizontal and vertical fences.
    pub(crate) horizontal: u128,
    pub(crate) vertical: u128,
    /// Squares that may step north, east, south, west.
    pub(crate) open: [u128; 4],
    /// Turn-order index of the player to move.
    pub(crate) turn: u8,
    pub(crate) ply: u32,
    pub(crate) scores: [i32; 4],
    /// Players who left the game (resigned in a 4-player game), as bits.
    pub(crate) out: u8,
    pub(crate) hash: u64,
}

/// Equal when the game state is the same: a seat that left the game counts
/// only as gone (its last square, fences and score no longer matter).
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let seat_eq = |p: usize| {
            let gone = !self.is_active(p);
            gone || (self.pawns[p] == other.pawns[p]
                && self.fences_left[p] == other.fences_left[p]
                && self.scores[p] == other.scores[p])
        };
        self.rules == other.rules
            && self.out == other.out
            && (0..self.players() as usize).all(seat_eq)
            && self.horizontal == other.horizontal
            && self.vertical == other.vertical
            && self.turn == other.turn
            && self.ply == other.ply
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Position {
    /// The starting position of a ruleset.
    pub fn new(rules: Ruleset) -> Position {
        let g = geometry(rules.size());
        let players = rules.players();
        let mut pawns = [Square::new(0, 0); 4];
        let mut fences_left = [0; 4];
        for (p, seat) in Seat::in_play(players).iter().enumerate() {
            pawns[p] = g.start[*seat as usize];
            fences_left[p] = rules.fences();
        }
        let mut pos = Position {
            rules,
            pawns,
            fences_left,
            horizontal: 0,
            vertical: 0,
            open: g.open,
            turn: 0,
            ply: 0,
            scores: [0; 4],
            out: 0,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Builds a position from its parts, checking the rules (used by the
    /// position notation): `fences` must not overlap or cross; every pawn
    /// must be on the board, on its own square, with a path to its goal. The
    /// players whose bit is set in `out` have left the game: their pawns are
    /// off the board, so their squares in `pawns` are ignored (kept as given)
    /// and not checked. Each slice holds at least one entry per player;
    /// `turn` is a turn-order index.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts_with_out(
        rules: Ruleset,
        pawns: &[Square],
        out: u8,
        fences: &[Fence],
        fences_left: &[u8],
        turn: usize,
        ply: u32,
        scores: &[i32],
    ) -> Result<Position, SetupError> {
        let players = rules.players() as usize;
        let size = rules.size();
        let mut pos = Position::new(rules);
        pos.out = out & ((1 << players) - 1);
        for (p, &sq) in pawns.iter().enumerate().take(players) {
            pos.pawns[p] = sq;
            if !pos.is_active(p) {
                continue;
            }
            if !sq.on_board(size) {
                return Err(SetupError::PawnOffBoard(sq));
            }
            if (0..p).any(|q| pos.is_active(q) && pos.pawns[q] == sq) {
                return Err(SetupError::PawnsShareSquare(sq));
            }
        }
        pos.fences_left[..players].copy_from_slice(&fences_left[..players]);
        pos.scores[..players].copy_from_slice(&scores[..players]);
        for &fence in fences {
            pos.check_fence_geometry(fence).map_err(SetupError::Fence)?;
            pos.apply_fence(fence);
        }
        for (p, seat) in Seat::in_play(rules.players()).iter().enumerate() {
            if pos.is_active(p) && !pos.has_path(p, &pos.open) {
                return Err(SetupError::NoPath(*seat));
            }
        }
        let arrived = (0..players)
            .filter(|&p| pos.is_active(p) && pos.arrived(p))
            .count();
        if arrived > 1 && rules.variant() != Variant::Scoring {
            return Err(SetupError::TwoArrived);
        }
        pos.turn = turn as u8;
        pos.ply = ply;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    pub(crate) fn geometry(&self) -> &'static Geometry {
        geometry(self.rules.size())
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    pub fn size(&self) -> u8 {
        self.rules.size()
    }

    pub fn players(&self) -> u8 {
        self.rules.players()
    }

    /// The seats of this game, in turn order.
    pub fn seats(&self) -> &'static [Seat] {
        Seat::in_play(self.players())
    }

    /// Turn-order index of a seat, panicking for a seat not in the game.
    pub(crate) fn index_of(&self, seat: Seat) -> usize {
        seat.player(self.players())
            .expect("seat is not in this game")
    }

    /// The seat to move.
    pub fn turn(&self) -> Seat {
        Seat::from_player(self.turn as usize, self.players())
    }

    /// Turn-order index of the seat to move (0 = south; with 4 players
    /// 1 = west, 2 = north, 3 = east; with 2 players 1 = north).
    pub fn turn_index(&self) -> usize {
        self.turn as usize
    }

    /// Plies played since the start of the game.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The square of a seat's pawn. Panics if the seat is not in this game.
    pub fn pawn(&self, seat: Seat) -> Square {
        self.pawns[self.index_of(seat)]
    }

    /// Fences a seat has left. Panics if the seat is not in this game.
    pub fn fences_left(&self, seat: Seat) -> u8 {
        self.fences_left[self.index_of(seat)]
    }

    /// Score of a seat in the scoring variant (0 otherwise).
    pub fn score(&self, seat: Seat) -> i32 {
        self.scores[self.index_of(seat)]
    }

    /// Whether a seat has left the game (resigned in a 4-player game).
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out & (1 << self.index_of(seat)) != 0
    }

    /// Whether a seat's pawn stands on its goal line.
    pub fn has_arrived(&self, seat: Seat) -> bool {
        self.arrived(self.index_of(seat))
    }

    pub(crate) fn arrived(&self, p: usize) -> bool {
        self.pawns[p].bit() & self.goal(p) != 0
    }

    pub(crate) fn goal(&self, p: usize) -> u128 {
        self.geometry()
            .goal_of(Seat::from_player(p, self.players()))
    }

    pub(crate) fn is_active(&self, p: usize) -> bool {
        self.out & (1 << p) == 0
    }

    /// The placed fences, horizontal ones first, each in square order.
    pub fn fences(&self) -> impl Iterator<Item = Fence> + '_ {
        let h = SquareIter(self.horizontal).map(|sq| Fence::new(sq, Orientation::Horizontal));
        let v = SquareIter(self.vertical).map(|sq| Fence::new(sq, Orientation::Vertical));
        h.chain(v)
    }

    /// Whether this fence has been placed.
    pub fn has_fence(&self, fence: Fence) -> bool {
        let set = match fence.orientation() {
            Orientation::Horizontal => self.horizontal,
            Orientation::Vertical => self.vertical,
        };
        set & fence.anchor().bit() != 0
    }

    /// Number of placed fences.
    pub fn fence_count(&self) -> u32 {
        self.horizontal.count_ones() + self.vertical.count_ones()
    }

    /// Whether a fence (or the board edge) lies between `sq` and its
    /// neighbour in the direction of `to`, an orthogonal neighbour of `sq`.
    pub fn is_blocked(&self, sq: Square, to: Square) -> bool {
        let dir = match (
            to.col() as i32 - sq.col() as i32,
            to.row() as i32 - sq.row() as i32,
        ) {
            (0, 1) => NORTH,
            (1, 0) => EAST,
            (0, -1) => SOUTH,
            (-1, 0) => WEST,
            _ => return true,
        };
        self.open[dir] & sq.bit() == 0
    }

    /// The Zobrist hash, kept up to date by every move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether `other` is the same position for the repetition rule
    /// ([`crate::Ruleset::repetition`]): the same pawns, fences, fences in
    /// hand, players in the game and player to move; the ply count aside.
    pub fn repeats(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.turn == other.turn
            && self.fingerprint() == other.fingerprint()
    }

    /// The hash computed from scratch (equal to [`Position::hash`]).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = zobrist::TURN[self.turn as usize];
        for p in 0..self.players() as usize {
            if !self.is_active(p) {
                hash ^= zobrist::OUT[p];
                continue;
            }
            hash ^= zobrist::pawn(p, self.pawns[p].index());
            hash ^= zobrist::fences_left(p, self.fences_left[p]);
            hash ^= zobrist::score(p, self.scores[p]);
        }
        for sq in SquareIter(self.horizontal) {
            hash ^= zobrist::HORIZONTAL[sq.index() as usize];
        }
        for sq in SquareIter(self.vertical) {
            hash ^= zobrist::VERTICAL[sq.index() as usize];
        }
        hash
    }

    /// A second hash of the game state, made another way than
    /// [`Position::hash`] (from the fields themselves, with no table), so
    /// that a table keyed by both takes two positions for one with odds of
    /// about 2⁻¹²⁸ rather than 2⁻⁶⁴. The ply is left out, as in the hash.
    pub fn fingerprint(&self) -> u64 {
        use crate::rng::mix;
        let mut h = mix(self.horizontal as u64 ^ 0x9e37_79b9_7f4a_7c15);
        h = mix(h ^ (self.horizontal >> 64) as u64);
        h = mix(h ^ self.vertical as u64 ^ 0x6a09_e667_f3bc_c909);
        h = mix(h ^ (self.vertical >> 64) as u64);
        for p in 0..self.players() as usize {
            let seat = if self.is_active(p) {
                u64::from(self.pawns[p].index())
                    | u64::from(self.fences_left[p]) << 8
                    | u64::from(self.scores[p] as u32) << 16
            } else {
                0xff
            };
            h = mix(h ^ seat ^ (p as u64) << 56);
        }
        mix(h ^ u64::from(self.turn) << 60)
    }

    /// Bits of the squares of every pawn still in the game.
    #[inline]
    pub(crate) fn occupied(&self) -> u128 {
        let mut occ = 0;
        for p in 0..self.players() as usize {
            if self.is_active(p) {
                occ |= self.pawns[p].bit();
            }
        }
        occ
    }

    /// The outcome if the game is over on the board, else `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        self.decided()
            .or_else(|| self.reached_ply_limit().then_some(Outcome::Draw))
    }

    /// Whether the game ended as a draw by reaching the ruleset's ply limit,
    /// the board having decided nothing: for learners, a truncation
    /// rather than an end the moves earned.
    ///
    /// ```
    /// use quoridor_rules::{Outcome, Position, Ruleset};
    /// let mut pos = Position::new(Ruleset::new(5, 2).unwrap().with_ply_limit(Some(2)).unwrap());
    /// pos.play("c2".parse().unwrap()).unwrap();
    /// assert!(!pos.reached_ply_limit());
    /// pos.play("c4".parse().unwrap()).unwrap();
    /// assert!(pos.reached_ply_limit());
    /// assert_eq!(pos.outcome(), Some(Outcome::Draw));
    /// ```
    pub fn reached_ply_limit(&self) -> bool {
        self.rules
            .ply_limit()
            .is_some_and(|limit| self.ply >= limit)
            && self.decided().is_none()
    }

    /// The outcome the board decides (a goal reached, the last pawn or team
    /// left, the scores), the ply limit aside.
    fn decided(&self) -> Option<Outcome> {
        let players = self.players() as usize;
        let seats = self.seats();
        let active = (0..players).filter(|&p| self.is_active(p));
        match self.rules.variant() {
            Variant::Standard => {
                if let Some(p) = active.clone().find(|&p| self.arrived(p)) {
                    return Some(Outcome::Winner(seats[p]));
                }
                let mut left = active;
                if let (Some(p), None) = (left.next(), left.next()) {
                    return Some(Outcome::Winner(seats[p]));
                }
            }
            Variant::Teams => {
                if let Some(p) = active.clone().find(|&p| self.arrived(p)) {
                    return Some(Outcome::TeamWinner(seats[p].team()));
                }
                let team = seats[active.clone().next()?].team();
                if active.clone().all(|p| seats[p].team() == team) {
                    return Some(Outcome::TeamWinner(team));
                }
            }
            Variant::Scoring => {
                if active.clone().all(|p| self.arrived(p)) || active.clone().count() <= 1 {
                    let best = active.clone().map(|p| self.scores[p]).max()?;
                    let mut top = active.filter(|&p| self.scores[p] == best);
                    return Some(match (top.next(), top.next()) {
                        (Some(p), None) => Outcome::Winner(seats[p]),
                        _ => Outcome::Draw,
                    });
                }
            }
        }
        None
    }

    /// Whether the game is over on the board.
    #[inline]
    pub fn is_over(&self) -> bool {
        if self.rules.variant() == Variant::Standard && self.out == 0 {
            // The common case, without building the outcome.
            let g = self.geometry();
            let seats = self.seats();
            let arrived = (0..seats.len()).any(|p| self.pawns[p].bit() & g.goal_of(seats[p]) != 0);
            return arrived
                || self
                    .rules
                    .ply_limit()
                    .is_some_and(|limit| self.ply >= limit);
        }
        self.outcome().is_some()
    }

    /// Checks a move and plays it. On error the position is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Whether a move is legal.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checks a move, saying why it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let p = self.turn as usize;
        match mv {
            Move::Pawn(to) => {
                if !to.on_board(self.size()) {
                    return Err(IllegalMove::OffBoard { size: self.size() });
                }
                if self.pawn_moves() & to.bit() != 0 {
                    return Ok(());
                }
                if self.rules.variant() == Variant::Scoring && self.arrived(p) {
                    return Err(IllegalMove::PawnArrived(self.turn()));
                }
                Err(IllegalMove::NotReachable {
                    from: self.pawns[p],
                    to,
                })
            }
            Move::Fence(fence) => self.check_fence(fence),
            Move::Pass => {
                let arrived_scorer = self.rules.variant() == Variant::Scoring && self.arrived(p);
                if arrived_scorer || self.count_legal_non_pass() == 0 {
                    Ok(())
                } else {
                    Err(IllegalMove::PassNotAllowed)
                }
            }
        }
    }

    /// Checks a fence for the side to move, saying why it is illegal.
    pub fn check_fence(&self, fence: Fence) -> Result<(), IllegalMove> {
        if self.fences_left[self.turn as usize] == 0 {
            return Err(IllegalMove::NoFencesLeft);
        }
        self.check_fence_geometry(fence)?;
        let mut open = self.open;
        block(&mut open, fence);
        for p in 0..self.players() as usize {
            if self.is_active(p) && !self.has_path(p, &open) {
                return Err(IllegalMove::NoPathLeft(Seat::from_player(
                    p,
                    self.players(),
                )));
            }
        }
        Ok(())
    }

    /// On the board, no overlap, no crossing.
    fn check_fence_geometry(&self, fence: Fence) -> Result<(), IllegalMove> {
        if !fence.on_board(self.size()) {
            return Err(IllegalMove::OffBoard { size: self.size() });
        }
        let a = fence.anchor();
        let (same, other, step) = match fence.orientation() {
            Orientation::Horizontal => (self.horizontal, self.vertical, 1),
            Orientation::Vertical => (self.vertical, self.horizontal, STRIDE),
        };
        // Anchors one step before and after lie in the same row (or column)
        // or off the anchor grid, where no fence is ever set.
        let neighbours = [a.bit() >> step, a.bit(), a.bit() << step];
        let offsets = [-(step as i32), 0, step as i32];
        for (bit, offset) in neighbours.into_iter().zip(offsets) {
            if same & bit != 0 {
                let sq = Square::from_index((a.index() as i32 + offset) as u32);
                return Err(IllegalMove::Overlaps(Fence::new(sq, fence.orientation())));
            }
        }
        if other & a.bit() != 0 {
            let crossed = match fence.orientation() {
                Orientation::Horizontal => Orientation::Vertical,
                Orientation::Vertical => Orientation::Horizontal,
            };
            return Err(IllegalMove::Crosses(Fence::new(a, crossed)));
        }
        Ok(())
    }

    /// Plays a legal move without checking it. Returns what [`Position::undo`]
    /// needs. Playing an illegal move leaves the position meaningless (but
    /// never unsafe).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let p = self.turn as usize;
        let mut undo = Undo {
            from: self.pawns[p],
            turn: self.turn,
            score_delta: 0,
        };
        match mv {
            Move::Pawn(to) => {
                let from = self.pawns[p];
                self.hash ^= zobrist::pawn(p, from.index()) ^ zobrist::pawn(p, to.index());
                self.pawns[p] = to;
                if self.rules.variant() == Variant::Scoring {
                    let delta = self.progress(p, from, to);
                    undo.score_delta = delta;
                    self.set_score(p, self.scores[p] + delta as i32);
                }
            }
            Move::Fence(fence) => {
                self.apply_fence(fence);
                self.set_fences_left(p, self.fences_left[p] - 1);
                let key = match fence.orientation() {
                    Orientation::Horizontal => zobrist::HORIZONTAL[fence.anchor().index() as usize],
                    Orientation::Vertical => zobrist::VERTICAL[fence.anchor().index() as usize],
                };
                self.hash ^= key;
            }
            Move::Pass => {}
        }
        self.ply += 1;
        self.set_turn(self.next_player(p));
        undo
    }

    /// Takes back `mv`, which must be the last move played, with the value
    /// its [`Position::play_unchecked`] returned.
    #[inline]
    pub fn undo(&mut self, mv: Move, undo: Undo) {
        let p = undo.turn as usize;
        self.set_turn(p);
        self.ply -= 1;
        match mv {
            Move::Pawn(to) => {
                self.hash ^= zobrist::pawn(p, to.index()) ^ zobrist::pawn(p, undo.from.index());
                self.pawns[p] = undo.from;
                if undo.score_delta != 0 {
                    self.set_score(p, self.scores[p] - undo.score_delta as i32);
                }
            }
            Move::Fence(fence) => {
                self.remove_fence(fence);
                self.set_fences_left(p, self.fences_left[p] + 1);
                let key = match fence.orientation() {
                    Orientation::Horizontal => zobrist::HORIZONTAL[fence.anchor().index() as usize],
                    Orientation::Vertical => zobrist::VERTICAL[fence.anchor().index() as usize],
                };
                self.hash ^= key;
            }
            Move::Pass => {}
        }
    }

    /// Removes a seat from the game (resignation in a 4-player game): its
    /// pawn leaves the board and its turns are skipped. Nothing happens if
    /// the seat is already out or not in this game.
    pub fn remove(&mut self, seat: Seat) {
        let Some(p) = seat.player(self.players()) else {
            return;
        };
        if !self.is_active(p) {
            return;
        }
        self.hash ^= zobrist::pawn(p, self.pawns[p].index())
            ^ zobrist::fences_left(p, self.fences_left[p])
            ^ zobrist::score(p, self.scores[p])
            ^ zobrist::OUT[p];
        self.out |= 1 << p;
        if self.turn as usize == p && self.out.count_ones() < self.players() as u32 {
            self.set_turn(self.next_player(p));
        }
    }

    fn set_turn(&mut self, p: usize) {
        self.hash ^= zobrist::TURN[self.turn as usize] ^ zobrist::TURN[p];
        self.turn = p as u8;
    }

    fn set_fences_left(&mut self, p: usize, count: u8) {
        self.hash ^= zobrist::fences_left(p, self.fences_left[p]) ^ zobrist::fences_left(p, count);
        self.fences_left[p] = count;
    }

    fn set_score(&mut self, p: usize, score: i32) {
        self.hash ^= zobrist::score(p, self.scores[p]) ^ zobrist::score(p, score);
        self.scores[p] = score;
    }

    /// The next player in turn order who is still in the game.
    #[inline]
    fn next_player(&self, p: usize) -> usize {
        // Players are 2 or 4: a mask instead of a division.
        let mask = self.players() as usize - 1;
        let mut next = (p + 1) & mask;
        while self.out != 0 && !self.is_active(next) && next != p {
            next = (next + 1) & mask;
        }
        next
    }

    /// Points of a pawn move in the scoring variant: +1 closer to the goal
    /// line, 0 sideways, −1 farther.
    fn progress(&self, p: usize, from: Square, to: Square) -> i8 {
        let seat = Seat::from_player(p, self.players());
        let before = self.rows_to_goal(seat, from);
        let after = self.rows_to_goal(seat, to);
        (before > after) as i8 - (after > before) as i8
    }

    /// Rows (or columns) between a square and a seat's goal line, fences
    /// left aside: 0 on the goal line.
    ///
    /// ```
    /// use quoridor_rules::{Position, Ruleset, Seat, Square};
    /// let pos = Position::new(Ruleset::STANDARD);
    /// assert_eq!(pos.rows_to_goal(Seat::South, pos.pawn(Seat::South)), 8);
    /// assert_eq!(pos.rows_to_goal(Seat::North, Square::new(4, 0)), 0);
    /// ```
    pub fn rows_to_goal(&self, seat: Seat, sq: Square) -> u8 {
        let last = self.size() - 1;
        match seat {
            Seat::South => last - sq.row(),
            Seat::North => sq.row(),
            Seat::West => last - sq.col(),
            Seat::East => sq.col(),
        }
    }

    pub(crate) fn apply_fence(&mut self, fence: Fence) {
        let a = fence.anchor().bit();
        match fence.orientation() {
            Orientation::Horizontal => self.horizontal |= a,
            Orientation::Vertical => self.vertical |= a,
        }
        block(&mut self.open, fence);
    }

    /// Fences never overlap, so each edge is blocked by at most one fence and
    /// opening the edges again restores the masks exactly.
    fn remove_fence(&mut self, fence: Fence) {
        let a = fence.anchor().bit();
        let (first, second, forward, backward, step) = match fence.orientation() {
            Orientation::Horizontal => {
                self.horizontal &= !a;
                (a, a << 1, NORTH, SOUTH, STRIDE)
            }
            Orientation::Vertical => {
                self.vertical &= !a;
                (a, a << STRIDE, EAST, WEST, 1)
            }
        };
        let near = first | second;
        self.open[forward] |= near;
        self.open[backward] |= near << step;
    }
}

/// Closes the two edges a fence lies across.
#[inline(always)]
pub(crate) fn block(open: &mut [u128; 4], fence: Fence) {
    let a = fence.anchor().bit();
    match fence.orientation() {
        Orientation::Horizontal => {
            let near = a | a << 1;
            open[NORTH] &= !near;
            open[SOUTH] &= !(near << STRIDE);
        }
        Orientation::Vertical => {
            let near = a | a << STRIDE;
            open[EAST] &= !near;
            open[WEST] &= !(near << 1);
        }
    }
}

/// A position that cannot be set up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    PawnOffBoard(Square),
    PawnsShareSquare(Square),
    /// A fence off the board, overlapping or crossing another.
    Fence(IllegalMove),
    /// This seat's pawn is walled off from its goal line.
    NoPath(Seat),
    /// More than one pawn on its goal line outside the scoring variant.
    TwoArrived,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PawnOffBoard(sq) => write!(f, "pawn on {sq} is off the board"),
            SetupError::PawnsShareSquare(sq) => write!(f, "two pawns on {sq}"),
            SetupError::Fence(err) => err.fmt(f),
            SetupError::NoPath(seat) => write!(f, "no path left for {seat}"),
            SetupError::TwoArrived => f.write_str("more than one pawn has arrived"),
        }
    }
}

impl core::error::Error for SetupError {}
