//! Players: anything that picks moves for one or more seats of a game. The
//! match runner drives every player through [`Player`]; [`EnginePlayer`] is
//! the built-in engine, [`ProgramPlayer`](super::program::ProgramPlayer) an
//! external program speaking the engine text protocol.

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;

use quoridor_engine::{Engine, Level, SearchLimit, SearchResult, Silent, DEFAULT_HASH_MB};
use quoridor_rules::{Game, Move};

/// Why a player could not go on: the game is lost for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// It did not answer in time (a clock that ran out, or a program that
    /// took longer than its budget and the margin).
    Time(String),
    /// It answered an illegal move, or a reply that is not one.
    Illegal(String),
    /// It stopped working: the program exited or could not be talked to, or
    /// the engine panicked.
    Crash(String),
    /// It resigned: an ordinary loss, not a fault.
    Resigned,
}

impl PlayerError {
    /// `time`, `illegal`, `crash`, `resigned`.
    pub fn kind(&self) -> &'static str {
        match self {
            PlayerError::Time(_) => "time",
            PlayerError::Illegal(_) => "illegal",
            PlayerError::Crash(_) => "crash",
            PlayerError::Resigned => "resigned",
        }
    }
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::Time(why) => write!(f, "lost on time: {why}"),
            PlayerError::Illegal(why) => write!(f, "illegal move: {why}"),
            PlayerError::Crash(why) => write!(f, "crashed: {why}"),
            PlayerError::Resigned => f.write_str("resigned"),
        }
    }
}

/// A player of a game: it plays the seats the runner gives it, and hears of
/// the other seats' moves. One player may hold several seats of a game (a
/// configuration on two seats of a four-player game).
///
/// The calls of one game: [`set_seed`](Player::set_seed) (optional), then
/// [`new_game`](Player::new_game), then for each move in order either
/// [`choose`](Player::choose) (one of its seats is to move; the runner then
/// plays the move) or [`opponent_moved`](Player::opponent_moved), then
/// [`end_game`](Player::end_game). After an error the runner stops the game;
/// the next `new_game` starts afresh.
pub trait Player {
    /// A name for reports and records.
    fn name(&self) -> String;

    /// Seeds the player's randomness, for reproducible games.
    fn set_seed(&mut self, _seed: u64) {}

    /// A game starts: `game` is its start, opening moves already played.
    fn new_game(&mut self, game: &Game) -> Result<(), PlayerError>;

    /// The move for the side to move of `game`, within `limit`.
    fn choose(&mut self, game: &Game, limit: SearchLimit) -> Result<Move, PlayerError>;

    /// Another seat played `mv`; `game` already includes it.
    fn opponent_moved(&mut self, game: &Game, mv: Move) -> Result<(), PlayerError>;

    /// The game is over (or was stopped).
    fn end_game(&mut self, _game: &Game) {}

    /// The search behind the last move chosen, for a player that searches
    /// in-process.
    fn last_search(&self) -> Option<&SearchResult> {
        None
    }
}

/// The built-in engine: a fresh [`Engine::new_game`] each game, a search
/// per move.
pub struct EnginePlayer {
    engine: Engine,
    name: String,
    level: Level,
    hash_mb: usize,
    hand_eval: bool,
    book: bool,
    seed: u64,
    /// Set when a search panicked: the engine is rebuilt before the next game.
    broken: bool,
    last: Option<SearchResult>,
}

impl EnginePlayer {
    /// An engine of `level`; `hand_eval` keeps it to the hand-made
    /// evaluation, `book` lets it play the opening book.
    pub fn new(
        name: &str,
        level: Level,
        hash_mb: Option<usize>,
        hand_eval: bool,
        book: bool,
    ) -> EnginePlayer {
        let hash_mb = hash_mb.unwrap_or(DEFAULT_HASH_MB);
        EnginePlayer {
            engine: EnginePlayer::engine(level, hash_mb, hand_eval, book),
            name: name.to_string(),
            level,
            hash_mb,
            hand_eval,
            book,
            seed: 0,
            broken: false,
            last: None,
        }
    }

    fn engine(level: Level, hash_mb: usize, hand_eval: bool, book: bool) -> Engine {
        let mut engine = Engine::with_hash(hash_mb);
        engine.set_level(level);
        engine.set_hand_eval(hand_eval);
        engine.set_book(book);
        engine
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    fn new_game(&mut self, _game: &Game) -> Result<(), PlayerError> {
        if self.broken {
            self.engine = EnginePlayer::engine(self.level, self.hash_mb, self.hand_eval, self.book);
            self.broken = false;
        }
        self.engine.set_seed(self.seed);
        self.engine.new_game();
        self.last = None;
        Ok(())
    }

    fn choose(&mut self, game: &Game, limit: SearchLimit) -> Result<Move, PlayerError> {
        let stop = AtomicBool::new(false);
        let engine = &mut self.engine;
        let found = panic::catch_unwind(AssertUnwindSafe(|| {
            engine.search_game(game, limit, &stop, &mut Silent)
        }));
        match found {
            Ok(Some(result)) => {
                let best = result.best;
                self.last = Some(result);
                Ok(best)
            }
            Ok(None) => Err(PlayerError::Illegal(
                "the engine found no move (game over?)".into(),
            )),
            Err(payload) => {
                self.broken = true;
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".into());
                Err(PlayerError::Crash(format!(
                    "the engine panicked: {message}"
                )))
            }
        }
    }

    fn opponent_moved(&mut self, _game: &Game, _mv: Move) -> Result<(), PlayerError> {
        Ok(())
    }

    fn last_search(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use quoridor_rules::Ruleset;

    use super::*;

    #[test]
    fn the_engine_player_plays_legal_moves_to_the_end() {
        let rules = Ruleset::new(5, 2)
            .unwrap()
            .with_ply_limit(Some(100))
            .unwrap();
        let mut game = Game::new(rules);
        let mut players = [
            EnginePlayer::new("a", Level::new(2).unwrap(), Some(1), false, true),
            EnginePlayer::new("b", Level::new(4).unwrap(), Some(1), false, true),
        ];
        for player in &mut players {
            player.new_game(&game).unwrap();
        }
        while !game.is_over() {
            let turn = game.position().turn_index();
            let mv = players[turn].choose(&game, SearchLimit::Depth(2)).unwrap();
            game.play(mv).unwrap();
            players[1 - turn].opponent_moved(&game, mv).unwrap();
        }
        assert!(players[0].last_search().is_some());
    }
}
