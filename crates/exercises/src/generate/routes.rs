//! Routes from the red pawn to the blue pawn: over every star (A), around
//! the fish (B), around the fish and the fences (C); from level 3, in the
//! fewest steps.

use quoridor_rules::Square;

use super::{add_fences, at, free_square, random_square, Rng};
use crate::board::Board;
use crate::exercise::Task;
use crate::item::Item;

/// The youngest start on a 3×3 board.
const SIZE: [u8; 5] = [3, 5, 6, 7, 9];
const STARS: [usize; 5] = [2, 3, 3, 4, 5];
/// Fences with the stars: none on the first levels.
const STAR_FENCES: [usize; 5] = [0, 0, 2, 4, 6];
const FISH: [usize; 5] = [2, 4, 5, 7, 10];
const FISH_WITH_FENCES: [usize; 5] = [2, 3, 4, 6, 8];
const FENCES_WITH_FISH: [usize; 5] = [1, 2, 4, 6, 9];

#[derive(Copy, Clone, PartialEq, Eq)]
enum Form {
    Stars,
    Fish,
    FishAndFences,
}

pub(super) fn generate(level: u8, rng: &mut Rng) -> (Board, Task) {
    let size = at(SIZE, level);
    let form = if level == 1 {
        rng.pick(&[Form::Stars, Form::Fish])
    } else {
        rng.pick(&[Form::Stars, Form::Fish, Form::FishAndFences])
    };
    let fewest = level >= 3;
    let mut fallback = None;
    for _ in 0..60 {
        let Some((board, start, end)) = attempt(level, size, form, rng) else {
            continue;
        };
        let task = Task::Route { start, end, fewest };
        match interest(&board, start, end) {
            Some(true) => return (board, task),
            Some(false) if fallback.is_none() => fallback = Some((board, task)),
            _ => {}
        }
    }
    fallback.unwrap_or_else(|| {
        // Corners, no fish, no fence: always a way.
        let end = Square::new(size - 1, size - 1);
        let board = Board::new(size);
        (
            board,
            Task::Route {
                start: Square::new(0, 0),
                end,
                fewest,
            },
        )
    })
}

fn attempt(level: u8, size: u8, form: Form, rng: &mut Rng) -> Option<(Board, Square, Square)> {
    let start = random_square(rng, size);
    let end = random_square(rng, size);
    let apart = start.col().abs_diff(end.col()) + start.row().abs_diff(end.row());
    if apart + 1 < size {
        return None;
    }
    let mut board = Board::new(size);
    let pawns = [start, end];
    let (stars, fish, fences) = match form {
        Form::Stars => (at(STARS, level), 0, at(STAR_FENCES, level)),
        Form::Fish => (0, at(FISH, level), 0),
        Form::FishAndFences => (0, at(FISH_WITH_FENCES, level), at(FENCES_WITH_FISH, level)),
    };
    for _ in 0..stars {
        let sq = free_square(rng, &board, &pawns)?;
        board.items.insert(sq, Item::Star);
    }
    for _ in 0..fish {
        let sq = free_square(rng, &board, &pawns)?;
        board.items.insert(sq, Item::Fish);
    }
    let stars_at: Vec<Square> = board.squares_with(Item::Star).collect();
    let fish_at = board.set_of(Item::Fish);
    let length = |b: &Board| {
        b.shortest_route(start, end.bit(), fish_at, &stars_at)
            .map(|r| r.len() as u16)
    };
    length(&board)?;
    add_fences(rng, &mut board, fences, 2, length);
    Some((board, start, end))
}

/// Whether the route is worth the exercise: it exists (else `None`), and
/// the fish or fences make it longer than the straight way, or the stars
/// lead it off the straight way.
fn interest(board: &Board, start: Square, end: Square) -> Option<bool> {
    let stars: Vec<Square> = board.squares_with(Item::Star).collect();
    let with = board.shortest_route(start, end.bit(), board.set_of(Item::Fish), &stars)?;
    let straight = (start.col().abs_diff(end.col()) + start.row().abs_diff(end.row())) as usize;
    Some(with.len() > straight)
}
