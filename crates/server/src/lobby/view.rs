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

/// The terms of a seek, as a client asks for them (posted, or to play at
/// once): a clock, rated or not, the opponent's rating range, the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    #[serde(with = "wire::clock")]
    pub clock: Option<TimeControl>,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub range: Option<u32>,
    #[serde(default = "crate::request::nine")]
    pub size: u8,
    #[serde(default = "crate::request::two")]
    pub players: u8,
    #[serde(default, with = "wire::variant")]
    pub variant: Variant,
}

/// What a lobby client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum LobbyRequest {
    /// Post a seek.
    Seek(SeekRequest),
    /// Take the oldest seek that fits these terms, or post one.
    PlayNow(SeekRequest),
    Cancel {
        id: u64,
    },
    Accept {
        id: u64,
    },
    /// A struct variant: a unit one would let any fields through.
    Ping {},
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_read_with_its_terms_and_nothing_else() {
        let read = |text: &str| serde_json::from_str::<LobbyRequest>(text);
        let seek = read(r#"{"type": "seek", "clock": {"initial_ms": 180000, "increment_ms": 2000}, "players": 4}"#).unwrap();
        let LobbyRequest::Seek(asked) = seek else {
            panic!("{seek:?}")
        };
        assert_eq!(
            (asked.size, asked.players, asked.rated, asked.range),
            (9, 4, false, None)
        );
        assert!(matches!(
            read(r#"{"type": "play_now", "clock": null, "rated": true}"#),
            Ok(LobbyRequest::PlayNow(SeekRequest { rated: true, .. }))
        ));
        // A field of neither kind is refused, not ignored.
        assert!(read(r#"{"type": "seek", "clock": null, "colour": "south"}"#).is_err());
        assert!(read(r#"{"type": "ping", "x": 1}"#).is_err());
    }
}
