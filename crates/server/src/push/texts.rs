//! The words of a notification, in the language its device chose: the
//! `push.*` texts of the pages' own language files (`web/lib/i18n/`), read
//! once, so that each text has one home.

use std::collections::HashMap;
use std::sync::OnceLock;

const FILES: [(&str, &str); 3] = [
    ("en", include_str!("../../web/lib/i18n/en.js")),
    ("fr", include_str!("../../web/lib/i18n/fr.js")),
    ("ro", include_str!("../../web/lib/i18n/ro.js")),
];

/// The languages notifications are written in.
pub fn is_language(lang: &str) -> bool {
    FILES.iter().any(|(code, _)| *code == lang)
}

/// A quoted JavaScript string at the start of `text` (`'…'` or `"…"`, with
/// backslash escapes), and its value.
fn quoted(text: &str) -> Option<(String, &str)> {
    let mut chars = text.char_indices();
    let (_, quote) = chars.next().filter(|(_, q)| *q == '\'' || *q == '"')?;
    let mut value = String::new();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?.1),
            c if c == quote => return Some((value, &text[at + 1..])),
            c => value.push(c),
        }
    }
    None
}

/// The `push.` texts of one language file: lines `'push.key': 'text',`.
fn read(file: &str) -> HashMap<String, String> {
    file.lines()
        .filter_map(|line| {
            let (key, rest) = quoted(line.trim_start())?;
            let rest = rest.trim_start().strip_prefix(':')?;
            let (value, _) = quoted(rest.trim_start())?;
            key.starts_with("push.").then_some((key, value))
        })
        .collect()
}

fn texts() -> &'static HashMap<&'static str, HashMap<String, String>> {
    static TEXTS: OnceLock<HashMap<&'static str, HashMap<String, String>>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        FILES
            .iter()
            .map(|(lang, file)| (*lang, read(file)))
            .collect()
    })
}

/// The text `key` in `lang` (English where it has none), its `{name}`
/// placeholders filled from `params`; French gets its non-breaking spaces
/// before `: ; ! ?`, as on the pages.
pub fn text(lang: &str, key: &str, params: &[(&str, &str)]) -> String {
    let all = texts();
    let found = all
        .get(lang)
        .and_then(|t| t.get(key))
        .or_else(|| all["en"].get(key))
        .map_or(key, String::as_str);
    let mut out = found.to_string();
    for (name, value) in params {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    if lang == "fr" {
        for mark in [":", ";", "!", "?"] {
            out = out.replace(&format!(" {mark}"), &format!("\u{a0}{mark}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_strings_are_read_with_their_escapes() {
        assert_eq!(quoted(r"'it\'s', x"), Some(("it's".into(), ", x")));
        assert_eq!(
            quoted(r#""a \"b\" c": 1"#),
            Some((r#"a "b" c"#.into(), ": 1"))
        );
        assert_eq!(quoted("'open"), None);
        assert_eq!(quoted("plain"), None);
    }

    #[test]
    fn every_language_has_every_push_text() {
        let all = texts();
        let english = &all["en"];
        assert!(english.len() >= 8, "{english:?}");
        for (lang, _) in FILES {
            let mut missing: Vec<&String> = english
                .keys()
                .filter(|k| !all[lang].contains_key(*k))
                .collect();
            missing.sort();
            assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        }
    }

    #[test]
    fn texts_are_filled_in_the_language_asked() {
        let en = text("en", "push.turn_title", &[("name", "Ana")]);
        assert!(en.contains("Ana") && !en.contains('{'), "{en}");
        let fr = text("fr", "push.turn_title", &[("name", "Ana")]);
        assert_ne!(fr, en);
        assert_eq!(text("xx", "push.turn_title", &[("name", "Ana")]), en);
        assert_eq!(text("en", "push.no_such_key", &[]), "push.no_such_key");
    }
}
