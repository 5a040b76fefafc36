//! A game's chat: one channel between the players, another among the
//! spectators (neither sees the other's). Lines live with the game in
//! memory (the last [`KEPT`] of each channel, for a page that turns the
//! chat on late) and in the database (`db::game_chat`: a page opened
//! again after a restart reads them too). Each connection chooses to see it
//! (off until asked) and never sees the lines of accounts it blocks.

use std::collections::VecDeque;
use std::sync::Mutex;

use quoridor_rules::Seat;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use quoridor_game::wire;

/// The longest line, in characters.
pub const MAX_CHAT: usize = 200;
/// Lines kept per channel.
pub const KEPT: usize = 50;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Players,
    Spectators,
}

/// One line of chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub channel: Channel,
    pub name: String,
    /// The player's seat (players' channel).
    #[serde(default, with = "wire::opt_seat")]
    pub seat: Option<Seat>,
    /// The sender is an account (`name` is its user name).
    #[serde(default)]
    pub account: bool,
    /// That account is a bot's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    pub text: String,
    pub at_ms: u64,
    /// The sender's account, for the readers' block lists (not sent).
    #[serde(skip)]
    pub account_id: Option<u64>,
}

/// A game's chat lines and their stream.
pub struct Chat {
    kept: Mutex<VecDeque<ChatLine>>,
    lines: broadcast::Sender<ChatLine>,
}

impl Default for Chat {
    fn default() -> Chat {
        Chat {
            kept: Mutex::new(VecDeque::new()),
            lines: broadcast::channel(32).0,
        }
    }
}

impl Chat {
    /// A chat that starts with the lines `said` (oldest first), the last
    /// [`KEPT`] of each channel.
    pub fn with_lines(said: Vec<ChatLine>) -> Chat {
        let chat = Chat::default();
        {
            let mut kept = chat.kept.lock().unwrap_or_else(|e| e.into_inner());
            for line in said {
                push_kept(&mut kept, line);
            }
        }
        chat
    }

    pub fn subscribe(&self) -> broadcast::Receiver<ChatLine> {
        self.lines.subscribe()
    }

    /// Says a line to its channel.
    pub fn say(&self, line: ChatLine) {
        push_kept(
            &mut self.kept.lock().unwrap_or_else(|e| e.into_inner()),
            line.clone(),
        );
        let _ = self.lines.send(line);
    }

    /// The kept lines of a channel, oldest first.
    pub fn history(&self, channel: Channel) -> Vec<ChatLine> {
        self.kept
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .filter(|l| l.channel == channel)
            .cloned()
            .collect()
    }
}

/// Keeps `line`, dropping its channel's oldest beyond [`KEPT`].
fn push_kept(kept: &mut VecDeque<ChatLine>, line: ChatLine) {
    let in_channel = kept.iter().filter(|l| l.channel == line.channel).count();
    if in_channel >= KEPT {
        if let Some(oldest) = kept.iter().position(|l| l.channel == line.channel) {
            kept.remove(oldest);
        }
    }
    kept.push_back(line);
}

/// A line as it may be said ([`quoridor_game::name::clean_line`]): trimmed,
/// 1 to [`MAX_CHAT`] characters, no control or direction-changing
/// characters (pages show it as text, never as HTML).
pub fn clean(text: &str) -> Result<String, ChatError> {
    quoridor_game::name::clean_line(text, MAX_CHAT).map_err(ChatError)
}

/// Why a line cannot be said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChatError(pub quoridor_game::name::NameProblem);

impl std::fmt::Display for ChatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            quoridor_game::name::NameProblem::Empty => f.write_str("chat: an empty line"),
            other => write!(f, "chat: {other}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(channel: Channel, text: &str) -> ChatLine {
        ChatLine {
            channel,
            name: "a".into(),
            seat: None,
            account: false,
            bot: false,
            text: text.into(),
            at_ms: 0,
            account_id: None,
        }
    }

    #[test]
    fn keeps_the_last_lines_of_each_channel() {
        let chat = Chat::default();
        for i in 0..KEPT + 5 {
            chat.say(line(Channel::Players, &i.to_string()));
        }
        chat.say(line(Channel::Spectators, "hello"));
        let players = chat.history(Channel::Players);
        assert_eq!(players.len(), KEPT);
        assert_eq!(players[0].text, "5");
        assert_eq!(chat.history(Channel::Spectators).len(), 1);
    }

    #[test]
    fn lines_are_checked() {
        assert_eq!(clean("  hi  ").unwrap(), "hi");
        assert!(clean("   ").is_err());
        assert!(clean(&"x".repeat(MAX_CHAT + 1)).is_err());
        assert!(clean(&"é".repeat(MAX_CHAT)).is_ok());
        assert!(clean("a\u{7}b").is_err());
        // Markup is kept as text: the page never reads it as HTML.
        assert_eq!(clean("<b>hi</b>").unwrap(), "<b>hi</b>");
    }
}
