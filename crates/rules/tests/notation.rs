//! The position notation: round trips of positions reached by random play,
//! hand-written examples, and parsing that never panics.

mod common;

use common::{random_move, random_rules, Rng};
use proptest::prelude::*;
use quoridor_rules::{Field, Game, Move, NotationErrorKind, Position, Ruleset, Seat, Variant};

/// A game of random legal moves, with the odd resignation (a seat leaves a
/// four-player game).
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed);
    let mut game = Game::new(random_rules(&mut rng));
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        if rng.below(40) == 0 {
            let seats = game.position().seats();
            let _ = game.resign(seats[rng.below(seats.len())]);
            continue;
        }
        let mv = random_move(game.position(), &mut rng);
        game.play(mv).unwrap();
    }
    game
}

/// Text → position → text, with the same hash and the same legal moves;
/// exactly equal unless a seat has left (its pawn's last square is not part
/// of the notation).
fn check_round_trip(pos: &Position) {
    let text = pos.to_string();
    let back: Position = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
    assert_eq!(back.to_string(), text);
    assert_eq!(back.hash(), pos.hash(), "{text}");
    assert_eq!(back.hash(), back.compute_hash(), "{text}");
    assert_eq!(back.outcome(), pos.outcome(), "{text}");
    let moves = |p: &Position| p.legal_moves().iter().copied().collect::<Vec<Move>>();
    assert_eq!(moves(&back), moves(pos), "{text}");
    assert_eq!(back, *pos, "{text}");
}

#[test]
fn every_position_of_random_games_round_trips() {
    let mut out_seen = 0;
    for seed in 0..1000 {
        let game = random_game(seed, 120);
        for i in 0..=game.entries().len() {
            let pos = game.position_at(i).unwrap();
            out_seen += pos.seats().iter().any(|&s| pos.is_out(s)) as usize;
            check_round_trip(pos);
        }
    }
    assert!(out_seen > 0, "no position with a seat that left");
}

#[test]
fn exact_texts() {
    let start = Position::new(Ruleset::STANDARD);
    assert_eq!(start.to_string(), "9 e1,e9 - 10,10 south 0");
    let teams = Ruleset::new(9, 4)
        .unwrap()
        .with_variant(Variant::Teams)
        .unwrap();
    assert_eq!(
        Position::new(teams).to_string(),
        "9 e1,a5,e9,i5 - 5,5,5,5 south 0 teams"
    );

    let rules = Ruleset::new(11, 4)
        .unwrap()
        .with_variant(Variant::Scoring)
        .unwrap()
        .with_ply_limit(Some(400))
        .unwrap();
    let mut game = Game::new(rules);
    for mv in ["f2", "b6", "f10", "j6", "f3", "c6", "a1v", "b2h"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    game.resign(Seat::South).unwrap();
    let text = "11 -,c6,f10,j6 b2h,a1v 7,7,6,6 west 8 scoring ply_limit=400 scores=2,2,1,1";
    assert_eq!(game.position().to_string(), text);
    let back: Position = text.parse().unwrap();
    assert_eq!(back.to_string(), text);
    assert_eq!(back.hash(), game.position().hash());

    // Input: any case, any order of fences and options, any white space.
    let loose = "  11   -,C6,f10,J6\tA1V,b2h 7,7,6,6 W 8 Scores=2,2,1,1 PLY_LIMIT=400 scoring ";
    assert_eq!(loose.parse::<Position>().unwrap().to_string(), text);
}

#[test]
fn fences_option_only_when_not_the_default() {
    let rules = Ruleset::new(9, 2).unwrap().with_fences(10).unwrap();
    assert_eq!(Position::new(rules).to_string(), "9 e1,e9 - 10,10 south 0");
    let rules = Ruleset::new(5, 2).unwrap().with_fences(0).unwrap();
    assert_eq!(
        Position::new(rules).to_string(),
        "5 c1,c5 - 0,0 south 0 fences=0"
    );
    assert_eq!(
        "5 c1,c5 - 0,0 south 0 fences=0".parse::<Position>(),
        Ok(Position::new(rules))
    );
    // Without the option, the default count is the limit.
    let err = "5 c1,c5 - 4,3 south 0".parse::<Position>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "field 4 (fences-left): south has 4 fences left, more than the 3 each player starts with"
    );
}

#[test]
fn error_fields_and_kinds() {
    let err = "9 e1,e9 - 10,10 south 0 teams"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(err.field(), Some(Field::Option(7)));
    assert!(matches!(err.kind(), NotationErrorKind::Ruleset(_)));
    let err = "9 e1,e9 e3h 10,10".parse::<Position>().unwrap_err();
    assert_eq!(err.field(), Some(Field::ToMove));
    assert_eq!(err.kind(), &NotationErrorKind::Missing);
    assert_eq!(err.to_string(), "missing field 5 (to-move)");
    let err = "9 e1,e9 d8v,e8h,f8v 10,7 south 3"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(err.field(), None);
    assert_eq!(err.to_string(), "no path left for north");
    // A pawn that has arrived is a finished position, which is fine.
    let pos: Position = "9 e9,e5 - 10,10 north 9".parse().unwrap();
    assert!(pos.is_over());
}

/// Valid notations of many kinds, to cut and mutate.
fn samples() -> Vec<String> {
    let mut texts = vec![
        "9 e1,e9 - 10,10 south 0".to_string(),
        "9 e1,a5,e9,i5 - 5,5,5,5 south 0 teams".to_string(),
        "11 -,c6,f10,j6 b2h,a1v 7,7,6,6 west 8 scoring ply_limit=400 scores=2,2,1,1".to_string(),
    ];
    for seed in 0..40 {
        let game = random_game(1000 + seed, 80);
        texts.push(game.position().to_string());
    }
    texts
}

#[test]
fn every_truncation_is_refused_or_valid() {
    for text in samples() {
        for end in 0..text.len() {
            let cut = &text[..end];
            // Cutting a number or an option can leave a valid position.
            if let Ok(pos) = cut.parse::<Position>() {
                check_round_trip(&pos);
            } else {
                let err = cut.parse::<Position>().unwrap_err();
                assert!(!err.to_string().is_empty());
            }
        }
    }
}

fn mutate(text: &str, rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkl0123456789hv,- =_nswe+";
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(bytes.len() + 1);
        let c = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(3) {
            0 if i < bytes.len() => bytes[i] = c,
            1 if i < bytes.len() => {
                bytes.remove(i);
            }
            _ => bytes.insert(i, c),
        }
    }
    String::from_utf8(bytes).unwrap()
}

#[test]
fn mutations_are_refused_or_valid() {
    let mut rng = Rng(7);
    let mut valid = 0;
    for text in samples() {
        for _ in 0..300 {
            let mutated = mutate(&text, &mut rng);
            if let Ok(pos) = mutated.parse::<Position>() {
                valid += 1;
                check_round_trip(&pos);
            }
        }
    }
    assert!(valid > 0);
}

proptest! {
    #[test]
    fn any_string_parses_or_fails_cleanly(text in ".{0,120}") {
        if let Ok(pos) = text.parse::<Position>() {
            check_round_trip(&pos);
        }
    }

    #[test]
    fn notation_like_strings_parse_or_fail_cleanly(
        text in "(3|5|7|9|11|x) [a-l0-9,-]{0,20} [a-k1-9hv,-]{0,30} [0-9,]{0,12} (s|n|w|e|south|x) [0-9]{1,3}( (teams|scoring|side_step_over_pawn|ply_limit=[0-9]|fences=[0-9]|scores=[0-9,-]{1,8}|x)){0,3}"
    ) {
        if let Ok(pos) = text.parse::<Position>() {
            check_round_trip(&pos);
        }
    }

    #[test]
    fn random_play_round_trips(seed in any::<u64>(), plies in 0usize..200) {
        let game = random_game(seed, plies);
        check_round_trip(game.position());
    }
}

/// A set-up position (a classroom maze) may hold more fences than the players
/// ever had: fences on the board need not come from the players' stock.
#[test]
fn a_set_up_position_holds_no_more_fences_than_the_players_started_with() {
    // Five fences placed, none in hand: within the 2 × 3 of a 5×5 game.
    let maze = "5 c1,c5 a1h,c1h,a3h,c3h,b2v 0,0 south 0";
    let pos: quoridor_rules::Position = maze.parse().unwrap();
    assert_eq!(pos.fence_count(), 5);
    assert_eq!(pos.to_string(), maze);
    // One more in hand would make seven: refused.
    let err = "5 c1,c5 a1h,c1h,a3h,c3h,b2v 1,1 south 0"
        .parse::<quoridor_rules::Position>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "field 3 (fences): 5 fences on the board and 2 in hand make 7, more than the 6 the players start with"
    );
}
