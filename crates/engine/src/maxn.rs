//! Four players without teams (free-for-all): max-n search.
//!
//! The value of a position is a vector, one value per player, and every
//! player picks the move that is best for itself (not the worst for the
//! player at the root, as a paranoid search would assume: in matches that
//! assumption made deeper searches weaker, see BENCHMARKS.md).
//!
//! - [`evaluate`]: for each player, its margin in the race against the
//!   opponent closest to arriving (distances in steps, and a fraction of a
//!   step for each player who moves before it), plus its fences in hand.
//!   Forced results are counted in plies as in [`Score`]; a player prefers
//!   a later loss, so even a lost player blocks a pawn about to win.
//! - The root looks at every move (every legal fence from level 5 on, else
//!   the fences that cut an opponent's shortest path). Inner nodes look at
//!   a few replies: the mover's best pawn step and its best fences against
//!   the strongest opponent (or any opponent two steps from its goal),
//!   ranked by the evaluation after them. A pawn that can reach its goal
//!   does so at once.
//! - Iterative deepening under the same limits and time manager as the
//!   two-player search; the low levels' noise is added at the root.
//! - Levels 7 and 8 temper max-n's certainty, which took every player's
//!   best reply as sure (and made deeper searches play worse): each root
//!   move is judged by a blend of its values over the iterations (at six
//!   plies: half the 6-ply value, a quarter each the 4- and 2-ply ones),
//!   and at level 8 a node's values are the mean over the mover's replies,
//!   each weighted by how close it comes to the best one (soft replies).
//! - A position that came before (earlier in the game, since the last
//!   fence, or earlier on the line searched) is valued as a draw shared by
//!   all: each player in the game gets the mean of their values
//!   ([`shared`]). A player ahead of the others then breaks out of a walk
//!   that goes round in circles, and one behind them is content to let it
//!   go round: the repetition rule's draw, seen coming. As chess engines
//!   do, the second time already counts: the same players facing the same
//!   position would choose the same moves again.

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, Ordering};

use quoridor_rules::{Fence, Move, Orientation, Outcome, Position, SquareIter};

use crate::level::LevelSettings;
use crate::limit::deepest_iteration;
use crate::limit::SearchLimit;
use crate::params::{fence_value, FREE_FOR_ALL_FENCES, INNER_FENCES};
use crate::repetition::Recent;
use crate::report::Reporter;
use crate::rng::{with_noise, Rng};
use crate::score::Score;
use crate::search::SearchResult;
use crate::time::TimeManager;

/// One value per player (turn order), in hundredths of a step or a forced
/// result as in [`Score`].
pub type Values = [i32; 4];

const MAX_PLY: usize = 96;

/// Whether `pos` is a game for this search: four players, each for itself.
pub fn is_free_for_all(pos: &Position) -> bool {
    pos.rules().is_free_for_all()
}

/// The static values of a position that is not over, one per player in
/// turn order (0 for a player who is out).
pub fn evaluate(pos: &Position) -> Values {
    evaluate_with(pos, &distances(pos))
}

/// Every player's distance to its goal (200 when out or walled off).
fn distances(pos: &Position) -> [i32; 4] {
    let mut out = [200; 4];
    for (p, &seat) in pos.seats().iter().enumerate() {
        if !pos.is_out(seat) {
            out[p] = pos.distance(seat).unwrap_or(200) as i32;
        }
    }
    out
}

/// [`evaluate`] with the players' distances already known.
fn evaluate_with(pos: &Position, distance: &[i32; 4]) -> Values {
    let seats = pos.seats();
    let n = seats.len();
    let mover = pos.turn_index();
    let active = seats.iter().filter(|&&s| !pos.is_out(s)).count().max(1) as i32;
    // Each player's race in hundredths of a step: its distance, and a
    // fraction of a step for each player who moves before it.
    let mut race = [i32::MAX; 4];
    let mut order = 0;
    for k in 0..n {
        let p = (mover + k) % n;
        if pos.is_out(seats[p]) {
            continue;
        }
        race[p] = 100 * distance[p] + 100 * order / active;
        order += 1;
    }
    let mut out = [0; 4];
    for (p, &seat) in seats.iter().enumerate() {
        if race[p] == i32::MAX {
            continue;
        }
        let best_other = (0..n)
            .filter(|&q| q != p)
            .map(|q| race[q])
            .min()
            .unwrap_or(i32::MAX);
        let margin = if best_other == i32::MAX {
            0
        } else {
            best_other - race[p]
        };
        let fences = fence_value(&FREE_FOR_ALL_FENCES, u32::from(pos.fences_left(seat)));
        out[p] = margin + fences;
    }
    out
}

/// The values of a draw by repetition where the position is valued
/// `values`: each player still in the game gets the mean of their values,
/// a draw sharing the game equally (0 for a player who is out).
fn shared(values: Values, pos: &Position) -> Values {
    let seats = pos.seats();
    let active: Vec<usize> = (0..seats.len())
        .filter(|&p| !pos.is_out(seats[p]))
        .collect();
    if active.is_empty() {
        return values;
    }
    let sum: i64 = active.iter().map(|&p| i64::from(values[p])).sum();
    let mean = (sum / active.len() as i64) as i32;
    let mut out = [0; 4];
    for p in active {
        out[p] = mean;
    }
    out
}

/// The value reported for player `p`: its lead over the best of the others
/// (a forced result as it is).
fn report(values: &Values, p: usize, active: &[bool; 4]) -> Score {
    let own = Score(values[p]);
    if own.plies_to_end().is_some() {
        return own;
    }
    let best_other = (0..4)
        .filter(|&q| q != p && active[q])
        .map(|q| values[q])
        .max()
        .unwrap_or(own.0);
    Score(own.0 - best_other)
}

/// The values of a finished game, `ply` plies from the root.
fn terminal(pos: &Position, outcome: Outcome, ply: u32) -> Values {
    let mut out = [0; 4];
    if let Outcome::Winner(seat) = outcome {
        for (p, &other) in pos.seats().iter().enumerate() {
            out[p] = if other == seat {
                Score::win_in(ply).0
            } else {
                Score::loss_in(ply).0
            };
        }
    }
    out
}

/// A root move's value for choosing it: `percent` of its smoothed value
/// from the earlier iterations, the rest its value `now`. A forced result
/// on either side is taken as found.
fn blend(now: i32, earlier: Option<i32>, percent: i32) -> i32 {
    match earlier {
        Some(earlier)
            if percent > 0
                && Score(now).plies_to_end().is_none()
                && Score(earlier).plies_to_end().is_none() =>
        {
            let mixed =
                i64::from(now) * i64::from(100 - percent) + i64::from(earlier) * i64::from(percent);
            (mixed / 100) as i32
        }
        _ => now,
    }
}

/// The values of a node whose mover `me` had the replies valued `seen`
/// and the best of them `best`, with soft replies
/// ([`LevelSettings::soft_replies`]): the mean of the replies weighted by
/// e^(Δ/softness), Δ being how much worse each is for the mover than the
/// best. A forced result for the mover is taken as found, and a reply that
/// loses by force for it is left out.
fn soften(best: Values, seen: &[Values], me: usize, softness: i32) -> Values {
    if Score(best[me]).plies_to_end().is_some() {
        return best;
    }
    let mut sum = [0f64; 4];
    let mut weights = 0.0;
    for v in seen {
        if Score(v[me]).plies_to_end().is_some() {
            continue;
        }
        let w = (f64::from(v[me] - best[me]) / f64::from(softness)).exp();
        for (total, &value) in sum.iter_mut().zip(v) {
            *total += w * f64::from(value);
        }
        weights += w;
    }
    if weights > 0.0 {
        sum.map(|total| (total / weights).round() as i32)
    } else {
        best
    }
}

struct Candidate {
    mv: Move,
    /// The static values after the move.
    values: Values,
}

pub(crate) struct MaxnSearcher<'a> {
    time: TimeManager,
    stop: &'a AtomicBool,
    settings: LevelSettings,
    nodes: u64,
    aborted: bool,
    pv: Vec<Vec<Move>>,
    /// The game's positions since the last fence: the only ones a
    /// position of the search can repeat, besides its line.
    earlier: Recent,
    /// The position at each ply of the line being searched, the root first.
    line: Vec<Position>,
}

impl<'a> MaxnSearcher<'a> {
    pub(crate) fn new(
        limit: SearchLimit,
        stop: &'a AtomicBool,
        settings: LevelSettings,
    ) -> MaxnSearcher<'a> {
        MaxnSearcher {
            time: TimeManager::new(limit, Instant::now()),
            stop,
            settings,
            nodes: 0,
            aborted: false,
            pv: vec![Vec::new(); MAX_PLY + 1],
            earlier: Recent::default(),
            line: Vec::with_capacity(MAX_PLY + 1),
        }
    }

    /// The positions of the game so far, oldest first (the root last or
    /// not), to see repetitions coming ([`Recent`]).
    pub(crate) fn after(mut self, earlier: &[Position]) -> MaxnSearcher<'a> {
        self.earlier = Recent::of(earlier);
        self
    }

    /// Whether `pos`, reached `ply` plies from the root, came before: in
    /// the game or on the line to it.
    fn repeated(&self, pos: &Position, ply: usize) -> bool {
        let line = &self.line[..ply.min(self.line.len())];
        self.earlier.contains(pos) || line.iter().any(|p| p.repeats(pos))
    }

    /// Iterative deepening from `root`, which must not be over.
    pub(crate) fn run(
        &mut self,
        root: &Position,
        rng: &mut Rng,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let me = root.turn_index();
        let mut active = [false; 4];
        for (p, &seat) in root.seats().iter().enumerate() {
            active[p] = !root.is_out(seat);
        }
        let mut pos = *root;
        self.line.clear();
        self.line.push(pos);
        let mut moves = self.candidates(&mut pos, 0);
        moves.sort_by_key(|c| std::cmp::Reverse(c.values[me]));
        let mut result = SearchResult {
            best: moves[0].mv,
            score: report(&moves[0].values, me, &active),
            depth: 0,
            nodes: 0,
            elapsed: Default::default(),
            pv: vec![moves[0].mv],
        };
        if moves.len() == 1 {
            return result;
        }
        let max_depth = self
            .settings
            .max_depth
            .unwrap_or(u32::MAX)
            .min(deepest_iteration(root, MAX_PLY as u32));
        let mut depth = 1;
        // Each root move's smoothed value so far (`moves` order), for the
        // levels that blend iterations.
        let mut smoothed: Vec<Option<i32>> = vec![None; moves.len()];
        while depth <= max_depth && self.time.may_deepen(depth, self.nodes) {
            let mut best: Option<(usize, Values, i32)> = None;
            let mut line = Vec::new();
            let mut keys = Vec::with_capacity(moves.len());
            for (i, c) in moves.iter().enumerate() {
                let undo = pos.play_unchecked(c.mv);
                let v = if depth == 1 {
                    self.pv[1].clear();
                    c.values
                } else {
                    self.maxn(&mut pos, depth as i32 - 1, 1)
                };
                pos.undo(c.mv, undo);
                if self.aborted {
                    break;
                }
                let key = if self.settings.noise > 0 {
                    with_noise(Score(v[me]), self.settings.noise, rng)
                } else {
                    blend(v[me], smoothed[i], self.settings.root_blend)
                };
                if best.is_none_or(|(_, _, b)| key > b) {
                    best = Some((i, v, key));
                    line.clear();
                    line.push(c.mv);
                    line.extend_from_slice(&self.pv[1]);
                }
                keys.push((v[me], key));
            }
            if self.aborted {
                break;
            }
            let Some((i, v, _)) = best else { break };
            result.best = moves[i].mv;
            result.pv = line;
            result.score = report(&v, me, &active);
            result.depth = depth;
            result.nodes = self.nodes;
            result.elapsed = self.time.elapsed();
            reporter.iteration(&result.info());
            // Best first in the next iteration (a stable sort keeps ties in
            // order). The first iteration's values are not kept: it ends on
            // a move that no opponent answers.
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&k| std::cmp::Reverse(keys[k].0));
            let mut old: Vec<Option<Candidate>> =
                std::mem::take(&mut moves).into_iter().map(Some).collect();
            moves = order.iter().map(|&k| old[k].take().unwrap()).collect();
            smoothed = order
                .iter()
                .map(|&k| (depth >= 2).then_some(keys[k].1))
                .collect();
            if result.score.plies_to_end().is_some_and(|n| n <= depth) {
                break;
            }
            // Whole pairs of plies after the first two: an odd depth ends on
            // a move of the root's player that no opponent answers, and
            // played worse than the even depth below it (BENCHMARKS.md).
            // A depth limit asked for is still reached exactly.
            let cap = max_depth.min(self.time.max_depth());
            depth = if depth < 2 {
                depth + 1
            } else {
                (depth + 2).min(cap.max(depth + 1))
            };
        }
        result.nodes = self.nodes;
        result.elapsed = self.time.elapsed();
        result
    }

    /// The value vector of `pos`, searched `depth` plies.
    fn maxn(&mut self, pos: &mut Position, depth: i32, ply: usize) -> Values {
        self.pv[ply].clear();
        if let Some(outcome) = pos.outcome() {
            return terminal(pos, outcome, ply as u32);
        }
        if self.repeated(pos, ply) {
            return shared(evaluate(pos), pos);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return evaluate(pos);
        }
        self.line.truncate(ply);
        self.line.push(*pos);
        self.nodes += 1;
        if self.nodes.is_multiple_of(16)
            && (self.stop.load(Ordering::Relaxed) || self.time.out_of_time(self.nodes))
        {
            self.aborted = true;
        }
        if self.aborted {
            return [0; 4];
        }
        let me = pos.turn_index();
        let seat = pos.turn();
        // A win in one ends the search here.
        for sq in SquareIter::new(pos.pawn_moves()) {
            if pos.rows_to_goal(seat, sq) == 0 {
                self.pv[ply].clear();
                self.pv[ply].push(Move::Pawn(sq));
                let mut out = [Score::loss_in(ply as u32 + 1).0; 4];
                out[me] = Score::win_in(ply as u32 + 1).0;
                return out;
            }
        }
        let moves = self.candidates(pos, ply);
        let mut best: Option<Values> = None;
        let soft = self.settings.soft_replies;
        let mut seen: Vec<Values> = Vec::new();
        for c in moves {
            let v = if depth == 1 {
                self.pv[ply + 1].clear();
                c.values
            } else {
                let undo = pos.play_unchecked(c.mv);
                let v = self.maxn(pos, depth - 1, ply + 1);
                pos.undo(c.mv, undo);
                if self.aborted {
                    return [0; 4];
                }
                v
            };
            if soft > 0 {
                seen.push(v);
            }
            if best.is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(c.mv);
                head[ply].extend_from_slice(&tail[0]);
                if Score(v[me]).is_win() {
                    break;
                }
            }
        }
        let best = best.unwrap_or_else(|| evaluate(pos));
        if soft > 0 {
            soften(best, &seen, me, soft)
        } else {
            best
        }
    }

    /// The moves to consider in `pos` with their static values, best first
    /// for the mover. The root gets every pawn move and every fence (or
    /// those that cut an opponent's path, below level 5); inner nodes the
    /// best pawn steps and the best few fences against the strongest
    /// opponent (and any opponent about to arrive).
    fn candidates(&mut self, pos: &mut Position, ply: usize) -> Vec<Candidate> {
        let root = ply == 0;
        let me = pos.turn_index();
        let seat = pos.turn();
        let seats = pos.seats();
        // Distances after a move are those of now, but for the mover after a
        // step and for the players whose shortest path a fence cuts.
        let now = distances(pos);
        let own = pos.distance_map(seat);
        let mut pawns: Vec<Candidate> = Vec::with_capacity(6);
        for sq in SquareIter::new(pos.pawn_moves()) {
            let mv = Move::Pawn(sq);
            let mut after = now;
            after[me] = own.get(sq).unwrap_or(200) as i32;
            pawns.push(Candidate {
                mv,
                values: self.static_after(pos, mv, ply, after),
            });
        }
        let mut fences: Vec<Candidate> = Vec::new();
        if pos.fences_left(seat) > 0 {
            let here = evaluate_with(pos, &now);
            let mut paths = [(0u128, 0u128); 4];
            for (p, &other) in seats.iter().enumerate() {
                if !pos.is_out(other) {
                    paths[p] = pos.fences_cutting_path(other);
                }
            }
            let (mut cut_h, mut cut_v) = (0u128, 0u128);
            // The strongest opponent (by value), and any about to arrive.
            let mut strongest: Option<usize> = None;
            for (p, &other) in seats.iter().enumerate() {
                if p == me || pos.is_out(other) {
                    continue;
                }
                if root || now[p] <= 2 {
                    cut_h |= paths[p].0;
                    cut_v |= paths[p].1;
                }
                if strongest.is_none_or(|s| here[p] > here[s]) {
                    strongest = Some(p);
                }
            }
            if let Some(s) = strongest {
                cut_h |= paths[s].0;
                cut_v |= paths[s].1;
            }
            let (h, v) = if root && self.settings.root_all_fences {
                pos.fence_moves()
            } else {
                pos.fence_moves_among(cut_h, cut_v)
            };
            for (set, orientation) in [(h, Orientation::Horizontal), (v, Orientation::Vertical)] {
                for anchor in SquareIter::new(set) {
                    let fence = Fence::new(anchor, orientation);
                    let mv = Move::Fence(fence);
                    let undo = pos.play_unchecked(mv);
                    let mut after = now;
                    for (p, &(path_h, path_v)) in paths.iter().enumerate() {
                        let path = match orientation {
                            Orientation::Horizontal => path_h,
                            Orientation::Vertical => path_v,
                        };
                        if path & anchor.bit() != 0 {
                            after[p] = pos.distance(seats[p]).unwrap_or(200) as i32;
                        }
                    }
                    pos.undo(mv, undo);
                    fences.push(Candidate {
                        mv,
                        values: self.static_after(pos, mv, ply, after),
                    });
                }
            }
        }
        if pawns.is_empty() && fences.is_empty() {
            // A forced pass.
            return pos
                .legal_moves()
                .iter()
                .map(|&mv| Candidate {
                    mv,
                    values: self.static_after(pos, mv, ply, now),
                })
                .collect();
        }
        let by_value = |a: &Candidate, b: &Candidate| b.values[me].cmp(&a.values[me]);
        pawns.sort_by(by_value);
        fences.sort_by(by_value);
        if !root {
            pawns.truncate(1);
            fences.truncate(INNER_FENCES);
        }
        let mut all = pawns;
        all.append(&mut fences);
        all.sort_by(by_value);
        all
    }

    /// The static values after `mv`, played `ply` plies from the root,
    /// given the distances after it.
    fn static_after(&self, pos: &mut Position, mv: Move, ply: usize, after: [i32; 4]) -> Values {
        let undo = pos.play_unchecked(mv);
        let v = match pos.outcome() {
            Some(outcome) => terminal(pos, outcome, ply as u32 + 1),
            None if self.repeated(pos, ply + 1) => shared(evaluate_with(pos, &after), pos),
            None => evaluate_with(pos, &after),
        };
        pos.undo(mv, undo);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use quoridor_rules::Ruleset;

    #[test]
    fn candidate_values_equal_a_full_evaluation() {
        // The distances after a move are updated only where they can change.
        let stop = AtomicBool::new(false);
        let settings = Level::MAX.free_for_all_settings();
        let mut r = 12345u64;
        for game in 0..20 {
            let mut pos = Position::new(Ruleset::new([5, 7, 9][game % 3], 4).unwrap());
            for _ in 0..40 {
                if pos.is_over() {
                    break;
                }
                let mut searcher = MaxnSearcher::new(SearchLimit::Depth(1), &stop, settings);
                for ply in [0, 1] {
                    for c in searcher.candidates(&mut pos, ply) {
                        let undo = pos.play_unchecked(c.mv);
                        if !pos.is_over() {
                            assert_eq!(evaluate(&pos), c.values, "{} after {}", pos, c.mv);
                        }
                        pos.undo(c.mv, undo);
                    }
                }
                let legal = pos.legal_moves();
                r ^= r << 13;
                r ^= r >> 7;
                r ^= r << 17;
                pos.play(legal[(r % legal.len() as u64) as usize]).unwrap();
            }
        }
    }

    #[test]
    fn blending_mixes_values_but_keeps_forced_results() {
        assert_eq!(blend(300, None, 50), 300);
        assert_eq!(blend(300, Some(100), 0), 300);
        assert_eq!(blend(300, Some(100), 50), 200);
        assert_eq!(blend(-300, Some(100), 25), -200);
        let win = Score::win_in(5).0;
        let loss = Score::loss_in(3).0;
        assert_eq!(blend(win, Some(100), 50), win);
        assert_eq!(blend(loss, Some(100), 50), loss);
        assert_eq!(blend(100, Some(win), 50), 100);
    }

    #[test]
    fn soft_replies_weigh_the_near_best_and_keep_forced_results() {
        let best = [300, 0, -100, 50];
        let close = [200, 100, -100, 50];
        let far = [-2000, 500, 500, 500];
        // One step worse weighs e^-1 of the best; twenty steps nothing.
        let v = soften(best, &[best, close, far], 0, 100);
        let w = (-1f64).exp();
        assert_eq!(v[0], ((300.0 + 200.0 * w) / (1.0 + w)).round() as i32);
        assert_eq!(v[1], ((100.0 * w) / (1.0 + w)).round() as i32);
        assert_eq!(v[2], -100);
        // A reply losing by force is left out; a forced win is taken.
        let lost = [Score::loss_in(3).0, Score::win_in(3).0, 0, 0];
        assert_eq!(soften(best, &[best, lost], 0, 100), best);
        let won = [Score::win_in(3).0, Score::loss_in(3).0, 0, 0];
        assert_eq!(soften(won, &[won, best], 0, 100), won);
    }

    #[test]
    fn the_top_levels_temper_max_n_and_still_answer_at_their_depth() {
        // Levels 7 and 8 judge the root by blended values (8 with soft
        // replies too); their search still reaches six plies and plays a
        // legal move.
        let stop = AtomicBool::new(false);
        for n in 6..=8 {
            let settings = Level::new(n).unwrap().free_for_all_settings();
            assert_eq!(settings.root_blend > 0, n >= 7, "level {n}");
            assert_eq!(settings.soft_replies > 0, n == 8, "level {n}");
            let pos = Position::new(Ruleset::new(9, 4).unwrap());
            let mut searcher = MaxnSearcher::new(SearchLimit::Infinite, &stop, settings);
            let result = searcher.run(&pos, &mut Rng::new(1), &mut crate::report::Silent);
            assert_eq!(result.depth, 6, "level {n}");
            assert!(pos.is_legal(result.best), "level {n}: {}", result.best);
        }
    }

    #[test]
    fn a_repetition_shares_the_game_among_those_still_in_it() {
        let pos = Position::new(Ruleset::new(9, 4).unwrap());
        assert_eq!(shared([300, -100, 0, -40], &pos), [40; 4]);
        let mut left: Position = "9 e2,a5,e8,i5 - 5,5,5,5 south 20".parse().unwrap();
        left.remove(quoridor_rules::Seat::North);
        assert_eq!(shared([300, -100, 0, -20], &left), [60, 60, 0, 60]);
    }

    #[test]
    fn a_position_that_came_before_is_valued_as_that_draw() {
        // South's first step, already played once in this game: after it
        // every player gets the mean; without the game, its usual value.
        let stop = AtomicBool::new(false);
        let settings = Level::new(6).unwrap().free_for_all_settings();
        let root = Position::new(Ruleset::new(9, 4).unwrap());
        let step: Move = "e2".parse().unwrap();
        let mut after = root;
        after.play(step).unwrap();
        let value_of = |earlier: &[Position]| {
            let mut searcher =
                MaxnSearcher::new(SearchLimit::Depth(1), &stop, settings).after(earlier);
            searcher.line.push(root);
            let mut pos = root;
            let found = searcher.candidates(&mut pos, 0);
            found.into_iter().find(|c| c.mv == step).unwrap().values
        };
        assert_eq!(value_of(&[]), evaluate(&after));
        assert_eq!(value_of(&[root, after]), shared(evaluate(&after), &after));
        // Before a fence placed since, it cannot come back.
        let mut fenced = root;
        fenced.play("a3h".parse().unwrap()).unwrap();
        let mut searcher =
            MaxnSearcher::new(SearchLimit::Depth(1), &stop, settings).after(&[after, root, fenced]);
        assert_eq!(searcher.earlier.positions(), [fenced]);
        searcher.line.push(root);
        assert!(!searcher.repeated(&after, 1));
    }

    #[test]
    fn values_are_margins_plus_fences() {
        let pos = Position::new(Ruleset::new(9, 4).unwrap());
        // Everyone 8 steps away with 5 fences: the mover is a quarter step
        // ahead of the next player, who is a quarter step behind the mover.
        let v = evaluate(&pos);
        assert_eq!(v[0], 25 + FREE_FOR_ALL_FENCES[5]);
        assert_eq!(v[1], -25 + FREE_FOR_ALL_FENCES[5]);
        assert_eq!(v[3], -75 + FREE_FOR_ALL_FENCES[5]);
    }
}
