//! A record's tags, read and checked: the ruleset or the set-up position
//! the game starts from, and the result it must end with.

use alloc::collections::BTreeSet;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::cursor::RawTag;
use super::error::{Loc, RecordError, RecordErrorKind};
use super::option_words;
use crate::game::{Game, Termination};
use crate::notation::{number, option_key, shown};
use crate::position::{Outcome, Position};
use crate::ruleset::{Ruleset, Variant};
use crate::seat::{Seat, Team};

/// The tags of a record, read and checked one by one.
#[derive(Default)]
pub(super) struct Header {
    size: Option<(u32, Loc)>,
    players: Option<(u32, Loc)>,
    fences: Option<(u32, Loc)>,
    variant: Option<(Variant, Loc)>,
    options: Option<(Vec<String>, Loc)>,
    position: Option<(Position, Loc)>,
    result: Option<(Option<Outcome>, Loc)>,
    termination: Option<(Termination, Loc)>,
    pub(super) free: Vec<(String, String)>,
}

const TERMINATIONS: [Termination; 6] = [
    Termination::Goal,
    Termination::PlyLimit,
    Termination::Resignation,
    Termination::Timeout,
    Termination::Agreement,
    Termination::Repetition,
];

impl Header {
    pub(super) fn read(tags: &[RawTag<'_>]) -> Result<Header, RecordError> {
        let mut header = Header::default();
        let mut names = BTreeSet::new();
        for tag in tags {
            if !names.insert(tag.name.to_ascii_lowercase()) {
                let kind = RecordErrorKind::DuplicateTag(tag.name.into());
                return Err(RecordError::at(tag.at, kind));
            }
            let (value, at) = (tag.value.as_str(), tag.value_at);
            let count =
                |expected| number(value).ok_or_else(|| RecordError::syntax(at, value, expected));
            match tag.name.to_ascii_lowercase().as_str() {
                "game" => {
                    if !value.eq_ignore_ascii_case("quoridor") {
                        return Err(RecordError::at(
                            at,
                            RecordErrorKind::NotQuoridor(shown(value)),
                        ));
                    }
                }
                "size" => header.size = Some((count("a board size such as 9")?, at)),
                "players" => header.players = Some((count("a number of players: 2 or 4")?, at)),
                "fences" => header.fences = Some((count("a fence count such as 10")?, at)),
                "variant" => {
                    let variant = [Variant::Standard, Variant::Teams, Variant::Scoring]
                        .into_iter()
                        .find(|v| v.name().eq_ignore_ascii_case(value))
                        .ok_or_else(|| {
                            RecordError::syntax(at, value, "a variant: standard, teams or scoring")
                        })?;
                    header.variant = Some((variant, at));
                }
                "options" => header.options = Some((read_options(value, at)?, at)),
                "position" => {
                    let pos = value
                        .parse()
                        .map_err(|err| RecordError::at(at, RecordErrorKind::Position(err)))?;
                    header.position = Some((pos, at));
                }
                "result" => {
                    let result = read_result(value).ok_or_else(|| {
                        RecordError::syntax(at, value, "a result: south, north+east, draw or *")
                    })?;
                    header.result = Some((result, tag.at));
                }
                "termination" => {
                    let termination = TERMINATIONS
                        .into_iter()
                        .find(|t| t.name().eq_ignore_ascii_case(value))
                        .ok_or_else(|| {
                            let expected =
                                "a termination: goal, ply limit, resignation, time or agreement";
                            RecordError::syntax(at, value, expected)
                        })?;
                    header.termination = Some((termination, tag.at));
                }
                _ => header.free.push((tag.name.into(), tag.value.clone())),
            }
        }
        Ok(header)
    }

    /// The position the game starts from.
    pub(super) fn start(&self) -> Result<Position, RecordError> {
        let ruleset = |at| move |err| RecordError::at(at, RecordErrorKind::Ruleset(err));
        if let Some((pos, _)) = self.position {
            let rules = pos.rules();
            let agree =
                |tag: &'static str, value: Option<(String, Loc)>, position: String| match value {
                    Some((value, at)) if value != position => {
                        let value = shown(&value);
                        let kind = RecordErrorKind::Disagrees {
                            tag,
                            value,
                            position,
                        };
                        Err(RecordError::at(at, kind))
                    }
                    _ => Ok(()),
                };
            let as_text = |tag: Option<(u32, Loc)>| tag.map(|(n, at)| (n.to_string(), at));
            agree("Size", as_text(self.size), rules.size().to_string())?;
            agree(
                "Players",
                as_text(self.players),
                rules.players().to_string(),
            )?;
            agree("Fences", as_text(self.fences), rules.fences().to_string())?;
            let variant = self.variant.map(|(v, at)| (v.name().to_string(), at));
            agree("Variant", variant, rules.variant().name().into())?;
            if let Some((words, at)) = &self.options {
                // Compare what the words set, whatever their order.
                let base = rules.with_side_step_over_pawn(false).with_ply_limit(None);
                let mut ours = base.ok();
                for word in words {
                    ours = ours.and_then(|r| r.with_option(word)).and_then(Result::ok);
                }
                if ours != Some(*rules) {
                    let value = (words.join(" "), *at);
                    agree("Options", Some(value), option_words(rules).join(" "))?;
                }
            }
            return Ok(pos);
        }
        let mut rules = Ruleset::STANDARD;
        if let Some((size, at)) = self.size {
            rules = Ruleset::new(size, 2).map_err(ruleset(at))?;
        }
        if let Some((players, at)) = self.players {
            rules = Ruleset::new(rules.size() as u32, players).map_err(ruleset(at))?;
        }
        if let Some((fences, at)) = self.fences {
            rules = rules.with_fences(fences).map_err(ruleset(at))?;
        }
        if let Some((variant, at)) = self.variant {
            rules = rules.with_variant(variant).map_err(ruleset(at))?;
        }
        if let Some((words, at)) = &self.options {
            for word in words {
                // The words were checked by `read_options`.
                if let Some(result) = rules.with_option(word) {
                    rules = result.map_err(ruleset(*at))?;
                }
            }
        }
        Ok(Position::new(rules))
    }

    /// Checks the `Result` and `Termination` tags against the game.
    pub(super) fn check_end(&self, game: &Game) -> Result<(), RecordError> {
        if let Some((claimed, at)) = self.result {
            let actual = game.outcome();
            if claimed != actual {
                return Err(RecordError::at(
                    at,
                    RecordErrorKind::Result { claimed, actual },
                ));
            }
        }
        if let Some((claimed, at)) = self.termination {
            let actual = game.termination();
            if Some(claimed) != actual {
                return Err(RecordError::at(
                    at,
                    RecordErrorKind::Termination { claimed, actual },
                ));
            }
        }
        Ok(())
    }
}

/// The words of an `Options` tag: ruleset options other than the variant.
fn read_options(value: &str, at: Loc) -> Result<Vec<String>, RecordError> {
    let mut words: Vec<String> = Vec::new();
    for word in value.split_ascii_whitespace() {
        let lower = word.to_ascii_lowercase();
        let known = match option_key(&lower) {
            Some("side_step_over_pawn") | Some("repetition") => true,
            Some("ply_limit") => number::<u32>(&lower["ply_limit=".len()..]).is_some(),
            _ => false,
        };
        if !known {
            let expected = "an option: side_step_over_pawn, repetition or ply_limit=N";
            return Err(RecordError::syntax(at, word, expected));
        }
        if let Some(previous) = words.iter().find(|w| option_key(w) == option_key(&lower)) {
            let kind = RecordErrorKind::DuplicateOption {
                option: shown(&lower),
                previous: shown(previous),
            };
            return Err(RecordError::at(at, kind));
        }
        words.push(lower);
    }
    Ok(words)
}

/// `south`, `north+east`, `draw`, `*` (`Some(None)`), or `None` if not a result.
fn read_result(value: &str) -> Option<Option<Outcome>> {
    if value == "*" {
        return Some(None);
    }
    if value.eq_ignore_ascii_case("draw") {
        return Some(Some(Outcome::Draw));
    }
    if value.contains('+') {
        return value
            .parse::<Team>()
            .ok()
            .map(|team| Some(Outcome::TeamWinner(team)));
    }
    value
        .parse::<Seat>()
        .ok()
        .map(|seat| Some(Outcome::Winner(seat)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_words() {
        assert_eq!(read_result("*"), Some(None));
        assert_eq!(read_result("DRAW"), Some(Some(Outcome::Draw)));
        assert_eq!(read_result("n"), Some(Some(Outcome::Winner(Seat::North))));
        assert_eq!(
            read_result("east+north"),
            Some(Some(Outcome::TeamWinner(Team::NorthEast)))
        );
        assert_eq!(read_result("south+north"), None);
        assert_eq!(read_result("1-0"), None);
    }
}
