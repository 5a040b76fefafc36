//! Property tests over random games of every size, 2 and 4 players and every
//! variant: the action mask is exactly the legal moves, the planes agree with
//! the rules, and vectorised games play what a lone position plays.

use proptest::prelude::*;
use quoridor_env::{ActionSpace, Batch, Planes, VectorGames};
use quoridor_rules::{Position, Ruleset, Square, Variant};

fn rules() -> impl Strategy<Value = Ruleset> {
    (0usize..5, prop::bool::ANY, 0usize..3).prop_map(|(size, four, variant)| {
        let size = [3, 5, 7, 9, 11][size];
        let players = if four { 4 } else { 2 };
        let variant = [Variant::Standard, Variant::Teams, Variant::Scoring][variant];
        let rules = Ruleset::new(size, players).unwrap();
        rules.with_variant(variant).unwrap_or(rules)
    })
}

/// The position after `choices` picks among the legal moves (stopping at the end).
fn play_out(rules: Ruleset, choices: &[usize]) -> Position {
    let mut pos = Position::new(rules);
    for &c in choices {
        let legal = pos.legal();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(legal.nth(c % legal.len()).unwrap());
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_mask_is_the_legal_moves(rules in rules(), choices in prop::collection::vec(any::<usize>(), 0..80)) {
        let pos = play_out(rules, &choices);
        let space = ActionSpace::new(pos.size());
        let mut mask = vec![false; space.len()];
        space.write_mask(&pos.legal(), &mut mask);
        for (action, &marked) in mask.iter().enumerate() {
            let mv = space.decode(action).unwrap();
            prop_assert_eq!(marked, pos.is_legal(mv), "{} in {}", mv, pos);
        }
    }

    #[test]
    fn the_planes_agree_with_the_rules(rules in rules(), choices in prop::collection::vec(any::<usize>(), 0..80)) {
        let pos = play_out(rules, &choices);
        let planes = Planes::of(&pos);
        let mut out = vec![0; planes.len()];
        planes.write(&pos, &mut out);
        let n = pos.size() as usize;
        let area = n * n;
        let p = pos.players() as usize;
        for (i, &seat) in pos.seats().iter().enumerate() {
            let sq = pos.pawn(seat);
            let on = out[i * area + sq.row() as usize * n + sq.col() as usize];
            prop_assert_eq!(on, u8::from(!pos.is_out(seat)));
            prop_assert!(out[(p + 4 + i) * area..][..area].iter().all(|&v| v == pos.fences_left(seat)));
            let to_move = u8::from(i == pos.turn_index());
            prop_assert!(out[(2 * p + 4 + i) * area..][..area].iter().all(|&v| v == to_move));
        }
        let steps = [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)];
        for row in 0..n {
            for col in 0..n {
                let sq = Square::new(col as u8, row as u8);
                for (dir, (dc, dr)) in steps.iter().enumerate() {
                    let (c, r) = (col as i32 + dc, row as i32 + dr);
                    let inside = (0..n as i32).contains(&c) && (0..n as i32).contains(&r);
                    let blocked = inside && pos.is_blocked(sq, Square::new(c as u8, r as u8));
                    prop_assert_eq!(out[(p + dir) * area + row * n + col], u8::from(blocked));
                }
            }
        }
    }

    #[test]
    fn vectorised_games_play_what_a_lone_position_plays(
        rules in rules(),
        limit in prop::option::of(4u32..40),
        seed in any::<u64>(),
    ) {
        // Sometimes a ply limit short enough to be reached.
        let rules = rules.with_ply_limit(limit).unwrap_or(rules);
        let mut games = VectorGames::new(rules, 3, seed);
        let mut batch = Batch::new(&games);
        let mut lone: Vec<Position> = (0..3).map(|_| Position::new(rules)).collect();
        let mut actions = vec![0; 3];
        for _ in 0..60 {
            games.random_actions(&mut actions);
            games.step(&actions, &mut batch).unwrap();
            for (i, pos) in lone.iter_mut().enumerate() {
                pos.play(games.actions().decode(actions[i] as usize).unwrap()).unwrap();
                // Ended by the moves or by the ply limit, never both.
                prop_assert_eq!(batch.truncated[i], pos.reached_ply_limit());
                prop_assert_eq!(batch.terminated[i], pos.is_over() && !pos.reached_ply_limit());
                if pos.is_over() {
                    *pos = Position::new(rules);
                }
                prop_assert_eq!(games.position(i).unwrap(), &*pos);
            }
        }
    }
}
