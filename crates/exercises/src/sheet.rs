//! Worksheets: N exercises of one kind or mixed, at a level, from a seed,
//! in a language; the same settings always give the same sheet. Their text
//! form (this file) and their pages (`svg.rs`, `pdf.rs`).

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::answer::Answer;
use crate::diagram::{diagram, legend};
use crate::exercise::{Exercise, Kind, Task};
use crate::generate::generate;
use crate::pawn::Color;
use crate::rng::derive;
use crate::solve::{solve, Solution};
use crate::texts::{answer_text, instruction, pawn_phrase, Lang, T};

/// The most exercises on one sheet.
pub const MAX_COUNT: usize = 40;

/// What a sheet is made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetSpec {
    /// One kind, or `None` for a mixed sheet (the four kinds in turn).
    pub kind: Option<Kind>,
    pub level: u8,
    pub count: usize,
    #[serde(with = "crate::serde_text")]
    pub seed: u64,
    pub lang: Lang,
}

impl SheetSpec {
    /// The kind of the `index`-th exercise.
    pub fn kind_of(&self, index: usize) -> Kind {
        self.kind.unwrap_or(Kind::ALL[index % Kind::ALL.len()])
    }

    pub fn title(&self) -> &'static str {
        self.lang.t(match self.kind {
            None => T::TitleMixed,
            Some(Kind::Maze) => T::TitleMaze,
            Some(Kind::Routes) => T::TitleRoutes,
            Some(Kind::Arrows) => T::TitleArrows,
            Some(Kind::Shortest) => T::TitleShortest,
        })
    }

    /// "Level 2 · sheet 7": enough to print it again.
    pub fn reference(&self) -> String {
        self.lang.f(
            T::LevelSheet,
            &[
                ("level", &self.level.to_string()),
                ("seed", &self.seed.to_string()),
            ],
        )
    }
}

/// A sheet: its exercises and their answer keys.
#[derive(Clone, Debug)]
pub struct Sheet {
    pub spec: SheetSpec,
    pub exercises: Vec<(Exercise, Solution)>,
}

impl Sheet {
    /// The sheet of `spec` (level clamped to 1..=5, count to 1..=40).
    pub fn new(mut spec: SheetSpec) -> Sheet {
        spec.level = spec.level.clamp(1, 5);
        spec.count = spec.count.clamp(1, MAX_COUNT);
        let exercises = (0..spec.count)
            .map(|i| {
                let exercise = generate(spec.kind_of(i), spec.level, derive(spec.seed, i as u64));
                let solution = solve(&exercise).expect("generated exercises have an answer");
                (exercise, solution)
            })
            .collect();
        Sheet { spec, exercises }
    }

    /// The text form: the exercises, then the answer key.
    pub fn text(&self) -> String {
        let lang = self.spec.lang;
        let mut out = String::new();
        let _ = writeln!(out, "{}\n{}", self.spec.title(), self.spec.reference());
        let _ = writeln!(
            out,
            "{} ____________    {} ________",
            lang.t(T::NameLine),
            lang.t(T::DateLine)
        );
        for (i, (exercise, _)) in self.exercises.iter().enumerate() {
            let _ = writeln!(
                out,
                "\n{}",
                lang.f(T::ExerciseN, &[("n", &(i + 1).to_string())])
            );
            let _ = writeln!(out, "{}", instruction(exercise, lang));
            if let Task::FollowArrows { walkers } = &exercise.task {
                for w in walkers {
                    let arrows = crate::dir::Step::list_text(&w.steps);
                    let line = lang.f(
                        T::WalkerLine,
                        &[("pawn", &pawn_phrase(lang, w.color)), ("arrows", &arrows)],
                    );
                    let _ = writeln!(out, "{line}");
                }
            }
            out.push_str(&diagram(exercise, drawn_route(exercise)));
            let _ = writeln!(out, "{}", legend(exercise, lang));
            for line in answer_lines(exercise, lang) {
                let _ = writeln!(out, "{line} ____________");
            }
        }
        let _ = writeln!(out, "\n=== {} ===", lang.t(T::AnswerKey));
        for (i, (exercise, solution)) in self.exercises.iter().enumerate() {
            let _ = writeln!(
                out,
                "\n{}",
                lang.f(T::ExerciseN, &[("n", &(i + 1).to_string())])
            );
            for line in answer_text(solution, exercise, lang) {
                let _ = writeln!(out, "{line}");
            }
            if let Answer::Route { squares } = &solution.answer {
                out.push_str(&diagram(exercise, squares));
            }
        }
        out
    }
}

/// The route an exercise shows before it is answered (the arrows to write).
pub fn drawn_route(exercise: &Exercise) -> &[quoridor_rules::Square] {
    match &exercise.task {
        Task::WriteArrows { route, .. } => route,
        _ => &[],
    }
}

/// The labels of the lines where the pupil writes the answer.
pub fn answer_lines(exercise: &Exercise, lang: Lang) -> Vec<String> {
    let pawn = |c: Color| pawn_phrase(lang, c);
    match &exercise.task {
        Task::Maze { .. } => Vec::new(),
        Task::Route { fewest, .. } => {
            if *fewest {
                vec![lang.t(T::StepsLine).into()]
            } else {
                Vec::new()
            }
        }
        Task::ShortestPath { .. } => vec![lang.t(T::StepsLine).into()],
        Task::FollowArrows { walkers } => walkers
            .iter()
            .map(|w| lang.f(T::ObjectLine, &[("pawn", &pawn(w.color))]))
            .collect(),
        Task::WriteArrows { .. } => vec![lang.t(T::ArrowsLine).into()],
        Task::Race { .. } => vec![
            lang.t(T::FirstLine).into(),
            lang.f(T::CountLine, &[("pawn", &pawn(Color::Green))]),
            lang.f(T::CountLine, &[("pawn", &pawn(Color::Red))]),
        ],
    }
}
