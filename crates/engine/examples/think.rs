//! Prints the iterations of one search: `cargo run --release -p quoridor-engine --example think -- [ms] [position]`.
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use quoridor_engine::{Engine, Reporter, SearchInfo, SearchLimit};
use quoridor_rules::{Position, Ruleset};

struct Print;
impl Reporter for Print {
    fn iteration(&mut self, i: &SearchInfo) {
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        let nps = i.nodes as f64 / i.elapsed.as_secs_f64().max(1e-6);
        println!(
            "depth {:2} score {:>10} nodes {:>9} {:>7.0} ms {:>9.0} n/s  pv {}",
            i.depth,
            i.score.to_string(),
            i.nodes,
            i.elapsed.as_secs_f64() * 1e3,
            nps,
            pv.join(" ")
        );
    }
}

fn main() {
    let ms: u64 = std::env::args().nth(1).map_or(1000, |s| s.parse().unwrap());
    let pos = match std::env::args().nth(2) {
        Some(text) => text.parse::<Position>().unwrap(),
        None => Position::new(Ruleset::STANDARD),
    };
    let mut engine = Engine::new();
    let stop = AtomicBool::new(false);
    let r = engine
        .search(
            &pos,
            SearchLimit::MoveTime(Duration::from_millis(ms)),
            &stop,
            &mut Print,
        )
        .unwrap();
    println!(
        "best {} score {} depth {} nodes {} in {:?}",
        r.best, r.score, r.depth, r.nodes, r.elapsed
    );
}
