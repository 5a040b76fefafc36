//! A board drawn in SVG: the squares and grooves of the wooden board,
//! the fences, the pictures, the pawns, a route; with, for the web page,
//! a tappable cell over each square.

use std::fmt::Write as _;

use quoridor_rules::{Fence, Orientation, Square};

use super::icons;
use crate::exercise::{Exercise, Task};
use crate::item::Item;
use crate::pawn::Color;
use crate::side::Side;
use crate::texts::{Lang, T};

/// The side of a square, in drawing units.
pub const UNIT: f64 = 10.0;
/// Room around the squares, for the coordinates and the exit.
const MARGIN: f64 = 7.0;
const INK: &str = "#3b2a1a";
const FENCE: &str = "#6b3f1d";

/// How to draw an exercise's board.
#[derive(Clone, Copy)]
pub struct BoardDrawing<'a> {
    pub exercise: &'a Exercise,
    pub lang: Lang,
    /// A route to draw: an answer key's, or the one whose arrows are asked.
    pub route: Option<&'a [Square]>,
    /// Each step of the route numbered.
    pub numbers: bool,
    /// Tappable cells (`data-sq`) and an empty layer for the page's route.
    pub interactive: bool,
}

/// The letter on a pawn, for grey printers: its colour's initial.
pub fn pawn_letter(lang: Lang, color: Color) -> String {
    let word = lang.t(match color {
        Color::Red => T::Red,
        Color::Blue => T::Blue,
        Color::Green => T::Green,
        Color::Yellow => T::Yellow,
    });
    word.chars()
        .next()
        .map(|c| c.to_uppercase().to_string())
        .unwrap_or_default()
}

impl BoardDrawing<'_> {
    /// The width (and height) of the drawing, in units.
    pub fn extent(&self) -> f64 {
        self.exercise.board.size as f64 * UNIT + 2.0 * MARGIN
    }

    fn n(&self) -> u8 {
        self.exercise.board.size
    }

    /// The centre of a square.
    fn centre(&self, sq: Square) -> (f64, f64) {
        let n = self.n() as f64;
        (
            MARGIN + (sq.col() as f64 + 0.5) * UNIT,
            MARGIN + (n - 1.0 - sq.row() as f64 + 0.5) * UNIT,
        )
    }

    /// The board alone, as an SVG document.
    pub fn svg(&self) -> String {
        let e = self.extent();
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {e} {e}" class="exercise-board" font-family="DejaVu Sans, Verdana, sans-serif">"#
        );
        self.draw_content(&mut out);
        out.push_str("</svg>");
        out
    }

    /// The board placed at `(x, y)` with width `width`, inside a larger SVG.
    pub fn draw_at(&self, out: &mut String, x: f64, y: f64, width: f64) {
        let scale = width / self.extent();
        let _ = write!(
            out,
            r#"<g transform="translate({x:.2},{y:.2}) scale({scale:.4})">"#
        );
        self.draw_content(out);
        out.push_str("</g>");
    }

    fn draw_content(&self, out: &mut String) {
        let board = &self.exercise.board;
        let n = self.n();
        let side = n as f64 * UNIT;
        let _ = write!(
            out,
            r##"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" rx="2" fill="#e9cf9f"/>"##,
            MARGIN - 1.2,
            MARGIN - 1.2,
            side + 2.4,
            side + 2.4
        );
        let tint = self.goal_tints();
        for sq in board.squares() {
            let (cx, cy) = self.centre(sq);
            let fill = tint
                .iter()
                .find(|(side, _)| side.touches(sq, n))
                .map_or("#fbf3e2", |(_, fill)| fill);
            let _ = write!(
                out,
                r##"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" rx="0.8" fill="{fill}" stroke="#c9a876" stroke-width="0.3"/>"##,
                cx - UNIT / 2.0 + 0.6,
                cy - UNIT / 2.0 + 0.6,
                UNIT - 1.2,
                UNIT - 1.2
            );
        }
        self.draw_coordinates(out);
        if let Task::Maze { exit, side, .. } = &self.exercise.task {
            self.draw_maze_edge(out, *exit, *side);
        }
        for (&sq, item) in &board.items {
            let (cx, cy) = self.centre(sq);
            match item {
                Item::Star => icons::star(out, cx, cy, UNIT),
                Item::Fish => icons::fish(out, cx, cy, UNIT),
                Item::Object(o) => icons::object(out, *o, cx, cy, UNIT * 0.8),
            }
        }
        if let Some(route) = self.route {
            self.draw_route(out, route);
        }
        if self.interactive {
            out.push_str(r#"<g class="route-layer"></g>"#);
        }
        for &fence in &board.fences {
            self.draw_fence(out, fence);
        }
        for (color, sq) in self.exercise.task.pawns() {
            let (cx, cy) = self.centre(sq);
            icons::pawn(
                out,
                cx,
                cy,
                UNIT,
                color.fill(),
                &pawn_letter(self.lang, color),
            );
        }
        // The steps' numbers over the fences and the pawns, never under.
        if let Some(route) = self.route.filter(|_| self.numbers) {
            self.draw_route_numbers(out, route);
        }
        if self.interactive {
            out.push_str(r#"<g class="step-layer"></g>"#);
            for sq in board.squares() {
                let (cx, cy) = self.centre(sq);
                let _ = write!(
                    out,
                    r#"<rect class="cell" data-sq="{sq}" x="{:.2}" y="{:.2}" width="{UNIT}" height="{UNIT}" fill="transparent"/>"#,
                    cx - UNIT / 2.0,
                    cy - UNIT / 2.0,
                );
            }
        }
    }

    /// The lines to reach, tinted in the colour of the pawn that must.
    fn goal_tints(&self) -> Vec<(Side, &'static str)> {
        match &self.exercise.task {
            Task::ShortestPath { goal, .. } => vec![(*goal, "#f6d3cf")],
            Task::Race { .. } => vec![(Side::Top, "#d3eed8"), (Side::Bottom, "#f6d3cf")],
            _ => Vec::new(),
        }
    }

    /// Where a maze's exit arrow crosses the coordinates: its column (an
    /// exit at the bottom) or its row (an exit on the left).
    fn exit_crossing(&self) -> (Option<u8>, Option<u8>) {
        match &self.exercise.task {
            Task::Maze { exit, side, .. } => match side {
                Side::Bottom => (Some(exit.col()), None),
                Side::Left => (None, Some(exit.row())),
                _ => (None, None),
            },
            _ => (None, None),
        }
    }

    fn draw_coordinates(&self, out: &mut String) {
        let n = self.n();
        // The label the exit arrow would cover moves aside from it.
        let (col, row) = self.exit_crossing();
        for c in 0..n {
            let (x, _) = self.centre(Square::new(c, 0));
            let x = if col == Some(c) { x + UNIT * 0.32 } else { x };
            let y = MARGIN + n as f64 * UNIT + MARGIN * 0.62;
            let _ = write!(
                out,
                r##"<text x="{x:.2}" y="{y:.2}" font-size="3.2" text-anchor="middle" fill="#7a6248">{}</text>"##,
                (b'a' + c) as char
            );
        }
        for r in 0..n {
            let (_, y) = self.centre(Square::new(0, r));
            let y = if row == Some(r) { y - UNIT * 0.3 } else { y };
            let _ = write!(
                out,
                r##"<text x="{:.2}" y="{:.2}" font-size="3.2" text-anchor="middle" fill="#7a6248">{}</text>"##,
                MARGIN * 0.45,
                y + 1.1,
                r + 1
            );
        }
    }

    /// The maze's outer wall, open at the exit, with an arrow out.
    fn draw_maze_edge(&self, out: &mut String, exit: Square, side: Side) {
        let n = self.n();
        let lo = MARGIN - 0.6;
        let hi = MARGIN + n as f64 * UNIT + 0.6;
        let (cx, cy) = self.centre(exit);
        let half = UNIT / 2.0;
        // The wall as four sides, the exit's side in two pieces.
        let mut segments = vec![
            ((lo, lo), (hi, lo), Side::Top),
            ((hi, lo), (hi, hi), Side::Right),
            ((lo, hi), (hi, hi), Side::Bottom),
            ((lo, lo), (lo, hi), Side::Left),
        ];
        let i = segments
            .iter()
            .position(|s| s.2 == side)
            .expect("four sides");
        let (a, b, _) = segments.remove(i);
        let horizontal = a.1 == b.1;
        let (gap_a, gap_b) = if horizontal {
            ((cx - half + 0.6, a.1), (cx + half - 0.6, a.1))
        } else {
            ((a.0, cy - half + 0.6), (a.0, cy + half - 0.6))
        };
        segments.push((a, gap_a, side));
        segments.push((gap_b, b, side));
        for (p, q, _) in segments {
            let _ = write!(
                out,
                r#"<path d="M{:.2},{:.2} L{:.2},{:.2}" stroke="{FENCE}" stroke-width="1.6" stroke-linecap="round"/>"#,
                p.0, p.1, q.0, q.1
            );
        }
        let (dx, dy) = side.outwards().delta();
        let from = (cx + dx as f64 * UNIT * 0.55, cy - dy as f64 * UNIT * 0.55);
        let to = (
            cx + dx as f64 * (UNIT * 0.5 + MARGIN * 0.95),
            cy - dy as f64 * (UNIT * 0.5 + MARGIN * 0.95),
        );
        icons::arrow(out, from, to, 1.2, "#2f9e44");
    }

    fn draw_fence(&self, out: &mut String, fence: Fence) {
        let n = self.n() as f64;
        let (c, r) = (fence.anchor().col() as f64, fence.anchor().row() as f64);
        let thick = 1.8;
        let (x, y, w, h) = match fence.orientation() {
            Orientation::Horizontal => (
                MARGIN + c * UNIT + 0.4,
                MARGIN + (n - 1.0 - r) * UNIT - thick / 2.0,
                2.0 * UNIT - 0.8,
                thick,
            ),
            Orientation::Vertical => (
                MARGIN + (c + 1.0) * UNIT - thick / 2.0,
                MARGIN + (n - 2.0 - r) * UNIT + 0.4,
                thick,
                2.0 * UNIT - 0.8,
            ),
        };
        let _ = write!(
            out,
            r#"<rect class="fence" data-fence="{fence}" x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" rx="0.6" fill="{FENCE}" stroke="{INK}" stroke-width="0.25"/>"#
        );
    }

    /// A route's colour and dashes: arrows to write are a pencil's dashes.
    fn route_style(&self) -> (&'static str, &'static str) {
        match self.exercise.task {
            Task::WriteArrows { .. } => (INK, r#" stroke-dasharray="1.6 1.2""#),
            _ => ("#d63a2f", ""),
        }
    }

    /// A route from the first pawn: a line through the squares' centres,
    /// an arrowhead at the end (its numbers are drawn over the pawns and
    /// fences, by [`BoardDrawing::draw_route_numbers`]).
    fn draw_route(&self, out: &mut String, route: &[Square]) {
        let Some(&(_, start)) = self.exercise.task.pawns().first() else {
            return;
        };
        let mut points = vec![self.centre(start)];
        points.extend(route.iter().map(|&sq| self.centre(sq)));
        let (color, dash) = self.route_style();
        let mut d = String::new();
        for (i, (x, y)) in points.iter().enumerate() {
            let _ = write!(d, "{}{x:.2},{y:.2} ", if i == 0 { "M" } else { "L" });
        }
        let _ = write!(
            out,
            r#"<path class="route" d="{}" fill="none" stroke="{color}" stroke-opacity="0.75" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"{dash}/>"#,
            d.trim_end()
        );
        if points.len() >= 2 {
            let last = points[points.len() - 1];
            let before = points[points.len() - 2];
            let tip = (
                before.0 + (last.0 - before.0) * 0.8,
                before.1 + (last.1 - before.1) * 0.8,
            );
            icons::arrow(out, before, tip, 1.4, color);
        }
    }

    /// Each step of a route numbered, in a corner of its square.
    fn draw_route_numbers(&self, out: &mut String, route: &[Square]) {
        let (color, _) = self.route_style();
        let points: Vec<(f64, f64)> = route.iter().map(|&sq| self.centre(sq)).collect();
        let mut visits: std::collections::HashMap<Square, usize> = Default::default();
        for (i, (&(x, y), &sq)) in points.iter().zip(route).enumerate() {
            let visit = visits.entry(sq).or_insert(0);
            let (dx, dy) = badge_offset(*visit);
            *visit += 1;
            let _ = write!(
                out,
                r##"<circle class="step" cx="{:.2}" cy="{:.2}" r="1.9" fill="#fff" stroke="{color}" stroke-width="0.4"/><text x="{:.2}" y="{:.2}" font-size="2.4" text-anchor="middle" fill="{INK}">{}</text>"##,
                x + dx,
                y + dy,
                x + dx,
                y + dy + 0.85,
                i + 1
            );
        }
    }
}

/// Where the number of a square's `visit`-th step goes, from its centre:
/// a corner of the square (upper right, then upper left, lower right,
/// lower left), never its middle where a star or an object is, and never
/// over the number of an earlier visit of the same square. The page
/// (`classroom.js`, `drawRoute`) places them the same way.
pub fn badge_offset(visit: usize) -> (f64, f64) {
    const CORNERS: [(f64, f64); 4] = [(3.0, -3.0), (-3.0, -3.0), (3.0, 3.0), (-3.0, 3.0)];
    let (dx, dy) = CORNERS[visit % 4];
    // A fifth visit and beyond: nearer the middle, still apart.
    let inward = if visit >= 4 { 0.6 } else { 1.0 };
    (dx * inward, dy * inward)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exit's arrow and the coordinate it crosses are never drawn on
    /// top of each other ("a" under an arrow out at the bottom of a1).
    #[test]
    fn the_exit_arrow_leaves_its_coordinate_readable() {
        let mut checked = 0;
        for seed in 0..60 {
            let sheet = crate::Sheet::new(crate::SheetSpec {
                kind: Some(crate::Kind::Maze),
                level: 1 + (seed % 5) as u8,
                count: 1,
                seed,
                lang: Lang::Fr,
            });
            let exercise = &sheet.exercises[0].0;
            let drawing = BoardDrawing {
                exercise,
                lang: Lang::Fr,
                route: None,
                numbers: false,
                interactive: false,
            };
            let (col, row) = drawing.exit_crossing();
            let Task::Maze { exit, .. } = &exercise.task else {
                continue;
            };
            let (cx, cy) = drawing.centre(*exit);
            let svg = drawing.svg();
            if let Some(c) = col {
                let letter = format!(">{}</text>", (b'a' + c) as char);
                let at = svg.find(&letter).expect("the letter");
                let start = svg[..at].rfind("<text x=\"").unwrap() + 9;
                let x: f64 = svg[start..].split('"').next().unwrap().parse().unwrap();
                assert!(
                    (x - cx).abs() >= 2.5,
                    "seed {seed}: the letter at {x}, the arrow at {cx}"
                );
                checked += 1;
            }
            if let Some(r) = row {
                let number = format!(">{}</text>", r + 1);
                let at = svg.find(&number).expect("the number");
                let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
                let y: f64 = tag
                    .split("y=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(
                    (y - 1.1 - cy).abs() >= 2.5,
                    "seed {seed}: the number at {y}, the arrow at {cy}"
                );
                checked += 1;
            }
        }
        assert!(checked > 0, "some exits at the bottom or on the left");
    }

    #[test]
    fn a_square_visited_twice_shows_both_numbers_apart() {
        let mut seen = std::collections::HashSet::new();
        for visit in 0..6 {
            let (dx, dy) = badge_offset(visit);
            assert!(
                dx.abs() >= 1.5 && dy.abs() >= 1.5,
                "never the middle: {visit}"
            );
            assert!(
                seen.insert(((dx * 10.0) as i32, (dy * 10.0) as i32)),
                "apart: {visit}"
            );
        }
    }

    /// A key's step numbers are drawn after (over) every fence and pawn,
    /// and the page's board has its layer for them after its pawns too.
    #[test]
    fn step_numbers_are_never_under_a_pawn_or_a_fence() {
        let mut checked = 0;
        for (seed, kind) in (0..40).zip(
            [crate::Kind::Routes, crate::Kind::Shortest]
                .into_iter()
                .cycle(),
        ) {
            let sheet = crate::Sheet::new(crate::SheetSpec {
                kind: Some(kind),
                level: 1 + (seed % 5) as u8,
                count: 1,
                seed,
                lang: Lang::En,
            });
            let (exercise, solution) = &sheet.exercises[0];
            let crate::answer::Answer::Route { squares: route } = &solution.answer else {
                continue;
            };
            for interactive in [false, true] {
                let svg = BoardDrawing {
                    exercise,
                    lang: Lang::En,
                    route: Some(route),
                    numbers: true,
                    interactive,
                }
                .svg();
                let first_number = svg.find(r#"class="step""#).expect("numbers");
                let last_piece = svg
                    .rfind(r#"class="pawn""#)
                    .into_iter()
                    .chain(svg.rfind(r#"class="fence""#))
                    .max()
                    .expect("a pawn");
                assert!(first_number > last_piece, "seed {seed}");
                if interactive {
                    assert!(svg.find(r#"class="step-layer""#) > Some(last_piece));
                }
            }
            checked += 1;
        }
        assert!(checked >= 20, "{checked}");
    }
}
