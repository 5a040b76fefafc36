//! Alpha-beta search (negamax over sides, principal variation search) with
//! iterative deepening, a transposition table, killer moves and history.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use quoridor_rules::{Fence, Move, Orientation, Position, SquareIter};

use crate::eval::{evaluate, terminal, Sides};
use crate::level::LevelSettings;
use crate::limit::SearchLimit;
use crate::report::{Reporter, SearchInfo};
use crate::score::Score;
use crate::time::TimeManager;
use crate::tt::{Bound, TranspositionTable};

const MAX_PLY: usize = 128;

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (always legal).
    pub best: Move,
    /// Its value for the side to move.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: std::time::Duration,
    /// The expected continuation, starting with `best`.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// What a reporter hears of this result after an iteration.
    pub fn info(&self) -> SearchInfo {
        SearchInfo {
            depth: self.depth,
            score: self.score,
            nodes: self.nodes,
            elapsed: self.elapsed,
            pv: self.pv.clone(),
        }
    }
}

/// A small deterministic generator for the levels' noise.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x2545_f491_4f6c_dd1d | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `-n..=n`.
    pub(crate) fn symmetric(&mut self, n: i32) -> i32 {
        if n <= 0 {
            return 0;
        }
        (self.next() % (2 * n as u64 + 1)) as i32 - n
    }
}

/// A root move's value blurred by up to `noise` either way (the low
/// levels' mistakes). A forced result is never blurred: a beginner still
/// takes a win in one.
pub(crate) fn with_noise(score: Score, noise: i32, rng: &mut Rng) -> i32 {
    if score.plies_to_end().is_some() {
        score.0
    } else {
        score.0 + rng.symmetric(noise)
    }
}

pub(crate) struct Searcher<'a> {
    tt: &'a mut TranspositionTable,
    sides: Sides,
    side_key: u64,
    time: TimeManager,
    stop: &'a AtomicBool,
    settings: LevelSettings,
    nodes: u64,
    aborted: bool,
    /// The best move of the root in the current iteration.
    root_best: Option<Move>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Cutoff counts by move code (see `history_index`).
    history: Vec<u32>,
    /// Root moves left out (to find the best of the others).
    excluded: Vec<Move>,
}

fn history_index(mv: Move) -> usize {
    match mv {
        Move::Pawn(sq) => sq.index() as usize,
        Move::Fence(f) => match f.orientation() {
            Orientation::Horizontal => 128 + f.anchor().index() as usize,
            Orientation::Vertical => 256 + f.anchor().index() as usize,
        },
        Move::Pass => 384,
    }
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        tt: &'a mut TranspositionTable,
        root: &Position,
        limit: SearchLimit,
        stop: &'a AtomicBool,
        settings: LevelSettings,
    ) -> Searcher<'a> {
        let sides = Sides::for_root(root);
        Searcher {
            tt,
            sides,
            side_key: sides.key(),
            time: TimeManager::new(limit, Instant::now()),
            stop,
            settings,
            nodes: 0,
            aborted: false,
            root_best: None,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 385],
            excluded: Vec::new(),
        }
    }

    /// Leaves these moves out at the root: the search answers the best of
    /// the others. The root's value is then not stored in the table, where
    /// it would stand for the whole position.
    pub(crate) fn exclude(&mut self, moves: &[Move]) {
        self.excluded = moves.to_vec();
    }

    /// The root's moves to search, the excluded ones left out.
    fn root_moves(&mut self, pos: &Position, tt_move: Option<Move>, depth: i32) -> Vec<Move> {
        let mut moves = self.ordered_moves(pos, tt_move, 0, depth);
        moves.retain(|mv| !self.excluded.contains(mv));
        moves
    }

    /// Iterative deepening from `root`, which must not be over.
    pub(crate) fn run(
        &mut self,
        root: &Position,
        rng: &mut Rng,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let mut pos = *root;
        let moves = self.root_moves(&pos, None, 2);
        // Something legal to answer even if stopped at once.
        let mut result = SearchResult {
            best: moves[0],
            score: evaluate(root, &self.sides),
            depth: 0,
            nodes: 0,
            elapsed: Default::default(),
            pv: vec![moves[0]],
        };
        if moves.len() == 1 {
            return result;
        }
        let mut depth = 1;
        let max_depth = self.settings.max_depth.unwrap_or(u32::MAX);
        while depth <= max_depth && self.time.may_deepen(depth, self.nodes) {
            let (best, score) = if self.settings.noise > 0 {
                self.root_with_noise(&mut pos, depth as i32, rng)
            } else {
                self.root_best = None;
                let score =
                    self.negamax(&mut pos, depth as i32, -Score::INFINITY, Score::INFINITY, 0);
                (self.root_best, score)
            };
            if self.aborted {
                break;
            }
            if let Some(best) = best {
                result.best = best;
                result.score = score;
                result.pv = self.principal_variation(root, best, depth as usize);
            }
            result.depth = depth;
            result.nodes = self.nodes;
            result.elapsed = self.time.elapsed();
            reporter.iteration(&result.info());
            // A forced result needs no deeper look.
            if score.plies_to_end().is_some_and(|n| n <= depth) {
                break;
            }
            depth += 1;
        }
        result.nodes = self.nodes;
        result.elapsed = self.time.elapsed();
        result
    }

    /// The low levels: every root move valued exactly, plus noise.
    fn root_with_noise(
        &mut self,
        pos: &mut Position,
        depth: i32,
        rng: &mut Rng,
    ) -> (Option<Move>, Score) {
        let me = self.sides.side_of(pos.turn_index());
        let mut best: Option<(Move, Score, i32)> = None;
        for mv in self.root_moves(pos, None, depth) {
            let undo = pos.play_unchecked(mv);
            let score = self.child(pos, me, depth - 1, -Score::INFINITY, Score::INFINITY, 1);
            pos.undo(mv, undo);
            if self.aborted {
                return (None, Score::DRAW);
            }
            let noisy = with_noise(score, self.settings.noise, rng);
            if best.is_none_or(|(_, _, b)| noisy > b) {
                best = Some((mv, score, noisy));
            }
        }
        best.map_or((None, Score::DRAW), |(mv, score, _)| (Some(mv), score))
    }

    fn key(&self, pos: &Position) -> u64 {
        pos.hash() ^ self.side_key
    }

    /// The value of a child for the side `parent_side` that moved into it.
    #[inline]
    fn child(
        &mut self,
        pos: &mut Position,
        parent_side: u8,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: u32,
    ) -> Score {
        if self.sides.side_of(pos.turn_index()) == parent_side {
            self.negamax(pos, depth, alpha, beta, ply)
        } else {
            -self.negamax(pos, depth, -beta, -alpha, ply)
        }
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: u32,
    ) -> Score {
        if let Some(outcome) = pos.outcome() {
            return terminal(pos, outcome, &self.sides, ply);
        }
        if depth <= 0 || ply as usize >= MAX_PLY - 1 {
            return evaluate(pos, &self.sides);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024)
            && (self.stop.load(Ordering::Relaxed) || self.time.out_of_time(self.nodes))
        {
            self.aborted = true;
        }
        if self.aborted {
            return Score::DRAW;
        }

        let key = self.key(pos);
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best;
            if ply > 0 && entry.depth >= depth as u32 {
                let score = from_tt(entry.score, ply);
                let cutoff = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cutoff {
                    return score;
                }
            }
        }

        let me = self.sides.side_of(pos.turn_index());
        let original_alpha = alpha;
        let mut best = -Score::INFINITY;
        let mut best_move = None;
        let moves = if ply == 0 {
            self.root_moves(pos, tt_move, depth)
        } else {
            self.ordered_moves(pos, tt_move, ply as usize, depth)
        };
        for (i, &mv) in moves.iter().enumerate() {
            let undo = pos.play_unchecked(mv);
            let score = if i == 0 {
                self.child(pos, me, depth - 1, alpha, beta, ply + 1)
            } else {
                // Principal variation search: prove the move is no better
                // with a null window, search again only if it is.
                let null = Score(alpha.0 + 1);
                let probe = self.child(pos, me, depth - 1, alpha, null, ply + 1);
                if probe > alpha && probe < beta {
                    self.child(pos, me, depth - 1, alpha, beta, ply + 1)
                } else {
                    probe
                }
            };
            pos.undo(mv, undo);
            if self.aborted {
                return Score::DRAW;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                if score > alpha {
                    alpha = score;
                }
            }
            if alpha >= beta {
                self.reward(mv, ply as usize, depth);
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if ply > 0 || self.excluded.is_empty() {
            self.tt
                .store(key, best_move, depth as u32, bound, to_tt(best, ply));
        }
        best
    }

    fn reward(&mut self, mv: Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let h = &mut self.history[history_index(mv)];
        *h = h.saturating_add((depth * depth) as u32);
    }

    /// The moves to search, best first: the table's move, pawn moves that
    /// shorten the mover's path, killers, then fences that cut an opponent's
    /// shortest path (by how much they lengthen it), then the rest.
    ///
    /// At inner nodes only fences that cut an opponent's shortest path are
    /// searched: other fences very rarely matter within the horizon.
    pub(crate) fn ordered_moves(
        &mut self,
        pos: &Position,
        tt_move: Option<Move>,
        ply: usize,
        depth: i32,
    ) -> Vec<Move> {
        if pos.is_over() {
            return Vec::new();
        }
        let me = self.sides.side_of(pos.turn_index());
        let seat = pos.turn();
        let pawn = pos.pawn_moves();
        // Fences: every legal one at the root, else those that cut an
        // opponent's shortest path (only these get a legality check).
        let (mut cut_h, mut cut_v) = (0u128, 0u128);
        let mut targets = Vec::with_capacity(3);
        if pos.fences_left(seat) > 0 {
            for (p, &other) in pos.seats().iter().enumerate() {
                if self.sides.side_of(p) != me && !pos.is_out(other) && !pos.has_arrived(other) {
                    let (h, v) = pos.fences_cutting_path(other);
                    cut_h |= h;
                    cut_v |= v;
                    targets.push(other);
                }
            }
        }
        let all = (ply == 0 && self.settings.root_all_fences) || self.settings.all_fences;
        let (h, v) = if all {
            pos.fence_moves()
        } else {
            pos.fence_moves_among(cut_h, cut_v)
        };
        if pawn | h | v == 0 {
            // Nothing among the moves searched: take every legal move (a
            // forced pass, or the fences an arrived scoring pawn may place).
            return pos.legal_moves().to_vec();
        }
        let mut scored: Vec<(Move, i64)> = Vec::with_capacity(64);
        let own_map = pos.distance_map(seat);
        let own_now = own_map.get(pos.pawn(seat)).unwrap_or(0) as i64;
        for sq in SquareIter::new(pawn) {
            let after = own_map.get(sq).unwrap_or(200) as i64;
            scored.push((Move::Pawn(sq), 1_000_000 + (own_now - after) * 10_000));
        }
        let distances = (depth >= 2 && !targets.is_empty() && h | v != 0)
            .then(|| (race_distance(pos, &targets), own_now));
        for (set, orientation, cut) in [
            (h, Orientation::Horizontal, cut_h),
            (v, Orientation::Vertical, cut_v),
        ] {
            for anchor in SquareIter::new(set) {
                let mv = Move::Fence(Fence::new(anchor, orientation));
                let mut score = self.history[history_index(mv)] as i64;
                if cut & anchor.bit() != 0 {
                    score += 500_000;
                    if let Some((theirs, mine)) = distances {
                        score += 20_000 * fence_gain(pos, mv, &targets, theirs, mine);
                    }
                }
                scored.push((mv, score));
            }
        }
        // An arrived pawn of the scoring game may also pass.
        if pos.rules().variant() == quoridor_rules::Variant::Scoring && pos.has_arrived(seat) {
            scored.push((Move::Pass, 0));
        }
        for (mv, score) in scored.iter_mut() {
            if Some(*mv) == tt_move {
                *score = i64::MAX;
            } else if self
                .killers
                .get(ply)
                .is_some_and(|k| k.contains(&Some(*mv)))
            {
                *score += 800_000;
            }
        }
        scored.sort_unstable_by_key(|&(mv, score)| (std::cmp::Reverse(score), mv));
        scored.into_iter().map(|(mv, _)| mv).collect()
    }

    /// The expected line: the best move, then the table's moves while they
    /// are legal.
    fn principal_variation(&self, root: &Position, best: Move, max: usize) -> Vec<Move> {
        let mut pv = vec![best];
        let mut pos = *root;
        pos.play_unchecked(best);
        while pv.len() < max.max(1) && !pos.is_over() {
            let Some(mv) = self.tt.probe(self.key(&pos)).and_then(|e| e.best) else {
                break;
            };
            if !pos.is_legal(mv) {
                break;
            }
            pos.play_unchecked(mv);
            pv.push(mv);
        }
        pv
    }
}

/// The shortest distance among `targets` (the opponents' side in the race).
fn race_distance(pos: &Position, targets: &[quoridor_rules::Seat]) -> i64 {
    targets
        .iter()
        .map(|&s| pos.distance(s).unwrap_or(200) as i64)
        .min()
        .unwrap_or(0)
}

/// How many steps a fence adds to the opponents' shortest distance (counted
/// twice), minus what it costs the mover; `theirs` and `mine` are the
/// distances before it.
fn fence_gain(
    pos: &Position,
    mv: Move,
    targets: &[quoridor_rules::Seat],
    theirs: i64,
    mine: i64,
) -> i64 {
    let mut after = *pos;
    after.play_unchecked(mv);
    let own = after.distance(pos.turn()).unwrap_or(200) as i64;
    (race_distance(&after, targets) - theirs) * 2 - (own - mine)
}

/// Forced results are stored relative to the node, read back relative to the root.
fn to_tt(score: Score, ply: u32) -> Score {
    if score.is_win() {
        Score(score.0 + ply as i32)
    } else if score.is_loss() {
        Score(score.0 - ply as i32)
    } else {
        score
    }
}

fn from_tt(score: Score, ply: u32) -> Score {
    if score.is_win() {
        Score(score.0 - ply as i32)
    } else if score.is_loss() {
        Score(score.0 + ply as i32)
    } else {
        score
    }
}
