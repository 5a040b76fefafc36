//! Every shipped puzzle checked again as the test run can afford: at
//! depth 6 at full strength its answer (or an accepted win) is still the
//! best move by a clear margin, and every later move of its line is no
//! worse than the best there by more than half a step (`proof::check`),
//! on two threads. The deep proof itself (depth 12) was made by
//! `quoridor mine-puzzles --reprove` (see `data/README.md`).

use quoridor_learn::proof::{check, proof_engine, CHECK_DEPTH, DEEP_DEPTH};
use quoridor_learn::shipped;

#[test]
fn every_shipped_puzzle_and_its_whole_line_is_checked_again() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 200, "{} puzzles", puzzles.len());
    assert!(
        puzzles.iter().all(|p| p.depth >= DEEP_DEPTH),
        "every puzzle is proved deep"
    );
    let halves = puzzles.split_at(puzzles.len() / 2);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let threads: Vec<_> = [halves.0, halves.1]
            .into_iter()
            .map(|half| {
                scope.spawn(move || {
                    let mut engine = proof_engine();
                    half.iter()
                        .filter_map(|p| check(&mut engine, p, CHECK_DEPTH).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|t| t.join().expect("no panic"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
