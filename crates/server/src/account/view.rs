//! What the accounts' routes answer (API.md, "Accounts").

use serde::{Deserialize, Serialize};

use super::speed::Speed;
use crate::db::accounts::{GameLine, StoredRating};
use quoridor_game::rating::Rating;

/// A rating as shown: rounded, marked provisional while unsure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingView {
    pub speed: Speed,
    pub rating: i32,
    pub deviation: i32,
    pub provisional: bool,
    pub games: u32,
}

impl RatingView {
    pub fn of(speed: Speed, rating: Rating, games: u32) -> RatingView {
        RatingView {
            speed,
            rating: rating.rating.round() as i32,
            deviation: rating.deviation.round() as i32,
            provisional: rating.is_provisional(),
            games,
        }
    }

    pub fn stored(r: &StoredRating) -> RatingView {
        RatingView::of(r.speed, r.rating, r.games)
    }
}

/// `GET /api/account/session`: the account, or none for a guest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionView {
    pub account: Option<AccountView>,
}

/// The logged-in account (sign-up, log-in, `GET /api/account`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccountView {
    pub name: String,
    pub ratings: Vec<RatingView>,
    /// A bot's account (a program plays for it); left out for a person.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// Won, lost and drawn games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordView {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

/// One game in a player's list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLineView {
    pub id: String,
    pub seat: String,
    pub started_ms: u64,
    pub ended_ms: Option<u64>,
    /// `win`, `loss`, `draw`; `null` while going on or when aborted.
    pub result: Option<String>,
    /// The opponent as named in the game (`deleted player` once deleted).
    pub opponent: String,
    /// The opponent's user name (a link to their profile), if an account.
    pub opponent_account: Option<String>,
    /// The opponent is a bot; left out for a person.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent_bot: bool,
    pub speed: Option<String>,
    pub rated: bool,
    pub rating_before: Option<i32>,
    pub rating_after: Option<i32>,
}

impl GameLineView {
    pub fn of(line: GameLine) -> GameLineView {
        GameLineView {
            id: line.game,
            seat: line.seat,
            started_ms: line.started_ms,
            ended_ms: line.ended_ms,
            result: line.result,
            opponent: line.opponent,
            opponent_account: line.opponent_account,
            opponent_bot: line.opponent_bot,
            speed: line.speed,
            rated: line.rated,
            rating_before: line.rating_before.map(|r| r.round() as i32),
            rating_after: line.rating_after.map(|r| r.round() as i32),
        }
    }
}

/// A rating history at one speed: `[ended_ms, rating]` after each game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryView {
    pub speed: Speed,
    pub points: Vec<(u64, i32)>,
}

/// A player's page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProfileView {
    pub name: String,
    pub created_ms: u64,
    /// A bot's account (a program plays for it); left out for a person.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    pub ratings: Vec<RatingView>,
    pub record: RecordView,
    pub history: Vec<HistoryView>,
    /// The newest games first.
    pub games: Vec<GameLineView>,
}

/// A page of a player's games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GamesView {
    pub games: Vec<GameLineView>,
    /// Pass as `before` for the next page (`null`: no more).
    pub next_before: Option<u64>,
}

/// A game of the account's that is not over, for "your turn" lists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayingView {
    pub game: String,
    #[serde(with = "quoridor_game::wire::seat")]
    pub seat: quoridor_rules::Seat,
    /// The others' names.
    pub opponents: Vec<String>,
    /// Whether the account's seat is to move.
    pub my_turn: bool,
    /// `waiting` (a seat is free) or `playing`.
    pub status: String,
    pub speed: Option<Speed>,
    /// Days per move of a turn-based game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u64>,
    /// The time the seat to move has left, while a clock runs.
    pub left_ms: Option<u64>,
    /// Moves played.
    pub ply: usize,
    pub rated: bool,
}

/// A leaderboard line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderView {
    pub rank: u32,
    pub name: String,
    pub rating: i32,
    pub deviation: i32,
    pub games: u32,
    /// A bot's account (a program plays for it); left out for a person.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardView {
    pub speed: Speed,
    pub players: Vec<LeaderView>,
}

/// A rating change of a rated game, shown when it ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChangeView {
    pub seat: String,
    pub name: String,
    pub before: i32,
    pub after: i32,
    pub provisional: bool,
}
