//! Alpha-beta search (negamax over sides, principal variation search) with
//! iterative deepening, a transposition table, killer moves and history.

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, Ordering};

use quoridor_rules::{Fence, Move, Orientation, Position, Seat, SquareIter};

use crate::defence::defences;
use crate::eval::{evaluate_with, terminal, Sides};
use crate::level::LevelSettings;
use crate::limit::{deepest_iteration, SearchLimit};
use crate::net::Network;
use crate::params::{NULL_MOVE_REDUCTION, QUIESCENCE_MIN_GAIN, QUIESCENCE_PLIES, QUIESCENCE_WIDTH};
use crate::repetition::Recent;
use crate::report::{Reporter, SearchInfo};
use crate::rng::{with_noise, Rng};
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

pub(crate) struct Searcher<'a> {
    tt: &'a mut TranspositionTable,
    sides: Sides,
    side_key: u64,
    time: TimeManager,
    stop: &'a AtomicBool,
    settings: LevelSettings,
    nodes: u64,
    aborted: bool,
    /// The best move of the root in the current iteration, and its value:
    /// kept when the iteration is cut short (every move before it was
    /// searched to the new depth).
    root_best: Option<(Move, Score)>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Whether the move at each ply of the current line was a null move.
    passed: [bool; MAX_PLY],
    /// Cutoff counts by move code (see `history_index`).
    history: Vec<u32>,
    /// Root moves left out (to find the best of the others).
    excluded: Vec<Move>,
    /// The game's positions since the last fence: a root move that brings
    /// one back is valued as a draw.
    earlier: Recent,
    /// The learned correction to the evaluation, if the level uses it.
    net: Option<&'static Network>,
    /// The best line found below each ply (a triangular table): the
    /// root's is the principal variation, whole even where the table's
    /// entries along it were overwritten.
    pv: Vec<Vec<Move>>,
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
            passed: [false; MAX_PLY],
            history: vec![0; 385],
            excluded: Vec::new(),
            earlier: Recent::default(),
            net: settings.learned.then(Network::shipped),
            pv: vec![Vec::new(); MAX_PLY + 1],
        }
    }

    /// The static value of `pos` for the side to move.
    fn evaluate(&self, pos: &Position) -> Score {
        evaluate_with(pos, &self.sides, self.net)
    }

    /// The positions of the game so far, oldest first, to see repetitions
    /// coming ([`Recent`]): a root move that brings one of them back is
    /// valued as a draw, so that the side ahead does not walk to and fro
    /// (and the side behind is content to).
    pub(crate) fn after(&mut self, earlier: &[Position]) {
        self.earlier = Recent::of(earlier);
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
            score: self.evaluate(root),
            depth: 0,
            nodes: 0,
            elapsed: Default::default(),
            pv: vec![moves[0]],
        };
        if moves.len() == 1 {
            return result;
        }
        let mut depth = 1;
        let max_depth = self
            .settings
            .max_depth
            .unwrap_or(u32::MAX)
            .min(deepest_iteration(root, MAX_PLY as u32 - 1));
        while depth <= max_depth && self.time.may_deepen(depth, self.nodes) {
            let (best, score) = if self.settings.noise > 0 {
                self.root_with_noise(&mut pos, depth as i32, rng)
            } else {
                self.root_best = None;
                let score =
                    self.negamax(&mut pos, depth as i32, -Score::INFINITY, Score::INFINITY, 0);
                (self.root_best.map(|(mv, _)| mv), score)
            };
            if self.aborted {
                // A move that beat the last iteration's best at the new
                // depth before time ran out is the better answer.
                if let Some((mv, score)) = self.root_best.filter(|_| self.settings.noise == 0) {
                    if mv != result.best && result.depth > 0 {
                        result.best = mv;
                        result.score = score;
                        result.pv = self.root_line(root, mv, depth as usize);
                    }
                }
                break;
            }
            if let Some(best) = best {
                // The best move changed: the search is unsure, and may take
                // more of its time for the next iteration.
                self.time
                    .set_unstable(result.depth > 0 && best != result.best);
                result.best = best;
                result.score = score;
                result.pv = self.root_line(root, best, depth as usize);
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
            let mut noisy = with_noise(score, self.settings.noise, rng);
            if matches!(mv, Move::Fence(_)) {
                noisy -= self.settings.fence_reluctance;
            }
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
        // A node's line starts empty: a leaf, a cutoff or the table end it.
        self.pv[ply as usize].clear();
        if let Some(outcome) = pos.outcome() {
            return terminal(pos, outcome, &self.sides, ply);
        }
        if ply as usize >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        if ply == 1 && self.earlier.contains(pos) {
            return Score::DRAW;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, self.quiescence_depth());
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

        if let Some(score) = self.null_move(pos, depth, alpha, beta, ply) {
            return score;
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
                    self.root_best = Some((mv, score));
                }
                if score > alpha {
                    alpha = score;
                    // This move and the child's best line below it.
                    let (head, tail) = self.pv.split_at_mut(ply as usize + 1);
                    let line = &mut head[ply as usize];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
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

    /// Null-move pruning: where the side to move is so far ahead that even
    /// passing keeps it above `beta` in a shallower search, the node fails
    /// high without searching its moves. Not two passes in a row, not in
    /// the principal variation, and only for a side with fences in hand
    /// (without them, a forced pawn walk may be all that is left).
    fn null_move(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: u32,
    ) -> Option<Score> {
        if !self.settings.selective
            || ply == 0
            || depth < 3
            || beta.0 - alpha.0 != 1
            || beta.is_win()
            || beta.is_loss()
            || self.sides.players() != 2
            || pos.rules().variant() == quoridor_rules::Variant::Scoring
            || pos.fences_left(pos.turn()) == 0
            || self.passed[ply as usize - 1]
            || self.evaluate(pos) < beta
        {
            return None;
        }
        let me = self.sides.side_of(pos.turn_index());
        let undo = pos.play_unchecked(Move::Pass);
        self.passed[ply as usize] = true;
        let score = self.child(
            pos,
            me,
            depth - 1 - NULL_MOVE_REDUCTION,
            alpha,
            beta,
            ply + 1,
        );
        self.passed[ply as usize] = false;
        pos.undo(Move::Pass, undo);
        (score >= beta && !score.is_win() && !self.aborted).then_some(beta)
    }

    /// Plies of quiescence search below the horizon.
    fn quiescence_depth(&self) -> u32 {
        if self.settings.selective && self.sides.players() == 2 {
            QUIESCENCE_PLIES
        } else {
            0
        }
    }

    /// The value of a position at the horizon: the static value, unless the
    /// side to move has a fence that lengthens the opponent's path by two
    /// steps or more (Quoridor's capture), which is played out for up to
    /// `qdepth` more plies. Either side may always stand pat: a pawn step
    /// is always there, and the static value counts what it is worth.
    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: Score,
        beta: Score,
        ply: u32,
        qdepth: u32,
    ) -> Score {
        if let Some(outcome) = pos.outcome() {
            return terminal(pos, outcome, &self.sides, ply);
        }
        let stand = self.evaluate(pos);
        if qdepth == 0 || stand >= beta || ply as usize >= MAX_PLY - 1 {
            return stand;
        }
        let captures = self.captures(pos);
        if captures.is_empty() {
            return stand;
        }
        self.nodes += 1;
        let me = self.sides.side_of(pos.turn_index());
        let mut best = stand;
        alpha = alpha.max(stand);
        for mv in captures {
            let undo = pos.play_unchecked(mv);
            let score = if self.sides.side_of(pos.turn_index()) == me {
                self.quiesce(pos, alpha, beta, ply + 1, qdepth - 1)
            } else {
                -self.quiesce(pos, -beta, -alpha, ply + 1, qdepth - 1)
            };
            pos.undo(mv, undo);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The opponents of the side to move still in the race, and the
    /// horizontal and vertical fence slots that cut their shortest paths.
    fn opponents_paths(&self, pos: &Position) -> (Vec<Seat>, u128, u128) {
        let me = self.sides.side_of(pos.turn_index());
        let mut targets = Vec::with_capacity(3);
        let (mut cut_h, mut cut_v) = (0u128, 0u128);
        for (p, &other) in pos.seats().iter().enumerate() {
            if self.sides.side_of(p) != me && !pos.is_out(other) && !pos.has_arrived(other) {
                let (h, v) = pos.fences_cutting_path(other);
                cut_h |= h;
                cut_v |= v;
                targets.push(other);
            }
        }
        (targets, cut_h, cut_v)
    }

    /// The fences of the side to move that lengthen an opponent's shortest
    /// path by at least two steps more than they lengthen the mover's own,
    /// best first, at most a few.
    fn captures(&self, pos: &Position) -> Vec<Move> {
        let seat = pos.turn();
        if pos.fences_left(seat) == 0 {
            return Vec::new();
        }
        let (targets, cut_h, cut_v) = self.opponents_paths(pos);
        let (h, v) = pos.fence_moves_among(cut_h, cut_v);
        if h | v == 0 {
            return Vec::new();
        }
        let theirs = race_distance(pos, &targets);
        let mine = pos.distance(seat).unwrap_or(200) as i64;
        let mut found: Vec<(Move, i64)> = Vec::new();
        for (set, orientation) in [(h, Orientation::Horizontal), (v, Orientation::Vertical)] {
            for anchor in SquareIter::new(set) {
                let mv = Move::Fence(Fence::new(anchor, orientation));
                let mut after = *pos;
                after.play_unchecked(mv);
                let gain = race_distance(&after, &targets) - theirs;
                let cost = after.distance(seat).unwrap_or(200) as i64 - mine;
                if gain - cost >= QUIESCENCE_MIN_GAIN {
                    found.push((mv, gain - cost));
                }
            }
        }
        found.sort_unstable_by_key(|&(mv, gain)| (std::cmp::Reverse(gain), mv));
        found.truncate(QUIESCENCE_WIDTH);
        found.into_iter().map(|(mv, _)| mv).collect()
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
    /// searched, and (selective levels) those that stop the opponent's
    /// strongest fence: other fences very rarely matter within the horizon.
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
        let seat = pos.turn();
        let pawn = pos.pawn_moves();
        // Fences: every legal one at the root, else those that cut an
        // opponent's shortest path (only these get a legality check).
        let (targets, cut_h, cut_v) = if pos.fences_left(seat) > 0 {
            self.opponents_paths(pos)
        } else {
            (Vec::new(), 0, 0)
        };
        let all = (ply == 0 && self.settings.root_all_fences) || self.settings.all_fences;
        let (h, v) = if all {
            pos.fence_moves()
        } else {
            pos.fence_moves_among(cut_h, cut_v)
        };
        // Inner nodes of the selective search also try the fences that
        // take the opponent's strongest fence away (see `defence`).
        let (def_h, def_v) = if !all && ply > 0 && depth >= 2 && self.settings.selective {
            let (h, v) = defences(pos);
            (h & !cut_h, v & !cut_v)
        } else {
            (0, 0)
        };
        let (h, v) = (h | def_h, v | def_v);
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
        for (set, orientation, cut, defence) in [
            (h, Orientation::Horizontal, cut_h, def_h),
            (v, Orientation::Vertical, cut_v, def_v),
        ] {
            for anchor in SquareIter::new(set) {
                let mv = Move::Fence(Fence::new(anchor, orientation));
                let mut score = self.history[history_index(mv)] as i64;
                if defence & anchor.bit() != 0 {
                    score += 400_000;
                }
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
    /// The root's line after an iteration: the triangular table's (it
    /// holds every move the search proved, even where the transposition
    /// table's entries were overwritten), carried on by the table where a
    /// cutoff ended it; the table's line alone where the search had none
    /// for `best` (the low levels' noisy root).
    fn root_line(&self, root: &Position, best: Move, max: usize) -> Vec<Move> {
        let line = &self.pv[0];
        if line.first() != Some(&best) {
            return self.principal_variation(root, vec![best], max);
        }
        let mut pos = *root;
        let mut pv = Vec::new();
        for &mv in line.iter().take(max.max(1)) {
            if pos.is_over() || !pos.is_legal(mv) {
                break;
            }
            pos.play_unchecked(mv);
            pv.push(mv);
        }
        self.principal_variation(root, pv, max)
    }

    /// `pv` (legal from `root`, not empty) carried on by the
    /// transposition table's best moves, to at most `max` moves.
    fn principal_variation(&self, root: &Position, mut pv: Vec<Move>, max: usize) -> Vec<Move> {
        let mut pos = *root;
        for &mv in &pv {
            pos.play_unchecked(mv);
        }
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
fn race_distance(pos: &Position, targets: &[Seat]) -> i64 {
    targets
        .iter()
        .map(|&s| pos.distance(s).unwrap_or(200) as i64)
        .min()
        .unwrap_or(0)
}

/// How many steps a fence adds to the opponents' shortest distance (counted
/// twice), minus what it costs the mover; `theirs` and `mine` are the
/// distances before it.
fn fence_gain(pos: &Position, mv: Move, targets: &[Seat], theirs: i64, mine: i64) -> i64 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Ruleset;

    /// The net gain of a fence for the side to move: steps added to the
    /// opponent's path less those added to the mover's.
    fn net_gain(pos: &Position, mv: Move) -> i64 {
        let (me, them) = (pos.turn(), pos.seats()[1 - pos.turn_index()]);
        let mut after = *pos;
        after.play_unchecked(mv);
        let d = |p: &Position, s| p.distance(s).unwrap_or(200) as i64;
        (d(&after, them) - d(pos, them)) - (d(&after, me) - d(pos, me))
    }

    /// The quiescence search's moves are the few best fences that gain two
    /// steps or more, best first, and none better is left out.
    #[test]
    fn captures_are_the_best_strong_fences() {
        let stop = AtomicBool::new(false);
        let mut tt = TranspositionTable::new(1);
        let mut rng = Rng::new(7);
        let mut with_captures = 0;
        for game in 0..60 {
            let rules = Ruleset::new([5, 7, 9][game % 3], 2).unwrap();
            let mut pos = Position::new(rules);
            for _ in 0..80 {
                if pos.is_over() {
                    break;
                }
                let searcher = Searcher::new(
                    &mut tt,
                    &pos,
                    SearchLimit::Depth(1),
                    &stop,
                    crate::Level::MAX.settings(),
                );
                let captures = searcher.captures(&pos);
                let gains: Vec<i64> = captures.iter().map(|&mv| net_gain(&pos, mv)).collect();
                assert!(captures.len() <= QUIESCENCE_WIDTH, "{pos}");
                assert!(
                    gains.iter().all(|&g| g >= QUIESCENCE_MIN_GAIN),
                    "{gains:?} in {pos}"
                );
                assert!(gains.windows(2).all(|w| w[0] >= w[1]), "{gains:?} in {pos}");
                let floor = if captures.len() == QUIESCENCE_WIDTH {
                    gains[QUIESCENCE_WIDTH - 1]
                } else {
                    QUIESCENCE_MIN_GAIN - 1
                };
                for mv in pos.legal_moves().iter().copied() {
                    if matches!(mv, Move::Fence(_)) && !captures.contains(&mv) {
                        assert!(net_gain(&pos, mv) <= floor, "{mv} left out in {pos}");
                    }
                }
                with_captures += usize::from(!captures.is_empty());
                let legal = pos.legal_moves();
                let mv = legal.get(rng.next() as usize % legal.len()).copied();
                pos.play_unchecked(mv.unwrap());
            }
        }
        assert!(
            with_captures > 50,
            "only {with_captures} positions had captures"
        );
    }
}
