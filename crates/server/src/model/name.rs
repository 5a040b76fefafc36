//! Names people type (a seat's, a pupil's, a class's, a tournament's and
//! its players'), and lines of chat: one set of rules, so that no name can
//! pass for another or disturb the text around it.
//!
//! - A name is put in Unicode's composed form (NFC: "é" typed as "e" and a
//!   combining accent becomes one "é"), its spaces (any kind) become one
//!   plain space, and it is trimmed.
//! - Refused: control characters; characters that change the direction of
//!   the text (U+202E, the isolates, the marks); invisible ones (zero-width
//!   spaces and joiners, U+2028/U+2029, the byte-order mark, fillers, tags,
//!   variation selectors but the emoji one); more than three accents on one
//!   letter.
//! - Two names are the same person's when their [`key`]s are equal: no
//!   case, no accents ("Léa", "lea" and "LEA" are one name).

use std::fmt;

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Why a name (or a chat line) is refused; the field's name is added where
/// it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    TooLong(usize),
    Control,
    /// A character that changes the direction of the text or cannot be
    /// seen.
    Invisible,
    /// More than three accents on one letter.
    Stacked,
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameProblem::Empty => f.write_str("it is empty"),
            NameProblem::TooLong(max) => write!(f, "at most {max} characters"),
            NameProblem::Control => f.write_str("no control characters"),
            NameProblem::Invisible => f.write_str("no invisible or direction-changing characters"),
            NameProblem::Stacked => f.write_str("at most three accents on a letter"),
        }
    }
}

/// Characters that change the direction of the text around them.
fn changes_direction(c: char) -> bool {
    matches!(c,
        '\u{061C}'                  // Arabic letter mark
        | '\u{200E}' | '\u{200F}'   // left-to-right and right-to-left marks
        | '\u{202A}'..='\u{202E}'   // embeddings and overrides
        | '\u{2066}'..='\u{2069}'   // isolates
    )
}

/// Characters that take no room or cannot be seen (beside the controls).
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}'                  // soft hyphen
        | '\u{034F}'                // combining grapheme joiner
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
        | '\u{17B4}' | '\u{17B5}'   // Khmer inherent vowels
        | '\u{180B}'..='\u{180F}'   // Mongolian selectors and separator
        | '\u{200B}'..='\u{200D}'   // zero-width space, non-joiner, joiner
        | '\u{2028}' | '\u{2029}'   // line and paragraph separators
        | '\u{2060}'..='\u{2065}'   // word joiner, invisible operators
        | '\u{206A}'..='\u{206F}'   // deprecated format characters
        | '\u{FE00}'..='\u{FE0E}'   // variation selectors (not the emoji one)
        | '\u{FEFF}'                // byte-order mark
        | '\u{FFF9}'..='\u{FFFB}'   // interlinear annotations
        | '\u{1BCA0}'..='\u{1BCA3}' // shorthand format controls
        | '\u{1D173}'..='\u{1D17A}' // musical format controls
        | '\u{E0000}'..='\u{E0FFF}' // tags and their selectors
    )
}

/// The first problem of a text already in NFC, if any.
fn problem_in(text: &str, lines: bool) -> Option<NameProblem> {
    let mut accents = 0;
    for c in text.chars() {
        if changes_direction(c) || (!lines && is_invisible(c)) || c == '\u{2028}' || c == '\u{2029}'
        {
            return Some(NameProblem::Invisible);
        }
        if c.is_control() {
            return Some(NameProblem::Control);
        }
        if is_combining_mark(c) {
            accents += 1;
            if accents > 3 {
                return Some(NameProblem::Stacked);
            }
        } else {
            accents = 0;
        }
    }
    None
}

/// A name as typed, normalised and checked: NFC, one plain space between
/// words, 1 to `max` characters.
pub fn clean(name: &str, max: usize) -> Result<String, NameProblem> {
    let composed: String = name.nfc().collect();
    // Line and paragraph separators count as spaces for `split_whitespace`:
    // refuse them before the spaces are tidied.
    if let Some(problem) = problem_in(&composed, false) {
        return Err(problem);
    }
    let tidy = composed.split_whitespace().collect::<Vec<_>>().join(" ");
    within(tidy, max)
}

/// `text` if it has 1 to `max` characters.
fn within(text: String, max: usize) -> Result<String, NameProblem> {
    match text.chars().count() {
        0 => Err(NameProblem::Empty),
        n if n > max => Err(NameProblem::TooLong(max)),
        _ => Ok(text),
    }
}

/// A line of chat: NFC, trimmed, 1 to `max` characters, no control or
/// direction-changing characters (emoji joiners are welcome there).
pub fn clean_line(line: &str, max: usize) -> Result<String, NameProblem> {
    let composed: String = line.trim().nfc().collect();
    if let Some(problem) = problem_in(&composed, true) {
        return Err(problem);
    }
    within(composed, max)
}

/// The form in which two names are compared: without case or accents
/// ("Léa" → "lea", "ŞTEFAN" → "stefan").
pub fn key(name: &str) -> String {
    name.nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_composed_and_tidied() {
        assert_eq!(clean("  Le\u{0301}a  ", 24).unwrap(), "Léa");
        assert_eq!(clean("Ana\u{00A0} Maria", 24).unwrap(), "Ana Maria");
        assert_eq!(clean("Ștefan", 24).unwrap(), "Ștefan");
        assert_eq!(clean("李小龍", 24).unwrap(), "李小龍");
        assert_eq!(clean("Zoé 👍\u{FE0F}", 24).unwrap(), "Zoé 👍\u{FE0F}");
    }

    #[test]
    fn invisible_and_direction_changing_characters_are_refused() {
        for bad in [
            "Ana\u{200B}",
            "\u{202E}aeL",
            "Léa\u{2028}",
            "\u{FEFF}Tom",
            "a\u{2066}b\u{2069}",
            "Tom\u{200D}",
            "x\u{E0041}",
            "\u{3164}",
            "Lé\u{00AD}a",
        ] {
            assert_eq!(clean(bad, 24), Err(NameProblem::Invisible), "{bad:?}");
        }
        assert_eq!(clean("a\tb", 24), Err(NameProblem::Control));
        assert_eq!(clean("a\u{0007}", 24), Err(NameProblem::Control));
        assert_eq!(clean("   ", 24), Err(NameProblem::Empty));
        assert_eq!(clean("abcdef", 5), Err(NameProblem::TooLong(5)));
        // NFC folds the first accent into the letter: four are left.
        let zalgo = format!("a{}", "\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}");
        assert_eq!(clean(&zalgo, 24), Err(NameProblem::Stacked));
    }

    #[test]
    fn keys_ignore_case_and_accents() {
        assert_eq!(key("Léa"), key("lea"));
        assert_eq!(key("LÉA"), key("le\u{0301}a"));
        assert_eq!(key("Ștefan"), "stefan");
        assert_ne!(key("Léa"), key("Leo"));
        assert_eq!(key("Ana  Maria"), key("ana maria"));
    }

    #[test]
    fn chat_lines_keep_emoji_joiners_but_not_overrides() {
        let family = "hi 👨\u{200D}👩\u{200D}👧";
        assert_eq!(clean_line(family, 300).unwrap(), family);
        assert_eq!(
            clean_line("gg \u{202E}olleh", 300),
            Err(NameProblem::Invisible)
        );
        assert_eq!(clean_line("a\nb", 300), Err(NameProblem::Control));
        assert_eq!(clean_line(" ", 300), Err(NameProblem::Empty));
    }
}
