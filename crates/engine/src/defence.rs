//! Defensive fences: the fences that take the opponent's strongest fence
//! away from them.
//!
//! At its inner nodes the two-sided search tries only the fences that cut an
//! opponent's shortest path. A fence that defends cuts nothing: it overlaps
//! or crosses the slot of the opponent's best fence, or it closes a wall so
//! that the opponent's fence would shut a pawn in and become illegal. Left
//! out, a side about to be fenced had no answer but to run, and the search
//! called positions won that one quiet fence turned around (game 77 of the
//! loss review in BENCHMARKS.md: a5h, far from both pawns, made South's
//! eighteen-step fence illegal).

use quoridor_rules::{Fence, Move, Orientation, Position, Square, SquareIter};

use crate::params::DEFENCE_MIN_THREAT;

/// The opponent's strongest fence against the side to move of a two-player
/// game, if it lengthens the mover's shortest path by at least
/// [`DEFENCE_MIN_THREAT`] steps (the first found among equals).
pub fn strongest_threat(pos: &Position) -> Option<Fence> {
    let me = pos.turn();
    let mut theirs = *pos;
    theirs.play_unchecked(Move::Pass);
    if pos.seats().len() != 2 || theirs.fences_left(theirs.turn()) == 0 {
        return None;
    }
    let before = pos.distance(me)?;
    let (cut_h, cut_v) = pos.fences_cutting_path(me);
    let (h, v) = theirs.fence_moves_among(cut_h, cut_v);
    let mut best: Option<(u32, Fence)> = None;
    for (set, orientation) in [(h, Orientation::Horizontal), (v, Orientation::Vertical)] {
        for anchor in SquareIter::new(set) {
            let fence = Fence::new(anchor, orientation);
            let mut after = theirs;
            after.play_unchecked(Move::Fence(fence));
            let gain = after.distance(me).map_or(0, |d| d.saturating_sub(before));
            if gain >= DEFENCE_MIN_THREAT && best.is_none_or(|(g, _)| gain > g) {
                best = Some((gain, fence));
            }
        }
    }
    best.map(|(_, fence)| fence)
}

/// The legal fences of the side to move (horizontal and vertical anchors)
/// after which the opponent's strongest fence ([`strongest_threat`]) can
/// no longer be placed: those overlapping or crossing it, and those cutting
/// the mover's detour around it that would close a wall with it. Empty when
/// there is no such threat or the mover has no fences.
pub fn defences(pos: &Position) -> (u128, u128) {
    if pos.fences_left(pos.turn()) == 0 {
        return (0, 0);
    }
    let Some(threat) = strongest_threat(pos) else {
        return (0, 0);
    };
    let (conflict_h, conflict_v) = conflicts(threat);
    let mut after = *pos;
    after.play_unchecked(Move::Pass);
    after.play_unchecked(Move::Fence(threat));
    let (detour_h, detour_v) = after.fences_cutting_path(pos.turn());
    let (detour_h, detour_v) =
        pos.fence_moves_among(detour_h & !conflict_h, detour_v & !conflict_v);
    let (mut h, mut v) = pos.fence_moves_among(conflict_h, conflict_v);
    for (set, orientation) in [
        (detour_h, Orientation::Horizontal),
        (detour_v, Orientation::Vertical),
    ] {
        for anchor in SquareIter::new(set) {
            let mut defended = *pos;
            defended.play_unchecked(Move::Fence(Fence::new(anchor, orientation)));
            if !defended.is_legal(Move::Fence(threat)) {
                match orientation {
                    Orientation::Horizontal => h |= anchor.bit(),
                    Orientation::Vertical => v |= anchor.bit(),
                }
            }
        }
    }
    (h, v)
}

/// The slots a fence takes from others: the two it overlaps and the one it
/// crosses (horizontal anchors, vertical anchors; off-board bits included).
fn conflicts(fence: Fence) -> (u128, u128) {
    let bit = fence.anchor().bit();
    // One row up is one row of the square layout (a fixed width).
    let stride = u32::from(Square::new(0, 1).index());
    match fence.orientation() {
        Orientation::Horizontal => (bit << 1 | bit >> 1, bit),
        Orientation::Vertical => (bit, bit << stride | bit >> stride),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use quoridor_rules::{Ruleset, Seat};

    fn fence(text: &str) -> Fence {
        match text.parse::<Move>().unwrap() {
            Move::Fence(f) => f,
            other => panic!("{other} is not a fence"),
        }
    }

    fn contains(set: (u128, u128), f: Fence) -> bool {
        let bit = f.anchor().bit();
        match f.orientation() {
            Orientation::Horizontal => set.0 & bit != 0,
            Orientation::Vertical => set.1 & bit != 0,
        }
    }

    /// The position of game 77 of the loss review after South's h1h: South
    /// threatens a fence that sends North eighteen steps round, and North's
    /// only defence is a5h, far from both pawns, which closes a wall so that
    /// the fence would shut a pawn in.
    #[test]
    fn a_quiet_fence_that_makes_the_threat_illegal_is_found() {
        let pos: Position = "9 f4,f5 h1h,d2h,f2h,b4h,g4h,c6h,e6h,g6h,f7h,h7h,e1v,h2v,c3v,e3v,b5v,f5v,c7v 1,2 north 27"
            .parse()
            .unwrap();
        let threat = strongest_threat(&pos).expect("South has a strong fence");
        let mut after = pos;
        after.play_unchecked(Move::Pass);
        after.play_unchecked(Move::Fence(threat));
        assert_eq!(after.distance(Seat::North), Some(7 + 18), "{threat}");
        let found = defences(&pos);
        assert!(contains(found, fence("a5h")));
        // a5h cuts no shortest path of South's: the plain search never tried it.
        assert!(!contains(
            pos.fences_cutting_path(Seat::South),
            fence("a5h")
        ));
    }

    #[test]
    fn no_threat_on_an_open_board() {
        let pos = Position::new(Ruleset::STANDARD);
        assert_eq!(strongest_threat(&pos), None);
        assert_eq!(defences(&pos), (0, 0));
    }

    /// Over random games: the threat is the opponent's best fence against
    /// the mover; every defence is legal and leaves the threat illegal; and
    /// every fence that would shut the mover in together with the threat is
    /// among the defences.
    #[test]
    fn defences_take_the_strongest_threat_away() {
        let mut rng = Rng::new(11);
        let mut threatened = 0;
        for game in 0..40 {
            let mut pos = Position::new(Ruleset::new([5, 7, 9][game % 3], 2).unwrap());
            for _ in 0..80 {
                if pos.is_over() {
                    break;
                }
                check(&pos, &mut threatened);
                let legal = pos.legal_moves();
                let mv = legal.get(rng.next() as usize % legal.len()).copied();
                pos.play_unchecked(mv.unwrap());
            }
        }
        assert!(threatened > 30, "only {threatened} positions had a threat");
    }

    fn check(pos: &Position, threatened: &mut usize) {
        let me = pos.turn();
        let mut theirs = *pos;
        theirs.play_unchecked(Move::Pass);
        let gain = |f: Fence| {
            let mut after = theirs;
            after.play_unchecked(Move::Fence(f));
            after.distance(me).unwrap_or(0) as i64 - pos.distance(me).unwrap() as i64
        };
        let their_best = theirs
            .legal_moves()
            .iter()
            .filter_map(|mv| match mv {
                Move::Fence(f) => Some(gain(*f)),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let Some(threat) = strongest_threat(pos) else {
            assert!(their_best < i64::from(DEFENCE_MIN_THREAT), "{pos}");
            assert_eq!(defences(pos), (0, 0));
            return;
        };
        *threatened += 1;
        assert!(theirs.is_legal(Move::Fence(threat)), "{threat} in {pos}");
        assert_eq!(gain(threat), their_best, "{threat} in {pos}");
        let found = defences(pos);
        for mv in pos.legal_moves().iter() {
            let Move::Fence(f) = *mv else { continue };
            let mut defended = *pos;
            defended.play_unchecked(*mv);
            let stops = !defended.is_legal(Move::Fence(threat));
            if contains(found, f) {
                assert!(stops, "{f} does not stop {threat} in {pos}");
            }
            defended.play_unchecked(Move::Fence(threat));
            if defended.distance(me).is_none() {
                assert!(contains(found, f), "{f} against {threat} left out in {pos}");
            }
        }
        assert_eq!(pos.fence_moves_among(found.0, found.1), found, "{pos}");
    }
}
