//! The search: always legal, never misses a win it can see, respects its
//! limits, deterministic when limited by depth.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use quoridor_engine::{Collect, Engine, Level, Score, SearchLimit, SearchResult, Silent};
use quoridor_rules::{Move, Position, Ruleset, Variant};

fn search(pos: &Position, limit: SearchLimit) -> quoridor_engine::SearchResult {
    let stop = AtomicBool::new(false);
    Engine::new()
        .search(pos, limit, &stop, &mut Silent)
        .expect("the game is not over")
}

/// A xorshift generator: the same moves for the same seed.
fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut r = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    move || {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        r
    }
}

/// Random legal moves from the start of `rules`.
fn random_walk(rules: Ruleset, plies: usize, next: &mut impl FnMut() -> u64) -> Position {
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

/// The answer is legal and so is its principal variation (no answer only
/// when the game is over).
fn check_answer(pos: &Position, answer: Option<SearchResult>) -> Result<(), TestCaseError> {
    match answer {
        None => prop_assert!(pos.is_over()),
        Some(result) => {
            prop_assert!(pos.is_legal(result.best), "{} in {}", result.best, pos);
            let mut line = *pos;
            for mv in &result.pv {
                prop_assert!(line.is_legal(*mv), "pv {:?} in {}", result.pv, pos);
                line.play(*mv).unwrap();
            }
        }
    }
    Ok(())
}

/// A position reached by random legal moves, on any size, 2 or 4 players,
/// any variant.
fn random_position(seed: u64, plies: usize) -> Position {
    let mut next = xorshift(seed);
    let size = [3, 5, 7, 9, 11][(next() % 5) as usize];
    let players = if next().is_multiple_of(3) { 4 } else { 2 };
    let variant = match next() % 4 {
        0 if players == 4 => Variant::Teams,
        1 => Variant::Scoring,
        _ => Variant::Standard,
    };
    let rules = Ruleset::new(size, players)
        .unwrap()
        .with_variant(variant)
        .unwrap();
    random_walk(rules, plies, &mut next)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn the_search_always_answers_a_legal_move(seed in any::<u64>(), plies in 0usize..60, depth in 1u32..4) {
        let pos = random_position(seed, plies);
        let stop = AtomicBool::new(false);
        check_answer(&pos, Engine::new().search(&pos, SearchLimit::Depth(depth), &stop, &mut Silent))?;
    }

    #[test]
    fn every_level_answers_a_legal_move(seed in any::<u64>(), plies in 0usize..40, level in 1u8..=6) {
        let pos = random_position(seed, plies);
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new();
        engine.set_level(Level::new(level).unwrap());
        engine.set_seed(seed);
        let limit = SearchLimit::MoveTime(Duration::from_millis(20));
        // An answer for every live position (none only when it is over).
        check_answer(&pos, engine.search(&pos, limit, &stop, &mut Silent))?;
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
    // Not any fence: one that keeps north from arriving next move, by
    // lengthening its way more than south's.
    let north = quoridor_rules::Seat::North;
    let south = quoridor_rules::Seat::South;
    assert_eq!(pos.distance(north), Some(1));
    let mut after = pos;
    after.play(result.best).unwrap();
    let (north_after, south_after) = (
        after.distance(north).unwrap(),
        after.distance(south).unwrap(),
    );
    assert!(
        north_after >= 2,
        "{}: north still arrives in one",
        result.best
    );
    assert!(
        north_after - 1 > south_after - pos.distance(south).unwrap(),
        "{}: north {north_after}, south {south_after}",
        result.best
    );
}

#[test]
fn the_full_strength_search_sees_a_trap_past_its_horizon() {
    // South walks up a channel (fences on both sides of column e, rows 5 to
    // 8). North's fence e8h would close it and send south back round: eight
    // steps instead of three. One ply of the plain search (level 5) only
    // counts south's fence against north; the full strength's quiescence
    // also sees north's answer, as three plies of the plain search do.
    // (Both with the hand-made evaluation, so that their values compare.)
    let pos: Position = "9 e6,a9 d5v,d7v,e5v,e7v 6,6 south 10".parse().unwrap();
    let at = |level: u8, depth: u32| {
        let mut engine = Engine::new();
        engine.set_level(Level::new(level).unwrap());
        engine.set_hand_eval(true);
        let stop = AtomicBool::new(false);
        engine
            .search(&pos, SearchLimit::Depth(depth), &stop, &mut Silent)
            .unwrap()
    };
    let plain = at(5, 1);
    let selective = at(8, 1);
    let deeper = at(5, 3);
    assert!(
        selective.score.0 <= plain.score.0 - 150,
        "{} against {}",
        selective.score,
        plain.score
    );
    assert_eq!(selective.score, deeper.score);
    assert_eq!(selective.best, deeper.best);
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

/// What a search with seed 42 answers and reports, to compare two runs.
type Trace = (Move, Score, Vec<Move>, Vec<(u32, Score, u64)>);

fn seeded_search(pos: &Position, level: u8, depth: u32) -> Trace {
    let mut engine = Engine::new();
    engine.set_level(Level::new(level).unwrap());
    engine.set_seed(42);
    let stop = AtomicBool::new(false);
    let mut report = Collect::default();
    let r = engine
        .search(pos, SearchLimit::Depth(depth), &stop, &mut report)
        .unwrap();
    let iterations = report
        .0
        .iter()
        .map(|i| (i.depth, i.score, i.nodes))
        .collect();
    (r.best, r.score, r.pv, iterations)
}

#[test]
fn deterministic_with_a_fixed_seed() {
    let pos = random_position(7, 12);
    for level in [1, 3, 5, 8] {
        let run = || seeded_search(&pos, level, 3);
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
fn the_side_ahead_does_not_walk_to_and_fro() {
    // South far ahead steps out and back, and so does North: South's best
    // step would bring back a position of the game, valued as a draw, so
    // South plays another move; the bare position still gets the step. At
    // the low levels too, whose noise is added at the root.
    let start: Position = "9 e5,a9 - 5,5 south 20".parse().unwrap();
    for level in [8, 4, 2] {
        // A fresh engine, seed and table for each search.
        let engine = || {
            let mut engine = Engine::new();
            engine.set_level(Level::new(level).unwrap());
            engine.set_seed(7);
            engine
        };
        let stop = AtomicBool::new(false);
        let limit = SearchLimit::Depth(4);
        let fresh = engine().search(&start, limit, &stop, &mut Silent).unwrap();
        let Move::Pawn(_) = fresh.best else {
            panic!("level {level}: {}", fresh.best);
        };
        let mut game = quoridor_rules::Game::from_position(start);
        for mv in [fresh.best.to_string().as_str(), "a8", "e5", "a9"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert!(game.position().repeats(&start));
        let again = engine()
            .search_game(&game, limit, &stop, &mut Silent)
            .unwrap();
        assert_ne!(again.best, fresh.best, "level {level}: {}", again.score);
        assert!(again.score > Score(0), "level {level}: {}", again.score);
        let bare = engine()
            .search(game.position(), limit, &stop, &mut Silent)
            .unwrap();
        assert_eq!(bare.best, fresh.best, "level {level}");
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

// Four players without teams: the max-n search.

/// A four-player free-for-all position reached by random legal moves.
fn random_free_for_all(seed: u64, plies: usize) -> Position {
    let mut next = xorshift(seed);
    let size = [5, 7, 9, 9, 11][(next() % 5) as usize];
    random_walk(Ruleset::new(size, 4).unwrap(), plies, &mut next)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn free_for_all_always_answers_a_legal_move(seed in any::<u64>(), plies in 0usize..80, depth in 1u32..6, level in 1u8..=8) {
        let pos = random_free_for_all(seed, plies);
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new();
        engine.set_level(Level::new(level).unwrap());
        engine.set_seed(seed);
        check_answer(&pos, engine.search(&pos, SearchLimit::Depth(depth), &stop, &mut Silent))?;
    }
}

#[test]
fn free_for_all_takes_a_win_in_one() {
    // South on e8 steps to e9, at every level.
    let pos: Position = "9 e8,a5,e3,i5 - 5,5,5,5 south 20".parse().unwrap();
    for level in 1..=8 {
        let mut engine = Engine::new();
        engine.set_level(Level::new(level).unwrap());
        let stop = AtomicBool::new(false);
        let limit = SearchLimit::MoveTime(Duration::from_millis(50));
        let result = engine.search(&pos, limit, &stop, &mut Silent).unwrap();
        assert_eq!(result.best, "e9".parse::<Move>().unwrap(), "level {level}");
        assert_eq!(result.score.to_string(), "win in 1");
    }
}

#[test]
fn free_for_all_blocks_a_pawn_that_wins_next() {
    // West, next to move, is one step from column i: south must fence it
    // off (a pawn move lets west win at once), whoever else is ahead.
    let pos: Position = "9 e2,h5,e8,c5 - 5,5,5,5 south 20".parse().unwrap();
    let west = quoridor_rules::Seat::West;
    for limit in [
        SearchLimit::Depth(2),
        SearchLimit::Depth(4),
        SearchLimit::MoveTime(Duration::from_millis(100)),
    ] {
        let result = search(&pos, limit);
        assert!(matches!(result.best, Move::Fence(_)), "{}", result.best);
        let mut after = pos;
        after.play(result.best).unwrap();
        assert!(
            after.distance(west).unwrap() > 1,
            "{} ({limit:?})",
            result.best
        );
    }
    // Levels from 3 on look a reply ahead and block too (7 and 8 with
    // their blended root and soft replies).
    for level in 3..=8 {
        let mut engine = Engine::new();
        engine.set_level(Level::new(level).unwrap());
        let stop = AtomicBool::new(false);
        let result = engine
            .search(&pos, SearchLimit::Infinite, &stop, &mut Silent)
            .unwrap();
        let mut after = pos;
        after.play(result.best).unwrap();
        assert!(
            after.distance(west).unwrap() > 1,
            "level {level}: {}",
            result.best
        );
    }
}

#[test]
fn free_for_all_respects_a_time_budget() {
    let pos = random_free_for_all(3, 20);
    let pos = if pos.is_over() {
        Position::new(Ruleset::new(9, 4).unwrap())
    } else {
        pos
    };
    for start_pos in [Position::new(Ruleset::new(9, 4).unwrap()), pos] {
        for ms in [10u64, 50, 200] {
            let start = Instant::now();
            let result = search(&start_pos, SearchLimit::MoveTime(Duration::from_millis(ms)));
            let took = start.elapsed();
            assert!(start_pos.is_legal(result.best));
            assert!(
                took <= Duration::from_millis(ms + 50),
                "{ms} ms budget, took {took:?}"
            );
        }
    }
    // Stopped at once, it still answers a legal move.
    let pos = Position::new(Ruleset::new(9, 4).unwrap());
    let stop = AtomicBool::new(true);
    let result = Engine::new()
        .search(&pos, SearchLimit::Infinite, &stop, &mut Silent)
        .unwrap();
    assert!(pos.is_legal(result.best));
}

#[test]
fn free_for_all_is_deterministic_with_a_fixed_seed() {
    for (seed, plies) in [(7, 12), (11, 30)] {
        let pos = random_free_for_all(seed, plies);
        if pos.is_over() {
            continue;
        }
        for level in [1, 3, 5, 8] {
            let run = || seeded_search(&pos, level, 4);
            assert_eq!(run(), run(), "level {level} in {pos}");
        }
    }
}

#[test]
fn free_for_all_plays_whole_games() {
    for size in [5, 7, 9] {
        let rules = Ruleset::new(size, 4)
            .unwrap()
            .with_ply_limit(Some(300))
            .unwrap();
        let mut game = quoridor_rules::Game::new(rules);
        let mut engine = Engine::new();
        let stop = AtomicBool::new(false);
        while !game.is_over() {
            let r = engine
                .search_game(&game, SearchLimit::Depth(4), &stop, &mut Silent)
                .unwrap();
            game.play(r.best)
                .unwrap_or_else(|e| panic!("{} refused ({e}) in {}", r.best, game.position()));
        }
    }
}

#[test]
fn free_for_all_breaks_out_of_a_walk_that_goes_round_in_circles() {
    // South far ahead. Every pawn stepped out and back: the position has
    // come back, and South's best step would bring back the one after it.
    // South takes another move rather than a draw shared by all; the same
    // position without its game still gets the step.
    let start: Position = "9 e5,b5,e8,h5 - 5,5,5,5 south 20 repetition"
        .parse()
        .unwrap();
    let mut game = quoridor_rules::Game::from_position(start);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new();
    let fresh = engine
        .search_game(&game, SearchLimit::Depth(4), &stop, &mut Silent)
        .unwrap();
    assert!(matches!(fresh.best, Move::Pawn(_)), "{}", fresh.best);
    let mut back = Vec::new();
    for seat in 0..4 {
        let from = game.position().pawn(game.position().turn());
        let step = if seat == 0 {
            fresh.best
        } else {
            *game
                .position()
                .legal_moves()
                .iter()
                .find(|m| matches!(m, Move::Pawn(_)))
                .unwrap()
        };
        back.push(Move::Pawn(from));
        game.play(step).unwrap();
    }
    for step in back {
        game.play(step).unwrap();
    }
    assert!(game.position().repeats(game.start()));
    let again = engine
        .search_game(&game, SearchLimit::Depth(4), &stop, &mut Silent)
        .unwrap();
    assert_ne!(again.best, fresh.best, "{}", again.score);
    assert!(again.score > Score(0), "still ahead: {}", again.score);
    let bare = engine
        .search(game.position(), SearchLimit::Depth(4), &stop, &mut Silent)
        .unwrap();
    assert_eq!(bare.best, fresh.best);
}

#[test]
fn the_best_move_other_than_one_left_out() {
    // The win in one left out: the best of the others is no win in one, and
    // the full search afterwards still finds it (the root was not stored).
    let pos: Position = "9 e8,a9 - 10,10 south 20".parse().unwrap();
    let e9: Move = "e9".parse().unwrap();
    let mut engine = Engine::new();
    let stop = AtomicBool::new(false);
    let other = engine
        .search_excluding(&pos, SearchLimit::Depth(3), &[e9], &stop, &mut Silent)
        .unwrap();
    assert_ne!(other.best, e9);
    assert!(pos.is_legal(other.best));
    assert_ne!(other.score.to_string(), "win in 1");
    let full = engine
        .search(&pos, SearchLimit::Depth(3), &stop, &mut Silent)
        .unwrap();
    assert_eq!(
        (full.best, full.score.to_string()),
        (e9, "win in 1".to_string())
    );
    // Everything left out: no answer.
    let all: Vec<Move> = pos.legal_moves().to_vec();
    assert!(engine
        .search_excluding(&pos, SearchLimit::Depth(2), &all, &stop, &mut Silent)
        .is_none());
}

#[test]
fn the_best_lines_are_different_moves_best_first() {
    let pos: Position = "9 e4,e6 c3h,f6h,d5v 8,9 south 10".parse().unwrap();
    let stop = AtomicBool::new(false);
    let mut heard = Vec::new();
    let lines = Engine::new().search_lines(
        &pos,
        SearchLimit::Depth(4),
        3,
        &stop,
        &mut Silent,
        &mut |so_far| heard.push(so_far.len()),
    );
    assert_eq!(heard, [1, 2, 3], "each line told as it comes");
    assert_eq!(lines.len(), 3);
    let first = search(&pos, SearchLimit::Depth(4));
    assert_eq!((lines[0].best, lines[0].score), (first.best, first.score));
    for (i, line) in lines.iter().enumerate() {
        assert!(pos.is_legal(line.best));
        assert_eq!(line.pv.first(), Some(&line.best));
        assert!(lines[..i].iter().all(|l| l.best != line.best));
        if i > 0 {
            assert!(line.score <= lines[i - 1].score, "{i}: best first");
        }
    }
    // One legal move: one line, whatever was asked.
    let cornered: Position = "5 a1,e5 a1v,b1h 0,0 south 8".parse().unwrap();
    let legal = cornered.legal_moves().len();
    let lines = Engine::new().search_lines(
        &cornered,
        SearchLimit::Depth(2),
        3,
        &stop,
        &mut Silent,
        &mut |_| {},
    );
    assert_eq!(lines.len(), legal.min(3));
}

#[test]
fn the_learned_evaluation_is_used_by_the_full_strength_in_the_standard_game_only() {
    let score = |pos: &Position, level: u8, hand: bool| {
        let mut engine = Engine::new();
        engine.set_level(Level::new(level).unwrap());
        engine.set_hand_eval(hand);
        let stop = AtomicBool::new(false);
        engine
            .search(pos, SearchLimit::Depth(2), &stop, &mut Silent)
            .unwrap()
            .score
    };
    let standard: Position = "9 e4,d6 c3h,e6h,f4v 8,9 south 6".parse().unwrap();
    assert_ne!(score(&standard, 8, false), score(&standard, 8, true));
    // Not at the depth-capped levels, nor on another board.
    assert_eq!(score(&standard, 5, false), score(&standard, 5, true));
    let small: Position = "7 d3,c5 c3h 5,6 south 4".parse().unwrap();
    assert_eq!(score(&small, 8, false), score(&small, 8, true));
}

/// `pos` with no fence left in either hand: a race (its notation's
/// fences-left field set to `0,0`).
fn without_fences_in_hand(pos: &Position) -> Position {
    let text = pos.to_string();
    let mut fields: Vec<&str> = text.split(' ').collect();
    fields[3] = "0,0";
    fields
        .join(" ")
        .parse()
        .expect("the same position, fences in hand aside")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// The full strength plays a race from its exact solution: the value
    /// agrees with what a full-width search proves whenever it proves one.
    #[test]
    fn a_race_is_played_from_its_solution(seed in any::<u64>(), plies in 0usize..30) {
        let mut next = xorshift(seed);
        let size = [5, 7][(next() % 2) as usize];
        let walked = random_walk(Ruleset::new(size, 2).unwrap(), plies, &mut next);
        prop_assume!(!walked.is_over());
        let pos = without_fences_in_hand(&walked);
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new();
        let solved = engine.search(&pos, SearchLimit::Depth(1), &stop, &mut Silent).unwrap();
        prop_assert!(pos.is_legal(solved.best));
        let mut searcher = Engine::new();
        searcher.set_full_width(true);
        let searched = searcher.search(&pos, SearchLimit::Depth(10), &stop, &mut Silent).unwrap();
        if searched.score.plies_to_end().is_some() {
            prop_assert_eq!(solved.score, searched.score, "{}", pos);
            prop_assert_eq!(solved.nodes, 0, "from the table");
        }
        // (With one legal move the search answers it without searching.)
        if searched.depth > 0 && solved.score.plies_to_end().is_some_and(|n| n <= 10) {
            prop_assert_eq!(solved.score, searched.score, "{}", pos);
        }
    }
}

#[test]
fn the_low_levels_still_search_a_race() {
    let pos: Position = "9 a3,i7 - 0,0 south 30".parse().unwrap();
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new();
    let solved = engine
        .search(&pos, SearchLimit::Depth(2), &stop, &mut Silent)
        .unwrap();
    assert_eq!(solved.score.to_string(), "win in 11");
    assert_eq!(solved.pv.len(), 11, "the whole race");
    engine.set_level(Level::new(3).unwrap());
    let searched = engine
        .search(&pos, SearchLimit::Depth(2), &stop, &mut Silent)
        .unwrap();
    assert!(searched.nodes > 0 && searched.score.plies_to_end().is_none());
}

/// A few plies before the ply limit every line ends in a draw, and the tree
/// is tiny: the search stops at the limit's depth instead of deepening the
/// same tree again until its budget runs out (it once reported depths in
/// the hundreds there).
#[test]
fn no_iteration_runs_past_the_ply_limit() {
    for (text, plies_left) in [
        ("9 c3,g6 - 10,10 south 396 ply_limit=400", 4),
        ("9 c3,g6 - 10,10 north 399 ply_limit=400", 1),
        ("9 e6,a5,e4,i5 - 5,5,5,5 south 397 ply_limit=400", 3),
    ] {
        let pos: Position = text.parse().unwrap();
        let result = search(&pos, SearchLimit::Nodes(20_000_000));
        assert!(result.depth >= 1, "{text}: depth {}", result.depth);
        assert!(
            result.depth <= plies_left,
            "{text}: depth {} past the {plies_left} plies left",
            result.depth
        );
        assert!(pos.legal_moves().contains(&result.best), "{text}");
    }
}

/// A deep search in a small table: the line shown is as long as the
/// search went (issue 39: it came from the table alone, whose entries along
/// it were overwritten, and shrank to one move).
#[test]
fn the_line_of_a_deep_search_is_whole_even_in_a_small_table() {
    let stop = AtomicBool::new(false);
    for text in [
        "9 e1,e9 - 10,10 south 0",
        "9 e4,e6 c3h,f6h,d5v 8,9 south 10",
        "9 d5,f5 c4h,e4h,g6v,b6h 6,7 north 20",
    ] {
        let pos: Position = text.parse().unwrap();
        let mut engine = Engine::with_hash(1);
        engine.set_book(false);
        let result = engine
            .search(&pos, SearchLimit::Depth(7), &stop, &mut Silent)
            .unwrap();
        let mut line = pos;
        for mv in &result.pv {
            assert!(line.is_legal(*mv), "{text}: pv {:?}", result.pv);
            line.play_unchecked(*mv);
        }
        let forced = result.score.plies_to_end().is_some();
        assert!(
            forced || result.pv.len() == result.depth as usize,
            "{text}: depth {} but a line of {}: {:?}",
            result.depth,
            result.pv.len(),
            result.pv
        );
    }
}

/// Three lines are told best first on every position of a few short games,
/// whatever order the searches found them in.
#[test]
fn the_best_lines_are_ordered_by_value_on_many_positions() {
    let stop = AtomicBool::new(false);
    let mut pos: Position = "9 e1,e9 - 10,10 south 0".parse().unwrap();
    let mut engine = Engine::new();
    engine.set_book(false);
    for ply in 0..40 {
        if pos.is_over() {
            break;
        }
        let lines = engine.search_lines(
            &pos,
            SearchLimit::Depth(6),
            3,
            &stop,
            &mut Silent,
            &mut |so_far| {
                assert!(
                    so_far.windows(2).all(|w| w[0].score >= w[1].score),
                    "told in order"
                );
            },
        );
        assert!(
            lines.windows(2).all(|w| w[0].score >= w[1].score),
            "ply {ply} {pos}: {:?}",
            lines.iter().map(|l| (l.best, l.score)).collect::<Vec<_>>()
        );
        pos.play(lines[ply % lines.len()].best).unwrap();
    }
}

/// Fences placed per game by `level` against itself over `games` games
/// from the start (each game its own seeds).
fn fences_per_game(level: u8, games: u64) -> f64 {
    let stop = AtomicBool::new(false);
    let mut fences = 0u32;
    for game in 0..games {
        let mut sides: Vec<Engine> = (0..2)
            .map(|side| {
                let mut engine = Engine::new();
                engine.set_level(Level::new(level).unwrap());
                engine.set_seed(game * 2 + side);
                engine
            })
            .collect();
        let mut pos = Position::new(Ruleset::STANDARD);
        while !pos.is_over() && pos.ply() < 300 {
            let side = pos.turn_index();
            let mv = sides[side]
                .search(&pos, SearchLimit::Depth(8), &stop, &mut Silent)
                .unwrap()
                .best;
            fences += u32::from(matches!(mv, Move::Fence(_)));
            pos.play(mv).unwrap();
        }
    }
    f64::from(fences) / games as f64
}

/// Level 1 is "a beginner: mostly walks forward, places poor fences": it
/// keeps most of its fences (it placed nine a game before its reluctance,
/// about three now), where level 2 places twice as many.
#[test]
fn the_beginner_mostly_walks() {
    let beginner = fences_per_game(1, 30);
    let level_2 = fences_per_game(2, 30);
    assert!((0.5..4.5).contains(&beginner), "{beginner} fences a game");
    assert!(level_2 > 1.5 * beginner, "{level_2} against {beginner}");
}
