//! The lobby's messages, both ways (API.md, "The lobby").

use quoridor_engine::TimeControl;
use quoridor_rules::Variant;
use serde::{Deserialize, Serialize};

use crate::account::Speed;
use crate::view::ErrorView;
use quoridor_game::wire;

/// A seek as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekView {
    pub id: u64,
    pub name: String,
    /// The seeker is logged in (`name` is a user name).
    pub account: bool,
    pub rating: Option<i32>,
    pub provisional: bool,
    #[serde(with = "wire::clock")]
    pub clock: Option<TimeControl>,
    pub speed: Option<Speed>,
    pub rated: bool,
    pub range: Option<u32>,
    /// The board: its size, the players it is for, the variant.
    #[serde(default = "crate::request::nine")]
    pub size: u8,
    #[serde(default = "crate::request::two")]
    pub players: u8,
    #[serde(default, with = "wire::variant")]
    pub variant: Variant,
    /// The players in it so far (the seeker and who joined).
    #[serde(default = "one")]
    pub joined: usize,
}

fn one() -> usize {
    1
}

/// What the lobby sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbyMessage {
    /// The seeks shown (the newest [`super::SHOWN`], newest first), once
    /// when the connection opens; `total` counts them all.
    Seeks {
        seeks: Vec<SeekView>,
        total: usize,
    },
    /// What changed in the list shown since the last message: seeks that
    /// entered it (new ones, or older ones now among the newest shown) and
    /// the ids of those that left it.
    Changes {
        added: Vec<SeekView>,
        removed: Vec<u64>,
        total: usize,
    },
    /// Your seek is posted (cancel it by this id).
    Seeking {
        id: u64,
    },
    /// You joined seek `id` for more players: the game is made once
    /// `players` are in it (`joined` now, you included). Leaving the lobby
    /// leaves it.
    Joined {
        id: u64,
        players: u8,
        joined: usize,
    },
    /// You are paired: the game, your seat and its token.
    Paired {
        game: String,
        #[serde(with = "wire::seat")]
        seat: quoridor_rules::Seat,
        token: String,
    },
    Error {
        error: ErrorView,
    },
    Pong,
}

/// What a lobby client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum LobbyRequest {
    /// Post a seek.
    Seek {
        #[serde(with = "wire::clock")]
        clock: Option<TimeControl>,
        #[serde(default)]
        rated: bool,
        #[serde(default)]
        range: Option<u32>,
        #[serde(default = "crate::request::nine")]
        size: u8,
        #[serde(default = "crate::request::two")]
        players: u8,
        #[serde(default, with = "wire::variant")]
        variant: Variant,
    },
    /// Take the oldest seek that fits these terms, or post one.
    PlayNow {
        #[serde(with = "wire::clock")]
        clock: Option<TimeControl>,
        #[serde(default)]
        rated: bool,
        #[serde(default)]
        range: Option<u32>,
        #[serde(default = "crate::request::nine")]
        size: u8,
        #[serde(default = "crate::request::two")]
        players: u8,
        #[serde(default, with = "wire::variant")]
        variant: Variant,
    },
    Cancel {
        id: u64,
    },
    Accept {
        id: u64,
    },
    /// A struct variant: a unit one would let any fields through.
    Ping {},
}
