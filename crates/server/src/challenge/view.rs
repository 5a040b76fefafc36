//! What the challenges' routes and socket send.

use quoridor_engine::TimeControl;
use serde::Serialize;

use super::model::{Challenge, Colour, ShownRating};
use crate::account::Speed;
use crate::view::ErrorView;
use quoridor_game::wire;

/// A challenge as its two players see it.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeView {
    pub id: String,
    pub from: String,
    /// The challenger's rating at the game's speed (none without a clock).
    pub from_rating: Option<ShownRating>,
    pub to: String,
    /// The challenger is a bot.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub from_bot: bool,
    /// The challenged is a bot.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub to_bot: bool,
    #[serde(serialize_with = "wire::clock::serialize")]
    pub clock: Option<TimeControl>,
    /// Days per move of a turn-based game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days: Option<u64>,
    pub speed: Option<Speed>,
    pub rated: bool,
    /// Takebacks allowed in the rated game (accepting agrees to them).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub takebacks: bool,
    /// The challenger's colour.
    pub color: Colour,
    pub created_ms: u64,
    pub expires_ms: u64,
}

impl ChallengeView {
    pub fn of(c: &Challenge) -> ChallengeView {
        ChallengeView {
            id: c.id.clone(),
            from: c.from.name.clone(),
            from_rating: c.from_rating,
            to: c.to.name.clone(),
            from_bot: c.from.bot,
            to_bot: c.to.bot,
            clock: c.clock,
            days: quoridor_game::settings::is_correspondence(c.clock)
                .then(|| c.clock.map_or(0, |t| t.initial().as_secs() / 86_400)),
            speed: Speed::of(c.clock),
            rated: c.rated,
            takebacks: c.takebacks,
            color: c.colour,
            created_ms: c.created_ms,
            expires_ms: c.expires_ms(),
        }
    }
}

/// An account's challenges: sent to it and sent by it, oldest first.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengesView {
    pub incoming: Vec<ChallengeView>,
    pub outgoing: Vec<ChallengeView>,
}

/// A challenge accepted: the game.
#[derive(Clone, Debug, Serialize)]
pub struct AcceptedView {
    pub challenge: String,
    pub game: String,
}

/// The challenges' socket's messages.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ChallengeMessage {
    /// The lists, at once and after every change.
    Challenges(ChallengesView),
    /// A challenge of this account was accepted: both players go to the
    /// game.
    Accepted(AcceptedView),
    /// A challenge this account sent was declined.
    Declined {
        challenge: String,
        by: String,
    },
    /// A game of this account moved on (a move, its start or its end): the
    /// list of games in progress changed (`GET /api/account/playing`).
    Playing,
    Error {
        error: ErrorView,
    },
}

/// `POST /api/challenges`: whom, and the game's terms.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// The challenged player's name.
    pub to: String,
    /// A clock (`{"initial_ms", "increment_ms"}` or `{"per_move_ms"}`).
    #[serde(default, with = "wire::clock")]
    pub clock: Option<TimeControl>,
    /// Or days per move: a turn-based game.
    #[serde(default)]
    pub days: Option<u64>,
    #[serde(default)]
    pub rated: bool,
    /// Takebacks allowed in the rated game, once the other accepts (a
    /// casual game always allows them).
    #[serde(default)]
    pub takebacks: bool,
    /// The challenger's colour (`random` by default).
    #[serde(default)]
    pub color: Colour,
}
