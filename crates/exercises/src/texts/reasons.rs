//! Why the rules refuse a move, in words: one text per reason and
//! language (`reasons/*.txt`), said by every front end: the terminal, the
//! lessons and the web page, whose copy is generated from these files.

use quoridor_rules::{IllegalMove, Seat};

use super::{fill, Lang};

/// Every reason's key, as the files and the web's `reason.*` name it (the
/// server's refusal `code`).
pub const KEYS: [&str; 13] = [
    "game_over",
    "not_reachable",
    "off_board",
    "no_fences_left",
    "overlaps",
    "crosses",
    "no_path_left",
    "pass_not_allowed",
    "pawn_arrived",
    // A position set up that breaks the rules (`quoridor_rules::SetupReason`).
    "pawn_off_board",
    "pawns_share_square",
    "no_way_to_goal",
    "two_arrived",
];

/// A language's file, as written.
pub fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("reasons/en.txt"),
        Lang::Fr => include_str!("reasons/fr.txt"),
        Lang::Ro => include_str!("reasons/ro.txt"),
    }
}

/// The `(key, text)` lines of a language's file, comments left out.
pub fn entries(lang: Lang) -> impl Iterator<Item = (&'static str, &'static str)> {
    source(lang)
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split_once(" = "))
        .map(|(key, text)| (key.trim(), text.trim()))
}

/// A reason's text with its `{…}` blanks, in English when a language
/// lacks it.
pub fn template(lang: Lang, key: &str) -> &'static str {
    entries(lang)
        .chain(entries(Lang::En))
        .find(|(k, _)| *k == key)
        .map_or("", |(_, text)| text)
}

/// A refusal's key: the server's `code`, the web's `reason.<key>`.
pub fn key(err: &IllegalMove) -> &'static str {
    err.code()
}

/// Why `err` refuses a move, in `lang`; `seat` names a seat as the front
/// end does.
pub fn reason_text(lang: Lang, err: &IllegalMove, seat: impl Fn(Seat) -> String) -> String {
    let template = template(lang, key(err));
    match *err {
        IllegalMove::NotReachable { from, to } => fill(
            template,
            &[("from", &from.to_string()), ("to", &to.to_string())],
        ),
        IllegalMove::OffBoard { size } => fill(template, &[("size", &size.to_string())]),
        IllegalMove::Overlaps(fence) | IllegalMove::Crosses(fence) => {
            fill(template, &[("fence", &fence.to_string())])
        }
        IllegalMove::NoPathLeft(s) | IllegalMove::PawnArrived(s) => {
            fill(template, &[("seat", &seat(s))])
        }
        _ => template.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_says_every_reason_with_its_blanks() {
        for lang in Lang::ALL {
            let keys: Vec<_> = entries(lang).map(|(k, _)| k).collect();
            assert_eq!(keys, KEYS, "{lang}: the keys, in order");
            for key in KEYS {
                let en = template(Lang::En, key);
                let text = template(lang, key);
                let blanks = |t: &str| {
                    let mut b: Vec<String> = t
                        .split('{')
                        .skip(1)
                        .filter_map(|s| s.split_once('}').map(|(b, _)| b.to_string()))
                        .collect();
                    b.sort();
                    b
                };
                assert_eq!(blanks(text), blanks(en), "{lang} {key}: {text}");
            }
        }
    }

    #[test]
    fn a_refusal_in_words() {
        let from = "e9".parse().unwrap();
        let to = "d8".parse().unwrap();
        let err = IllegalMove::NotReachable { from, to };
        let name = |s: Seat| s.name().to_string();
        assert_eq!(
            reason_text(Lang::En, &err, name),
            "the pawn cannot go from e9 to d8 in one move"
        );
        let err = IllegalMove::NoPathLeft(Seat::North);
        assert_eq!(
            reason_text(Lang::Fr, &err, |_| "Nord".into()),
            "cette barrière enfermerait Nord"
        );
        let err = IllegalMove::OffBoard { size: 5 };
        assert_eq!(reason_text(Lang::Ro, &err, name), "în afara tablei 5×5");
    }
}
