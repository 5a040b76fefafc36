//! The lessons of the rules tutorial and how a move is checked against one.

use crate::puzzle::MoveKind;
use quoridor_rules::{IllegalMove, Move, Position, Seat};

/// What a lesson asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One of these moves.
    Moves(&'static [&'static str]),
    /// A pawn move that brings the mover closer to its goal line.
    Closer,
    /// A fence that makes this seat's way longer.
    Lengthens(Seat),
    /// A fence that makes this seat's way as long as one fence can.
    Longest(Seat),
}

/// One lesson: a position, the task, and the rule it teaches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The lesson's name in URLs and on the command line (`jump`).
    pub id: &'static str,
    /// Its position, in the position notation.
    pub position: &'static str,
    pub goal: Goal,
}

/// How a move answers a lesson.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// What the lesson asks.
    Right,
    /// A legal move, but not what the lesson asks.
    NotAsked,
    /// Against the rules: the position does not change.
    Illegal,
}

/// A checked move: the outcome, and the rules engine's reason when the move
/// is illegal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub outcome: Outcome,
    pub illegal: Option<IllegalMove>,
}

/// Every lesson, in the order they are taught.
pub const LESSONS: [Lesson; 10] = [
    Lesson {
        id: "step",
        position: "9 e1,e9 - 10,10 south 0",
        goal: Goal::Moves(&["e2"]),
    },
    Lesson {
        id: "goal",
        position: "9 e8,c4 - 10,10 south 20",
        goal: Goal::Moves(&["e9"]),
    },
    Lesson {
        id: "jump",
        position: "9 e4,e5 - 10,10 south 8",
        goal: Goal::Moves(&["e6"]),
    },
    Lesson {
        id: "side-step",
        position: "9 e4,e5 e5h 10,9 south 9",
        goal: Goal::Moves(&["d5", "f5"]),
    },
    Lesson {
        id: "edge",
        position: "9 e8,e9 - 10,10 south 16",
        goal: Goal::Moves(&["d9", "f9"]),
    },
    Lesson {
        id: "fence",
        position: "9 e2,e5 - 10,10 south 6",
        goal: Goal::Lengthens(Seat::North),
    },
    Lesson {
        id: "fence-rules",
        position: "9 e2,e7 e5h 10,9 south 5",
        goal: Goal::Moves(&["c5h", "g5h"]),
    },
    Lesson {
        id: "last-path",
        position: "9 e1,a9 a8h 10,9 south 1",
        goal: Goal::Longest(Seat::North),
    },
    Lesson {
        id: "no-fences",
        position: "9 e5,e9 a1v,a3v,a5v,a7v,h1v,h3v,h5v,h7v,c1v,f1v 0,10 south 20",
        goal: Goal::Closer,
    },
    Lesson {
        id: "four-players",
        position: "9 e4,e5,e6,i5 - 5,5,5,5 south 8",
        goal: Goal::Moves(&["d4", "f4"]),
    },
];

/// The lesson named `id`.
pub fn lesson(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id.eq_ignore_ascii_case(id))
}

impl Lesson {
    /// The lesson's position.
    pub fn start(&self) -> Position {
        self.position
            .parse()
            .expect("every lesson's position is valid (tested)")
    }

    /// The kind of move the lesson asks for (its first answer's).
    pub fn move_kind(&self) -> MoveKind {
        match self.goal {
            Goal::Moves(moves) => {
                let mv = moves[0]
                    .parse()
                    .expect("every lesson's answers are moves (tested)");
                MoveKind::of(&self.start(), mv)
            }
            Goal::Closer => MoveKind::Step,
            Goal::Lengthens(_) | Goal::Longest(_) => MoveKind::Fence,
        }
    }

    /// Its number, from 1.
    pub fn number(&self) -> usize {
        LESSONS.iter().position(|l| l.id == self.id).unwrap_or(0) + 1
    }

    /// Checks a move against the lesson.
    pub fn check(&self, mv: Move) -> Check {
        let pos = self.start();
        if let Err(err) = pos.check(mv) {
            return Check {
                outcome: Outcome::Illegal,
                illegal: Some(err),
            };
        }
        let right = match self.goal {
            Goal::Moves(moves) => moves.iter().any(|m| m.parse() == Ok(mv)),
            Goal::Closer => matches!(mv, Move::Pawn(_)) && closer(&pos, mv),
            Goal::Lengthens(seat) => {
                matches!(mv, Move::Fence(_)) && way_after(&pos, mv, seat) > way(&pos, seat)
            }
            Goal::Longest(seat) => {
                matches!(mv, Move::Fence(_)) && way_after(&pos, mv, seat) == longest(&pos, seat)
            }
        };
        Check {
            outcome: if right {
                Outcome::Right
            } else {
                Outcome::NotAsked
            },
            illegal: None,
        }
    }

    /// The moves the lesson accepts.
    pub fn answers(&self) -> Vec<Move> {
        self.start()
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| self.check(mv).outcome == Outcome::Right)
            .collect()
    }
}

fn way(pos: &Position, seat: Seat) -> u32 {
    pos.distance(seat).unwrap_or(u32::MAX)
}

fn way_after(pos: &Position, mv: Move, seat: Seat) -> u32 {
    let mut after = *pos;
    after.play_unchecked(mv);
    way(&after, seat)
}

fn closer(pos: &Position, mv: Move) -> bool {
    way_after(pos, mv, pos.turn()) < way(pos, pos.turn())
}

/// The longest way one legal fence can give `seat`.
fn longest(pos: &Position, seat: Seat) -> u32 {
    pos.legal_moves()
        .iter()
        .filter(|mv| matches!(mv, Move::Fence(_)))
        .map(|&mv| way_after(pos, mv, seat))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_lesson_names_the_kind_of_move_it_asks_for() {
        let kinds: Vec<&str> = LESSONS.iter().map(|l| l.move_kind().name()).collect();
        assert_eq!(kinds[..3], ["step", "step", "jump"]);
        assert!(kinds.contains(&"fence"), "{kinds:?}");
    }

    #[test]
    fn every_lesson_has_a_valid_position_and_an_answer() {
        for lesson in &LESSONS {
            let pos: Position = lesson
                .position
                .parse()
                .unwrap_or_else(|e| panic!("{}: {e}", lesson.id));
            assert!(!pos.is_over(), "{}", lesson.id);
            assert!(!lesson.answers().is_empty(), "{} has no answer", lesson.id);
            if let Goal::Moves(moves) = lesson.goal {
                for m in moves {
                    let mv: Move = m.parse().unwrap();
                    assert!(pos.is_legal(mv), "{}: {m}", lesson.id);
                }
            }
        }
        let ids: std::collections::HashSet<_> = LESSONS.iter().map(|l| l.id).collect();
        assert_eq!(ids.len(), LESSONS.len());
    }

    fn outcome(id: &str, mv: &str) -> Check {
        lesson(id).unwrap().check(mv.parse().unwrap())
    }

    #[test]
    fn the_expected_actions_are_right() {
        for (id, mv) in [
            ("step", "e2"),
            ("goal", "e9"),
            ("jump", "e6"),
            ("side-step", "d5"),
            ("side-step", "f5"),
            ("edge", "d9"),
            ("edge", "f9"),
            ("fence", "e4h"),
            ("fence-rules", "c5h"),
            ("fence-rules", "g5h"),
            ("no-fences", "e6"),
            ("four-players", "d4"),
        ] {
            assert_eq!(outcome(id, mv).outcome, Outcome::Right, "{id} {mv}");
        }
        let last = lesson("last-path").unwrap();
        let answers = last.answers();
        assert!(answers.iter().all(|m| matches!(m, Move::Fence(_))));
        assert!(!answers.is_empty());
    }

    #[test]
    fn the_common_wrong_moves_are_refused_with_the_rule() {
        use IllegalMove::*;
        let illegal = |id: &str, mv: &str| outcome(id, mv).illegal;
        assert!(matches!(illegal("step", "e3"), Some(NotReachable { .. })));
        assert!(matches!(illegal("jump", "e7"), Some(NotReachable { .. })));
        assert!(matches!(
            illegal("side-step", "e6"),
            Some(NotReachable { .. })
        ));
        assert!(matches!(illegal("edge", "e9"), Some(NotReachable { .. })));
        assert!(matches!(illegal("fence-rules", "d5h"), Some(Overlaps(_))));
        assert!(matches!(illegal("fence-rules", "f5h"), Some(Overlaps(_))));
        assert!(matches!(illegal("fence-rules", "e5v"), Some(Crosses(_))));
        assert!(matches!(
            illegal("fence-rules", "i5h"),
            Some(OffBoard { .. })
        ));
        assert!(matches!(
            illegal("last-path", "b8v"),
            Some(NoPathLeft(Seat::North))
        ));
        assert!(matches!(illegal("no-fences", "e6h"), Some(NoFencesLeft)));
        assert!(matches!(
            illegal("four-players", "e7"),
            Some(NotReachable { .. })
        ));
        assert!(matches!(
            illegal("four-players", "e6"),
            Some(NotReachable { .. })
        ));
        assert!(matches!(
            illegal("four-players", "d5"),
            Some(NotReachable { .. })
        ));
        for (id, mv) in [
            ("step", "d1"),
            ("jump", "d4"),
            ("fence", "a1h"),
            ("goal", "d8"),
            ("no-fences", "e4"),
        ] {
            assert_eq!(outcome(id, mv).outcome, Outcome::NotAsked, "{id} {mv}");
        }
    }
}
