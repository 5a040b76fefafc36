//! The proof a shipped puzzle rests on. Mining finds candidates with a
//! shallow full-width search ([`crate::mine`]); each is then proved much
//! deeper by the engine at full strength: the best move, and the best of
//! every other, each at [`DEEP_DEPTH`]. A position that is lost, or where
//! another move is about as good, is dropped; where the answer wins by
//! force, every other move that wins by force is accepted too (as a chess
//! trainer accepts another mate). The test run then re-checks each puzzle,
//! its whole line included, at [`CHECK_DEPTH`], which it can afford; a
//! puzzle that check would not confirm is dropped as well, so that the
//! check holds for every shipped puzzle by construction.

use std::fmt;
use std::sync::atomic::AtomicBool;

use quoridor_engine::{Collect, Engine, Score, SearchLimit, SearchResult, Silent};
use quoridor_rules::{Move, Position};

use crate::mine::{capped, difficulty_of, theme_of, Proof};
use crate::puzzle::Puzzle;

/// The depth of the deep proof (full strength; about a second a search).
pub const DEEP_DEPTH: u32 = 12;
/// The depth at which the test run re-checks every puzzle and its line.
pub const CHECK_DEPTH: u32 = 6;
/// The least margin of the deep proof, hundredths of a step.
pub const DEEP_MARGIN: i32 = 100;
/// The least margin the check still asks at its shallower depth.
pub const CHECK_MARGIN: i32 = 50;
/// How far a move of the solution line may trail the search's best there
/// (half a step): a line may show one of two equal moves, never a mistake.
pub const LINE_SLACK: i32 = 50;
/// The longest line shown after the answer's position (plies).
pub const MAX_LINE: usize = 8;
/// Other winning moves accepted at most: a position won in many ways is
/// not a puzzle.
pub const MAX_OTHER_WINS: usize = 3;

/// Why a position is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dropped {
    /// Every move loses by force.
    Lost,
    /// Another move is about as good: the best, the other, the gap.
    Ambiguous { best: Move, other: Move, gap: i32 },
    /// More moves win by force than a puzzle may accept.
    ManyWins(usize),
    /// The deep proof holds, but the test run's shallower check would not
    /// confirm it (the reason).
    Unchecked(String),
}

impl fmt::Display for Dropped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dropped::Lost => f.write_str("lost whatever is played"),
            Dropped::Ambiguous { best, other, gap } => write!(
                f,
                "{other} is about as good as {best} ({:.2} steps apart)",
                f64::from(*gap) / 100.0
            ),
            Dropped::ManyWins(n) => write!(f, "{n} moves win by force"),
            Dropped::Unchecked(why) => write!(f, "not confirmed at depth {CHECK_DEPTH}: {why}"),
        }
    }
}

/// An engine as the proofs use it: full strength, no opening book (a
/// puzzle is proved by search, not by what was played before).
pub fn proof_engine() -> Engine {
    let mut engine = Engine::new();
    engine.set_book(false);
    engine
}

fn search(engine: &mut Engine, pos: &Position, depth: u32, out: &mut Collect) -> SearchResult {
    engine.new_game();
    let stop = AtomicBool::new(false);
    engine
        .search(pos, SearchLimit::Depth(depth), &stop, out)
        .expect("a position not over has a move")
}

fn search_without(
    engine: &mut Engine,
    pos: &Position,
    depth: u32,
    excluded: &[Move],
) -> Option<SearchResult> {
    engine.new_game();
    let stop = AtomicBool::new(false);
    engine.search_excluding(pos, SearchLimit::Depth(depth), excluded, &stop, &mut Silent)
}

/// The value of playing `mv` in `pos`, searched as a root move at `depth`
/// (every other move excluded), so that it compares with the best's.
fn value_of(engine: &mut Engine, pos: &Position, mv: Move, depth: u32) -> Score {
    let others: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| m != mv)
        .collect();
    search_without(engine, pos, depth, &others)
        .expect("the move itself is left")
        .score
}

/// The deep proof of `pos`: its best move, the other moves that also win
/// by force, the line (at most [`MAX_LINE`] plies), the margin over every
/// other move, and what the iterations say of its difficulty.
pub fn deep_proof(
    engine: &mut Engine,
    pos: &Position,
    depth: u32,
    margin: i32,
) -> Result<(Proof, Vec<Move>), Dropped> {
    let mut iterations = Collect::default();
    let mut best = search(engine, pos, depth, &mut iterations);
    if best.score.is_loss() {
        return Err(Dropped::Lost);
    }
    let mut answers;
    let mut swapped = false;
    let other = loop {
        answers = vec![best.best];
        let other = loop {
            match search_without(engine, pos, depth, &answers) {
                Some(other) if best.score.is_win() && other.score.is_win() => {
                    answers.push(other.best);
                    if answers.len() > 1 + MAX_OTHER_WINS {
                        return Err(Dropped::ManyWins(answers.len()));
                    }
                }
                other => break other,
            }
        };
        // The search without the first move saw further than the first
        // (each prunes differently): its move leads, once.
        match other {
            Some(o) if !swapped && capped(o.score) - capped(best.score) >= margin => {
                best = o;
                swapped = true;
            }
            other => break other,
        }
    };
    let gap = other.as_ref().map_or(2 * crate::mine::DECIDED, |o| {
        capped(best.score) - capped(o.score)
    });
    if gap < margin {
        let other = other.map_or(best.best, |o| o.best);
        return Err(Dropped::Ambiguous {
            best: best.best,
            other,
            gap,
        });
    }
    let stable_from = iterations
        .0
        .iter()
        .rev()
        .take_while(|info| info.pv.first().is_some_and(|mv| answers.contains(mv)))
        .last()
        .map_or(depth, |info| info.depth);
    let mut tempting: Vec<Move> = iterations
        .0
        .iter()
        .filter_map(|info| info.pv.first().copied())
        .filter(|mv| !answers.contains(mv))
        .collect();
    tempting.sort_unstable();
    tempting.dedup();
    let mut line = best.pv.clone();
    line.truncate(1 + MAX_LINE);
    let proof = Proof {
        best: best.best,
        line,
        margin: gap,
        stable_from,
        tempting: tempting.len() as u32,
    };
    Ok((proof, answers.split_off(1)))
}

/// 1 to 5 from the deep proof: the depth from which the search kept the
/// answer counts half as much as in the shallow proof (the deep search's
/// first iterations are cheap and often wrong), then as
/// [`difficulty_of`].
pub fn deep_difficulty(proof: &Proof) -> u8 {
    difficulty_of(&Proof {
        stable_from: proof.stable_from.div_ceil(2),
        ..proof.clone()
    })
}

/// The puzzle `candidate` (its id and position) proved deep: its answer,
/// accepted wins, line, theme, difficulty and margin all from the proof,
/// then confirmed by [`check`]. `margin` is the least margin asked.
pub fn reprove(engine: &mut Engine, candidate: &Puzzle, margin: i32) -> Result<Puzzle, Dropped> {
    let pos = candidate.start();
    let (proof, accepted) = deep_proof(engine, &pos, DEEP_DEPTH, margin)?;
    let difficulty = deep_difficulty(&proof);
    let mut puzzle = Puzzle {
        id: candidate.id.clone(),
        position: candidate.position.clone(),
        solution: proof.line.iter().map(Move::to_string).collect(),
        accept: accepted.iter().map(Move::to_string).collect(),
        theme: theme_of(&pos, proof.best),
        difficulty,
        rating: 1000 + 150 * (i32::from(difficulty) - 1),
        depth: DEEP_DEPTH,
        margin: proof.margin,
    };
    // The line is kept as far as the check confirms it (at least the
    // answer): a shallower search may see the end of a long line otherwise.
    let confirmed = confirmed_line(engine, &puzzle, CHECK_DEPTH);
    puzzle.solution.truncate(confirmed.max(1));
    check(engine, &puzzle, CHECK_DEPTH).map_err(Dropped::Unchecked)?;
    Ok(puzzle)
}

/// How many moves of the puzzle's line hold at `depth`: the answer, then
/// each move no worse than the search's best there by more than
/// [`LINE_SLACK`].
fn confirmed_line(engine: &mut Engine, puzzle: &Puzzle, depth: u32) -> usize {
    let mut pos = puzzle.start();
    for (ply, mv) in puzzle.line().into_iter().enumerate() {
        if ply > 0 && line_move_fault(engine, &pos, mv, depth).is_some() {
            return ply;
        }
        if pos.play(mv).is_err() || pos.is_over() {
            return ply + 1;
        }
    }
    puzzle.solution.len()
}

/// Why `mv` is not a move a solution line may show in `pos`, if it is not.
fn line_move_fault(engine: &mut Engine, pos: &Position, mv: Move, depth: u32) -> Option<String> {
    let best = search(engine, pos, depth, &mut Collect::default());
    if best.best == mv {
        return None;
    }
    let value = value_of(engine, pos, mv, depth);
    let behind = capped(best.score) - capped(value);
    (behind > LINE_SLACK).then(|| {
        format!(
            "{mv} is {:.2} steps worse than {}",
            f64::from(behind) / 100.0,
            best.best
        )
    })
}

/// The test run's check of a shipped puzzle, at `depth` (full strength):
/// the answer (or an accepted win) is still the best move, by at least
/// [`CHECK_MARGIN`] (or the puzzle's own margin where less) over every
/// move not accepted; no accepted move loses; every later move of the
/// line is legal and no worse than the best there by more than
/// [`LINE_SLACK`]; the theme and the stored facts agree.
pub fn check(engine: &mut Engine, puzzle: &Puzzle, depth: u32) -> Result<(), String> {
    let id = &puzzle.id;
    puzzle.validate().map_err(|e| e.to_string())?;
    let pos = puzzle.start();
    let answers = puzzle.answers();
    let best = search(engine, &pos, depth, &mut Collect::default());
    if !answers.contains(&best.best) {
        return Err(format!(
            "{id}: the search prefers {} to {}",
            best.best,
            puzzle.best()
        ));
    }
    if best.score.is_loss() {
        return Err(format!("{id}: {} loses by force", best.best));
    }
    if let Some(other) = search_without(engine, &pos, depth, &answers) {
        let gap = capped(best.score) - capped(other.score);
        if gap < CHECK_MARGIN.min(puzzle.margin) {
            return Err(format!(
                "{id}: {} is only {:.2} steps behind {}",
                other.best,
                f64::from(gap) / 100.0,
                best.best
            ));
        }
    }
    for &accepted in &answers[1..] {
        if value_of(engine, &pos, accepted, depth).is_loss() {
            return Err(format!("{id}: the accepted {accepted} loses by force"));
        }
    }
    let mut at = pos;
    for (ply, mv) in puzzle.line().into_iter().enumerate() {
        if ply > 0 {
            if let Some(fault) = line_move_fault(engine, &at, mv, depth) {
                return Err(format!("{id}: move {} of the line: {fault}", ply + 1));
            }
        }
        at.play_unchecked(mv);
    }
    let theme = theme_of(&pos, puzzle.best());
    if theme != puzzle.theme {
        return Err(format!(
            "{id}: the theme is {theme:?}, not {:?}",
            puzzle.theme
        ));
    }
    if puzzle.rating != 1000 + 150 * (i32::from(puzzle.difficulty) - 1) {
        return Err(format!("{id}: the rating does not follow the difficulty"));
    }
    if puzzle.depth < depth {
        return Err(format!("{id}: proved at depth {} only", puzzle.depth));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(id: &str, position: &str, answer: &str) -> Puzzle {
        Puzzle {
            id: id.into(),
            position: position.into(),
            solution: vec![answer.into()],
            accept: Vec::new(),
            theme: crate::Theme::Race,
            difficulty: 1,
            rating: 1000,
            depth: 1,
            margin: 0,
        }
    }

    #[test]
    fn a_forced_fence_is_proved_deep_with_its_line_checked() {
        let mut engine = proof_engine();
        // North is one step from its goal in the corner, South two: only
        // a1h keeps South in the game.
        let start = candidate("t1", "5 c3,a2 - 3,3 south 6", "c4");
        let puzzle = reprove(&mut engine, &start, DEEP_MARGIN).expect("a1h is the only move");
        assert_eq!(puzzle.solution[0], "a1h");
        assert_eq!(puzzle.depth, DEEP_DEPTH);
        assert!(puzzle.margin > 2000, "{}", puzzle.margin);
        check(&mut engine, &puzzle, CHECK_DEPTH).unwrap();
        // Each fact is checked: the answer, a move of the line, the theme.
        let mut wrong = puzzle.clone();
        wrong.solution = vec!["c4".into()];
        assert!(check(&mut engine, &wrong, CHECK_DEPTH)
            .unwrap_err()
            .contains("prefers"));
        let mut wrong_theme = puzzle.clone();
        wrong_theme.theme = crate::Theme::Jump;
        assert!(check(&mut engine, &wrong_theme, CHECK_DEPTH)
            .unwrap_err()
            .contains("theme"));
    }

    #[test]
    fn a_bad_move_in_the_line_is_found() {
        let mut engine = proof_engine();
        // A race with no fences, far apart: South, first to move, wins it;
        // a step back on its second move gives it away.
        let mut puzzle = candidate("t2", "9 a2,i8 - 0,0 south 40", "a3");
        puzzle.solution = vec!["a3".into(), "i7".into(), "a2".into()];
        let mut pos = puzzle.start();
        pos.play_unchecked("a3".parse().unwrap());
        pos.play_unchecked("i7".parse().unwrap());
        let fault = line_move_fault(&mut engine, &pos, "a2".parse().unwrap(), CHECK_DEPTH);
        assert!(fault.is_some_and(|why| why.contains("worse")));
        assert_eq!(confirmed_line(&mut engine, &puzzle, CHECK_DEPTH), 2);
        puzzle.solution[2] = "a4".into();
        assert_eq!(confirmed_line(&mut engine, &puzzle, CHECK_DEPTH), 3);
    }

    #[test]
    fn a_lost_position_and_a_quiet_one_are_dropped() {
        let mut engine = proof_engine();
        // North is a step from its goal, South far, no fences: lost.
        let lost = candidate("t3", "9 a1,i2 - 0,0 south 40", "a2");
        assert_eq!(reprove(&mut engine, &lost, DEEP_MARGIN), Err(Dropped::Lost));
        let quiet = candidate("t4", "9 e1,e9 - 10,10 south 0", "e2");
        assert!(matches!(
            reprove(&mut engine, &quiet, DEEP_MARGIN),
            Err(Dropped::Ambiguous { .. })
        ));
    }
}
