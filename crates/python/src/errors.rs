//! The module's exceptions: every refusal of the engine becomes one of them,
//! with the engine's own words.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    quoridor,
    QuoridorError,
    PyValueError,
    "Base of the module's errors (a ValueError)."
);
create_exception!(
    quoridor,
    IllegalMoveError,
    QuoridorError,
    "A move that the rules refuse; the message says why (`fence crosses e3h`)."
);
create_exception!(
    quoridor,
    ParseError,
    QuoridorError,
    "Text that is not a move, a seat, a position or a game record; the message says what was expected."
);

/// A refusal of the rules.
pub fn illegal(reason: impl std::fmt::Display) -> PyErr {
    IllegalMoveError::new_err(reason.to_string())
}

/// Text that could not be read.
pub fn parse(reason: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(reason.to_string())
}

/// A value out of its range or of the wrong kind for the rules.
pub fn value(reason: impl std::fmt::Display) -> PyErr {
    QuoridorError::new_err(reason.to_string())
}
