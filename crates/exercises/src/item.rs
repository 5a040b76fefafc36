//! What may stand on a square of an exercise: a star to collect, a fish to
//! avoid, or an object (a picture) to find.

use std::fmt;
use std::str::FromStr;

use quoridor_rules::ParseError;
use serde::{Deserialize, Serialize};

/// The pictures of the arrow exercises.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Object {
    Apple,
    Ball,
    Key,
    Flower,
    Tree,
    House,
    Heart,
    Moon,
    Sun,
    Boat,
}

impl Object {
    pub const ALL: [Object; 10] = [
        Object::Apple,
        Object::Ball,
        Object::Key,
        Object::Flower,
        Object::Tree,
        Object::House,
        Object::Heart,
        Object::Moon,
        Object::Sun,
        Object::Boat,
    ];

    /// Its word in the text and JSON forms.
    pub const fn name(self) -> &'static str {
        match self {
            Object::Apple => "apple",
            Object::Ball => "ball",
            Object::Key => "key",
            Object::Flower => "flower",
            Object::Tree => "tree",
            Object::House => "house",
            Object::Heart => "heart",
            Object::Moon => "moon",
            Object::Sun => "sun",
            Object::Boat => "boat",
        }
    }
}

impl fmt::Display for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Object {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Object, ParseError> {
        Object::ALL
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                ParseError::new(
                    s,
                    "an object: apple, ball, key, flower, tree, house, heart, moon, sun or boat",
                )
            })
    }
}

/// What stands on a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    Star,
    Fish,
    Object(Object),
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Star => f.write_str("star"),
            Item::Fish => f.write_str("fish"),
            Item::Object(object) => object.fmt(f),
        }
    }
}

impl FromStr for Item {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Item, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "star" => Ok(Item::Star),
            "fish" => Ok(Item::Fish),
            _ => s
                .parse()
                .map(Item::Object)
                .map_err(|_| ParseError::new(s, "star, fish or an object such as apple")),
        }
    }
}

impl Serialize for Item {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Item, D::Error> {
        crate::serde_text::deserialize(d)
    }
}
