//! Many games stepped at once: one call plays one action in every game,
//! starts over the games that ended, and writes what a learner reads
//! (planes, legal-action masks, rewards) into flat buffers.

use core::fmt;

use quoridor_rules::{LegalMoves, Outcome, Position, Ruleset, Seat};

use crate::action::{ActionError, ActionSpace};
use crate::planes::Planes;
use quoridor_rules::rng::SplitMix64;

/// `num_envs` games of one ruleset, each with its legal moves at hand.
///
/// ```
/// use quoridor_env::{Batch, VectorGames};
/// use quoridor_rules::Ruleset;
/// let mut games = VectorGames::new(Ruleset::new(5, 2).unwrap(), 4, 1);
/// let mut batch = Batch::new(&games);
/// games.observe(&mut batch);
/// let mut actions = vec![0; 4];
/// for _ in 0..100 {
///     games.random_actions(&mut actions);
///     games.step(&actions, &mut batch).unwrap();
/// }
/// assert_eq!(batch.masks.len(), 4 * games.actions().len());
/// ```
pub struct VectorGames {
    rules: Ruleset,
    space: ActionSpace,
    planes: Planes,
    games: Vec<Game>,
    rng: SplitMix64,
}

#[derive(Copy, Clone)]
struct Game {
    pos: Position,
    legal: LegalMoves,
}

impl Game {
    fn new(rules: Ruleset) -> Game {
        let pos = Position::new(rules);
        Game {
            legal: pos.legal(),
            pos,
        }
    }
}

/// What a step writes: for `E` games, `A` actions, `P` players and `L`
/// values of planes, all flat and in game order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Batch {
    /// `E × L` plane values ([`Planes`]) of each game's position after the
    /// step (the next game's start where one ended).
    pub observations: Vec<u8>,
    /// `E × A`: the legal actions of each game.
    pub masks: Vec<bool>,
    /// `E × P`, by seat in turn order: +1 for a winner, −1 for a loser, 0
    /// for a draw or a game that goes on.
    pub rewards: Vec<f32>,
    /// `E`: whether the game ended with this step (and started over) by
    /// its moves: a goal reached, the last pawn or team left, the scores.
    pub terminated: Vec<bool>,
    /// `E`: whether the game ended with this step (and started over) by
    /// reaching the ply limit, a draw the moves did not decide (Gymnasium's
    /// truncation). A game ends by one or the other, never both.
    pub truncated: Vec<bool>,
    /// `E`: the turn-order index of the player to move now.
    pub to_play: Vec<u8>,
}

impl Batch {
    /// Buffers of the right sizes for `games`.
    pub fn new(games: &VectorGames) -> Batch {
        let e = games.len();
        Batch {
            observations: vec![0; e * games.planes.len()],
            masks: vec![false; e * games.space.len()],
            rewards: vec![0.0; e * games.rules.players() as usize],
            terminated: vec![false; e],
            truncated: vec![false; e],
            to_play: vec![0; e],
        }
    }
}

/// A step refused: nothing was played in any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// Not one action per game.
    Count { given: usize, games: usize },
    /// This game's action has no move.
    Action { game: usize, error: ActionError },
    /// This game's action is not legal there.
    Illegal {
        game: usize,
        action: i64,
        reason: String,
    },
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Count { given, games } => {
                write!(f, "{given} actions for {games} games: give one per game")
            }
            StepError::Action { game, error } => write!(f, "game {game}: {error}"),
            StepError::Illegal {
                game,
                action,
                reason,
            } => write!(f, "game {game}: action {action} is illegal: {reason}"),
        }
    }
}

impl std::error::Error for StepError {}

impl VectorGames {
    /// `num_envs` games from the start of `rules`, random actions seeded by `seed`.
    pub fn new(rules: Ruleset, num_envs: usize, seed: u64) -> VectorGames {
        VectorGames {
            rules,
            space: ActionSpace::new(rules.size()),
            planes: Planes::new(rules.size(), rules.players()),
            games: vec![Game::new(rules); num_envs],
            rng: SplitMix64::new(seed),
        }
    }

    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    pub fn actions(&self) -> ActionSpace {
        self.space
    }

    pub fn planes(&self) -> Planes {
        self.planes
    }

    /// The position of game `i`.
    pub fn position(&self, i: usize) -> Option<&Position> {
        self.games.get(i).map(|g| &g.pos)
    }

    /// Every game back to the start; a new seed for random actions if given.
    pub fn reset(&mut self, seed: Option<u64>) {
        if let Some(seed) = seed {
            self.rng = SplitMix64::new(seed);
        }
        self.games.fill(Game::new(self.rules));
    }

    /// Writes the observations, masks and players to move of the current
    /// positions; rewards are zero and nothing is done.
    pub fn observe(&self, batch: &mut Batch) {
        batch.rewards.fill(0.0);
        batch.terminated.fill(false);
        batch.truncated.fill(false);
        for i in 0..self.games.len() {
            self.write_game(i, batch);
        }
    }

    /// One uniformly random legal action per game.
    ///
    /// # Panics
    /// If `out` does not have one entry per game.
    pub fn random_actions(&mut self, out: &mut [i64]) {
        assert_eq!(out.len(), self.games.len(), "one action per game");
        for (game, slot) in self.games.iter().zip(out) {
            let index = self.rng.below(game.legal.len() as u64) as usize;
            let mv = game
                .legal
                .nth(index)
                .expect("a game that goes on has a move");
            *slot = self.space.encode(mv).expect("a legal move has a number") as i64;
        }
    }

    /// Plays `actions[i]` in game `i`, for every game, and writes the result
    /// into `batch`. A game that ends starts over at once; its reward says
    /// how it ended. If any action is out of range or illegal, nothing is
    /// played and the error names the first such game.
    pub fn step(&mut self, actions: &[i64], batch: &mut Batch) -> Result<(), StepError> {
        if actions.len() != self.games.len() {
            return Err(StepError::Count {
                given: actions.len(),
                games: self.games.len(),
            });
        }
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (&action, game)) in actions.iter().zip(&self.games).enumerate() {
            let mv = self
                .space
                .try_decode(action)
                .map_err(|error| StepError::Action { game: i, error })?;
            if !game.legal.contains(mv) {
                let reason = match game.pos.check(mv) {
                    Err(e) => e.to_string(),
                    Ok(()) => "not a legal move".to_string(),
                };
                return Err(StepError::Illegal {
                    game: i,
                    action,
                    reason,
                });
            }
            moves.push(mv);
        }
        let players = self.rules.players() as usize;
        for (i, mv) in moves.into_iter().enumerate() {
            let game = &mut self.games[i];
            game.pos.play_unchecked(mv);
            let rewards = &mut batch.rewards[i * players..][..players];
            let outcome = game.pos.outcome();
            write_rewards(&game.pos, outcome, rewards);
            let truncated = game.pos.reached_ply_limit();
            batch.terminated[i] = outcome.is_some() && !truncated;
            batch.truncated[i] = truncated;
            if outcome.is_some() {
                *game = Game::new(self.rules);
            } else {
                game.legal = game.pos.legal();
            }
            self.write_game(i, batch);
        }
        Ok(())
    }

    fn write_game(&self, i: usize, batch: &mut Batch) {
        let game = &self.games[i];
        let (a, l) = (self.space.len(), self.planes.len());
        self.space
            .write_mask(&game.legal, &mut batch.masks[i * a..][..a]);
        self.planes
            .write(&game.pos, &mut batch.observations[i * l..][..l]);
        batch.to_play[i] = game.pos.turn_index() as u8;
    }
}

/// +1 for each winner, −1 for each other player, 0 for all on a draw or
/// while the game goes on.
pub fn write_rewards(pos: &Position, outcome: Option<Outcome>, rewards: &mut [f32]) {
    let won = |seat: Seat| match outcome {
        Some(Outcome::Winner(w)) => Some(seat == w),
        Some(Outcome::TeamWinner(team)) => Some(seat.team() == team),
        Some(Outcome::Draw) | None => None,
    };
    for (slot, &seat) in rewards.iter_mut().zip(pos.seats()) {
        *slot = match won(seat) {
            Some(true) => 1.0,
            Some(false) => -1.0,
            None => 0.0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_end_start_over_and_reward_the_winner() {
        let rules = Ruleset::new(3, 2).unwrap();
        let mut games = VectorGames::new(rules, 8, 7);
        let mut batch = Batch::new(&games);
        games.observe(&mut batch);
        let mut actions = vec![0; 8];
        let mut finished = 0;
        for _ in 0..200 {
            games.random_actions(&mut actions);
            let movers: Vec<usize> = (0..8).map(|i| batch.to_play[i] as usize).collect();
            games.step(&actions, &mut batch).unwrap();
            for i in 0..8 {
                let r = &batch.rewards[i * 2..][..2];
                assert!(!batch.truncated[i], "no ply limit");
                if batch.terminated[i] {
                    finished += 1;
                    // Only the mover can reach the goal line with a move.
                    assert_eq!(r[movers[i]], 1.0);
                    assert_eq!(r[1 - movers[i]], -1.0);
                    assert_eq!(*games.position(i).unwrap(), Position::new(rules));
                } else {
                    assert_eq!(r, [0.0, 0.0]);
                }
            }
        }
        assert!(finished > 20, "{finished} games finished");
    }

    #[test]
    fn a_game_that_reaches_the_ply_limit_is_truncated() {
        let rules = Ruleset::new(5, 2).unwrap().with_ply_limit(Some(3)).unwrap();
        let mut games = VectorGames::new(rules, 1, 1);
        let mut batch = Batch::new(&games);
        let code = |mv: &str| games.actions().encode(mv.parse().unwrap()).unwrap() as i64;
        let moves = [code("c2"), code("c4"), code("c3h")];
        for (i, &action) in moves.iter().enumerate() {
            games.step(&[action], &mut batch).unwrap();
            let last = i == 2;
            assert_eq!((batch.terminated[0], batch.truncated[0]), (false, last));
        }
        assert_eq!(batch.rewards, [0.0, 0.0]);
        assert_eq!(*games.position(0).unwrap(), Position::new(rules));
    }

    #[test]
    fn a_bad_action_plays_nothing() {
        let rules = Ruleset::new(5, 2).unwrap();
        let mut games = VectorGames::new(rules, 2, 1);
        let mut batch = Batch::new(&games);
        let e2 = games.actions().encode("c2".parse().unwrap()).unwrap() as i64;
        let far = games.actions().encode("c4".parse().unwrap()).unwrap() as i64;
        let err = games.step(&[e2, far], &mut batch).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("game 1: action {far} is illegal: not reachable from c1")
        );
        assert_eq!(*games.position(0).unwrap(), Position::new(rules));
        let err = games.step(&[e2, 99], &mut batch).unwrap_err();
        assert_eq!(
            err.to_string(),
            "game 1: action 99 is out of range: actions are 0 to 57"
        );
        let err = games.step(&[e2], &mut batch).unwrap_err();
        assert_eq!(err.to_string(), "1 actions for 2 games: give one per game");
        games.step(&[e2, e2], &mut batch).unwrap();
        assert_eq!(games.position(1).unwrap().ply(), 1);
    }

    #[test]
    fn random_actions_are_legal_and_seeded() {
        let rules = Ruleset::new(9, 4).unwrap();
        let mut a = VectorGames::new(rules, 3, 5);
        let mut b = VectorGames::new(rules, 3, 5);
        let (mut batch_a, mut batch_b) = (Batch::new(&a), Batch::new(&b));
        let (mut xa, mut xb) = (vec![0; 3], vec![0; 3]);
        for _ in 0..300 {
            a.random_actions(&mut xa);
            b.random_actions(&mut xb);
            assert_eq!(xa, xb);
            a.step(&xa, &mut batch_a).unwrap();
            b.step(&xb, &mut batch_b).unwrap();
        }
        assert_eq!(batch_a, batch_b);
    }
}
