//! A board drawn in plain text, for the text form of a sheet and for
//! terminals: walls as `|` and `---`, pawns as capitals, a route as the
//! number of each step.
//!
//! ```text
//!      a   b   c
//!    +---+---+---+
//!  3 | *   .   B |
//!    +   +---+   +
//!  2 | .   ~ | . |
//!    +   +   +   +
//!  1 | R   .   . |
//!    +---+---+---+
//! ```

use std::collections::BTreeMap;

use quoridor_rules::Square;

use crate::exercise::{Exercise, Task};
use crate::item::{Item, Object};
use crate::pawn::Color;
use crate::side::Side;
use crate::texts::{object_label, pawn_phrase, Lang, T};

fn pawn_mark(color: Color) -> &'static str {
    match color {
        Color::Red => "R",
        Color::Blue => "B",
        Color::Green => "G",
        Color::Yellow => "Y",
    }
}

/// Two letters for an object, unique among them.
fn object_mark(object: Object) -> &'static str {
    &object.name()[..2]
}

/// What each square shows: a route step, a pawn, an item, or `.`.
fn marks(exercise: &Exercise, route: &[Square]) -> BTreeMap<Square, String> {
    let mut marks = BTreeMap::new();
    for (&sq, item) in &exercise.board.items {
        let mark = match item {
            Item::Star => "*",
            Item::Fish => "~",
            Item::Object(o) => object_mark(*o),
        };
        marks.insert(sq, mark.to_string());
    }
    for (i, &sq) in route.iter().enumerate() {
        marks.insert(sq, (i + 1).to_string());
    }
    for (color, sq) in exercise.task.pawns() {
        marks.insert(sq, pawn_mark(color).to_string());
    }
    marks
}

/// The board of `exercise`, with `route` numbered on it.
pub fn diagram(exercise: &Exercise, route: &[Square]) -> String {
    let board = &exercise.board;
    let n = board.size;
    let marks = marks(exercise, route);
    let exit = match exercise.task {
        Task::Maze { exit, side, .. } => Some((exit, side)),
        _ => None,
    };
    let opening = |sq: Square, side: Side| exit == Some((sq, side));
    let mut out = String::from("    ");
    for c in 0..n {
        out.push_str(&format!(" {} ", (b'a' + c) as char));
        out.push(' ');
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    let edge_line = |out: &mut String, row: u8, side: Side| {
        let mut arrows = String::from("    ");
        out.push_str("   +");
        for c in 0..n {
            let open = opening(Square::new(c, row), side);
            out.push_str(if open { "   +" } else { "---+" });
            arrows.push_str(if open {
                if side == Side::Top {
                    " ^  "
                } else {
                    " v  "
                }
            } else {
                "    "
            });
        }
        out.push('\n');
        arrows.truncate(arrows.trim_end().len());
        arrows
    };
    let top_arrows = {
        let mut line = String::new();
        let arrows = edge_line(&mut line, n - 1, Side::Top);
        if !arrows.trim().is_empty() {
            out.push_str(&arrows);
            out.push('\n');
        }
        line
    };
    out.push_str(&top_arrows);
    for row in (0..n).rev() {
        let left = Square::new(0, row);
        out.push_str(&format!("{:>2}", row + 1));
        out.push(if opening(left, Side::Left) { '<' } else { ' ' });
        out.push(if opening(left, Side::Left) { ' ' } else { '|' });
        for c in 0..n {
            let sq = Square::new(c, row);
            let mark = marks.get(&sq).map_or(".", String::as_str);
            out.push_str(&format!("{mark:^3}"));
            if c + 1 < n {
                let wall = board.fence_between(sq, Square::new(c + 1, row)).is_some();
                out.push(if wall { '|' } else { ' ' });
            } else if opening(sq, Side::Right) {
                out.push_str(" >");
            } else {
                out.push('|');
            }
        }
        out.push('\n');
        if row > 0 {
            out.push_str("   +");
            for c in 0..n {
                let wall = board
                    .fence_between(Square::new(c, row), Square::new(c, row - 1))
                    .is_some();
                out.push_str(if wall { "---+" } else { "   +" });
            }
            out.push('\n');
        }
    }
    let mut bottom = String::new();
    let arrows = edge_line(&mut bottom, 0, Side::Bottom);
    out.push_str(&bottom);
    if !arrows.trim().is_empty() {
        out.push_str(&arrows);
        out.push('\n');
    }
    out
}

/// What the marks of `exercise` mean, in `lang`.
pub fn legend(exercise: &Exercise, lang: Lang) -> String {
    let mut parts: Vec<String> = exercise
        .task
        .pawns()
        .iter()
        .map(|&(color, _)| format!("{} {}", pawn_mark(color), pawn_phrase(lang, color)))
        .collect();
    let board = &exercise.board;
    if board.squares_with(Item::Star).next().is_some() {
        parts.push(format!("* {}", lang.t(T::Star)));
    }
    if board.squares_with(Item::Fish).next().is_some() {
        parts.push(format!("~ {}", lang.t(T::Fish)));
    }
    for object in Object::ALL {
        if board.squares_with(Item::Object(object)).next().is_some() {
            parts.push(format!(
                "{} {}",
                object_mark(object),
                object_label(lang, object).0
            ));
        }
    }
    if matches!(exercise.task, Task::Maze { .. }) {
        parts.push(format!("^ > v < {}", lang.t(T::Exit)));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_board_in_text() {
        let text = "quoridor exercise 1\ntask: maze\nsize: 3\nfences: b1h a2v\nstart: b2\nexit: c3\nside: right\n";
        let exercise: Exercise = text.parse().unwrap();
        let drawn = diagram(&exercise, &[]);
        let expected = "     a   b   c
   +---+---+---+
 3 | . | .   .  >
   +   +   +   +
 2 | . | R   . |
   +   +---+---+
 1 | .   .   . |
   +---+---+---+
";
        assert_eq!(drawn, expected, "\n{drawn}");
    }
}
