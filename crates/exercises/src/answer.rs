//! A pupil's answer (and the answer key's): a route, the objects reached,
//! arrows, or who wins a race.

use std::fmt;
use std::str::FromStr;

use quoridor_rules::{ParseError, Square};
use serde::{Deserialize, Serialize};

use crate::dir::Step;
use crate::item::Object;
use crate::pawn::Color;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Answer {
    /// The squares stepped on, after the pawn's own.
    Route {
        #[serde(with = "crate::serde_text::list")]
        squares: Vec<Square>,
    },
    /// The object each pawn reaches, in the order of the exercise's pawns
    /// (`None`: not answered).
    Objects { objects: Vec<Option<Object>> },
    /// Arrow instructions.
    Arrows { steps: Vec<Step> },
    /// Who arrives first, and (if said) how many steps each needs.
    Race {
        winner: Color,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        green: Option<u16>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        red: Option<u16>,
    },
}

/// Text form: `route b1 b2 c2`, `objects apple - ball` (`-`: not
/// answered), `arrows 2→ 1↑`, `race green 5 6` (the counts may be left out).
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Route { squares } => {
                f.write_str("route")?;
                squares.iter().try_for_each(|sq| write!(f, " {sq}"))
            }
            Answer::Objects { objects } => {
                f.write_str("objects")?;
                objects.iter().try_for_each(|o| match o {
                    Some(o) => write!(f, " {o}"),
                    None => f.write_str(" -"),
                })
            }
            Answer::Arrows { steps } => write!(f, "arrows {}", Step::list_text(steps)),
            Answer::Race { winner, green, red } => {
                write!(f, "race {winner}")?;
                if let (Some(g), Some(r)) = (green, red) {
                    write!(f, " {g} {r}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Answer {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Answer, ParseError> {
        let mut words = s.split_whitespace();
        let kind = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        match kind {
            "route" => Ok(Answer::Route {
                squares: rest.iter().map(|w| w.parse()).collect::<Result<_, _>>()?,
            }),
            "objects" => Ok(Answer::Objects {
                objects: rest
                    .iter()
                    .map(|w| {
                        if *w == "-" {
                            Ok(None)
                        } else {
                            w.parse().map(Some)
                        }
                    })
                    .collect::<Result<_, _>>()?,
            }),
            "arrows" => Ok(Answer::Arrows {
                steps: Step::parse_list(&rest.join(" "))?,
            }),
            "race" => {
                let bad = || {
                    ParseError::new(
                        s,
                        "race, a colour, then both counts or none: race green 5 6",
                    )
                };
                let winner = rest.first().ok_or_else(bad)?.parse()?;
                let count = |w: &str| w.parse::<u16>().map_err(|_| bad());
                match rest[1..] {
                    [] => Ok(Answer::Race {
                        winner,
                        green: None,
                        red: None,
                    }),
                    [g, r] => Ok(Answer::Race {
                        winner,
                        green: Some(count(g)?),
                        red: Some(count(r)?),
                    }),
                    _ => Err(bad()),
                }
            }
            _ => Err(ParseError::new(kind, "route, objects, arrows or race")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_back() {
        for text in [
            "route b1 b2 c2",
            "objects apple - ball",
            "arrows 2→ 1↑",
            "race green 5 6",
            "race red",
        ] {
            let answer: Answer = text.parse().unwrap();
            assert_eq!(answer.to_string(), text);
            let json = serde_json::to_string(&answer).unwrap();
            assert_eq!(
                serde_json::from_str::<Answer>(&json).unwrap(),
                answer,
                "{json}"
            );
        }
        assert!("race green 5".parse::<Answer>().is_err());
        assert!("route z9".parse::<Answer>().is_err());
        assert!("dance".parse::<Answer>().is_err());
    }
}
