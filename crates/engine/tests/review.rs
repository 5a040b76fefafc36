//! The game review judges real moves as a player would (issue 42): from the
//! start, three first fences that give away more and more, each called an
//! inaccuracy, a mistake and a blunder by the full-strength search at two
//! depths (an even depth each: odd and even depths value a fence battle
//! differently, so the bands are checked where they agree), and the engine's
//! own move called nothing.

use std::sync::atomic::AtomicBool;

use quoridor_engine::review::{review_game, Judgement};
use quoridor_engine::{Engine, SearchLimit};
use quoridor_rules::{Game, Move, Ruleset};

/// The judgement of South's first move `mv`, and what it gave away.
fn first_move(mv: &str, depth: u32) -> (Option<Judgement>, f64) {
    let mut game = Game::new(Ruleset::STANDARD);
    game.play(mv.parse::<Move>().unwrap()).unwrap();
    let mut engine = Engine::new();
    let stop = AtomicBool::new(false);
    let (_, reviews) = review_game(
        &mut engine,
        &game,
        SearchLimit::Depth(depth),
        &stop,
        |_, _| {},
    );
    let r = &reviews[0];
    (r.judgement, r.before - r.after)
}

#[test]
fn first_fences_are_an_inaccuracy_a_mistake_and_a_blunder() {
    for depth in [4, 6] {
        for (mv, want) in [
            ("f2h", Judgement::Inaccuracy),
            ("e1h", Judgement::Mistake),
            ("f3h", Judgement::Blunder),
        ] {
            let (judged, lost) = first_move(mv, depth);
            assert_eq!(judged, Some(want), "{mv} at depth {depth}: lost {lost:.3}");
        }
    }
}

#[test]
fn the_engines_own_first_move_gives_nothing_away() {
    let mut engine = Engine::new();
    let stop = AtomicBool::new(false);
    let start = quoridor_rules::Position::new(Ruleset::STANDARD);
    engine.set_book(false);
    let best = engine
        .search(
            &start,
            SearchLimit::Depth(4),
            &stop,
            &mut quoridor_engine::Silent,
        )
        .unwrap()
        .best;
    let (judged, _) = first_move(&best.to_string(), 4);
    assert_eq!(judged, None, "{best}");
}
