//! Learning to play: the rules tutorial, and tactics puzzles
//! ([`Puzzle`], mined from self-play by [`mine`]).
//!
//! The tutorial: one short lesson per rule, each a
//! position to act on; the rules engine checks the move, and the lesson
//! says in plain words (a child's wording or a standard one, in English,
//! French or Romanian) why a move is right, legal but not what was asked,
//! or against the rules.
//!
//! ```
//! use quoridor_learn::{lesson, Outcome};
//! let jump = lesson("jump").unwrap();
//! assert_eq!(jump.check("e6".parse().unwrap()).outcome, Outcome::Right);
//! assert_eq!(jump.check("d4".parse().unwrap()).outcome, Outcome::NotAsked);
//! assert_eq!(jump.check("e7".parse().unwrap()).outcome, Outcome::Illegal);
//! ```
//!
//! Layers, from the bottom (`tests/layers.rs` of the workspace):
//!
//! 1. What the lessons and puzzles are about: `dice`, `theme`, `article`,
//!    `lesson`.
//! 2. Their words: `texts`, `texts::en`, `texts::fr`, `texts::ro`.
//! 3. Puzzles: `puzzle`, `mine`, `retired`, `proof`.
//! 4. What the pages show: `page`.

pub mod article;
mod dice;
mod lesson;
pub mod mine;
pub mod page;
pub mod proof;
pub mod puzzle;
pub mod retired;
pub mod texts;
mod theme;

pub use lesson::{lesson, Check, Goal, Lesson, Outcome, LESSONS};
pub use puzzle::{
    choose, find_puzzle, pick, rated, read_puzzles, shipped, shipped_puzzles, Answer, Facts,
    MoveKind, Puzzle, PuzzleError, Theme, SHIPPED, START_RATING,
};
pub use quoridor_exercises::Lang;
pub use retired::{replace_retired, retired, Retired};
pub use texts::{illegal_text, LessonText, Wording};
