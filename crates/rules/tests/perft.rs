//! Perft counts: the number of move sequences of a given length from a start
//! position. The 9×9 two-player counts are those of RULES.md §11; the others
//! were computed with OpenSpiel 2.0.2 (an independent implementation) by
//! walking its legal actions, with the fence counts given here.

use quoridor_rules::{perft, Position, Ruleset};

/// (size, players, fences per player, depth, count)
const COUNTS: &[(u32, u32, u32, u32, u64)] = &[
    (9, 2, 10, 1, 131),
    (9, 2, 10, 2, 16_677),
    (9, 2, 10, 3, 2_062_264),
    (3, 2, 1, 6, 9_002),
    (5, 2, 3, 4, 794_442),
    (7, 2, 6, 3, 363_872),
    (11, 2, 15, 3, 7_907_200),
    (5, 4, 1, 4, 776_775),
    (7, 4, 3, 3, 363_681),
    (9, 4, 5, 3, 2_062_065),
];

#[test]
fn perft_counts() {
    for &(size, players, fences, depth, count) in COUNTS {
        let rules = Ruleset::new(size, players)
            .unwrap()
            .with_fences(fences)
            .unwrap();
        let got = perft(&Position::new(rules), depth);
        assert_eq!(
            got, count,
            "{size}x{size}, {players} players, {fences} fences, depth {depth}"
        );
    }
}

/// About a second with optimisations (the test profile has them).
#[test]
fn perft_9x9_depth_4() {
    let pos = Position::new(Ruleset::STANDARD);
    assert_eq!(perft(&pos, 4), 247_569_030);
}
