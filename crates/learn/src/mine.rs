//! Puzzles mined from self-play: positions where the engine's search finds
//! one move better than every other by a clear margin, at a fixed depth,
//! with a theme and a difficulty. They are candidates: [`crate::proof`]
//! proves each much deeper before it is shipped.

use std::sync::atomic::AtomicBool;

use quoridor_engine::{Collect, Engine, Score, SearchLimit, Silent};
use quoridor_rules::{Move, Position, Ruleset};

use crate::dice::Dice;
use crate::puzzle::{fence_threat, opponent, MoveKind, Puzzle, Theme};

/// A won or lost value counts as this many hundredths of a step: a forced
/// win against a merely good position is a clear margin, two forced wins
/// are not.
pub const DECIDED: i32 = 3000;

/// What a mining run looks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MineSettings {
    /// The search depth that proves a puzzle.
    pub depth: u32,
    /// The least margin between the best move and every other, in
    /// hundredths of a step.
    pub margin: i32,
    /// The board (two players).
    pub size: u8,
    /// Puzzles kept from one game at most (so that one game does not fill
    /// the set).
    pub per_game: usize,
}

impl Default for MineSettings {
    fn default() -> MineSettings {
        MineSettings {
            depth: 5,
            margin: 250,
            size: 9,
            per_game: 3,
        }
    }
}

/// A value with wins and losses capped at [`DECIDED`].
pub fn capped(score: Score) -> i32 {
    if score.is_win() {
        DECIDED
    } else if score.is_loss() {
        -DECIDED
    } else {
        score.0.clamp(-DECIDED + 1, DECIDED - 1)
    }
}

/// A position proved to have one clearly best move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub best: Move,
    pub line: Vec<Move>,
    pub margin: i32,
    /// The first depth from which the search kept the best move.
    pub stable_from: u32,
    /// Other moves the search took for the best at a shallower depth: the
    /// plausible wrong answers.
    pub tempting: u32,
}

/// Searches `pos` at `depth` twice (all moves, then all but the best): the
/// proof if the best beats every other by `margin` and does not lose by
/// force itself. The search is full width whatever the engine's level (a
/// proof rests on every line within its depth, not on pruning), as when
/// the shipped puzzles were mined.
pub fn prove(engine: &mut Engine, pos: &Position, depth: u32, margin: i32) -> Option<Proof> {
    let full_width = engine.full_width();
    engine.set_full_width(true);
    let proof = prove_full_width(engine, pos, depth, margin);
    engine.set_full_width(full_width);
    proof
}

fn prove_full_width(engine: &mut Engine, pos: &Position, depth: u32, margin: i32) -> Option<Proof> {
    if pos.is_over() || pos.players() != 2 {
        return None;
    }
    let stop = AtomicBool::new(false);
    engine.new_game();
    let mut iterations = Collect::default();
    let best = engine.search(pos, SearchLimit::Depth(depth), &stop, &mut iterations)?;
    if best.score.is_loss() {
        return None;
    }
    engine.new_game();
    let other = engine.search_excluding(
        pos,
        SearchLimit::Depth(depth),
        &[best.best],
        &stop,
        &mut Silent,
    )?;
    let gap = capped(best.score) - capped(other.score);
    if gap < margin {
        return None;
    }
    let stable_from = iterations
        .0
        .iter()
        .rev()
        .take_while(|info| info.pv.first() == Some(&best.best))
        .last()
        .map_or(depth, |info| info.depth);
    let mut tempting: Vec<Move> = iterations
        .0
        .iter()
        .filter_map(|info| info.pv.first().copied())
        .filter(|&mv| mv != best.best)
        .collect();
    tempting.sort_unstable();
    tempting.dedup();
    Some(Proof {
        best: best.best,
        line: best.pv.clone(),
        margin: gap,
        stable_from,
        tempting: tempting.len() as u32,
    })
}

/// The theme of a puzzle whose best move is `best`: a step is a race, a
/// jump a jump; a fence that takes away the opponent's strongest fence (or
/// at least two of its steps) is about timing, any other a detour.
pub fn theme_of(pos: &Position, best: Move) -> Theme {
    match MoveKind::of(pos, best) {
        MoveKind::Step => Theme::Race,
        MoveKind::Jump => Theme::Jump,
        MoveKind::Fence => {
            let me = pos.turn();
            let them = opponent(pos);
            let mut after = *pos;
            after.play_unchecked(best);
            let (before_way, after_way) = (pos.distance(them), after.distance(them));
            let threat_before = fence_threat(pos, them, me);
            let threat_after = fence_threat(&after, them, me);
            let detour = after_way > before_way;
            let takes_away = threat_after < threat_before;
            if takes_away && (!detour || threat_before >= threat_after + 2) {
                Theme::FenceTiming
            } else {
                Theme::Detour
            }
        }
    }
}

/// 1 to 5: how late the search settled on the move, one more for a fence
/// (harder to see than a step) and one for each plausible wrong answer
/// beyond the first.
pub fn difficulty_of(proof: &Proof) -> u8 {
    let fence = u32::from(matches!(proof.best, Move::Fence(_)));
    (proof.stable_from + fence + proof.tempting.saturating_sub(1)).clamp(1, 5) as u8
}

/// The puzzle a proved position makes (its id left empty).
pub fn puzzle_of(pos: &Position, proof: &Proof, depth: u32) -> Puzzle {
    let difficulty = difficulty_of(proof);
    Puzzle {
        id: String::new(),
        position: pos.to_string(),
        solution: proof.line.iter().map(|m| m.to_string()).collect(),
        accept: Vec::new(),
        theme: theme_of(pos, proof.best),
        difficulty,
        rating: 1000 + 150 * (i32::from(difficulty) - 1),
        depth,
        margin: proof.margin,
    }
}

/// The puzzles of a played game: each position from the fourth ply on
/// tried, at most `per_game` kept.
pub fn mine_record(
    engine: &mut Engine,
    game: &quoridor_rules::Game,
    settings: &MineSettings,
) -> Vec<Puzzle> {
    let mut found = Vec::new();
    for index in 4..game.entries().len() {
        if found.len() >= settings.per_game {
            break;
        }
        let Some(pos) = game.position_at(index) else {
            break;
        };
        if let Some(proof) = prove(engine, pos, settings.depth, settings.margin) {
            found.push(puzzle_of(pos, &proof, settings.depth));
        }
    }
    found
}

/// One self-play game from `seed` and the puzzles found in it: a few random
/// opening moves, then the engine at a shallow depth with now and then a
/// random move (mistakes make puzzles), each position tried as a puzzle.
pub fn mine_game(engine: &mut Engine, seed: u64, settings: &MineSettings) -> Vec<Puzzle> {
    let rules = Ruleset::new(settings.size as u32, 2).expect("a two-player board");
    let mut pos = Position::new(rules);
    let mut dice = Dice::new(seed);
    let stop = AtomicBool::new(false);
    let mut found = Vec::new();
    let opening = 2 + dice.below(6) as usize;
    while !pos.is_over() && pos.ply() < 160 && found.len() < settings.per_game {
        if pos.ply() as usize >= opening {
            if let Some(proof) = prove(engine, &pos, settings.depth, settings.margin) {
                found.push(puzzle_of(&pos, &proof, settings.depth));
            }
        }
        let legal = pos.legal_moves();
        let random = pos.ply() as usize <= opening || dice.below(8) == 0;
        // Random moves are mostly pawn moves: a board full of random fences
        // makes no game anyone plays.
        let steps: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| matches!(mv, Move::Pawn(_)))
            .collect();
        let mv = if random && !steps.is_empty() && dice.below(4) != 0 {
            steps[dice.below(steps.len() as u64) as usize]
        } else if random {
            legal[dice.below(legal.len() as u64) as usize]
        } else {
            engine.new_game();
            match engine.search(&pos, SearchLimit::Depth(2), &stop, &mut Silent) {
                Some(result) => result.best,
                None => break,
            }
        };
        pos.play_unchecked(mv);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_fence_is_proved_and_a_quiet_start_is_not() {
        let mut engine = Engine::new();
        // North is one step from its goal in the corner, south two: only
        // a1h keeps south in the game.
        let pos: Position = "5 c3,a2 - 3,3 south 6".parse().unwrap();
        let proof = prove(&mut engine, &pos, 4, 250).expect("a1h is the only move");
        assert_eq!(proof.best.to_string(), "a1h");
        assert!(proof.margin > DECIDED - 100, "{}", proof.margin);
        let puzzle = puzzle_of(&pos, &proof, 4);
        puzzle.validate().unwrap();
        assert_eq!(puzzle.theme, Theme::Detour);
        assert_eq!(puzzle.solution[0], "a1h");
        let start = Position::new(Ruleset::STANDARD);
        assert!(prove(&mut engine, &start, 3, 250).is_none());
    }

    #[test]
    fn themes() {
        let jump: Position = "9 e4,e5 - 10,10 south 8".parse().unwrap();
        assert_eq!(theme_of(&jump, "e6".parse().unwrap()), Theme::Jump);
        assert_eq!(theme_of(&jump, "d4".parse().unwrap()), Theme::Race);
        let pos: Position = "9 e2,e5 - 10,10 south 6".parse().unwrap();
        assert!(matches!(
            theme_of(&pos, "e4h".parse().unwrap()),
            Theme::Detour | Theme::FenceTiming
        ));
    }
}
