//! A protocol session's state between commands: the game, the level and
//! the AI with its table. Framing (`gtp`) and the commands both work on it.

use quoridor_rules::{Game, Ruleset};

/// The strength level before any `level` command.
pub const DEFAULT_LEVEL: u8 = 5;

/// The engine's state between commands.
pub struct Engine {
    /// The game being played.
    pub(super) game: Game,
    /// Strength level, 1 to 8 (for the AI).
    pub(super) level: u8,
    /// The AI, with its transposition table kept between moves.
    pub(super) ai: quoridor_engine::Engine,
    /// Time budget for the next move in milliseconds, if one was given.
    pub(super) time_left_ms: Option<u64>,
    /// Set by `quit`: the reply is the last one.
    pub(super) quit: bool,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

/// The AI at a level, with a small table: protocol sessions are many and short.
fn new_ai(level: u8) -> quoridor_engine::Engine {
    let mut ai = quoridor_engine::Engine::with_hash(16);
    ai.set_level(quoridor_engine::Level::new(level).unwrap_or_default());
    ai
}

impl Engine {
    /// An engine with a standard 9×9 two-player game set up.
    pub fn new() -> Engine {
        Engine {
            game: Game::new(Ruleset::STANDARD),
            level: DEFAULT_LEVEL,
            ai: new_ai(DEFAULT_LEVEL),
            time_left_ms: None,
            quit: false,
        }
    }
}
