//! What clients send (API.md): the bodies of the HTTP routes, the query of
//! the list, and the WebSocket messages. Each has `Serialize` too, for the
//! tests and the load benchmark that send them.

use quoridor_engine::{Controller, Level, TimeControl};
use quoridor_rules::{Move, ParseError, Seat, Variant};
use serde::{Deserialize, Serialize};

use quoridor_game::new_game::{NewGame, SeatWish};
use quoridor_game::wire;
use quoridor_game::{Action, Claim, DrawAction, RoomError, Settings, Status, Theme};

/// Who plays a seat of a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    Human,
    Ai,
}

/// A seat of a new game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    pub kind: SeatKind,
    /// The AI's level, 1 to 8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// Whether the creator's token holds this seat.
    #[serde(default)]
    pub mine: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl SeatRequest {
    pub fn human(mine: bool) -> SeatRequest {
        SeatRequest {
            kind: SeatKind::Human,
            level: None,
            mine,
            name: None,
        }
    }

    pub fn ai(level: u8) -> SeatRequest {
        SeatRequest {
            kind: SeatKind::Ai,
            level: Some(level),
            mine: false,
            name: None,
        }
    }
}

/// A board's size when a request leaves it out (serde's default).
pub fn nine() -> u8 {
    9
}

/// The players of a board when a request leaves them out.
pub fn two() -> u8 {
    2
}

fn yes() -> bool {
    true
}

/// The body of `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    #[serde(default = "nine")]
    pub size: u8,
    #[serde(default = "two")]
    pub players: u8,
    #[serde(default, with = "wire::variant")]
    pub variant: Variant,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fences: Option<u32>,
    #[serde(default, with = "wire::clock")]
    pub clock: Option<TimeControl>,
    #[serde(default)]
    pub theme: Theme,
    #[serde(default = "yes")]
    pub public: bool,
    #[serde(default)]
    pub random_seats: bool,
    #[serde(default)]
    pub side_step_over_pawn: bool,
    /// Plies after which the game is a draw (at most the server's limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply_limit: Option<u32>,
    #[serde(default)]
    pub seats: Vec<SeatRequest>,
    /// A rated game (logged in; the standard game with a clock, one seat
    /// left for another account).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

impl Default for CreateRequest {
    fn default() -> CreateRequest {
        CreateRequest {
            size: 9,
            players: 2,
            variant: Variant::Standard,
            fences: None,
            clock: None,
            theme: Theme::Classic,
            public: true,
            random_seats: false,
            side_step_over_pawn: false,
            ply_limit: None,
            seats: Vec::new(),
            rated: false,
        }
    }
}

impl CreateRequest {
    /// The game asked for, its settings checked.
    pub fn new_game(&self) -> Result<NewGame, RoomError> {
        let mut settings = Settings::new(self.size, self.players, self.variant, self.fences)?
            .with_clock(self.clock)?
            .with_ply_limit(self.ply_limit)?;
        settings.theme = self.theme;
        settings.public = self.public;
        settings.side_step_over_pawn = self.side_step_over_pawn;
        settings.ruleset()?;
        let seats = self
            .seats
            .iter()
            .map(|seat| {
                let kind = match seat.kind {
                    SeatKind::Human => Controller::Human,
                    SeatKind::Ai => {
                        Controller::Ai(seat.level.and_then(Level::new).ok_or_else(|| {
                            RoomError::Settings(
                                "level: an AI seat needs a level from 1 to 8".into(),
                            )
                        })?)
                    }
                };
                Ok(SeatWish {
                    kind,
                    name: seat.name.clone(),
                    mine: seat.mine,
                })
            })
            .collect::<Result<_, RoomError>>()?;
        Ok(NewGame {
            settings,
            seats,
            random_seats: self.random_seats,
            rated: self.rated,
        })
    }
}

/// The body of `POST /api/games/{id}/join`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    #[serde(default, with = "wire::opt_seat")]
    pub seat: Option<Seat>,
    #[serde(default)]
    pub name: Option<String>,
}

/// The body of `POST /api/games/{id}/move`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    pub mv: String,
}

/// The body of `POST /api/games/{id}/resign`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignRequest {
    #[serde(default, with = "wire::opt_seat")]
    pub seat: Option<Seat>,
}

/// `{"result": "win" | "draw"}`, once the other players have gone.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimRequest {
    pub result: Claim,
}

/// The body of `POST /api/games/{id}/draw`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    pub action: DrawAction,
}

/// The body of `POST /api/games/{id}/takeback`: `offer` (ask to take one's
/// last move back), `accept` or `decline`.
pub type TakebackRequest = DrawRequest;

/// A body that must be empty (`{}`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Empty {}

/// The query of `GET /api/games`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    pub status: Option<Status>,
    pub limit: Option<usize>,
}

/// `GET /api/games/status?ids=a,b,c`: games by id (at most
/// [`MAX_STATUS_IDS`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusQuery {
    pub ids: String,
}

/// The most games asked about at once.
pub const MAX_STATUS_IDS: usize = 30;

/// The query of the WebSocket route.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsQuery {
    pub token: Option<String>,
}

/// A message a client sends over the WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    Resign {
        #[serde(default, with = "wire::opt_seat")]
        seat: Option<Seat>,
    },
    Draw {
        action: DrawAction,
    },
    /// Asks to take one's last move back, or answers: `{"type":
    /// "takeback", "action": "offer" | "accept" | "decline"}`.
    Takeback {
        action: DrawAction,
    },
    // Struct variants, not unit ones: serde lets a unit variant of an
    // internally tagged enum through with any fields beside its tag.
    Undo {},
    Abort {},
    /// The others have gone: `{"type": "claim", "result": "win" | "draw"}`.
    Claim {
        result: Claim,
    },
    Ping {},
    /// A chat line (the players' channel from a seat, else the
    /// spectators').
    Chat {
        text: String,
    },
    /// Turns the chat on (the kept lines come at once) or off.
    #[serde(rename = "chat_on")]
    ChatOn {
        on: bool,
    },
}

/// A move written as a move, or the error that says how to write one.
pub fn parse_move(text: &str) -> Result<Move, ParseError> {
    text.trim().parse::<Move>()
}

impl ClientMessage {
    /// The action the message asks for; `None` for a ping.
    pub fn action(&self) -> Result<Option<Action>, ParseError> {
        Ok(Some(match self {
            ClientMessage::Move { mv } => Action::Move(parse_move(mv)?),
            ClientMessage::Resign { seat } => Action::Resign(*seat),
            ClientMessage::Draw { action } => Action::Draw(*action),
            ClientMessage::Takeback { action } => Action::Takeback(*action),
            ClientMessage::Undo {} => Action::Undo,
            ClientMessage::Abort {} => Action::Abort,
            ClientMessage::Claim { result } => Action::Claim(*result),
            ClientMessage::Ping {} | ClientMessage::Chat { .. } | ClientMessage::ChatOn { .. } => {
                return Ok(None)
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_without_fields_refuses_any_field() {
        for plain in [
            r#"{"type":"ping"}"#,
            r#"{"type":"undo"}"#,
            r#"{"type":"abort"}"#,
        ] {
            assert!(
                serde_json::from_str::<ClientMessage>(plain).is_ok(),
                "{plain}"
            );
            let extra = plain.replace('}', r#","x":1}"#);
            assert!(
                serde_json::from_str::<ClientMessage>(&extra).is_err(),
                "{extra} was accepted"
            );
        }
        assert_eq!(
            serde_json::to_string(&ClientMessage::Ping {}).unwrap(),
            r#"{"type":"ping"}"#
        );
        let lobby =
            serde_json::from_str::<crate::lobby::view::LobbyRequest>(r#"{"type":"ping","x":1}"#);
        assert!(lobby.is_err());
        assert!(
            serde_json::from_str::<crate::lobby::view::LobbyRequest>(r#"{"type":"ping"}"#).is_ok()
        );
    }
}
