//! `VectorEnv`: many games stepped by one call, for reinforcement learning.

use numpy::{IntoPyArray, PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use quoridor_env::{Batch, VectorGames};

use crate::errors;
use crate::moves::RulesArgs;
use crate::position::PyPosition;

/// The most games one `VectorEnv` holds.
const MAX_ENVS: usize = 1 << 16;

/// `num_envs` games of one ruleset stepped together: `step(actions)` plays
/// one action in every game, inside Rust and without the interpreter's
/// lock, and starts over every game that ended.
///
/// Arrays (NumPy), for `E` games, `A` actions and `P` players:
///
/// - observations `uint8 (E, 3P+4, N, N)`: the planes of `Position.observation`;
/// - masks `bool (E, A)`: the legal actions;
/// - rewards `float32 (E, P)` by seat in turn order: +1 for the winner(s),
///   −1 for the others, 0 for a draw or a game that goes on;
/// - terminated `bool (E,)`: the game ended with this step by its moves (a
///   goal reached, the last pawn or team left, the scores);
/// - truncated `bool (E,)`: the game ended with this step by reaching the
///   ply limit, a draw its moves did not decide (Gymnasium's truncation);
///   a game ends by one or the other, and the observation and mask are
///   then those of the new game's start.
///
/// >>> import numpy as np
/// >>> from quoridor import VectorEnv
/// >>> env = VectorEnv(4, size=5, seed=1)
/// >>> obs, masks = env.reset()
/// >>> obs.shape, masks.shape, masks.dtype
/// ((4, 10, 5, 5), (4, 58), dtype('bool'))
/// >>> obs, rewards, terminated, truncated, masks = env.step(env.random_actions())
/// >>> rewards.shape, terminated.shape, truncated.dtype, env.to_play.tolist()
/// ((4, 2), (4,), dtype('bool'), [1, 1, 1, 1])
#[pyclass(module = "quoridor", name = "VectorEnv")]
pub struct PyVectorEnv {
    games: VectorGames,
    /// The player to move in each game, as of the last step.
    to_play: Vec<u8>,
}

/// A batch's arrays, moved into NumPy without a copy: observations,
/// rewards, terminated, truncated and masks.
type Arrays<'py> = [Bound<'py, PyAny>; 5];

impl PyVectorEnv {
    fn arrays<'py>(&mut self, py: Python<'py>, batch: Batch) -> PyResult<Arrays<'py>> {
        let e = self.games.len();
        let [c, n, m] = self.games.planes().shape();
        let players = self.games.rules().players() as usize;
        self.to_play = batch.to_play;
        Ok([
            batch
                .observations
                .into_pyarray(py)
                .reshape([e, c, n, m])?
                .into_any(),
            batch
                .rewards
                .into_pyarray(py)
                .reshape([e, players])?
                .into_any(),
            batch.terminated.into_pyarray(py).into_any(),
            batch.truncated.into_pyarray(py).into_any(),
            batch
                .masks
                .into_pyarray(py)
                .reshape([e, self.games.actions().len()])?
                .into_any(),
        ])
    }
}

/// The actions as an `int64` array: any integer array or sequence is converted.
fn actions_arg<'py>(
    py: Python<'py>,
    actions: &Bound<'py, PyAny>,
) -> PyResult<PyReadonlyArray1<'py, i64>> {
    if let Ok(array) = actions.extract::<PyReadonlyArray1<'py, i64>>() {
        return Ok(array);
    }
    let numpy = py.import("numpy")?;
    let converted = numpy
        .call_method1("asarray", (actions,))
        .map_err(|_| errors::value("actions must be a sequence of integers, one per game"))?;
    let kind: String = converted.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(errors::value(format!(
            "actions must be integers, not an array of dtype kind {kind:?}"
        )));
    }
    converted
        .call_method1("astype", ("int64",))?
        .extract::<PyReadonlyArray1<'py, i64>>()
        .map_err(|_| errors::value("actions must be a one-dimensional array, one per game"))
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (num_envs, *, size=9, players=2, fences=None, variant=String::from("standard"), side_step_over_pawn=false, ply_limit=None, seed=0))]
    #[pyo3(
        text_signature = "(num_envs, *, size=9, players=2, fences=None, variant='standard', side_step_over_pawn=False, ply_limit=None, seed=0)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        size: u32,
        players: u32,
        fences: Option<u32>,
        variant: String,
        side_step_over_pawn: bool,
        ply_limit: Option<u32>,
        seed: u64,
    ) -> PyResult<PyVectorEnv> {
        if !(1..=MAX_ENVS).contains(&num_envs) {
            return Err(errors::value(format!(
                "num_envs {num_envs} is not 1 to {MAX_ENVS}"
            )));
        }
        let rules = RulesArgs {
            size,
            players,
            fences,
            variant,
            side_step_over_pawn,
            ply_limit,
        }
        .ruleset()?;
        let games = VectorGames::new(rules, num_envs, seed);
        Ok(PyVectorEnv {
            to_play: vec![0; games.len()],
            games,
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }

    /// How many actions each game has.
    #[getter]
    fn num_actions(&self) -> usize {
        self.games.actions().len()
    }

    /// The shape of one game's observation, `(3P+4, N, N)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [c, n, m] = self.games.planes().shape();
        (c, n, m)
    }

    /// Every game back to the start (and a new seed for `random_actions`
    /// if given); returns `(observations, masks)`.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        self.games.reset(seed);
        let mut batch = Batch::new(&self.games);
        self.games.observe(&mut batch);
        let [obs, _, _, _, masks] = self.arrays(py, batch)?;
        PyTuple::new(py, [obs, masks])
    }

    /// Plays `actions[i]` in game `i` for every game; returns
    /// `(observations, rewards, terminated, truncated, masks)`. If any action is out of
    /// range or illegal, nothing is played and `IllegalMoveError` (or
    /// `QuoridorError` for a number out of range) names the game.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // `VectorGames::step` refuses a wrong count, with the same words.
        let actions = actions_arg(py, actions)?;
        let actions = actions
            .as_slice()
            .map(<[i64]>::to_vec)
            .unwrap_or_else(|_| actions.as_array().to_vec());
        let mut batch = Batch::new(&self.games);
        let games = &mut self.games;
        py.detach(|| games.step(&actions, &mut batch))
            .map_err(|err| match err {
                quoridor_env::StepError::Illegal { .. } => errors::illegal(err),
                _ => errors::value(err),
            })?;
        PyTuple::new(py, self.arrays(py, batch)?)
    }

    /// One uniformly random legal action per game (`int64`), seeded.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut out = vec![0; self.games.len()];
        let games = &mut self.games;
        py.detach(|| games.random_actions(&mut out));
        out.into_pyarray(py)
    }

    /// The turn-order index of the player to move in each game (`uint8`).
    #[getter]
    fn to_play<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        self.to_play.clone().into_pyarray(py)
    }

    /// The position of game `index` (a copy).
    fn position(&self, index: usize) -> PyResult<PyPosition> {
        self.games
            .position(index)
            .map(|pos| PyPosition::from_position(*pos))
            .ok_or_else(|| {
                errors::value(format!(
                    "game {index} does not exist: there are {}",
                    self.games.len()
                ))
            })
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "VectorEnv({}, rules='{}')",
            self.games.len(),
            self.games.rules()
        )
    }
}
