//! What a puzzle is about: its theme, the kind of move that answers it, and
//! the facts its explanation is made of. Below both the puzzles and their
//! words (`texts`), which each use it.

use std::fmt;
use std::str::FromStr;

use quoridor_rules::{Move, ParseError, Position, Seat};
use serde::{Deserialize, Serialize};

/// What a puzzle teaches.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// The only pawn move that keeps (or wins) the race.
    Race,
    /// A fence that sends the opponent on a long detour.
    Detour,
    /// A fence that must be placed now, before the opponent's own.
    FenceTiming,
    /// A jump or side-step over the other pawn.
    Jump,
}

impl Theme {
    pub const ALL: [Theme; 4] = [Theme::Race, Theme::Detour, Theme::FenceTiming, Theme::Jump];

    /// The kind of move that answers a puzzle of this theme.
    pub const fn move_kind(self) -> MoveKind {
        match self {
            Theme::Race => MoveKind::Step,
            Theme::Jump => MoveKind::Jump,
            Theme::Detour | Theme::FenceTiming => MoveKind::Fence,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Theme::Race => "race",
            Theme::Detour => "detour",
            Theme::FenceTiming => "fence-timing",
            Theme::Jump => "jump",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Theme, ParseError> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseError::new(s, "a theme: race, detour, fence-timing or jump"))
    }
}

/// One puzzle, as stored in `data/puzzles.jsonl`.
/// What kind of move a puzzle's answer is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Step,
    /// A jump or a side-step over the other pawn.
    Jump,
    Fence,
}

impl MoveKind {
    /// Its name for the pages (`step`, `jump`, `fence`): the picture beside
    /// a task.
    pub const fn name(self) -> &'static str {
        match self {
            MoveKind::Step => "step",
            MoveKind::Jump => "jump",
            MoveKind::Fence => "fence",
        }
    }

    pub fn of(pos: &Position, mv: Move) -> MoveKind {
        match mv {
            Move::Pawn(to) => {
                let from = pos.pawn(pos.turn());
                let far = from.col().abs_diff(to.col()) + from.row().abs_diff(to.row());
                if far >= 2 {
                    MoveKind::Jump
                } else {
                    MoveKind::Step
                }
            }
            Move::Fence(_) => MoveKind::Fence,
            Move::Pass => MoveKind::Step,
        }
    }
}

/// The numbers an explanation is made of: the ways to the goal lines before
/// and after the move, and the most one fence of the opponent could add to
/// the mover's way before and after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    pub mv: String,
    pub kind: MoveKind,
    pub me: Seat,
    pub them: Seat,
    pub mine_after: u32,
    pub theirs_before: u32,
    pub theirs_after: u32,
    pub threat_before: u32,
    pub threat_after: u32,
    /// The search's margin, hundredths of a step.
    pub margin: i32,
    /// The other moves accepted (each wins by force, as the answer does).
    pub also: Vec<String>,
}
