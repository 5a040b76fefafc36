//! Alpha-beta search (negamax over sides, principal variation search) with
//! iterative deepening, a transposition table, killer moves and history.
//! The moves' order is in `ordering`, the search past the horizon in
//! `quiescence`.

mod ordering;
mod quiescence;

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, Ordering};

use quoridor_rules::{Move, Position};

use crate::eval::{evaluate_with, terminal, Sides};
use crate::level::LevelSettings;
use crate::limit::{deepest_iteration, SearchLimit};
use crate::net::Network;
use crate::params::NULL_MOVE_REDUCTION;
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
