//! Every shipped puzzle proved again: searched at its depth, the move
//! stored must still be the best by the least margin of the mining run
//! (2.5 steps), or by its own stated margin where that is less (the
//! article's examples), and the search must show the stored line, theme
//! and difficulty (`mine::verify`), on two threads.

use quoridor_learn::mine::verify;
use quoridor_learn::shipped;

const MARGIN: i32 = 250;

#[test]
fn every_shipped_puzzle_is_proved_again() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 300, "{} puzzles", puzzles.len());
    let halves = puzzles.split_at(puzzles.len() / 2);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let threads: Vec<_> = [halves.0, halves.1]
            .into_iter()
            .map(|half| {
                scope.spawn(move || {
                    half.iter()
                        .filter_map(|p| verify(p, MARGIN.min(p.margin)).err())
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
