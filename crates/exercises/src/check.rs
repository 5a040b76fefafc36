//! Grading a pupil's answer, saying precisely what is wrong: the first
//! step that breaks a rule, the stars missed, how many steps too many.

use quoridor_rules::{Fence, Square};
use serde::{Deserialize, Serialize};

use crate::answer::Answer;
use crate::dir::Dir;
use crate::exercise::{Exercise, Task};
use crate::item::{Item, Object};
use crate::pawn::Color;
use crate::side::Side;
use crate::solve::{edge, solve};

/// Where a route must end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "target", rename_all = "kebab-case")]
pub enum Target {
    Exit,
    BluePawn,
    Edge { side: Side },
}

/// One thing wrong with an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mistake", rename_all = "kebab-case")]
pub enum Mistake {
    /// Nothing was answered.
    Empty,
    /// A route where objects were asked, and so on.
    WrongAnswerKind,
    OffBoard {
        #[serde(with = "crate::serde_text")]
        square: Square,
    },
    /// Two squares that do not touch.
    Jump {
        #[serde(with = "crate::serde_text")]
        from: Square,
        #[serde(with = "crate::serde_text")]
        to: Square,
    },
    Diagonal {
        #[serde(with = "crate::serde_text")]
        from: Square,
        #[serde(with = "crate::serde_text")]
        to: Square,
    },
    ThroughFence {
        #[serde(with = "crate::serde_text")]
        from: Square,
        #[serde(with = "crate::serde_text")]
        to: Square,
        #[serde(with = "crate::serde_text")]
        fence: Fence,
    },
    OnFish {
        #[serde(with = "crate::serde_text")]
        square: Square,
    },
    MissedStar {
        #[serde(with = "crate::serde_text")]
        square: Square,
    },
    EndsElsewhere {
        #[serde(with = "crate::serde_text")]
        at: Square,
        #[serde(flatten)]
        target: Target,
    },
    /// A right route, but not the shortest one asked for.
    TooLong {
        steps: usize,
        fewest: usize,
    },
    MissingObject {
        pawn: Color,
    },
    WrongObject {
        pawn: Color,
        said: Object,
    },
    /// Arrow number `arrow` (from 1) goes off the board.
    ArrowOffBoard {
        arrow: usize,
    },
    /// Arrow number `arrow` leaves the drawn route, onto `at`.
    LeavesRoute {
        arrow: usize,
        #[serde(with = "crate::serde_text")]
        at: Square,
    },
    /// Arrow number `arrow` goes on past the end of the route.
    GoesPast {
        arrow: usize,
    },
    /// The arrows end on `at`, before the end of the route.
    StopsShort {
        #[serde(with = "crate::serde_text")]
        at: Square,
    },
    WrongWinner {
        said: Color,
    },
    WrongCount {
        pawn: Color,
        said: u16,
    },
}

/// The grade of an answer: right when nothing is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Verdict {
    pub mistakes: Vec<Mistake>,
    /// The steps of a route answer that broke no rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<usize>,
}

impl Verdict {
    pub fn is_right(&self) -> bool {
        self.mistakes.is_empty()
    }

    fn one(mistake: Mistake) -> Verdict {
        Verdict {
            mistakes: vec![mistake],
            steps: None,
        }
    }
}

/// Grades `answer` to a valid exercise.
pub fn check(exercise: &Exercise, answer: &Answer) -> Verdict {
    match (&exercise.task, answer) {
        (task, Answer::Route { squares }) if task.wants_route() => check_route(exercise, squares),
        (Task::FollowArrows { walkers }, Answer::Objects { objects }) => {
            let mut verdict = Verdict::default();
            for (i, walker) in walkers.iter().enumerate() {
                let right = walker
                    .end(exercise.board.size)
                    .and_then(|end| exercise.board.items.get(&end));
                match objects.get(i).copied().flatten() {
                    None => verdict
                        .mistakes
                        .push(Mistake::MissingObject { pawn: walker.color }),
                    Some(said) if right != Some(&Item::Object(said)) => {
                        verdict.mistakes.push(Mistake::WrongObject {
                            pawn: walker.color,
                            said,
                        })
                    }
                    Some(_) => {}
                }
            }
            verdict
        }
        (Task::WriteArrows { start, route }, Answer::Arrows { steps }) => {
            check_arrows(*start, route, steps, exercise.board.size)
        }
        (Task::Race { .. }, Answer::Race { winner, green, red }) => {
            let Some(Answer::Race {
                winner: right,
                green: Some(g),
                red: Some(r),
            }) = solve(exercise).map(|s| s.answer)
            else {
                return Verdict::default();
            };
            let mut verdict = Verdict::default();
            if *winner != right {
                verdict
                    .mistakes
                    .push(Mistake::WrongWinner { said: *winner });
            }
            for (pawn, said, right) in [(Color::Green, green, g), (Color::Red, red, r)] {
                match said {
                    Some(said) if *said != right => verdict
                        .mistakes
                        .push(Mistake::WrongCount { pawn, said: *said }),
                    _ => {}
                }
            }
            verdict
        }
        _ => Verdict::one(Mistake::WrongAnswerKind),
    }
}

/// A route: pawn steps from the start, by the rules of its task.
fn check_route(exercise: &Exercise, squares: &[Square]) -> Verdict {
    let board = &exercise.board;
    let (start, target, targets, fish) = match &exercise.task {
        Task::Maze { start, exit, .. } => (*start, Target::Exit, exit.bit(), 0),
        Task::Route { start, end, .. } => (
            *start,
            Target::BluePawn,
            end.bit(),
            board.set_of(Item::Fish),
        ),
        Task::ShortestPath { start, goal } => (
            *start,
            Target::Edge { side: *goal },
            edge(*goal, board.size),
            0,
        ),
        _ => return Verdict::one(Mistake::WrongAnswerKind),
    };
    // The pawn's own square and taps on the same square twice say nothing.
    let mut route: Vec<Square> = Vec::new();
    for &sq in squares {
        if route.last().copied().unwrap_or(start) != sq {
            route.push(sq);
        }
    }
    if route.is_empty() {
        return Verdict::one(Mistake::Empty);
    }
    let mut prev = start;
    for &sq in &route {
        if !board.on_board(sq) {
            return Verdict::one(Mistake::OffBoard { square: sq });
        }
        match Dir::between(prev, sq) {
            None => return Verdict::one(Mistake::Jump { from: prev, to: sq }),
            Some(dir) if dir.is_diagonal() => {
                return Verdict::one(Mistake::Diagonal { from: prev, to: sq })
            }
            Some(_) => {}
        }
        if let Some(fence) = board.fence_between(prev, sq) {
            return Verdict::one(Mistake::ThroughFence {
                from: prev,
                to: sq,
                fence,
            });
        }
        if fish & sq.bit() != 0 {
            return Verdict::one(Mistake::OnFish { square: sq });
        }
        prev = sq;
    }
    let mut verdict = Verdict {
        mistakes: Vec::new(),
        steps: Some(route.len()),
    };
    if matches!(exercise.task, Task::Route { .. }) {
        for star in board.squares_with(Item::Star) {
            if !route.contains(&star) {
                verdict.mistakes.push(Mistake::MissedStar { square: star });
            }
        }
    }
    if targets & prev.bit() == 0 {
        verdict
            .mistakes
            .push(Mistake::EndsElsewhere { at: prev, target });
    }
    let fewest_asked = matches!(
        exercise.task,
        Task::Route { fewest: true, .. } | Task::ShortestPath { .. }
    );
    if verdict.is_right() && fewest_asked {
        if let Some(fewest) = solve(exercise).and_then(|s| s.steps()) {
            if route.len() > fewest {
                verdict.mistakes.push(Mistake::TooLong {
                    steps: route.len(),
                    fewest,
                });
            }
        }
    }
    verdict
}

/// Arrows written for a drawn route: followed from the start, they must
/// trace exactly its squares.
fn check_arrows(start: Square, route: &[Square], steps: &[crate::dir::Step], size: u8) -> Verdict {
    if steps.is_empty() {
        return Verdict::one(Mistake::Empty);
    }
    let mut walked = 0;
    let mut at = start;
    for (i, step) in steps.iter().enumerate() {
        let arrow = i + 1;
        for sq in step.walk(at, size) {
            let Some(sq) = sq else {
                return Verdict::one(Mistake::ArrowOffBoard { arrow });
            };
            match route.get(walked) {
                None => return Verdict::one(Mistake::GoesPast { arrow }),
                Some(&expected) if expected != sq => {
                    return Verdict::one(Mistake::LeavesRoute { arrow, at: sq })
                }
                Some(_) => {}
            }
            walked += 1;
            at = sq;
        }
    }
    if walked < route.len() {
        return Verdict::one(Mistake::StopsShort { at });
    }
    Verdict::default()
}
