//! Quick head-to-head for tuning: `duel <levelA> <msA> <levelB> <msB> <games> [size]`.
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use quoridor_engine::{Engine, Level, SearchLimit, Silent};
use quoridor_rules::{Game, Outcome, Ruleset, Seat};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (la, ta, lb, tb, games) = (
        a[0].parse::<u8>().unwrap(),
        a[1].parse::<u64>().unwrap(),
        a[2].parse::<u8>().unwrap(),
        a[3].parse::<u64>().unwrap(),
        a[4].parse::<u32>().unwrap(),
    );
    let size = a.get(5).map_or(9, |s| s.parse().unwrap());
    let rules = Ruleset::new(size, 2)
        .unwrap()
        .with_ply_limit(Some(300))
        .unwrap();
    let stop = AtomicBool::new(false);
    let (mut wa, mut wb, mut d) = (0, 0, 0);
    let mut rng = 12345u64;
    for g in 0..games {
        let mut engines = [Engine::new(), Engine::new()];
        engines[0].set_level(Level::new(la).unwrap());
        engines[1].set_level(Level::new(lb).unwrap());
        engines[0].set_seed(g as u64);
        engines[1].set_seed(g as u64 + 1000);
        let mut game = Game::new(rules);
        // a random opening: 2 plies (same for both colourings)
        if g % 2 == 0 {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
        }
        let mut r = rng;
        for _ in 0..2 {
            let legal = game.position().legal();
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let pawn = legal.pawn.count_ones() as u64;
            let mv = legal.nth((r % pawn) as usize).unwrap();
            game.play(mv).unwrap();
        }
        let a_is_south = g % 2 == 0;
        while !game.is_over() {
            let south = game.position().turn() == Seat::South;
            let idx = if south == a_is_south { 0 } else { 1 };
            let ms = if idx == 0 { ta } else { tb };
            let limit = if ms == 0 {
                SearchLimit::Infinite
            } else {
                SearchLimit::MoveTime(Duration::from_millis(ms))
            };
            let r = engines[idx]
                .search_game(&game, limit, &stop, &mut Silent)
                .unwrap();
            game.play(r.best).unwrap();
        }
        match game.outcome().unwrap() {
            Outcome::Winner(s) => {
                if (s == Seat::South) == a_is_south {
                    wa += 1
                } else {
                    wb += 1
                }
            }
            _ => {
                d += 1;
                if std::env::var("SHOW").is_ok() {
                    eprintln!(
                        "\nDRAW final {}\n{}",
                        game.position(),
                        quoridor_rules::game_line(&game)
                    );
                }
            }
        }
        eprint!(
            "\r{} games: A {wa} B {wb} draws {d} (last {} plies)   ",
            g + 1,
            game.position().ply()
        );
    }
    eprintln!();
    println!("A(level {la}, {ta} ms) {wa} - B(level {lb}, {tb} ms) {wb}, draws {d}");
}
