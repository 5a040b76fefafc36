//! `Move`, seats and rules as Python sees them: moves and seats as small
//! values that also read from their text (`"e3h"`, `"north"`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use quoridor_rules::{Move, Orientation, Position, Ruleset, Seat, Variant};

use crate::errors;

/// A move: a pawn move written as its destination (`e2`), a fence written as
/// its anchor and orientation (`e3h`, `e3v`), or `pass`.
///
/// Moves compare and hash by value; every method that takes a move also
/// takes its text.
///
/// >>> from quoridor import Move
/// >>> m = Move("E3H")
/// >>> m, str(m), m.kind, m.square, m.orientation
/// (Move('e3h'), 'e3h', 'fence', 'e3', 'h')
/// >>> Move("e2") == Move("e2"), Move("pass").kind
/// (True, 'pass')
#[pyclass(module = "quoridor", name = "Move", frozen, eq, hash, str)]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PyMove(pub Move);

impl std::fmt::Display for PyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[pymethods]
impl PyMove {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        move_arg(text).map(PyMove)
    }

    /// `"pawn"`, `"fence"` or `"pass"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Move::Pawn(_) => "pawn",
            Move::Fence(_) => "fence",
            Move::Pass => "pass",
        }
    }

    /// The pawn's destination or the fence's anchor (its lower-left
    /// square), `None` for a pass.
    #[getter]
    fn square(&self) -> Option<String> {
        match self.0 {
            Move::Pawn(sq) => Some(sq.to_string()),
            Move::Fence(fence) => Some(fence.anchor().to_string()),
            Move::Pass => None,
        }
    }

    /// `"h"` or `"v"` for a fence, else `None`.
    #[getter]
    fn orientation(&self) -> Option<&'static str> {
        match self.0 {
            Move::Fence(fence) => Some(match fence.orientation() {
                Orientation::Horizontal => "h",
                Orientation::Vertical => "v",
            }),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String,))> {
        Ok((slf.get_type(), (slf.get().0.to_string(),)))
    }
}

/// A move given as a `Move` or as its text.
pub fn move_arg(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(mv) = obj.cast::<PyMove>() {
        return Ok(mv.get().0);
    }
    let Ok(text) = obj.extract::<String>() else {
        return Err(PyTypeError::new_err(format!(
            "a move is a Move or its text (e2, e3h, pass), not {}",
            obj.get_type().name()?
        )));
    };
    text.trim().parse::<Move>().map_err(errors::parse)
}

/// A seat given by name (`"south"`, `"n"`) or by its index in turn order,
/// checked against the position's players.
pub fn seat_arg(pos: &Position, obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    let seats = pos.seats();
    let seat = if let Ok(index) = obj.extract::<i64>() {
        usize::try_from(index)
            .ok()
            .and_then(|i| seats.get(i).copied())
            .ok_or_else(|| {
                errors::value(format!(
                    "seat index {index} is out of range: 0 to {}",
                    seats.len() - 1
                ))
            })?
    } else if let Ok(text) = obj.extract::<String>() {
        text.trim().parse::<Seat>().map_err(errors::parse)?
    } else {
        return Err(PyTypeError::new_err(
            "a seat is a name (south, west, north, east) or an index in turn order",
        ));
    };
    if !seats.contains(&seat) {
        let names: Vec<&str> = seats.iter().map(|s| s.name()).collect();
        return Err(errors::value(format!(
            "{seat} does not play in a {}-player game ({})",
            seats.len(),
            names.join(", ")
        )));
    }
    Ok(seat)
}

/// The rules named by the keyword arguments every constructor takes.
pub struct RulesArgs {
    pub size: u32,
    pub players: u32,
    pub fences: Option<u32>,
    pub variant: String,
    pub side_step_over_pawn: bool,
    pub ply_limit: Option<u32>,
}

impl RulesArgs {
    /// A board size that the rules accept (odd, 3 to 11).
    pub fn size_arg(size: u32) -> PyResult<u8> {
        Ruleset::new(size, 2).map_err(errors::value)?;
        Ok(size as u8)
    }

    pub fn ruleset(&self) -> PyResult<Ruleset> {
        let mut rules = Ruleset::new(self.size, self.players).map_err(errors::value)?;
        if let Some(fences) = self.fences {
            rules = rules.with_fences(fences).map_err(errors::value)?;
        }
        let variant = match self.variant.to_ascii_lowercase().as_str() {
            "standard" => Variant::Standard,
            "teams" => Variant::Teams,
            "scoring" => Variant::Scoring,
            other => {
                return Err(errors::value(format!(
                    "unknown variant {other:?}: standard, teams or scoring"
                )))
            }
        };
        rules = rules.with_variant(variant).map_err(errors::value)?;
        rules = rules.with_side_step_over_pawn(self.side_step_over_pawn);
        rules.with_ply_limit(self.ply_limit).map_err(errors::value)
    }

    /// Whether any argument differs from the defaults (then a notation may
    /// not be given as well).
    pub fn is_default(&self) -> bool {
        self.size == 9
            && self.players == 2
            && self.fences.is_none()
            && self.variant == "standard"
            && !self.side_step_over_pawn
            && self.ply_limit.is_none()
    }
}

/// A game's outcome as a word: the winning seat, the winning team
/// (`north+east`) or `draw`.
pub fn outcome_word(outcome: Option<quoridor_rules::Outcome>) -> Option<String> {
    outcome.map(|o| o.to_string())
}

/// The winner's name (a seat, or a team written `north+east`), `None` for a
/// draw or a game that goes on.
pub fn winner_word(outcome: Option<quoridor_rules::Outcome>) -> Option<String> {
    match outcome {
        Some(quoridor_rules::Outcome::Draw) | None => None,
        Some(o) => Some(o.to_string()),
    }
}
