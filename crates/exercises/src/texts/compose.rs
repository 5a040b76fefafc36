//! Sentences built from the texts: an exercise's instruction, what a
//! checked answer gets wrong, an answer key, an editor's problem, the
//! pupil's sheet and the variants.

use serde::Serialize;

use super::{en, fr, ro, Lang, T};
use crate::answer::Answer;
use crate::board::BoardError;
use crate::check::{Mistake, Target, Verdict};
use crate::dir::Step;
use crate::exercise::{Exercise, ExerciseError, Task, MAX_ARROWS, MAX_STARS, MAX_WALKERS};
use crate::item::{Item, Object};
use crate::pawn::Color;
use crate::side::Side;
use crate::solve::Solution;
use quoridor_rules::FenceConflict;

/// "the red pawn", "le pion rouge", "pionul roșu".
pub fn pawn_phrase(lang: Lang, color: Color) -> String {
    lang.f(T::PawnOf, &[("color", color_word(lang, color))])
}

fn color_word(lang: Lang, color: Color) -> &'static str {
    lang.t(match color {
        Color::Red => T::Red,
        Color::Blue => T::Blue,
        Color::Green => T::Green,
        Color::Yellow => T::Yellow,
    })
}

fn edge_phrase(lang: Lang, side: Side) -> &'static str {
    lang.t(match side {
        Side::Top => T::EdgeTop,
        Side::Right => T::EdgeRight,
        Side::Bottom => T::EdgeBottom,
        Side::Left => T::EdgeLeft,
    })
}

/// Romanian numbers from 20 on take "de" before their noun.
fn de(lang: Lang, n: usize) -> &'static str {
    if lang == Lang::Ro && n >= 20 && (n.is_multiple_of(100) || n % 100 >= 20) {
        "de "
    } else {
        ""
    }
}

/// "5 steps", "5 pas", "5 pași", "20 de pași".
pub fn steps_phrase(lang: Lang, n: usize) -> String {
    if n == 1 {
        return lang.t(T::StepsOne).into();
    }
    lang.f(T::StepsMany, &[("n", &n.to_string()), ("de", de(lang, n))])
}

/// "3 fences", "3 barrières", "3 bariere".
pub fn fences_phrase(lang: Lang, n: usize) -> String {
    if n == 1 {
        return lang.t(T::FencesOne).into();
    }
    // French counts nothing in the singular: "0 barrière".
    if n == 0 && lang == Lang::Fr {
        return lang.t(T::FencesOne).replacen('1', "0", 1);
    }
    lang.f(T::FencesMany, &[("n", &n.to_string()), ("de", de(lang, n))])
}

/// An object's name alone ("apple") and with its article ("the apple").
pub fn object_label(lang: Lang, object: Object) -> (&'static str, &'static str) {
    match lang {
        Lang::En => en::object(object),
        Lang::Fr => fr::object(object),
        Lang::Ro => ro::object(object),
    }
}

/// What the pupil is asked, in a few short sentences.
pub fn instruction(exercise: &Exercise, lang: Lang) -> String {
    let board = &exercise.board;
    let mut parts: Vec<String> = Vec::new();
    match &exercise.task {
        Task::Maze { .. } => parts.push(lang.t(T::MazeTask).into()),
        Task::Route { fewest, .. } => {
            parts.push(lang.t(T::RouteGo).into());
            if board.squares_with(Item::Star).next().is_some() {
                parts.push(lang.t(T::RouteStars).into());
            }
            if board.squares_with(Item::Fish).next().is_some() {
                parts.push(lang.t(T::RouteFish).into());
            }
            if !board.fences.is_empty() {
                parts.push(lang.t(T::RouteWalls).into());
            }
            if *fewest {
                parts.push(lang.t(T::RouteFewest).into());
            }
        }
        Task::FollowArrows { walkers } => {
            // One pawn is "the pawn", not "each pawn".
            let task = if walkers.len() == 1 {
                T::FollowTaskOne
            } else {
                T::FollowTask
            };
            parts.push(lang.t(task).into());
            if walkers
                .iter()
                .flat_map(|w| &w.steps)
                .any(|s| s.dir.is_diagonal())
            {
                parts.push(lang.t(T::DiagonalHint).into());
            }
        }
        Task::WriteArrows { .. } => parts.push(lang.t(T::WriteTask).into()),
        Task::ShortestPath { goal, .. } => {
            parts.push(lang.f(T::ShortestTask, &[("edge", edge_phrase(lang, *goal))]));
        }
        Task::Race { first, .. } => {
            parts.push(lang.f(T::RaceTask, &[("first", &pawn_phrase(lang, *first))]));
        }
    }
    if exercise.task.wants_route() {
        parts.push(lang.t(T::StepRule).into());
    }
    parts.join(" ")
}

/// One mistake in words.
pub fn mistake_text(mistake: &Mistake, lang: Lang) -> String {
    let sq = |s: &quoridor_rules::Square| s.to_string();
    match mistake {
        Mistake::Empty => lang.t(T::Empty).into(),
        Mistake::WrongAnswerKind => lang.t(T::WrongAnswerKind).into(),
        Mistake::OffBoard { square } => lang.f(T::OffBoard, &[("sq", &sq(square))]),
        Mistake::Jump { from, to } => lang.f(T::Jump, &[("from", &sq(from)), ("to", &sq(to))]),
        Mistake::Diagonal { from, to } => {
            lang.f(T::Diagonal, &[("from", &sq(from)), ("to", &sq(to))])
        }
        Mistake::ThroughFence { from, to, .. } => {
            lang.f(T::ThroughFence, &[("from", &sq(from)), ("to", &sq(to))])
        }
        Mistake::OnFish { square } => lang.f(T::OnFish, &[("sq", &sq(square))]),
        Mistake::MissedStar { square } => lang.f(T::MissedStar, &[("sq", &sq(square))]),
        Mistake::EndsElsewhere { at, target } => match target {
            Target::Exit => lang.f(T::EndsAtExit, &[("at", &sq(at))]),
            Target::BluePawn => lang.f(T::EndsAtBlue, &[("at", &sq(at))]),
            Target::Edge { side } => lang.f(
                T::EndsAtEdge,
                &[("at", &sq(at)), ("edge", edge_phrase(lang, *side))],
            ),
        },
        Mistake::TooLong { steps, fewest } if steps == &(fewest + 1) => {
            lang.t(T::TooLongOne).into()
        }
        Mistake::TooLong { steps, fewest } => lang.f(
            T::TooLong,
            &[
                ("steps", &steps_phrase(lang, *steps)),
                ("fewest", &steps_phrase(lang, *fewest)),
            ],
        ),
        Mistake::MissingObject { pawn } => {
            lang.f(T::MissingObject, &[("pawn", &pawn_phrase(lang, *pawn))])
        }
        Mistake::WrongObject { pawn, said } => {
            let (bare, with_article) = object_label(lang, *said);
            lang.f(
                T::WrongObject,
                &[
                    ("pawn", &pawn_phrase(lang, *pawn)),
                    ("object", with_article),
                    ("object_bare", bare),
                ],
            )
        }
        Mistake::ArrowOffBoard { arrow } => lang.f(T::ArrowOffBoard, &[("n", &arrow.to_string())]),
        Mistake::LeavesRoute { arrow, at } => lang.f(
            T::LeavesRoute,
            &[("n", &arrow.to_string()), ("at", &sq(at))],
        ),
        Mistake::GoesPast { arrow } => lang.f(T::GoesPast, &[("n", &arrow.to_string())]),
        Mistake::StopsShort { at } => lang.f(T::StopsShort, &[("at", &sq(at))]),
        Mistake::WrongWinner { said } => {
            lang.f(T::WrongWinner, &[("pawn", &pawn_phrase(lang, *said))])
        }
        Mistake::WrongCount { pawn, said } => lang.f(
            T::WrongCount,
            &[
                ("pawn", &pawn_phrase(lang, *pawn)),
                ("said", &steps_phrase(lang, *said as usize)),
            ],
        ),
    }
}

/// A mistake in picture words, for children who do not read coordinates
/// yet: what went wrong, with the board ringing where (`None`: the words
/// have no coordinates anyway).
pub fn picture_text(mistake: &Mistake, lang: Lang) -> Option<String> {
    Some(match mistake {
        Mistake::OffBoard { .. } => lang.t(T::PicOffBoard).into(),
        Mistake::Jump { .. } => lang.t(T::PicJump).into(),
        Mistake::Diagonal { .. } => lang.t(T::PicDiagonal).into(),
        Mistake::ThroughFence { .. } => lang.t(T::PicThroughFence).into(),
        Mistake::OnFish { .. } => lang.t(T::PicOnFish).into(),
        Mistake::MissedStar { .. } => lang.t(T::PicMissedStar).into(),
        Mistake::EndsElsewhere { target, .. } => match target {
            Target::Exit => lang.t(T::PicEndsAtExit).into(),
            Target::BluePawn => lang.t(T::PicEndsAtBlue).into(),
            Target::Edge { side } => {
                lang.f(T::PicEndsAtEdge, &[("edge", edge_phrase(lang, *side))])
            }
        },
        Mistake::LeavesRoute { arrow, .. } => {
            lang.f(T::PicLeavesRoute, &[("n", &arrow.to_string())])
        }
        Mistake::StopsShort { .. } => lang.t(T::PicStopsShort).into(),
        _ => return None,
    })
}

/// A checked answer in words: praise, or each mistake (in picture words
/// at levels 1 and 2, where pupils do not read coordinates yet).
pub fn verdict_text(verdict: &Verdict, exercise: &Exercise, lang: Lang) -> Vec<String> {
    if !verdict.is_right() {
        let pictures = exercise.level.is_some_and(|level| level <= 2);
        return verdict
            .mistakes
            .iter()
            .map(|m| {
                pictures
                    .then(|| picture_text(m, lang))
                    .flatten()
                    .unwrap_or_else(|| mistake_text(m, lang))
            })
            .collect();
    }
    let fewest = matches!(
        exercise.task,
        Task::Route { fewest: true, .. } | Task::ShortestPath { .. }
    );
    match verdict.steps {
        Some(steps) if fewest => {
            vec![lang.f(T::RightSteps, &[("steps", &steps_phrase(lang, steps))])]
        }
        _ => vec![lang.t(T::Right).into()],
    }
}

/// What a pupil answered, in a few words of the class's language, for the
/// teacher's grid and the exports: "b1 b2 c2", "soleil, ?", "2→ 1↑",
/// "rouge gagne : 6 contre 7" (the winner's count first).
pub fn given_text(answer: &Answer, lang: Lang) -> String {
    match answer {
        Answer::Route { squares } => squares
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        Answer::Objects { objects } => objects
            .iter()
            .map(|o| o.map_or("?", |o| object_label(lang, o).0))
            .collect::<Vec<_>>()
            .join(", "),
        Answer::Arrows { steps } => Step::list_text(steps),
        Answer::Race { winner, green, red } => {
            let winner_word = color_word(lang, *winner);
            let (mine, theirs) = match winner {
                Color::Red => (red, green),
                _ => (green, red),
            };
            match (mine, theirs) {
                (Some(mine), Some(theirs)) => lang.f(
                    T::GivenRaceCounts,
                    &[
                        ("winner", winner_word),
                        ("mine", &mine.to_string()),
                        ("theirs", &theirs.to_string()),
                    ],
                ),
                _ => lang.f(T::GivenRace, &[("winner", winner_word)]),
            }
        }
    }
}

/// The answer key in words, a line each.
pub fn answer_text(solution: &Solution, exercise: &Exercise, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    match &solution.answer {
        Answer::Route { squares } => {
            let list: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
            lines.push(lang.f(
                T::KeyRoute,
                &[
                    ("steps", &steps_phrase(lang, squares.len())),
                    ("squares", &list.join(" ")),
                ],
            ));
        }
        Answer::Objects { objects } => {
            if let Task::FollowArrows { walkers } = &exercise.task {
                for (walker, object) in walkers.iter().zip(objects) {
                    let bare = object.map_or("?", |o| object_label(lang, o).0);
                    lines.push(lang.f(
                        T::KeyObject,
                        &[
                            ("pawn", &pawn_phrase(lang, walker.color)),
                            ("object_bare", bare),
                        ],
                    ));
                }
            }
        }
        Answer::Arrows { steps } => lines.push(Step::list_text(steps)),
        Answer::Race { winner, green, red } => {
            let count = |n: &Option<u16>| n.map_or("?".into(), |n| steps_phrase(lang, n as usize));
            lines.push(lang.f(
                T::KeyRace,
                &[
                    ("green", &count(green)),
                    ("red", &count(red)),
                    ("winner", &pawn_phrase(lang, *winner)),
                ],
            ));
        }
    }
    if matches!(exercise.task, Task::Maze { .. }) {
        lines.push(lang.f(
            T::KeyBuild,
            &[("fences", &fences_phrase(lang, exercise.board.fences.len()))],
        ));
    }
    lines
}

/// Why an exercise from the editor cannot be used, in words.
pub fn problem_text(error: &ExerciseError, lang: Lang) -> String {
    use ExerciseError as E;
    let pawn = |c: &Color| pawn_phrase(lang, *c);
    match error {
        E::Version(_) => lang.t(T::ProblemVersion).into(),
        E::Level(_) => lang.t(T::ProblemLevel).into(),
        E::Board(BoardError::Size(_)) => lang.t(T::ProblemSize).into(),
        E::Board(BoardError::TooManyFences(n)) => lang.f(
            T::ProblemTooManyFences,
            &[("fences", &fences_phrase(lang, *n))],
        ),
        E::Board(BoardError::FenceOffBoard(f)) => {
            lang.f(T::ProblemFenceOffBoard, &[("fence", &f.to_string())])
        }
        E::Board(BoardError::Fences(a, b, conflict)) => {
            let key = match conflict {
                FenceConflict::Overlaps => T::ProblemFencesOverlap,
                FenceConflict::Crosses => T::ProblemFencesCross,
            };
            lang.f(key, &[("a", &a.to_string()), ("b", &b.to_string())])
        }
        E::Board(BoardError::ItemOffBoard(sq)) | E::PawnOffBoard(sq) => {
            lang.f(T::ProblemOffBoard, &[("sq", &sq.to_string())])
        }
        E::PawnsTogether(sq) => lang.f(T::ProblemPawnsTogether, &[("sq", &sq.to_string())]),
        E::ItemUnderPawn(sq) => lang.f(T::ProblemItemUnderPawn, &[("sq", &sq.to_string())]),
        E::ExitNotOnEdge(sq, side) => lang.f(
            T::ProblemExitNotOnEdge,
            &[("sq", &sq.to_string()), ("edge", edge_phrase(lang, *side))],
        ),
        E::AlreadyThere(sq) => lang.f(T::ProblemAlreadyThere, &[("sq", &sq.to_string())]),
        E::TooManyStars(_) => lang.f(T::ProblemTooManyStars, &[("n", &MAX_STARS.to_string())]),
        E::NoWalker => lang.t(T::ProblemNoWalker).into(),
        E::TooManyWalkers(_) => {
            lang.f(T::ProblemTooManyWalkers, &[("n", &MAX_WALKERS.to_string())])
        }
        E::SameColor(c) => lang.f(T::ProblemSameColor, &[("color", color_word(lang, *c))]),
        E::NoArrows(c) => lang.f(T::ProblemNoArrows, &[("pawn", &pawn(c))]),
        E::TooManyArrows(c) => lang.f(
            T::ProblemTooManyArrows,
            &[("pawn", &pawn(c)), ("n", &MAX_ARROWS.to_string())],
        ),
        E::ArrowsLeaveBoard(c) => lang.f(
            T::ProblemArrowsLeave,
            &[("pawn", &pawn(c)), ("color", color_word(lang, *c))],
        ),
        E::EndsWithoutObject(c) => lang.f(
            T::ProblemNoObject,
            &[("pawn", &pawn(c)), ("color", color_word(lang, *c))],
        ),
        E::FencesWithArrows => lang.t(T::ProblemFencesWithArrows).into(),
        E::RouteEmpty => lang.t(T::ProblemRouteEmpty).into(),
        E::RouteNotAWalk(sq) => lang.f(T::ProblemRouteJumps, &[("sq", &sq.to_string())]),
        E::RouteRepeats(sq) => lang.f(T::ProblemRouteRepeats, &[("sq", &sq.to_string())]),
        E::RaceColors => lang.f(T::ProblemPawnsTogether, &[("sq", "?")]),
    }
}

/// The pupil's rule sheet.
#[derive(Clone, Debug, Serialize)]
pub struct PupilSheet {
    pub title: &'static str,
    pub goal: &'static str,
    pub setup: &'static str,
    pub turn: &'static str,
    pub move_pawn: &'static str,
    pub or: &'static str,
    pub place_fence: &'static str,
    pub fair_play: &'static str,
    pub face_to_face: &'static str,
    pub end: &'static str,
    pub tip: &'static str,
    pub words_title: &'static str,
    /// Each word and what it means.
    pub words: Vec<(&'static str, &'static str)>,
}

pub fn pupil_sheet(lang: Lang) -> PupilSheet {
    let words = [
        T::WordOblige,
        T::WordSave,
        T::WordGoAround,
        T::WordResources,
        T::WordRoute,
        T::WordHorizontal,
        T::WordVertical,
        T::WordDiagonal,
    ]
    .into_iter()
    .map(|key| lang.t(key).split_once('|').unwrap_or((lang.t(key), "")))
    .collect();
    PupilSheet {
        title: lang.t(T::PupilTitle),
        goal: lang.t(T::PupilGoal),
        setup: lang.t(T::PupilSetup),
        turn: lang.t(T::PupilTurn),
        move_pawn: lang.t(T::PupilMove),
        or: lang.t(T::PupilOr),
        place_fence: lang.t(T::PupilFence),
        fair_play: lang.t(T::PupilFair),
        face_to_face: lang.t(T::PupilJump),
        end: lang.t(T::PupilEnd),
        tip: lang.t(T::PupilTip),
        words_title: lang.t(T::PupilWords),
        words,
    }
}

/// A variant of the game, told to children.
#[derive(Clone, Debug, Serialize)]
pub struct VariantText {
    /// `classic`, `small`, `teams`, `scoring` or `crab`.
    pub id: &'static str,
    pub title: &'static str,
    pub rule: &'static str,
}

pub fn variants(lang: Lang) -> Vec<VariantText> {
    [
        ("classic", T::VariantClassic, T::VariantClassicRule),
        ("small", T::VariantSmall, T::VariantSmallRule),
        ("teams", T::VariantTeams, T::VariantTeamsRule),
        ("scoring", T::VariantScoring, T::VariantScoringRule),
        ("crab", T::VariantCrab, T::VariantCrabRule),
    ]
    .into_iter()
    .map(|(id, title, rule)| VariantText {
        id,
        title: lang.t(title),
        rule: lang.t(rule),
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pupils_answer_reads_in_the_class_language() {
        let race = Answer::Race {
            winner: Color::Red,
            green: Some(7),
            red: Some(6),
        };
        assert_eq!(given_text(&race, Lang::Fr), "rouge gagne : 6 contre 7");
        assert_eq!(given_text(&race, Lang::En), "red wins: 6 to 7");
        assert_eq!(given_text(&race, Lang::Ro), "câștigă roșu: 6 la 7");
        let bare = Answer::Race {
            winner: Color::Green,
            green: None,
            red: None,
        };
        assert_eq!(given_text(&bare, Lang::Fr), "vert gagne");
        let objects = Answer::Objects {
            objects: vec![Some(Object::Sun), None],
        };
        assert_eq!(given_text(&objects, Lang::Fr), "soleil, ?");
        assert_eq!(given_text(&objects, Lang::En), "sun, ?");
        let route: Answer = "route b1 b2 c2".parse().unwrap();
        assert_eq!(given_text(&route, Lang::Ro), "b1 b2 c2");
        for lang in Lang::ALL {
            for answer in [&race, &bare, &objects, &route] {
                let text = given_text(answer, lang);
                assert!(!text.contains('{') && !text.contains('"'), "{text}");
            }
        }
    }

    /// At levels 1 and 2, mistakes are said without coordinates, in every
    /// language; from level 3 with them.
    #[test]
    fn the_youngest_hear_no_coordinates() {
        let sq = |s: &str| s.parse::<quoridor_rules::Square>().unwrap();
        let mistakes = [
            Mistake::OffBoard { square: sq("e5") },
            Mistake::Jump {
                from: sq("b3"),
                to: sq("b5"),
            },
            Mistake::Diagonal {
                from: sq("b3"),
                to: sq("c4"),
            },
            Mistake::OnFish { square: sq("c2") },
            Mistake::MissedStar { square: sq("d4") },
            Mistake::EndsElsewhere {
                at: sq("a2"),
                target: Target::Exit,
            },
            Mistake::EndsElsewhere {
                at: sq("a2"),
                target: Target::BluePawn,
            },
            Mistake::StopsShort { at: sq("c3") },
        ];
        let coordinate = |text: &str| {
            text.as_bytes()
                .windows(2)
                .any(|w| (b'a'..=b'k').contains(&w[0]) && w[1].is_ascii_digit())
        };
        for lang in Lang::ALL {
            for m in &mistakes {
                let said = picture_text(m, lang).unwrap();
                assert!(!coordinate(&said), "{lang}: {said}");
                assert!(
                    coordinate(&mistake_text(m, lang)),
                    "{lang}: {}",
                    mistake_text(m, lang)
                );
            }
        }
        // In a checked answer: by the exercise's level.
        // The first exercise of a sheet of routes, seed 3.
        let sheet =
            |level| crate::generate::generate(crate::Kind::Routes, level, crate::rng::derive(3, 0));
        let wrong = crate::Answer::Route {
            squares: vec![sq("a9")],
        };
        for (level, plain) in [(1, true), (2, true), (3, false)] {
            let exercise = sheet(level);
            let verdict = crate::check(&exercise, &wrong);
            let said = verdict_text(&verdict, &exercise, Lang::Fr).join(" ");
            assert_eq!(!coordinate(&said), plain, "level {level}: {said}");
        }
    }

    /// "Each pawn" only where there are several.
    #[test]
    fn a_single_pawn_is_the_pawn() {
        let mut seen = [false, false];
        for level in 1..=5 {
            for seed in 0..12 {
                // The four exercises of a sheet of arrows.
                let exercises = (0..4).map(|i| {
                    crate::generate::generate(
                        crate::Kind::Arrows,
                        level,
                        crate::rng::derive(seed, i),
                    )
                });
                for exercise in exercises {
                    let Task::FollowArrows { walkers } = &exercise.task else {
                        continue;
                    };
                    let text = instruction(&exercise, Lang::En);
                    let one = walkers.len() == 1;
                    seen[usize::from(one)] = true;
                    assert_eq!(text.contains("each pawn"), !one, "{text}");
                    assert_eq!(text.contains("Which object does it reach?"), one, "{text}");
                }
            }
        }
        assert_eq!(seen, [true, true], "sheets with one pawn and with several");
    }

    #[test]
    fn fences_are_counted_in_each_language_s_grammar() {
        assert_eq!(fences_phrase(Lang::Fr, 0), "0 barrière");
        assert_eq!(fences_phrase(Lang::Fr, 1), "1 barrière");
        assert_eq!(fences_phrase(Lang::Fr, 3), "3 barrières");
        assert_eq!(fences_phrase(Lang::En, 0), "0 fences");
        assert_eq!(fences_phrase(Lang::En, 1), "1 fence");
        assert_eq!(fences_phrase(Lang::Ro, 1), "o barieră");
    }
}
