//! What an account is told, and when: a turn-based game's change gives
//! the notices of its players (their turn, its end); the words are the
//! device's language's.

use quoridor_game::room::{entry_text, RoomState, Status};
use quoridor_rules::Entry;

use super::texts;

/// How a game ended, for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Lost,
    Drawn,
    Aborted,
}

/// What an account is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Its turn in a turn-based game; `last` is the move just played.
    Turn {
        game: String,
        opponent: String,
        last: Option<String>,
    },
    /// A turn-based game of its ended.
    Over {
        game: String,
        opponent: String,
        outcome: Outcome,
    },
    /// Someone challenged it.
    Challenge { from: String },
}

/// A notification as the service worker shows it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Message {
    pub title: String,
    pub body: String,
    /// The page it opens.
    pub url: String,
    /// A newer notification with the same tag replaces the older.
    pub tag: String,
}

impl Notice {
    /// The notification in `lang`.
    pub fn message(&self, lang: &str) -> Message {
        let t = |key: &str, params: &[(&str, &str)]| texts::text(lang, key, params);
        match self {
            Notice::Turn {
                game,
                opponent,
                last,
            } => Message {
                title: t("push.turn_title", &[("name", opponent)]),
                body: match last {
                    Some(m) => t("push.turn_body", &[("name", opponent), ("move", m)]),
                    None => t("push.turn_body_first", &[]),
                },
                url: format!("/g/{game}"),
                tag: format!("game-{game}"),
            },
            Notice::Over {
                game,
                opponent,
                outcome,
            } => Message {
                title: t("push.over_title", &[("name", opponent)]),
                body: t(
                    match outcome {
                        Outcome::Won => "push.over_won",
                        Outcome::Lost => "push.over_lost",
                        Outcome::Drawn => "push.over_drawn",
                        Outcome::Aborted => "push.over_aborted",
                    },
                    &[],
                ),
                url: format!("/g/{game}"),
                tag: format!("game-{game}"),
            },
            Notice::Challenge { from } => Message {
                title: t("push.challenge_title", &[("name", from)]),
                body: t("push.challenge_body", &[]),
                url: "/account".into(),
                tag: "challenges".into(),
            },
        }
    }

    /// The push service's topic: an undelivered older message of the same
    /// game (or the challenges) is replaced by the newer.
    pub(super) fn topic(&self) -> String {
        let topic = match self {
            Notice::Turn { game, .. } | Notice::Over { game, .. } => format!("g{game}"),
            Notice::Challenge { .. } => "challenges".into(),
        };
        topic
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .take(32)
            .collect()
    }
}

/// What a turn-based game's change tells its players' accounts: the player
/// to move that it is their turn (not while their page has the game open);
/// once it is over, each player how it ended (not the one whose move or
/// resignation ended it). Other games tell nothing: their players are at
/// the board.
pub fn of_game(state: &RoomState) -> Vec<(u64, Notice)> {
    if !state.settings.is_correspondence() {
        return Vec::new();
    }
    let opponents = |me: usize| -> String {
        let names: Vec<&str> = state
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != me)
            .map(|(_, s)| s.name.as_str())
            .collect();
        names.join(", ")
    };
    let game = state.id.clone();
    match state.status() {
        Status::Waiting => Vec::new(),
        Status::Playing => {
            let at = state.game.position().turn_index();
            let slot = &state.seats[at];
            let here = state.connections.get(at).copied().unwrap_or(0) > 0;
            let Some(account) = slot.account.filter(|_| slot.kind.is_human() && !here) else {
                return Vec::new();
            };
            let last = match state.game.entries().last() {
                Some(entry @ Entry::Move(_)) => Some(entry_text(entry)),
                _ => None,
            };
            let opponent = opponents(at);
            vec![(
                account,
                Notice::Turn {
                    game,
                    opponent,
                    last,
                },
            )]
        }
        Status::Over => {
            let Some(result) = state.result() else {
                return Vec::new();
            };
            let actor = match state.game.entries().last() {
                Some(Entry::Move(_)) if !state.aborted => {
                    // The mover: the one to move before the last entry.
                    let before = state.game.entries().len() - 1;
                    state.game.position_at(before).map(|p| p.turn_index())
                }
                Some(Entry::Resign(seat)) => state.seats.iter().position(|s| s.seat == *seat),
                _ => None,
            };
            state
                .seats
                .iter()
                .enumerate()
                .filter(|(i, _)| Some(*i) != actor)
                .filter_map(|(i, slot)| {
                    let account = slot.account?;
                    let outcome = if state.aborted {
                        Outcome::Aborted
                    } else if result.draw {
                        Outcome::Drawn
                    } else if result.winners.contains(&slot.seat) {
                        Outcome::Won
                    } else {
                        Outcome::Lost
                    };
                    let (game, opponent) = (game.clone(), opponents(i));
                    Some((
                        account,
                        Notice::Over {
                            game,
                            opponent,
                            outcome,
                        },
                    ))
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_name_the_game_and_fit_a_topic() {
        let turn = Notice::Turn {
            game: "abc234defg".into(),
            opponent: "Ana".into(),
            last: Some("e7".into()),
        };
        let message = turn.message("en");
        assert_eq!(message.url, "/g/abc234defg");
        assert!(
            message.title.contains("Ana") && message.body.contains("e7"),
            "{message:?}"
        );
        assert_eq!(turn.topic(), "gabc234defg");
        let challenge = Notice::Challenge { from: "Bob".into() };
        assert_eq!(challenge.message("ro").url, "/account");
        assert!(challenge.message("fr").title.contains("Bob"));
    }
}
