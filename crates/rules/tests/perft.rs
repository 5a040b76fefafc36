//! Perft counts from the 9×9 two-player start (RULES.md §11).

use quoridor_rules::{perft, Position, Ruleset};

#[test]
fn perft_9x9_start() {
    let pos = Position::new(Ruleset::STANDARD);
    assert_eq!(perft(&pos, 1), 131);
    assert_eq!(perft(&pos, 2), 16_677);
    assert_eq!(perft(&pos, 3), 2_062_264);
}

#[test]
#[ignore = "about a second in release mode; run with --ignored"]
fn perft_9x9_depth_4() {
    let pos = Position::new(Ruleset::STANDARD);
    assert_eq!(perft(&pos, 4), 247_569_030);
}
