//! The search past the horizon: Quoridor's captures (fences that lengthen
//! an opponent's path by two steps or more) played out for a few plies.

use quoridor_rules::{Fence, Move, Orientation, Position, Seat, SquareIter};

use super::{Searcher, MAX_PLY};
use crate::eval::terminal;
use crate::params::{QUIESCENCE_MIN_GAIN, QUIESCENCE_PLIES, QUIESCENCE_WIDTH};
use crate::score::Score;

impl Searcher<'_> {
    /// Plies of quiescence search below the horizon.
    pub(super) fn quiescence_depth(&self) -> u32 {
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
    pub(super) fn quiesce(
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
    pub(super) fn opponents_paths(&self, pos: &Position) -> (Vec<Seat>, u128, u128) {
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
    pub(super) fn captures(&self, pos: &Position) -> Vec<Move> {
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
}

/// The shortest distance among `targets` (the opponents' side in the race).
pub(super) fn race_distance(pos: &Position, targets: &[Seat]) -> i64 {
    targets
        .iter()
        .map(|&s| pos.distance(s).unwrap_or(200) as i64)
        .min()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limit::SearchLimit;
    use crate::rng::Rng;
    use crate::tt::TranspositionTable;
    use quoridor_rules::Ruleset;
    use std::sync::atomic::AtomicBool;

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
