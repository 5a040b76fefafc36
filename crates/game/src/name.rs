//! Names people type (a seat's, a pupil's, a class's, a tournament's and
//! its players'), and lines of chat: one set of rules, so that no name can
//! pass for another or disturb the text around it.
//!
//! - A name is put in Unicode's composed form (NFC: "é" typed as "e" and a
//!   combining accent becomes one "é"), its spaces (any kind) become one
//!   plain space, and it is trimmed.
//! - Refused: control characters; characters that change the direction of
//!   the text (U+202E, the isolates, the marks); invisible ones (zero-width
//!   spaces and joiners, U+2028/U+2029, the byte-order mark, fillers, the
//!   blank Braille pattern, tags, variation selectors but the emoji one);
//!   more than three accents on one letter (counted decomposed, so that
//!   composition cannot hide one); a name with nothing to see (only
//!   accents).
//! - Two names are the same person's when their [`key`]s are equal: no
//!   case (full folding: "Straße" is "STRASSE"), no accents, no
//!   compatibility forms (fullwidth letters, "ﬁ", "Ⅸ"), and look-alikes
//!   from other scripts folded to one (Unicode's confusable skeleton,
//!   TR39: Cyrillic "Аna" is "Ana").
//! - Chat lines follow the same rules but for the joiner between emoji and
//!   the tags of a flag, which draw one picture.

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
        | '\u{2800}'                // Braille pattern blank
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

/// Whether `c` may stand in an emoji sequence of a chat line: the joiner
/// between two pictures, or the tags of a subdivision flag (after the
/// black flag or another tag).
fn joins_emoji(c: char, before: Option<char>) -> bool {
    match c {
        '\u{200D}' => before.is_some_and(|b| !b.is_alphanumeric() && !b.is_whitespace()),
        '\u{E0020}'..='\u{E007F}' => {
            matches!(before, Some('\u{1F3F4}' | '\u{E0020}'..='\u{E007F}'))
        }
        _ => false,
    }
}

/// The first problem of a text, if any (its accents counted decomposed).
fn problem_in(text: &str, lines: bool) -> Option<NameProblem> {
    let mut accents = 0;
    let mut before = None;
    for c in text.chars() {
        let allowed = lines && joins_emoji(c, before);
        if changes_direction(c) || (is_invisible(c) && !allowed) {
            return Some(NameProblem::Invisible);
        }
        before = Some(c);
        if c.is_control() {
            return Some(NameProblem::Control);
        }
    }
    for c in text.nfd() {
        if is_combining_mark(c) {
            accents += 1;
            if accents > 3 {
                return Some(NameProblem::Stacked);
            }
        } else {
            accents = 0;
        }
    }
    // Something to see: a character that is neither a space nor an accent.
    let blank = |c: char| c.is_whitespace() || is_combining_mark(c);
    if text.chars().any(|c| !c.is_whitespace()) && text.chars().all(blank) {
        return Some(NameProblem::Invisible);
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

/// The form in which two names are compared: compatibility forms
/// unfolded (NFKC), case folded in full, accents dropped, and look-alikes
/// of other scripts mapped to one (the confusable skeleton of TR39), so
/// that "Léa", "lea", "ＬＥＡ" and Cyrillic "Lеа" give one key, as do
/// "Straße" and "STRASSE".
pub fn key(name: &str) -> String {
    let unfolded: String = name.nfkc().collect();
    let folded = caseless::default_case_fold_str(&unfolded);
    let bare: String = folded.nfd().filter(|c| !is_combining_mark(*c)).collect();
    let skeleton: String = unicode_security::confusable_detection::skeleton(&bare).collect();
    // The skeleton's prototypes may be capitals or carry marks: once more.
    caseless::default_case_fold_str(&skeleton)
        .nfd()
        .filter(|c| !is_combining_mark(*c))
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
        // NFC folds the first accent into the letter: they are counted
        // decomposed all the same.
        let zalgo = format!("a{}", "\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}");
        assert_eq!(clean(&zalgo, 24), Err(NameProblem::Stacked));
        let four = format!("a{}", "\u{0301}\u{0302}\u{0303}\u{0304}");
        assert_eq!(clean(&four, 24), Err(NameProblem::Stacked));
        let three = format!("a{}", "\u{0301}\u{0302}\u{0303}");
        assert!(clean(&three, 24).is_ok());
        // Vietnamese letters carry two marks: fine.
        assert_eq!(clean("Nguyễn Thị", 24).unwrap(), "Nguyễn Thị");
        // Nothing to see.
        assert_eq!(clean("\u{0301}\u{0302}", 24), Err(NameProblem::Invisible));
        assert_eq!(clean("\u{2800}\u{2800}", 24), Err(NameProblem::Invisible));
        assert_eq!(clean("Ana \u{2800}", 24), Err(NameProblem::Invisible));
    }

    #[test]
    fn look_alikes_are_one_name() {
        for (a, b) in [
            ("Ana", "\u{0410}na"), // Cyrillic A
            ("Ana", "ＡＮＡ"),     // fullwidth
            ("fil", "\u{FB01}l"),  // the ligature fi
            ("IX", "\u{2168}"),    // Roman numeral nine
            ("Straße", "STRASSE"),
            ("Léa", "LEA"),
            ("paypal", "\u{0440}\u{0430}ypal"), // Cyrillic r, a
        ] {
            assert_eq!(key(a), key(b), "{a} / {b}");
        }
        assert_ne!(key("Ana"), key("Ina"));
        assert_ne!(key("Léa"), key("Léo"));
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
        // A flag drawn with tags stays; tags, joiners and other invisible
        // characters hidden in words do not.
        let england = "go \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
        assert_eq!(clean_line(england, 300).unwrap(), england);
        for hidden in [
            "hi\u{200B}there",
            "x\u{E0041}",
            "\u{FEFF}hello",
            "a\u{3164}b",
            "a\u{FE00}b",
            "soft\u{00AD}hyphen",
            "wo\u{200D}rd",
        ] {
            assert_eq!(
                clean_line(hidden, 300),
                Err(NameProblem::Invisible),
                "{hidden:?}"
            );
        }
    }
}
