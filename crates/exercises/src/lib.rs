//! Quoridor in class: the exercises of the teacher's sheet (RULES.md §10),
//! each with a seeded generator, a solver that writes the answer key and a
//! checker that says what is wrong with a pupil's answer; worksheets of
//! them with their answer keys, in French, English and Romanian, as text,
//! SVG and PDF. No I/O: bytes and strings in, bytes and strings out.
//!
//! ```
//! use quoridor_exercises::{check, generate, solve, Kind};
//! let exercise = generate(Kind::Routes, 2, 7);
//! let key = solve(&exercise).expect("generated exercises have an answer");
//! assert!(check(&exercise, &key.answer).is_right());
//! ```
//!
//! Layers, from the bottom (`tests/layers.rs` of the workspace):
//!
//! 1. The pieces and their words: `dir`, `pawn`, `rng`, `serde_text`,
//!    `texts`, `item`, `side`, `texts::reasons`, `answer`, `board`, `svg`,
//!    `svg::icons`, `texts::en`, `texts::fr`, `texts::ro`.
//! 2. Exercises: `exercise`, `generate`, `solve`, `check`, `text`.
//! 3. Saying and drawing them: `texts::compose`, `diagram`.
//! 4. Sheets and their files: `sheet`, `sheet_file`, `svg::board`, `page`,
//!    `svg::page`, `pdf`.

mod answer;
mod board;
mod check;
mod diagram;
mod dir;
mod exercise;
mod generate;
mod item;
pub mod page;
mod pawn;
#[cfg(feature = "pdf")]
mod pdf;
mod rng;
pub mod serde_text;
mod sheet;
mod sheet_file;
mod side;
mod solve;
pub mod svg;
mod text;
mod texts;

pub use answer::Answer;
pub use board::{squares_of, Board, BoardError, Distances, Squares, MAX_SIZE, MIN_SIZE};
pub use check::{check, Mistake, Target, Verdict};
pub use diagram::{diagram, legend};
pub use dir::{Dir, Step, MAX_COUNT};
pub use exercise::{arrows_of, Exercise, ExerciseError, Kind, Task, Walker, FORMAT_VERSION};
pub use generate::{generate, LEVELS};
pub use item::{Item, Object};
pub use pawn::Color;
#[cfg(feature = "pdf")]
pub use pdf::{pdf, PdfError};
pub use sheet::{answer_lines, drawn_route, Sheet, SheetSpec, MAX_COUNT as MAX_SHEET_COUNT};
pub use sheet_file::{SheetError, SHEET_VERSION};
pub use side::Side;
pub use solve::{edge, race_winner, solve, steps_to_edge, Solution};
pub use text::TextError;
pub use texts::reasons;
pub use texts::{
    answer_text, fences_phrase, given_text, instruction, mistake_text, object_label, pawn_phrase,
    problem_text, pupil_sheet, steps_phrase, variants, verdict_text, Lang, PupilSheet, VariantText,
    T,
};
