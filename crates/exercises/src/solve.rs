//! The answer key: a shortest route, the objects reached, the arrows of a
//! route, the winner of a race.

use quoridor_rules::Square;

use crate::answer::Answer;
use crate::board::{Board, Squares};
use crate::exercise::{arrows_of, Exercise, Task};
use crate::item::Item;
use crate::pawn::Color;
use crate::side::Side;

/// An exercise's answer key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub answer: Answer,
}

impl Solution {
    /// The number of steps of a route answer.
    pub fn steps(&self) -> Option<usize> {
        match &self.answer {
            Answer::Route { squares } => Some(squares.len()),
            _ => None,
        }
    }
}

/// The squares along an edge.
pub fn edge(side: Side, size: u8) -> Squares {
    side.squares(size).fold(0, |set, sq| set | sq.bit())
}

/// The steps a pawn needs from `from` to the edge `side` (pawns never
/// block one another in these questions).
pub fn steps_to_edge(board: &Board, from: Square, side: Side) -> Option<u16> {
    board.distances(from, 0).nearest(edge(side, board.size))
}

/// Who arrives first when each pawn needs so many steps and `first`
/// moves first: the first mover wins a tie.
pub fn race_winner(green: u16, red: u16, first: Color) -> Color {
    match first {
        Color::Green if green <= red => Color::Green,
        Color::Green => Color::Red,
        _ if red <= green => Color::Red,
        _ => Color::Green,
    }
}

/// The answer key of a valid exercise, or `None` if it has no answer (no
/// way out, a star out of reach, a pawn walled in).
pub fn solve(exercise: &Exercise) -> Option<Solution> {
    let board = &exercise.board;
    let size = board.size;
    let route = |squares: Option<Vec<Square>>| {
        squares.map(|squares| Solution {
            answer: Answer::Route { squares },
        })
    };
    match &exercise.task {
        Task::Maze { start, exit, .. } => route(board.shortest_route(*start, exit.bit(), 0, &[])),
        Task::Route { start, end, .. } => {
            let stars: Vec<Square> = board.squares_with(Item::Star).collect();
            let fish = board.set_of(Item::Fish);
            route(board.shortest_route(*start, end.bit(), fish, &stars))
        }
        Task::ShortestPath { start, goal } => {
            route(board.shortest_route(*start, edge(*goal, size), 0, &[]))
        }
        Task::FollowArrows { walkers } => {
            let objects = walkers
                .iter()
                .map(|w| match board.items.get(&w.end(size)?) {
                    Some(Item::Object(object)) => Some(Some(*object)),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Solution {
                answer: Answer::Objects { objects },
            })
        }
        Task::WriteArrows { start, route } => Some(Solution {
            answer: Answer::Arrows {
                steps: arrows_of(*start, route),
            },
        }),
        Task::Race { green, red, first } => {
            let g = steps_to_edge(board, *green, Side::Top)?;
            let r = steps_to_edge(board, *red, Side::Bottom)?;
            Some(Solution {
                answer: Answer::Race {
                    winner: race_winner(g, r, *first),
                    green: Some(g),
                    red: Some(r),
                },
            })
        }
    }
}
