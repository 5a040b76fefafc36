//! Malformed text: what was expected and what was found.

use alloc::string::String;
use core::fmt;

/// `text` cut to `max_chars` characters, with `…` when something was cut:
/// how a message quotes what it was given, whatever its length.
///
/// ```
/// use quoridor_rules::excerpt;
/// assert_eq!(excerpt("e3h", 40), "e3h");
/// assert_eq!(excerpt("abcdef", 3), "abc…");
/// ```
pub fn excerpt(text: &str, max_chars: usize) -> String {
    let mut out: String = text.chars().take(max_chars).collect();
    if text.chars().nth(max_chars).is_some() {
        out.push('…');
    }
    out
}

/// Text that is not what was expected. Says what was expected and what was
/// found (cut to a readable length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    found: String,
    expected: &'static str,
}

impl ParseError {
    const MAX_SHOWN: usize = 40;

    /// `found` was given where `expected` was wanted.
    pub fn new(found: &str, expected: &'static str) -> ParseError {
        ParseError {
            found: excerpt(found, Self::MAX_SHOWN),
            expected,
        }
    }

    /// What was expected, e.g. `a square such as e3`.
    pub fn expected(&self) -> &'static str {
        self.expected
    }

    /// The offending text (possibly cut short).
    pub fn found(&self) -> &str {
        &self.found
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(f, "expected {}, found nothing", self.expected)
        } else {
            write!(f, "expected {}, found `{}`", self.expected, self.found)
        }
    }
}

impl core::error::Error for ParseError {}
