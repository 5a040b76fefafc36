//! The keys of the full-screen game: one table of (where, keys, command,
//! how the status line names it, how the help screen explains it) that
//! feeds the key dispatch ([`command_for`]), the status line and the help
//! screen (`ui.rs`), the way the protocol's `COMMANDS` table feeds
//! `list_commands` and `help`.

use ratatui::crossterm::event::KeyCode;

use super::i18n::Msg;

/// Where a key works: on the board, or while replaying the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Context {
    Board,
    Replay,
}

/// What a key does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KeyCommand {
    CursorUp,
    CursorDown,
    CursorLeft,
    CursorRight,
    /// Plays the pawn move or the fence under the cursor.
    Play,
    ToggleFence,
    Rotate,
    /// Leaves fence mode, else clears the hint and the message.
    Escape,
    /// Starts typing a command (`:`).
    Type,
    Pass,
    Undo,
    Hint,
    Draw,
    Resign,
    New,
    Save,
    Load,
    Replay,
    Quit,
    Help,
    Back,
    Forward,
    BackTen,
    ForwardTen,
    Start,
    End,
    PlayOn,
    LeaveReplay,
}

/// When the status line shows a key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    Always,
    /// Only in the scoring game (an arrived pawn passes).
    Scoring,
    Never,
}

/// One line of the table.
pub struct Binding {
    pub context: Context,
    pub keys: &'static [KeyCode],
    pub command: KeyCommand,
    /// The key and its word in the status line.
    pub status: (&'static str, Msg),
    pub shown: Shown,
    /// The keys and their sentence in the help screen, if listed there.
    pub help: Option<(&'static str, Msg)>,
}

const fn key(
    context: Context,
    keys: &'static [KeyCode],
    command: KeyCommand,
    status: (&'static str, Msg),
    shown: Shown,
    help: Option<(&'static str, Msg)>,
) -> Binding {
    Binding {
        context,
        keys,
        command,
        status,
        shown,
        help,
    }
}

use Context::{Board, Replay};
use KeyCode::{
    BackTab, Char, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up, F,
};
use KeyCommand as Do;
use Shown::{Always, Never, Scoring};

/// Every key, in the order the status line shows them.
#[rustfmt::skip]
pub const KEYS: &[Binding] = &[
    key(Board, &[Up], Do::CursorUp, ("←↑↓→", Msg::KeyMove), Always, Some(("←↑↓→", Msg::HelpArrows))),
    key(Board, &[Down], Do::CursorDown, ("", Msg::KeyMove), Never, None),
    key(Board, &[Left], Do::CursorLeft, ("", Msg::KeyMove), Never, None),
    key(Board, &[Right], Do::CursorRight, ("", Msg::KeyMove), Never, None),
    key(Board, &[Enter], Do::Play, ("Enter", Msg::KeyPlay), Always, Some(("Enter", Msg::HelpEnter))),
    key(Board, &[Tab, BackTab], Do::ToggleFence, ("Tab", Msg::KeyFence), Always, Some(("Tab", Msg::HelpTab))),
    key(Board, &[Char('r'), Char(' ')], Do::Rotate, ("r", Msg::KeyRotate), Always, Some(("r, Space", Msg::HelpRotate))),
    key(Board, &[Char(':')], Do::Type, (":", Msg::KeyType), Always, Some(("a-k 1-9 :", Msg::HelpType))),
    key(Board, &[Char('p')], Do::Pass, ("p", Msg::KeyPass), Scoring, Some(("p", Msg::HelpPass))),
    key(Board, &[Char('u')], Do::Undo, ("u", Msg::KeyUndo), Always, Some(("u", Msg::HelpUndo))),
    key(Board, &[Char('?')], Do::Hint, ("?", Msg::KeyHint), Always, Some(("?", Msg::HelpHint))),
    key(Board, &[Char('o')], Do::Draw, ("o", Msg::KeyDraw), Always, Some(("o", Msg::HelpDraw))),
    key(Board, &[Char('x')], Do::Resign, ("x", Msg::KeyResign), Always, Some(("x", Msg::HelpResign))),
    key(Board, &[Char('n')], Do::New, ("n", Msg::KeyNew), Always, Some(("n", Msg::HelpNew))),
    key(Board, &[Char('s')], Do::Save, ("s", Msg::KeySave), Always, Some(("s", Msg::HelpSave))),
    key(Board, &[Char('l')], Do::Load, ("l", Msg::KeyLoad), Always, Some(("l", Msg::HelpLoad))),
    key(Board, &[PageUp], Do::Replay, ("PgUp", Msg::KeyReplay), Always, Some(("PgUp", Msg::HelpReplay))),
    key(Board, &[Char('q')], Do::Quit, ("q", Msg::KeyQuit), Always, Some(("q, Ctrl-C", Msg::HelpQuit))),
    key(Board, &[F(1)], Do::Help, ("F1", Msg::KeyHelp), Always, None),
    key(Board, &[Esc], Do::Escape, ("Esc", Msg::KeyLeave), Never, None),
    key(Replay, &[Left, Up], Do::Back, ("←→", Msg::KeyStep), Always, None),
    key(Replay, &[Right, Down], Do::Forward, ("", Msg::KeyStep), Never, None),
    key(Replay, &[PageUp], Do::BackTen, ("", Msg::KeyStep), Never, None),
    key(Replay, &[PageDown], Do::ForwardTen, ("", Msg::KeyStep), Never, None),
    key(Replay, &[Home], Do::Start, ("Home", Msg::KeyStart), Always, None),
    key(Replay, &[End], Do::End, ("End", Msg::KeyEnd), Always, None),
    key(Replay, &[Enter], Do::PlayOn, ("Enter", Msg::KeyContinue), Always, None),
    key(Replay, &[Esc], Do::LeaveReplay, ("Esc", Msg::KeyLeave), Always, None),
    key(Replay, &[Char('s')], Do::Save, ("s", Msg::KeySave), Always, None),
    key(Replay, &[Char('l')], Do::Load, ("l", Msg::KeyLoad), Always, None),
    key(Replay, &[Char('n')], Do::New, ("n", Msg::KeyNew), Always, None),
    key(Replay, &[Char('q')], Do::Quit, ("q", Msg::KeyQuit), Always, None),
    key(Replay, &[F(1)], Do::Help, ("F1", Msg::KeyHelp), Never, None),
    key(Replay, &[Char(':')], Do::Type, (":", Msg::KeyType), Never, None),
];

/// The command of a key in a context, if it has one.
pub fn command_for(context: Context, code: KeyCode) -> Option<KeyCommand> {
    KEYS.iter()
        .find(|b| b.context == context && b.keys.contains(&code))
        .map(|b| b.command)
}

/// The keys the status line shows in a context (`scoring`: the game is
/// the scoring game).
pub fn status_keys(context: Context, scoring: bool) -> impl Iterator<Item = (&'static str, Msg)> {
    KEYS.iter()
        .filter(move |b| b.context == context)
        .filter(move |b| match b.shown {
            Always => true,
            Scoring => scoring,
            Never => false,
        })
        .map(|b| b.status)
}

/// The lines of the help screen.
pub fn help_lines() -> impl Iterator<Item = (&'static str, Msg)> {
    KEYS.iter().filter_map(|b| b.help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_means_two_things_in_one_place() {
        for (i, a) in KEYS.iter().enumerate() {
            for b in &KEYS[i + 1..] {
                if a.context == b.context {
                    for k in a.keys {
                        assert!(!b.keys.contains(k), "{k:?} twice in {:?}", a.context);
                    }
                }
            }
        }
    }

    #[test]
    fn every_shown_key_has_a_label() {
        for b in KEYS {
            if b.shown != Never {
                assert!(!b.status.0.is_empty(), "{:?}", b.command);
            }
        }
        assert_eq!(command_for(Board, Char(' ')), Some(KeyCommand::Rotate));
        assert_eq!(command_for(Replay, Down), Some(KeyCommand::Forward));
        assert_eq!(command_for(Board, Char('z')), None);
    }

    #[test]
    fn the_help_screen_explains_every_board_key_the_status_line_names() {
        for b in KEYS {
            if b.context == Board && b.shown != Never && b.command != Do::Help {
                assert!(b.help.is_some(), "{:?} has no help line", b.command);
            }
        }
        assert!(help_lines().any(|(keys, _)| keys.contains("Ctrl-C")));
    }
}
