//! The classroom's JSON: what the page asks and what it is answered
//! (API.md, "The classroom"). Used by the server and its tests.

use quoridor_classroom::{Answer, Color, Exercise, Kind, Lang, Mistake, Object};
use serde::{Deserialize, Serialize};

/// `GET /api/classroom/exercise`: a new exercise.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseQuery {
    pub kind: Option<Kind>,
    pub level: Option<u8>,
    pub seed: Option<u64>,
    pub lang: Option<Lang>,
}

/// The language of a reply.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LangQuery {
    pub lang: Option<Lang>,
}

/// The kind a pupil's answer takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerKind {
    Route,
    Objects,
    Arrows,
    Race,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PawnView {
    pub color: Color,
    /// "the red pawn", in the language asked.
    pub label: String,
    /// The letter on it.
    pub letter: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectView {
    pub object: Object,
    pub label: String,
}

/// An exercise ready to be shown and answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExerciseView {
    pub exercise: Exercise,
    pub kind: Kind,
    pub answer: AnswerKind,
    pub instruction: String,
    /// The board, with a tappable `rect.cell[data-sq]` over each square.
    pub svg: String,
    pub pawns: Vec<PawnView>,
    /// The objects on the board, for the answer buttons.
    pub objects: Vec<ObjectView>,
    /// Whether the arrow keys should offer the diagonals.
    pub diagonals: bool,
    /// The shared exercise's id, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// `POST /api/classroom/check`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    pub exercise: Exercise,
    pub answer: Answer,
    #[serde(default)]
    pub lang: Option<Lang>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckView {
    pub right: bool,
    /// What to say, a sentence each.
    pub messages: Vec<String>,
    /// The same, for programs (squares to show, which star).
    pub mistakes: Vec<Mistake>,
}

/// `POST /api/classroom/solution` and `POST /api/classroom/analyze`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseRequest {
    pub exercise: Exercise,
    #[serde(default)]
    pub lang: Option<Lang>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolutionView {
    pub answer: Answer,
    /// The answer key in words.
    pub lines: Vec<String>,
}

/// What the editor learns of an exercise as it is built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalyzeView {
    /// Why it cannot be used yet, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    pub solvable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<SolutionView>,
    /// How many fences it takes to build on the wooden board.
    pub fences: usize,
    /// The exercise as a pupil will see it (when it can be used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<ExerciseView>,
    /// The board as drawn, even when it cannot be used yet.
    pub svg: String,
}

/// `POST /api/classroom/draft`: a board the editor is building, with the
/// pawns placed so far (an exercise needs all of its task's pawns; the
/// drawing does not).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DraftRequest {
    pub board: quoridor_classroom::Board,
    #[serde(default)]
    pub pawns: Vec<PlacedPawn>,
    #[serde(default)]
    pub lang: Option<Lang>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedPawn {
    pub color: quoridor_classroom::Color,
    #[serde(with = "quoridor_classroom::serde_text")]
    pub square: quoridor_rules::Square,
}

/// The drawing of a draft, tappable as an exercise's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftView {
    pub svg: String,
}

/// `POST /api/classroom/exercises`: the saved exercise's id and link, and
/// the token that may delete it (kept by the teacher's browser).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedView {
    pub id: String,
    pub link: String,
    pub token: String,
}
