//! Every word the classroom says to a pupil or a teacher, in English,
//! French and Romanian, in simple words: the instructions, what a checked
//! answer gets wrong, the answer keys, the sheets, the pupil's rule sheet
//! and the variants told to children.

mod compose;
mod en;
mod fr;
pub mod reasons;
mod ro;

use std::fmt;
use std::str::FromStr;

use quoridor_rules::ParseError;
use serde::{Deserialize, Serialize};

pub use compose::{
    answer_text, fences_phrase, given_text, instruction, mistake_text, object_label, pawn_phrase,
    problem_text, pupil_sheet, steps_phrase, variants, verdict_text, PupilSheet, VariantText,
};

/// A language of the classroom.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Fr,
    Ro,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Ro];

    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Ro => "ro",
        }
    }

    /// The text of `key` in this language.
    pub fn t(self, key: T) -> &'static str {
        match self {
            Lang::En => en::text(key),
            Lang::Fr => fr::text(key),
            Lang::Ro => ro::text(key),
        }
    }

    /// The text of `key` with its `{name}` placeholders filled; `{Name}`
    /// (capitalised) gives the value with a capital first letter.
    pub fn f(self, key: T, values: &[(&str, &str)]) -> String {
        fill(self.t(key), values)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Lang, ParseError> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseError::new(s, "a language: en, fr or ro"))
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &after[..close];
        let lower = name.to_lowercase();
        match values.iter().find(|(k, _)| *k == lower) {
            Some((_, value)) if name != lower => out.push_str(&capitalised(value)),
            Some((_, value)) => out.push_str(value),
            None => {
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The keys of the texts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum T {
    // Words.
    PawnOf,
    Red,
    Blue,
    Green,
    Yellow,
    EdgeTop,
    EdgeRight,
    EdgeBottom,
    EdgeLeft,
    StepsOne,
    StepsMany,
    FencesOne,
    FencesMany,
    Star,
    Fish,
    Exit,
    // Instructions.
    StepRule,
    MazeTask,
    RouteGo,
    RouteStars,
    RouteFish,
    RouteWalls,
    RouteFewest,
    FollowTask,
    /// The same, for an exercise with one pawn.
    FollowTaskOne,
    DiagonalHint,
    WriteTask,
    ShortestTask,
    RaceTask,
    // What a checked answer gets wrong.
    Empty,
    WrongAnswerKind,
    OffBoard,
    Jump,
    Diagonal,
    ThroughFence,
    OnFish,
    MissedStar,
    EndsAtExit,
    EndsAtBlue,
    EndsAtEdge,
    TooLongOne,
    TooLong,
    MissingObject,
    WrongObject,
    ArrowOffBoard,
    LeavesRoute,
    GoesPast,
    StopsShort,
    // The same mistakes in picture words, without squares, for the
    // youngest (levels 1 and 2): the board rings the squares.
    PicOffBoard,
    PicJump,
    PicDiagonal,
    PicThroughFence,
    PicOnFish,
    PicMissedStar,
    PicEndsAtExit,
    PicEndsAtBlue,
    PicEndsAtEdge,
    PicLeavesRoute,
    PicStopsShort,
    WrongWinner,
    WrongCount,
    Right,
    RightSteps,
    // Answer keys.
    KeyRoute,
    KeyObject,
    KeyRace,
    GivenRace,
    GivenRaceCounts,
    KeyBuild,
    WalkerLine,
    // Sheets.
    TitleMaze,
    TitleRoutes,
    TitleArrows,
    TitleShortest,
    TitleMixed,
    NameLine,
    DateLine,
    ExerciseN,
    AnswerKey,
    LevelSheet,
    StepsLine,
    ArrowsLine,
    ObjectLine,
    FirstLine,
    CountLine,
    PageOf,
    // The editor's checks.
    ProblemVersion,
    ProblemLevel,
    ProblemSize,
    ProblemTooManyFences,
    ProblemFenceOffBoard,
    ProblemFencesOverlap,
    ProblemFencesCross,
    ProblemOffBoard,
    ProblemPawnsTogether,
    ProblemItemUnderPawn,
    ProblemExitNotOnEdge,
    ProblemAlreadyThere,
    ProblemTooManyStars,
    ProblemNoWalker,
    ProblemTooManyWalkers,
    ProblemSameColor,
    ProblemNoArrows,
    ProblemTooManyArrows,
    ProblemArrowsLeave,
    ProblemNoObject,
    ProblemFencesWithArrows,
    ProblemRouteEmpty,
    ProblemRouteJumps,
    ProblemRouteRepeats,
    ProblemUnsolvable,
    // The pupil's sheet.
    PupilTitle,
    PupilGoal,
    PupilSetup,
    PupilTurn,
    PupilMove,
    PupilOr,
    PupilFence,
    PupilFair,
    PupilJump,
    PupilEnd,
    PupilTip,
    PupilWords,
    WordOblige,
    WordSave,
    WordGoAround,
    WordResources,
    WordRoute,
    WordHorizontal,
    WordVertical,
    WordDiagonal,
    // The variants, told to children.
    VariantClassic,
    VariantClassicRule,
    VariantSmall,
    VariantSmallRule,
    VariantTeams,
    VariantTeamsRule,
    VariantScoring,
    VariantScoringRule,
    VariantCrab,
    VariantCrabRule,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_fill_and_capitalise() {
        assert_eq!(
            fill("{Pawn} is {n}", &[("pawn", "the red pawn"), ("n", "3")]),
            "The red pawn is 3"
        );
        assert_eq!(fill("{x} and {y}", &[("x", "é")]), "é and {y}");
        assert_eq!(fill("{Pawn}", &[("pawn", "ăla")]), "Ăla");
        assert_eq!(fill("open { brace", &[]), "open { brace");
    }
}
