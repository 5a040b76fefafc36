//! The order in which a node's moves are searched, and which fences an
//! inner node searches at all.

use quoridor_rules::{Fence, Move, Orientation, Position, Seat, SquareIter};

use super::quiescence::race_distance;
use super::Searcher;
use crate::defence::defences;

/// A move's slot in the history table: pawn squares, then horizontal and
/// vertical fences by anchor, then the pass.
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

impl Searcher<'_> {
    pub(super) fn reward(&mut self, mv: Move, ply: usize, depth: i32) {
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
