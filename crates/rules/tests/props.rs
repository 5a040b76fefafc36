//! Property tests of the rules engine over random positions of every size,
//! player count, variant and option.

mod common;

use common::{all_moves, random_position, Naive};
use proptest::prelude::*;
use quoridor_rules::{Fence, FenceConflict, Move, Position, Square};

fn sorted_legal(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The bitboard engine agrees with the naive model on every legal move.
    #[test]
    fn legal_moves_match_the_naive_model(seed in any::<u64>(), plies in 0usize..80) {
        let pos = random_position(seed, plies);
        prop_assert_eq!(sorted_legal(&pos), Naive::from(&pos).legal_moves(), "{:?}", pos);
    }

    /// Every generated move is accepted by `check`; every other move is
    /// refused with a reason, and refusing leaves the position unchanged.
    #[test]
    fn generated_moves_are_exactly_the_accepted_ones(seed in any::<u64>(), plies in 0usize..80) {
        let pos = random_position(seed, plies);
        let legal = pos.legal_moves();
        prop_assert_eq!(legal.len(), pos.count_legal_moves());
        for mv in all_moves(pos.size()) {
            let listed = legal.contains(&mv);
            let mut copy = pos;
            match copy.play(mv) {
                Ok(()) => prop_assert!(listed, "{} accepted but not generated in {:?}", mv, pos),
                Err(err) => {
                    prop_assert!(!listed, "{} generated but refused ({}) in {:?}", mv, err, pos);
                    prop_assert_eq!(copy, pos);
                    prop_assert_eq!(copy.hash(), pos.hash());
                    prop_assert!(!err.to_string().is_empty());
                }
            }
        }
    }

    /// Undo restores the position, its hash and its fingerprint exactly,
    /// every move changes both, and the incremental hash always equals the
    /// hash from scratch.
    #[test]
    fn undo_restores_and_hash_is_incremental(seed in any::<u64>(), plies in 0usize..80) {
        let pos = random_position(seed, plies);
        prop_assert_eq!(pos.hash(), pos.compute_hash());
        for mv in pos.legal_moves().iter() {
            let mut next = pos;
            let undo = next.play_unchecked(*mv);
            prop_assert_eq!(next.hash(), next.compute_hash(), "after {}", mv);
            prop_assert_ne!(next.hash(), pos.hash(), "{} left the hash unchanged", mv);
            prop_assert_ne!(next.fingerprint(), pos.fingerprint(), "{} left the fingerprint", mv);
            next.undo(*mv, undo);
            prop_assert_eq!(next, pos);
            prop_assert_eq!(next.hash(), pos.hash());
            prop_assert_eq!(next.fingerprint(), pos.fingerprint());
        }
    }

    /// Distances agree with a plain breadth-first search, and the shortest
    /// path is a walk of that length through open edges to the goal.
    #[test]
    fn distances_and_paths(seed in any::<u64>(), plies in 0usize..80) {
        let pos = random_position(seed, plies);
        let naive = Naive::from(&pos);
        for (p, &seat) in pos.seats().iter().enumerate() {
            let d = pos.distance(seat);
            prop_assert_eq!(d, naive.distance(p));
            prop_assert_eq!(d, pos.distance_map(seat).get(pos.pawn(seat)));
            let path = pos.shortest_path(seat).expect("every pawn has a path");
            prop_assert_eq!(path.len() as u32, d.unwrap());
            let mut at = pos.pawn(seat);
            for &sq in &path {
                prop_assert!(!pos.is_blocked(at, sq), "{} to {} is blocked", at, sq);
                at = sq;
            }
            if let Some(&last) = path.last() {
                prop_assert_eq!(pos.distance_map(seat).get(last), Some(0));
            }
        }
    }

    /// The compact legal-move form and the list agree, move by move.
    #[test]
    fn compact_form_matches_list(seed in any::<u64>(), plies in 0usize..60) {
        let pos = random_position(seed, plies);
        let legal = pos.legal();
        let list = pos.legal_moves();
        prop_assert_eq!(legal.len(), list.len());
        for (i, mv) in list.iter().enumerate() {
            prop_assert_eq!(legal.nth(i), Some(*mv));
            prop_assert!(legal.contains(*mv));
        }
        prop_assert_eq!(legal.nth(list.len()), None);
        prop_assert!(!legal.contains(Move::Pass) || list.contains(&Move::Pass));
    }

    /// Checking a subset of fence slots gives the full answer masked.
    #[test]
    fn fence_moves_among_a_subset(seed in any::<u64>(), plies in 0usize..80, h in any::<u128>(), v in any::<u128>()) {
        let pos = random_position(seed, plies);
        let (all_h, all_v) = pos.fence_moves();
        prop_assert_eq!(pos.fence_moves_among(h, v), (all_h & h, all_v & v));
    }

    /// `Fence::blocks` agrees with the positions' walls, and
    /// `Fence::conflict` with the fences a position refuses.
    #[test]
    fn fence_geometry_agrees_with_positions(seed in any::<u64>(), plies in 0usize..80) {
        let pos = random_position(seed, plies);
        let fences: Vec<Fence> = pos.fences().collect();
        let n = pos.size();
        for col in 0..n {
            for row in 0..n {
                let sq = Square::new(col, row);
                for to in [(col + 1, row), (col, row + 1)] {
                    if to.0 >= n || to.1 >= n {
                        continue;
                    }
                    let to = Square::new(to.0, to.1);
                    let by_fences = fences.iter().any(|f| f.blocks(sq, to));
                    prop_assert_eq!(pos.is_blocked(sq, to), by_fences, "{} {}", sq, to);
                }
            }
        }
        for fence in pos.legal_moves().iter().filter_map(|m| match m {
            Move::Fence(f) => Some(*f),
            _ => None,
        }) {
            prop_assert!(fences.iter().all(|f| f.conflict(fence).is_none()), "{}", fence);
        }
        for &placed in &fences {
            prop_assert_eq!(placed.conflict(placed), Some(FenceConflict::Overlaps));
        }
    }
}
