//! The table and the threads change how fast perft counts, never what it
//! counts: on random positions of every size, 2 and 4 players and every
//! variant, the counts equal the rules crate's plain perft; and the
//! standard counts from the start, perft(5) behind `--ignored`.

use proptest::prelude::*;
use quoridor_perft::{divide, perft, Table};
use quoridor_rules::{Move, Position, Ruleset, Variant};

/// A position after `plies` random legal moves (fewer if the game ends).
fn random_position(rules: Ruleset, seed: u64, plies: usize) -> Position {
    let mut pos = Position::new(rules);
    let mut state = seed | 1;
    for _ in 0..plies {
        if pos.is_over() {
            break;
        }
        let moves: Vec<Move> = pos.legal().iter().collect();
        if moves.is_empty() {
            break;
        }
        // xorshift64: enough to wander the tree.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        pos.play(mv).expect("a legal move");
    }
    pos
}

fn rules(size: u8, four: bool, variant: u8) -> Ruleset {
    let players = if four { 4 } else { 2 };
    let rules = Ruleset::new(u32::from(size), players).expect("a board size");
    let variant = match variant {
        1 if four => Variant::Teams,
        2 => Variant::Scoring,
        _ => Variant::Standard,
    };
    rules.with_variant(variant).unwrap_or(rules)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn the_table_and_threads_count_what_the_plain_perft_counts(
        size in prop::sample::select(vec![3u8, 5, 7, 9, 11]),
        four in any::<bool>(),
        variant in 0u8..3,
        seed in any::<u64>(),
        plies in 0usize..30,
        threads in 1usize..4,
    ) {
        let pos = random_position(rules(size, four, variant), seed, plies);
        // A tiny table, where every count overwrites another, and one
        // large enough to find the transpositions.
        let tiny = Table::with_megabytes(0);
        let large = Table::with_megabytes(4);
        let depth = if size >= 9 { 3 } else { 4 };
        for d in 0..=depth {
            let plain = quoridor_rules::perft(&pos, d);
            prop_assert_eq!(perft(&pos, d, None, threads, &|_, _| {}), plain, "depth {}", d);
            for table in [&tiny, &large] {
                let counted = perft(&pos, d, Some(table), threads, &|_, _| {});
                prop_assert_eq!(counted, plain, "depth {}", d);
            }
        }
        // The mirror image counts the same with two players.
        if !four {
            let mirror = pos.mirrored();
            prop_assert_eq!(quoridor_rules::perft(&mirror, 3), quoridor_rules::perft(&pos, 3));
        }
    }
}

#[test]
fn divide_sums_to_perft_and_reports_progress() {
    let pos = Position::new(Ruleset::STANDARD);
    let table = Table::with_megabytes(8);
    let seen = std::sync::Mutex::new(Vec::new());
    let rows = divide(&pos, 3, Some(&table), 2, &|done, total| {
        seen.lock().unwrap().push((done, total));
    });
    assert_eq!(rows.len(), 131);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 2_062_264);
    let mut seen = seen.into_inner().unwrap();
    seen.sort();
    assert_eq!(seen, (1..=131).map(|d| (d, 131)).collect::<Vec<_>>());
    // Mirror first moves count the same.
    let count = |mv: &str| rows.iter().find(|r| r.0.to_string() == mv).unwrap().1;
    assert_eq!(count("d1"), count("f1"));
    assert_eq!(count("a1h"), count("h1h"));
}

#[test]
fn the_standard_counts_from_the_start() {
    let pos = Position::new(Ruleset::STANDARD);
    let table = Table::with_megabytes(64);
    let expected = [1, 131, 16_677, 2_062_264, 247_569_030];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(
            perft(&pos, depth as u32, Some(&table), 2, &|_, _| {}),
            count
        );
    }
}

/// 28,837,934,502: a few seconds in release, longer in a debug build, so it
/// is run on demand (`cargo test --release -p quoridor-perft -- --ignored`).
#[test]
#[ignore]
fn perft_5_from_the_start() {
    let pos = Position::new(Ruleset::STANDARD);
    let table = Table::with_megabytes(256);
    assert_eq!(perft(&pos, 5, Some(&table), 2, &|_, _| {}), 28_837_934_502);
}
