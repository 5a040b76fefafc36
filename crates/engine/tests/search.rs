//! The search: always legal, never misses a win it can see, respects its
//! limits, deterministic when limited by depth.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use quoridor_engine::{Collect, Engine, Level, SearchLimit, Silent};
use quoridor_rules::{Move, Position, Ruleset, Variant};

fn search(pos: &Position, limit: SearchLimit) -> quoridor_engine::SearchResult {
    let stop = AtomicBool::new(false);
    Engine::new()
        .search(pos, limit, &stop, &mut Silent)
        .expect("the game is not over")
}

/// A position reached by random legal moves, on any size, 2 or 4 players,
/// any variant.
fn random_position(seed: u64, plies: usize) -> Position {
    let mut r = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        r
    };
    let size = [3, 5, 7, 9, 11][(next() % 5) as usize];
    let players = if next() % 3 == 0 { 4 } else { 2 };
    let variant = match next() % 4 {
        0 if players == 4 => Variant::Teams,
        1 => Variant::Scoring,
        _ => Variant::Standard,
    };
    let rules = Ruleset::new(size, players)
        .unwrap()
        .with_variant(variant)
        .unwrap();
    let mut pos = Position::new(rules);
    for _ in 0..plies {
        let legal = pos.legal();
        if legal.is_empty() {
            break;
        }
        let mv = legal.nth((next() % legal.len() as u64) as usize).unwrap();
        pos.play(mv).unwrap();
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn the_search_always_answers_a_legal_move(seed in any::<u64>(), plies in 0usize..60, depth in 1u32..4) {
        let pos = random_position(seed, plies);
        let stop = AtomicBool::new(false);
        match Engine::new().search(&pos, SearchLimit::Depth(depth), &stop, &mut Silent) {
            None => prop_assert!(pos.is_over()),
            Some(result) => {
                prop_assert!(pos.is_legal(result.best), "{} in {}", result.best, pos);
                // The principal variation is a legal line.
                let mut line = pos;
                for mv in &result.pv {
                    prop_assert!(line.is_legal(*mv), "pv {:?} in {}", result.pv, pos);
                    line.play(*mv).unwrap();
                }
            }
        }
    }

    #[test]
    fn every_level_answers_a_legal_move(seed in any::<u64>(), plies in 0usize..40, level in 1u8..=6) {
        let pos = random_position(seed, plies);
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new();
        engine.set_level(Level::new(level).unwrap());
        engine.set_seed(seed);
        let limit = SearchLimit::MoveTime(Duration::from_millis(20));
        if let Some(result) = engine.search(&pos, limit, &stop, &mut Silent) {
            prop_assert!(pos.is_legal(result.best));
        }
    }
}

#[test]
fn takes_a_win_in_one() {
    // South on e8 steps to e9; any fence would only delay.
    let pos: Position = "9 e8,a9 - 10,10 south 20".parse().unwrap();
    let result = search(&pos, SearchLimit::Depth(3));
    assert_eq!(result.best, "e9".parse::<Move>().unwrap());
    assert_eq!(result.score.to_string(), "win in 1");
    // Even the weakest level does not miss it.
    let mut engine = Engine::new();
    engine.set_level(Level::MIN);
    let stop = AtomicBool::new(false);
    let result = engine
        .search(&pos, SearchLimit::Infinite, &stop, &mut Silent)
        .unwrap();
    assert_eq!(result.best, "e9".parse::<Move>().unwrap());
}

#[test]
fn finds_a_forced_win_in_a_few_moves() {
    // North has no fences left; south is three steps from the goal and north
    // four: south wins the race, a win in 5 plies (south's third step).
    let pos: Position = "9 a6,i5 - 3,0 south 20".parse().unwrap();
    let result = search(&pos, SearchLimit::Depth(7));
    assert!(result.score.is_win(), "{}", result.score);
    assert_eq!(result.score.plies_to_end(), Some(5));
    assert_eq!(result.best, "a7".parse::<Move>().unwrap());
}

#[test]
fn blocks_a_pawn_that_would_win() {
    // North is one step from its goal with south two: south must place a
    // fence (a pawn move loses at once).
    let pos: Position = "5 c3,c2 - 3,3 south 6".parse().unwrap();
    let result = search(&pos, SearchLimit::Depth(4));
    assert!(matches!(result.best, Move::Fence(_)), "{}", result.best);
}

#[test]
fn respects_a_time_budget() {
    let pos = Position::new(Ruleset::STANDARD);
    for ms in [10u64, 50, 200] {
        let start = Instant::now();
        let result = search(&pos, SearchLimit::MoveTime(Duration::from_millis(ms)));
        let took = start.elapsed();
        assert!(pos.is_legal(result.best));
        // A small margin for the last node and the machine's load.
        assert!(
            took <= Duration::from_millis(ms + 50),
            "{ms} ms budget, took {took:?}"
        );
    }
    // A clock: never more than a fifth of the time left.
    let start = Instant::now();
    let limit = SearchLimit::Clock {
        remaining: Duration::from_millis(100),
        increment: Duration::ZERO,
    };
    search(&pos, limit);
    assert!(start.elapsed() <= Duration::from_millis(20 + 50));
}

#[test]
fn stops_when_asked() {
    let pos = Position::new(Ruleset::STANDARD);
    let stop = AtomicBool::new(true);
    let start = Instant::now();
    let result = Engine::new()
        .search(&pos, SearchLimit::Infinite, &stop, &mut Silent)
        .unwrap();
    assert!(pos.is_legal(result.best));
    assert!(start.elapsed() < Duration::from_millis(500));
}

#[test]
fn deterministic_with_a_fixed_seed() {
    let pos = random_position(7, 12);
    for level in [1, 3, 5, 8] {
        let run = || {
            let mut engine = Engine::new();
            engine.set_level(Level::new(level).unwrap());
            engine.set_seed(42);
            let stop = AtomicBool::new(false);
            let mut report = Collect::default();
            let r = engine
                .search(&pos, SearchLimit::Depth(3), &stop, &mut report)
                .unwrap();
            (
                r.best,
                r.score,
                r.pv,
                report
                    .0
                    .iter()
                    .map(|i| (i.depth, i.score, i.nodes))
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(run(), run(), "level {level}");
    }
}

#[test]
fn plays_whole_games_in_every_variant() {
    let variants = [
        Ruleset::new(5, 2).unwrap(),
        Ruleset::new(7, 4).unwrap(),
        Ruleset::new(7, 4)
            .unwrap()
            .with_variant(Variant::Teams)
            .unwrap(),
        Ruleset::new(5, 2)
            .unwrap()
            .with_variant(Variant::Scoring)
            .unwrap(),
        Ruleset::new(5, 4)
            .unwrap()
            .with_variant(Variant::Scoring)
            .unwrap(),
        Ruleset::new(3, 2).unwrap(),
        Ruleset::new(11, 2).unwrap(),
    ];
    for rules in variants {
        let rules = rules.with_ply_limit(Some(300)).unwrap();
        let mut game = quoridor_rules::Game::new(rules);
        let mut engine = Engine::new();
        let stop = AtomicBool::new(false);
        while !game.is_over() {
            let r = engine
                .search_game(&game, SearchLimit::Depth(2), &stop, &mut Silent)
                .unwrap();
            game.play(r.best)
                .unwrap_or_else(|e| panic!("{} refused ({e}) in {}", r.best, game.position()));
        }
        assert!(game.outcome().is_some(), "{rules}");
    }
}

#[test]
fn counts_a_fenceless_race_exactly() {
    // No fences on either side and pawns far apart: south needs 6 steps,
    // north 7, south moves first: south wins on its sixth move, ply 11.
    let pos: Position = "9 a3,i7 - 0,0 south 30".parse().unwrap();
    let result = search(&pos, SearchLimit::Depth(12));
    assert_eq!(result.score.to_string(), "win in 11");
    // North a step ahead (5 steps against 6) wins even moving second: it
    // arrives on its fifth move, ply 10.
    let pos: Position = "9 a3,i6 - 0,0 south 30".parse().unwrap();
    let result = search(&pos, SearchLimit::Depth(12));
    assert_eq!(result.score.to_string(), "loss in 10");
}
