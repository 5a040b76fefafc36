//! A text picture of a position, for the protocol's `showboard` and for
//! terminal front ends.
//!
//! The board is seen as a grid of [`Cell`]s, 2N+1 wide and high: squares at
//! odd coordinates, grooves between them, posts where grooves meet, and the
//! frame around. [`Diagram::cell`] gives that grid to a front end that draws
//! it its own way (colours, box-drawing characters); [`Diagram`]'s `Display`
//! draws it in plain ASCII, which every terminal and protocol client shows
//! alike.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::fence::{Fence, Orientation};
use crate::position::{Outcome, Position};
use crate::ruleset::Variant;
use crate::seat::Seat;
use crate::square::Square;

/// One cell of the board grid of a [`Diagram`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A square, with the pawn standing on it, if any.
    Square(Option<Seat>),
    /// The groove between two neighbouring squares; `true` when a fence
    /// lies in it. Vertical grooves have an even `x` and an odd `y`,
    /// horizontal ones an odd `x` and an even `y`.
    Groove(bool),
    /// A point inside the board where four grooves meet, with the
    /// orientation of the fence whose centre it is, if any.
    Post(Option<Orientation>),
    /// The frame of the board (its edge grooves and posts).
    Edge,
}

/// A picture of a position: the board with row numbers on the left and
/// column letters under it, then a few status lines (ply and side to move or
/// result, fences left, distances, and scores in the scoring variant).
///
/// In the ASCII drawing a square is ` . `, or the initial of the pawn on it
/// (` S `, ` W `, ` N `, ` E `); fences are drawn with `-` and `|` in the
/// grooves, and the frame with `+`, `-` and `|`.
///
/// ```
/// use quoridor_rules::{Cell, Diagram, Position, Ruleset, Seat};
///
/// let mut pos = Position::new(Ruleset::new(5, 2).unwrap());
/// for mv in ["b2h", "c4", "c3v"] {
///     pos.play(mv.parse().unwrap()).unwrap();
/// }
/// let text = Diagram::new(&pos).to_string();
/// let expected = "   +-------------------+
///  5 | .   .   .   .   . |
///    |                   |
///  4 | .   .   N | .   . |
///    |           |       |
///  3 | .   .   . | .   . |
///    |    -------        |
///  2 | .   .   .   .   . |
///    |                   |
///  1 | .   .   S   .   . |
///    +-------------------+
///      a   b   c   d   e
/// ply 3, north to move
/// fences left: south 1, north 3
/// distances: south 5, north 5
/// ";
/// assert_eq!(text, expected);
///
/// // The same grid, cell by cell, for a front end that draws it itself.
/// let diagram = Diagram::new(&pos);
/// assert_eq!(diagram.side(), 11);
/// assert_eq!(diagram.cell(5, 9), Cell::Square(Some(Seat::South)));
/// assert_eq!(diagram.cell(6, 4), Cell::Post(Some(quoridor_rules::Orientation::Vertical)));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Diagram<'a> {
    pos: &'a Position,
    outcome: Option<Outcome>,
}

impl<'a> Diagram<'a> {
    /// A picture of `pos`, with the result the board shows, if any.
    pub fn new(pos: &'a Position) -> Diagram<'a> {
        Diagram {
            pos,
            outcome: pos.outcome(),
        }
    }

    /// The same picture showing this result instead, for a game decided off
    /// the board (resignation, agreed draw) or still going (`None`).
    pub fn with_outcome(self, outcome: Option<Outcome>) -> Diagram<'a> {
        Diagram { outcome, ..self }
    }

    /// Cells per side of the grid: 2N+1.
    pub fn side(&self) -> usize {
        2 * self.pos.size() as usize + 1
    }

    /// The cell at column `x` (from the left) and line `y` (from the top) of
    /// the grid; `Edge` outside it.
    pub fn cell(&self, x: usize, y: usize) -> Cell {
        let side = self.side();
        if x == 0 || y == 0 || x + 1 >= side || y + 1 >= side {
            return Cell::Edge;
        }
        let n = self.pos.size() as usize;
        // Column index of the square to the right of an even x, or of an odd x;
        // row index (from 1 = 0) of the square below an even y, or of an odd y.
        let col = (x - 1) / 2;
        let row = n - 1 - (y - 1) / 2;
        let sq = |col: usize, row: usize| Square::new(col as u8, row as u8);
        let fence = |col: usize, row: usize, orientation| {
            self.pos.has_fence(Fence::new(sq(col, row), orientation))
        };
        match (x % 2, y % 2) {
            (1, 1) => {
                let at = sq(col, row);
                let pawn = self
                    .pos
                    .seats()
                    .iter()
                    .copied()
                    .find(|&seat| !self.pos.is_out(seat) && self.pos.pawn(seat) == at);
                Cell::Square(pawn)
            }
            // A vertical groove between columns col-1 and col, on row `row`.
            (0, 1) => {
                let c = x / 2 - 1;
                let v = Orientation::Vertical;
                Cell::Groove(fence(c, row, v) || (row > 0 && fence(c, row - 1, v)))
            }
            // A horizontal groove between rows row and row+1 (y even: `row`
            // is the row below), on column `col`.
            (1, 0) => {
                let below = n - 1 - y / 2;
                let h = Orientation::Horizontal;
                Cell::Groove(fence(col, below, h) || (col > 0 && fence(col - 1, below, h)))
            }
            _ => {
                let anchor = sq(x / 2 - 1, n - 1 - y / 2);
                let centre = [Orientation::Horizontal, Orientation::Vertical]
                    .into_iter()
                    .find(|&o| self.pos.has_fence(Fence::new(anchor, o)));
                Cell::Post(centre)
            }
        }
    }

    /// The board lines, top to bottom, with their labels; no line ends with
    /// a space.
    pub fn board_lines(&self) -> Vec<String> {
        let side = self.side();
        let n = self.pos.size() as usize;
        let mut lines = Vec::with_capacity(side + 1);
        for y in 0..side {
            let mut line = if y % 2 == 1 {
                format!("{:>2} ", n - y / 2)
            } else {
                String::from("   ")
            };
            for x in 0..side {
                line.push_str(self.ascii(x, y));
            }
            lines.push(line);
        }
        let mut letters = String::from("   ");
        for col in 0..n {
            letters.push_str("  ");
            letters.push(char::from(b'a' + col as u8));
            letters.push(' ');
        }
        lines.push(String::from(letters.trim_end()));
        lines
    }

    /// The status lines under the board.
    pub fn status_lines(&self) -> Vec<String> {
        let pos = self.pos;
        let mut lines = Vec::new();
        lines.push(match self.outcome {
            None => format!("ply {}, {} to move", pos.ply(), pos.turn()),
            Some(Outcome::Draw) => format!("ply {}, game over: draw", pos.ply()),
            Some(Outcome::Winner(seat)) => format!("ply {}, game over: {seat} wins", pos.ply()),
            Some(Outcome::TeamWinner(team)) => {
                format!("ply {}, game over: {team} win", pos.ply())
            }
        });
        let per_seat = |title: &str, value: &dyn Fn(Seat) -> String| {
            let mut line = format!("{title}:");
            for (i, &seat) in pos.seats().iter().enumerate() {
                let shown = if pos.is_out(seat) {
                    String::from("out")
                } else {
                    value(seat)
                };
                let sep = if i == 0 { " " } else { ", " };
                let _ = write!(line, "{sep}{seat} {shown}");
            }
            line
        };
        lines.push(per_seat("fences left", &|seat| {
            format!("{}", pos.fences_left(seat))
        }));
        lines.push(per_seat("distances", &|seat| match pos.distance(seat) {
            Some(d) => format!("{d}"),
            None => String::from("-"),
        }));
        if pos.rules().variant() == Variant::Scoring {
            lines.push(per_seat("scores", &|seat| format!("{}", pos.score(seat))));
        }
        lines
    }

    /// The ASCII text of one cell: three characters for squares and
    /// horizontal grooves, one for posts and vertical grooves.
    fn ascii(&self, x: usize, y: usize) -> &'static str {
        let side = self.side();
        let wide = x % 2 == 1;
        match self.cell(x, y) {
            Cell::Square(None) => " . ",
            Cell::Square(Some(seat)) => match seat {
                Seat::South => " S ",
                Seat::West => " W ",
                Seat::North => " N ",
                Seat::East => " E ",
            },
            Cell::Groove(true) if wide => "---",
            Cell::Groove(true) => "|",
            Cell::Groove(false) if wide => "   ",
            Cell::Groove(false) => " ",
            Cell::Post(Some(Orientation::Horizontal)) => "-",
            Cell::Post(Some(Orientation::Vertical)) => "|",
            Cell::Post(None) => " ",
            Cell::Edge => {
                let top_or_bottom = y == 0 || y + 1 == side;
                let left_or_right = x == 0 || x + 1 == side;
                match (top_or_bottom, left_or_right) {
                    (true, true) => "+",
                    (true, false) if wide => "---",
                    (true, false) => "-",
                    _ => "|",
                }
            }
        }
    }
}

/// The board lines then the status lines, each ending with a newline.
impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.board_lines().iter().chain(&self.status_lines()) {
            f.write_str(line)?;
            f.write_char('\n')?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Ruleset};
    use alloc::string::ToString;

    fn play(pos: &mut Position, moves: &str) {
        for mv in moves.split_whitespace() {
            pos.play(mv.parse().unwrap()).unwrap();
        }
    }

    #[test]
    fn fences_touching_in_a_line_and_in_a_t_stay_apart() {
        let mut pos = Position::new(Ruleset::new(7, 2).unwrap());
        play(&mut pos, "a3h d6 c3h d5 d2v d4 c5v");
        let board = Diagram::new(&pos).board_lines();
        let expected = [
            "   +---------------------------+",
            " 7 | .   .   .   .   .   .   . |",
            "   |                           |",
            " 6 | .   .   . | .   .   .   . |",
            "   |           |               |",
            " 5 | .   .   . | .   .   .   . |",
            "   |                           |",
            " 4 | .   .   .   N   .   .   . |",
            "   |------- -------            |",
            " 3 | .   .   .   . | .   .   . |",
            "   |               |           |",
            " 2 | .   .   .   . | .   .   . |",
            "   |                           |",
            " 1 | .   .   .   S   .   .   . |",
            "   +---------------------------+",
            "     a   b   c   d   e   f   g",
        ];
        assert_eq!(board, expected);
    }

    #[test]
    fn four_players_scores_and_results() {
        let rules = Ruleset::new(5, 4)
            .unwrap()
            .with_variant(Variant::Scoring)
            .unwrap();
        let mut pos = Position::new(rules);
        play(&mut pos, "c2 b3");
        let text = Diagram::new(&pos).to_string();
        assert!(text.contains(" 3 | .   W   .   .   E |\n"), "{text}");
        assert!(text.contains(" 2 | .   .   S   .   . |\n"), "{text}");
        assert!(text.ends_with(
            "ply 2, north to move\n\
             fences left: south 1, west 1, north 1, east 1\n\
             distances: south 3, west 3, north 4, east 4\n\
             scores: south 1, west 1, north 0, east 0\n"
        ));
        let shown = Diagram::new(&pos)
            .with_outcome(Some(Outcome::Draw))
            .to_string();
        assert!(shown.contains("ply 2, game over: draw\n"));
    }

    #[test]
    fn resigned_seats_leave_the_picture() {
        let mut game = Game::new(Ruleset::new(5, 4).unwrap());
        game.resign(Seat::West).unwrap();
        let pos = game.position();
        let text = Diagram::new(pos).to_string();
        assert!(text.contains(" 3 | .   .   .   .   E |\n"), "{text}");
        assert!(
            text.contains("fences left: south 1, west out, north 1, east 1\n"),
            "{text}"
        );
        let team = crate::Team::SouthWest;
        let shown = Diagram::new(pos).with_outcome(Some(Outcome::TeamWinner(team)));
        assert!(shown.to_string().contains("game over: south+west win\n"));
    }

    #[test]
    fn every_line_ends_without_a_space_and_none_is_empty() {
        for size in [3, 5, 7, 9, 11] {
            let pos = Position::new(Ruleset::new(size, 2).unwrap());
            let text = Diagram::new(&pos).to_string();
            for line in text.lines() {
                assert!(!line.trim().is_empty() && !line.ends_with(' '), "{line:?}");
            }
            assert_eq!(text.lines().count(), 2 * size as usize + 2 + 3);
        }
    }
}
