//! A4 pages in SVG (millimetres): a worksheet's exercise pages with room
//! to answer, its answer-key pages, and the pupil's rule sheet.

use std::fmt::Write as _;

use quoridor_rules::{Fence, Square};

use super::board::{BoardDrawing, UNIT};
use super::{escape, icons, wrap};
use crate::answer::Answer;
use crate::board::Board;
use crate::exercise::{Exercise, Task, Walker};
use crate::pawn::Color;
use crate::sheet::{answer_lines, drawn_route, Sheet};
use crate::texts::{answer_text, instruction, pupil_sheet, Lang, T};

pub const PAGE_WIDTH: f64 = 210.0;
pub const PAGE_HEIGHT: f64 = 297.0;
const LEFT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 280.0;
const WIDTH: f64 = PAGE_WIDTH - 2.0 * LEFT;
const INK: &str = "#2b2118";
const GREY: &str = "#6d6256";

/// Pages being filled, top to bottom.
struct Pages {
    done: Vec<String>,
    body: String,
    y: f64,
}

impl Pages {
    fn new() -> Pages {
        Pages {
            done: Vec::new(),
            body: String::new(),
            y: TOP,
        }
    }

    /// Room for `height` more millimetres, on a new page if need be.
    fn room(&mut self, height: f64) {
        if self.y + height > BOTTOM && self.y > TOP {
            self.break_page();
        }
    }

    fn break_page(&mut self) {
        self.done.push(std::mem::take(&mut self.body));
        self.y = TOP;
    }

    fn text(&mut self, x: f64, y: f64, size: f64, bold: bool, fill: &str, text: &str) {
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        let _ = write!(
            self.body,
            r#"<text x="{x:.2}" y="{y:.2}" font-size="{size:.2}"{weight} fill="{fill}">{}</text>"#,
            escape(text)
        );
    }

    /// A paragraph from the current height; returns its height.
    fn paragraph(&mut self, x: f64, width: f64, size: f64, text: &str) -> f64 {
        let lines = wrap(text, width, size);
        let step = size * 1.35;
        for (i, line) in lines.iter().enumerate() {
            let y = self.y + size + i as f64 * step;
            self.text(x, y, size, false, INK, line);
        }
        lines.len() as f64 * step
    }

    /// A dotted line to write on, at height `y`.
    fn line(&mut self, x1: f64, x2: f64, y: f64) {
        let _ = write!(
            self.body,
            r#"<path d="M{x1:.2},{y:.2} H{x2:.2}" stroke="{GREY}" stroke-width="0.3" stroke-dasharray="0.8 0.8"/>"#
        );
    }

    /// Each page as a whole SVG document, with its footer.
    fn finish(mut self, footer: &str, lang: Lang) -> Vec<String> {
        if !self.body.is_empty() {
            self.done.push(self.body);
        }
        let total = self.done.len();
        self.done
            .into_iter()
            .enumerate()
            .map(|(i, body)| {
                let page = lang.f(T::PageOf, &[("n", &(i + 1).to_string()), ("total", &total.to_string())]);
                format!(
                    r##"<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_WIDTH}mm" height="{PAGE_HEIGHT}mm" viewBox="0 0 {PAGE_WIDTH} {PAGE_HEIGHT}" font-family="DejaVu Sans, Verdana, sans-serif" class="page"><rect width="{PAGE_WIDTH}" height="{PAGE_HEIGHT}" fill="#fff"/>{body}<text x="{:.2}" y="{:.2}" font-size="3" text-anchor="middle" fill="{GREY}">{}</text></svg>"##,
                    PAGE_WIDTH / 2.0,
                    PAGE_HEIGHT - 9.0,
                    escape(&format!("{footer} · {page}"))
                )
            })
            .collect()
    }
}

/// The width of an exercise's board on paper: squares of about 9 mm, and
/// large for the youngest (levels 1 and 2, from 4 years old: squares a
/// child's pencil fills, the board up to 88 mm so that two exercises still
/// share a page), at most `most`.
fn board_width(exercise: &Exercise, most: f64) -> f64 {
    let n = exercise.board.size as f64;
    let drawing = n * UNIT + 14.0;
    let width = match exercise.level {
        Some(1) => (drawing * 18.0 / UNIT).min(YOUNG_BOARD),
        Some(2) => (drawing * 13.0 / UNIT).min(YOUNG_BOARD),
        _ if n <= 6.0 => drawing * 10.0 / UNIT,
        _ => drawing * 9.0 / UNIT,
    };
    width.min(most)
}

/// The widest board of the youngest's exercises, in mm.
const YOUNG_BOARD: f64 = 88.0;

/// The worksheet: its exercise pages, then its answer-key pages.
pub fn sheet_pages(sheet: &Sheet) -> Vec<String> {
    let lang = sheet.spec.lang;
    let mut pages = Pages::new();
    header(&mut pages, sheet.spec.title(), lang, true);
    for (i, (exercise, _)) in sheet.exercises.iter().enumerate() {
        exercise_block(&mut pages, i + 1, exercise, lang);
    }
    let mut key = Pages::new();
    let title = format!("{} — {}", lang.t(T::AnswerKey), sheet.spec.title());
    header(&mut key, &title, lang, false);
    answer_key(&mut key, sheet, lang);
    let footer = format!("Quoridor · {}", sheet.spec.reference());
    let mut all = pages.finish(&footer, lang);
    all.extend(key.finish(&footer, lang));
    all
}

fn header(pages: &mut Pages, title: &str, lang: Lang, name_line: bool) {
    pages.text(LEFT, pages.y + 8.0, 8.0, true, INK, title);
    pages.y += 12.0;
    if name_line {
        let y = pages.y + 6.0;
        pages.text(LEFT, y, 4.2, false, INK, lang.t(T::NameLine));
        pages.line(LEFT + 26.0, LEFT + 100.0, y + 0.8);
        pages.text(LEFT + 112.0, y, 4.2, false, INK, lang.t(T::DateLine));
        pages.line(LEFT + 128.0, LEFT + WIDTH, y + 0.8);
        pages.y += 12.0;
    }
}

fn exercise_block(pages: &mut Pages, number: usize, exercise: &Exercise, lang: Lang) {
    let board_w = board_width(exercise, 100.0);
    let text = instruction(exercise, lang);
    let text_height = wrap(&text, WIDTH, 4.2).len() as f64 * 4.2 * 1.35;
    pages.room(10.0 + text_height + board_w + 8.0);
    let heading = lang.f(T::ExerciseN, &[("n", &number.to_string())]);
    pages.text(LEFT, pages.y + 5.5, 5.5, true, INK, &heading);
    pages.y += 8.5;
    pages.y += pages.paragraph(LEFT, WIDTH, 4.2, &text) + 2.0;
    let top = pages.y;
    let route = drawn_route(exercise);
    let drawing = BoardDrawing {
        exercise,
        lang,
        route: (!route.is_empty()).then_some(route),
        numbers: true,
        interactive: false,
    };
    drawing.draw_at(&mut pages.body, LEFT, top, board_w);
    // Beside the board: the arrows to follow, then the lines to answer on.
    let x = LEFT + board_w + 8.0;
    let mut y = top + 6.0;
    if let Task::FollowArrows { walkers } = &exercise.task {
        for walker in walkers {
            walker_line(pages, x, y, walker, lang);
            y += 11.0;
        }
        y += 3.0;
    }
    for label in answer_lines(exercise, lang) {
        pages.text(x, y, 4.0, false, INK, &label);
        pages.line(x, LEFT + WIDTH, y + 8.0);
        y += 15.0;
    }
    pages.y = (top + board_w).max(y) + 8.0;
}

/// A pawn and its arrows, large.
fn walker_line(pages: &mut Pages, x: f64, y: f64, walker: &Walker, lang: Lang) {
    let letter = super::pawn_letter(lang, walker.color);
    icons::pawn(
        &mut pages.body,
        x + 3.5,
        y - 1.6,
        8.0,
        walker.color.fill(),
        &letter,
    );
    let steps: Vec<String> = walker.steps.iter().map(|s| s.to_string()).collect();
    pages.text(x + 10.0, y, 6.0, true, INK, &steps.join("  "));
}

fn answer_key(pages: &mut Pages, sheet: &Sheet, lang: Lang) {
    let column = (WIDTH - 8.0) / 2.0;
    let mut row_top = pages.y;
    let mut row_height: f64 = 0.0;
    for (i, (exercise, solution)) in sheet.exercises.iter().enumerate() {
        let col = i % 2;
        let lines: Vec<String> = answer_text(solution, exercise, lang)
            .iter()
            .flat_map(|l| wrap(l, column, 3.6))
            .collect();
        let board_w = board_width(exercise, column * 0.85);
        let height = 7.0 + lines.len() as f64 * 4.9 + board_w + 6.0;
        if col == 0 {
            pages.y = row_top + row_height;
            pages.room(height);
            row_top = pages.y;
            row_height = 0.0;
        }
        let x = LEFT + col as f64 * (column + 8.0);
        let mut y = row_top + 5.0;
        pages.text(
            x,
            y,
            4.6,
            true,
            INK,
            &lang.f(T::ExerciseN, &[("n", &(i + 1).to_string())]),
        );
        y += 2.0;
        for line in &lines {
            y += 4.9;
            pages.text(x, y, 3.6, false, INK, line);
        }
        let route = match &solution.answer {
            Answer::Route { squares } => Some(squares.as_slice()),
            _ => {
                let r = drawn_route(exercise);
                (!r.is_empty()).then_some(r)
            }
        };
        let drawing = BoardDrawing {
            exercise,
            lang,
            route,
            numbers: true,
            interactive: false,
        };
        drawing.draw_at(&mut pages.body, x, y + 2.0, board_w);
        row_height = row_height.max(height);
    }
    pages.y = row_top + row_height;
}

/// A small board to illustrate a rule: pawns, fences, a route.
fn illustration(
    pages: &mut Pages,
    x: f64,
    width: f64,
    pawns: &[(Color, &str)],
    fences: &[&str],
    route: &[&str],
    lang: Lang,
) {
    let sq = |s: &str| s.parse::<Square>().expect("a square");
    let mut board = Board::new(3);
    board.fences = fences
        .iter()
        .map(|f| f.parse::<Fence>().expect("a fence"))
        .collect();
    let walkers = pawns
        .iter()
        .map(|&(color, at)| Walker {
            color,
            start: sq(at),
            steps: Vec::new(),
        })
        .collect();
    let exercise = Exercise::new(board, Task::FollowArrows { walkers });
    let route: Vec<Square> = route.iter().map(|s| sq(s)).collect();
    let drawing = BoardDrawing {
        exercise: &exercise,
        lang,
        route: (!route.is_empty()).then_some(&route),
        numbers: false,
        interactive: false,
    };
    drawing.draw_at(&mut pages.body, x, pages.y, width);
}

/// The pupil's sheet: the rules told to children, and the words to learn.
pub fn pupil_pages(lang: Lang) -> Vec<String> {
    let sheet = pupil_sheet(lang);
    let mut pages = Pages::new();
    header(&mut pages, sheet.title, lang, true);
    let para = |pages: &mut Pages, text: &str| {
        pages.y += pages.paragraph(LEFT, WIDTH, 4.4, text) + 2.2;
    };
    para(&mut pages, sheet.goal);
    para(&mut pages, sheet.setup);
    pages.room(60.0);
    pages.text(LEFT, pages.y + 5.0, 4.6, true, INK, sheet.turn);
    pages.y += 9.0;
    // Two columns: a move and a fence, each with its picture.
    let half = (WIDTH - 10.0) / 2.0;
    let top = pages.y;
    illustration(
        &mut pages,
        LEFT + 8.0,
        34.0,
        &[(Color::Red, "b2")],
        &[],
        &[],
        lang,
    );
    let centre = (LEFT + 8.0 + 34.0 / 2.0, top + 34.0 / 2.0);
    for (dx, dy) in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)] {
        let step = 34.0 / 3.6;
        icons::arrow(
            &mut pages.body,
            (centre.0 + dx * step * 0.45, centre.1 + dy * step * 0.45),
            (centre.0 + dx * step * 0.95, centre.1 + dy * step * 0.95),
            0.7,
            "#2f9e44",
        );
    }
    illustration(
        &mut pages,
        LEFT + half + 18.0,
        34.0,
        &[(Color::Red, "b1")],
        &["a2h"],
        &["b2", "c2", "c3"],
        lang,
    );
    pages.y = top + 36.0;
    let y0 = pages.y;
    let h1 = pages.paragraph(LEFT, half, 4.0, sheet.move_pawn);
    pages.y = y0;
    let h2 = pages.paragraph(
        LEFT + half + 10.0,
        half,
        4.0,
        &format!("{} {}", sheet.or, sheet.place_fence),
    );
    pages.y = y0 + h1.max(h2) + 5.0;
    para(&mut pages, sheet.fair_play);
    pages.room(44.0);
    let top = pages.y;
    illustration(
        &mut pages,
        LEFT + WIDTH - 36.0,
        34.0,
        &[(Color::Red, "b1"), (Color::Blue, "b2")],
        &[],
        &[],
        lang,
    );
    let jump_from = (
        LEFT + WIDTH - 36.0 + 34.0 / 2.0,
        top + 34.0 * (7.0 + 25.0) / 44.0,
    );
    let jump_to = (jump_from.0, top + 34.0 * (7.0 + 5.0) / 44.0);
    let bend = (jump_from.0 + 11.0, (jump_from.1 + jump_to.1) / 2.0);
    let _ = write!(
        pages.body,
        r##"<path d="M{:.2},{:.2} Q{:.2},{:.2} {:.2},{:.2}" fill="none" stroke="#2f9e44" stroke-width="0.8" stroke-linecap="round"/>"##,
        jump_from.0 + 3.0,
        jump_from.1,
        bend.0,
        bend.1,
        jump_to.0 + 4.0,
        jump_to.1 + 1.0
    );
    icons::arrow(
        &mut pages.body,
        (jump_to.0 + 5.5, jump_to.1 + 2.5),
        (jump_to.0 + 2.5, jump_to.1),
        0.8,
        "#2f9e44",
    );
    pages.y += pages.paragraph(LEFT, WIDTH - 44.0, 4.4, sheet.face_to_face) + 3.0;
    pages.y = pages.y.max(top + 38.0);
    para(&mut pages, sheet.end);
    para(&mut pages, sheet.tip);
    // The words to learn, in a box: in the largest type that keeps the
    // sheet to one page (a second page for the box alone wastes paper).
    let box_of = |size: f64| {
        let rows: Vec<Vec<String>> = sheet
            .words
            .iter()
            .map(|(word, meaning)| wrap(&format!("{word} — {meaning}"), WIDTH - 10.0, size))
            .collect();
        let step = size * 1.3;
        let height = 11.0
            + rows
                .iter()
                .map(|r| r.len() as f64 * step + size * 0.3)
                .sum::<f64>();
        (size, step, rows, height)
    };
    let room = BOTTOM - pages.y - 4.0;
    let (size, step, rows, height) = [4.0, 3.8, 3.6, 3.4, 3.2]
        .into_iter()
        .map(box_of)
        .find(|b| b.3 <= room)
        .unwrap_or_else(|| box_of(4.0));
    pages.room(height + 4.0);
    let _ = write!(
        pages.body,
        r##"<rect x="{LEFT}" y="{:.2}" width="{WIDTH}" height="{height:.2}" rx="3" fill="#fdf6e3" stroke="#c9a876" stroke-width="0.5"/>"##,
        pages.y
    );
    pages.text(LEFT + 5.0, pages.y + 8.0, 5.0, true, INK, sheet.words_title);
    let mut y = pages.y + 10.0;
    for (row, (word, _)) in rows.iter().zip(&sheet.words) {
        for (i, line) in row.iter().enumerate() {
            y += step;
            if i == 0 {
                // The word in bold, its meaning after it.
                let rest = line.strip_prefix(word).unwrap_or(line);
                let _ = write!(
                    pages.body,
                    r#"<text x="{:.2}" y="{y:.2}" font-size="{size}" fill="{INK}"><tspan font-weight="bold">{}</tspan>{}</text>"#,
                    LEFT + 5.0,
                    escape(word),
                    escape(rest)
                );
            } else {
                pages.text(LEFT + 5.0, y, size, false, INK, line);
            }
        }
        y += size * 0.3;
    }
    pages.y += height + 4.0;
    let footer = format!("Quoridor · {}", sheet.title);
    pages.finish(&footer, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pupil's rule sheet is one sheet of paper in every language, its
    /// words box included.
    #[test]
    fn the_pupils_sheet_is_one_page() {
        for lang in Lang::ALL {
            let pages = pupil_pages(lang);
            assert_eq!(pages.len(), 1, "{lang}");
            assert!(
                pages[0].contains(&escape(pupil_sheet(lang).words_title)),
                "{lang}"
            );
        }
    }

    /// The youngest's boards are printed large (squares of 13 mm or more
    /// at level 1, 11.5 at level 2, where older pupils' are 9 or 10 mm),
    /// and two exercises still share a page.
    #[test]
    fn the_youngest_boards_are_printed_large_two_to_a_page() {
        use crate::sheet::SheetSpec;
        for level in [1, 2] {
            let sheet = Sheet::new(SheetSpec {
                kind: None,
                level,
                count: 8,
                seed: 7,
                lang: Lang::Fr,
            });
            for (exercise, _) in &sheet.exercises {
                let n = f64::from(exercise.board.size);
                let square = board_width(exercise, 100.0) / (n + 1.4);
                let least = if level == 1 { 13.0 } else { 11.5 };
                assert!(square >= least, "level {level}, {n}×{n}: {square:.1} mm");
            }
            let exercise_pages = sheet_pages(&sheet).len() - answer_key_pages(&sheet);
            assert!(
                exercise_pages <= 4,
                "level {level}: {exercise_pages} pages for 8"
            );
        }
    }

    fn answer_key_pages(sheet: &Sheet) -> usize {
        let mut key = Pages::new();
        header(&mut key, "", sheet.spec.lang, false);
        answer_key(&mut key, sheet, sheet.spec.lang);
        key.finish("", sheet.spec.lang).len()
    }
}
