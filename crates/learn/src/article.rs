//! The strategy article's two worked examples, rebuilt. The article (the
//! seeds' `strategy-article-fr.txt`) describes, without its diagrams, one
//! position seen with each side to move: South ("Beige") 3 steps from its
//! goal with 3 fences left, North ("Violet") 5 steps away with 5. With South
//! to move, one fence turns North's way into 20 steps; with North to move,
//! one fence turns South's into 24, and takes South's own fence away.
//!
//! Such a position is found here by a seeded search (simulated annealing
//! over the pawns and the twelve placed fences) that scores how far a
//! position is from those numbers; the best found is kept, exact or not.

use quoridor_rules::{Fence, Move, Orientation, Position, Seat, Square};

use crate::dice::Dice;

/// What the article says, and what a position gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArticleExample {
    /// The position with South to move (North to move: the same with
    /// `north` in the notation).
    pub position: String,
    pub south_steps: u32,
    pub north_steps: u32,
    /// South's fence and North's way after it.
    pub south_fence: Move,
    pub north_after: u32,
    /// North's fence and South's way after it.
    pub north_fence: Move,
    pub south_after: u32,
    /// Whether South's fence is still legal after North's.
    pub south_fence_survives: bool,
}

/// The article's numbers.
pub const SOUTH_STEPS: u32 = 3;
pub const NORTH_STEPS: u32 = 5;
pub const NORTH_AFTER: u32 = 20;
pub const SOUTH_AFTER: u32 = 24;
/// Fences on the board: South has used 7 of 10, North 5.
const PLACED: usize = 12;

impl ArticleExample {
    /// How far from the article: 0 when every number is the article's.
    pub fn distance(&self) -> u32 {
        3 * self.south_steps.abs_diff(SOUTH_STEPS)
            + 3 * self.north_steps.abs_diff(NORTH_STEPS)
            + self.north_after.abs_diff(NORTH_AFTER)
            + self.south_after.abs_diff(SOUTH_AFTER)
            + 4 * u32::from(self.south_fence_survives)
    }

    /// The position with `seat` to move.
    pub fn with_turn(&self, seat: Seat) -> String {
        self.position
            .replace(" south ", &format!(" {} ", seat.name()))
    }
}

/// The fence of the side to move that makes `victim`'s way longest, and
/// that length.
fn longest_fence(pos: &Position, victim: Seat) -> Option<(Move, u32)> {
    pos.legal_moves()
        .iter()
        .filter(|mv| matches!(mv, Move::Fence(_)))
        .map(|&mv| {
            let mut after = *pos;
            after.play_unchecked(mv);
            (mv, after.distance(victim).unwrap_or(0))
        })
        .max_by_key(|&(mv, d)| (d, std::cmp::Reverse(mv)))
}

fn notation(south: Square, north: Square, fences: &[Fence], turn: Seat) -> String {
    let fences: Vec<String> = fences.iter().map(|f| f.to_string()).collect();
    let fences = if fences.is_empty() {
        "-".to_string()
    } else {
        fences.join(",")
    };
    format!("9 {south},{north} {fences} 3,5 {} 24", turn.name())
}

/// The numbers of a candidate, or `None` if it is not a position.
pub fn measure(south: Square, north: Square, fences: &[Fence]) -> Option<ArticleExample> {
    let text = notation(south, north, fences, Seat::South);
    let pos: Position = text.parse().ok()?;
    if pos.is_over() {
        return None;
    }
    let turned: Position = notation(south, north, fences, Seat::North).parse().ok()?;
    let (south_fence, north_after) = longest_fence(&pos, Seat::North)?;
    let (north_fence, south_after) = longest_fence(&turned, Seat::South)?;
    let mut after_north = turned;
    after_north.play_unchecked(north_fence);
    let survives = match south_fence {
        Move::Fence(f) => after_north.check_fence(f).is_ok(),
        _ => false,
    };
    Some(ArticleExample {
        position: text,
        south_steps: pos.distance(Seat::South)?,
        north_steps: pos.distance(Seat::North)?,
        south_fence,
        north_after,
        north_fence,
        south_after,
        south_fence_survives: survives,
    })
}

/// A random square and a random fence anchor.
fn random_square(dice: &mut Dice) -> Square {
    Square::new(dice.below(9) as u8, dice.below(9) as u8)
}

fn random_fence(dice: &mut Dice) -> Fence {
    let orientation = if dice.below(2) == 0 {
        Orientation::Horizontal
    } else {
        Orientation::Vertical
    };
    Fence::new(
        Square::new(dice.below(8) as u8, dice.below(8) as u8),
        orientation,
    )
}
/// Searches for the article's position: `restarts` annealing runs of
/// `steps` each from `seed`; the closest position found.
pub fn search(seed: u64, restarts: usize, steps: usize) -> Option<ArticleExample> {
    let mut dice = Dice::new(seed);
    let mut best: Option<ArticleExample> = None;
    for _ in 0..restarts {
        let found = anneal(&mut dice, steps);
        if let Some(found) = found {
            if best
                .as_ref()
                .is_none_or(|b| found.distance() < b.distance())
            {
                best = Some(found);
            }
            if best.as_ref().is_some_and(|b| b.distance() == 0) {
                break;
            }
        }
    }
    best
}

fn anneal(dice: &mut Dice, steps: usize) -> Option<ArticleExample> {
    // A start: South three rows from its goal, North five from its own.
    let mut south = Square::new(dice.below(9) as u8, 5);
    let mut north = Square::new(dice.below(9) as u8, 4);
    let mut fences: Vec<Fence> = Vec::new();
    while fences.len() < PLACED {
        let f = random_fence(dice);
        let mut with = fences.clone();
        with.push(f);
        if measure(south, north, &with).is_some() {
            fences = with;
        }
    }
    let mut current = measure(south, north, &fences)?;
    let mut best = current.clone();
    for step in 0..steps {
        let heat = 3.0 * (1.0 - step as f64 / steps as f64) + 0.05;
        let (mut s, mut n, mut fs) = (south, north, fences.clone());
        match dice.below(6) {
            0 => s = random_square(dice),
            1 => n = random_square(dice),
            _ => {
                let i = dice.below(fs.len() as u64) as usize;
                fs[i] = random_fence(dice);
            }
        }
        let Some(next) = measure(s, n, &fs) else {
            continue;
        };
        let delta = f64::from(next.distance()) - f64::from(current.distance());
        if delta <= 0.0 || dice.unit() < (-delta / heat).exp() {
            (south, north, fences, current) = (s, n, fs, next);
            if current.distance() < best.distance() {
                best = current.clone();
                if best.distance() == 0 {
                    break;
                }
            }
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measure_reads_the_numbers() {
        let fences: Vec<Fence> = Vec::new();
        let found = measure(Square::new(4, 5), Square::new(4, 4), &fences).unwrap();
        assert_eq!((found.south_steps, found.north_steps), (3, 4));
        assert!(found.distance() > 0);
        assert_eq!(found.with_turn(Seat::North), "9 e6,e5 - 3,5 north 24");
    }
}

#[cfg(test)]
mod search_tests {
    use super::*;

    #[test]
    #[ignore = "a search of a minute or so: prints the closest position found"]
    fn print_the_closest_position() {
        let found = search(
            std::env::var("SEED")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(1),
            40,
            4000,
        )
        .unwrap();
        println!("{found:#?} distance {}", found.distance());
    }
}
