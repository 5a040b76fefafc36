//! The `quoridor` Python module (`quoridor._quoridor`, re-exported by the
//! package's `__init__.py`): the rules, the AI and learning environments of
//! the Rust crates, from Python. Built with maturin: `pip install ./crates/python`.
//!
//! Layers, from the bottom (`tests/layers.rs` of the workspace):
//!
//! 1. `errors` (Python's exceptions), `moves`.
//! 2. `position`, `game`, `vector`.
//! 3. `engine`.

mod engine;
mod errors;
mod game;
mod moves;
mod position;
mod vector;

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;
use quoridor_env::{ActionSpace, Planes};
use quoridor_perft::Table;
use quoridor_rules::Position;

use crate::engine::interruptible;
use crate::position::PyPosition;

/// The deepest perft accepted.
const MAX_PERFT_DEPTH: u32 = 32;
/// The largest perft table.
const MAX_PERFT_MB: usize = 4096;

/// The number of move sequences of `depth` plies from `position` (the
/// leaves of its move tree), to check move generation against other
/// programs. `hash_mb` gives a table that shares repeated subtrees (0: none)
/// and `threads` the threads to count on. Ctrl-C stops it.
///
/// >>> from quoridor import Position, perft
/// >>> [perft(Position(), d) for d in (1, 2, 3)]
/// [131, 16677, 2062264]
#[pyfunction]
#[pyo3(signature = (position, depth, *, hash_mb=0, threads=1))]
fn perft(
    py: Python<'_>,
    position: PyRef<'_, PyPosition>,
    depth: u32,
    hash_mb: usize,
    threads: usize,
) -> PyResult<u64> {
    if depth > MAX_PERFT_DEPTH {
        return Err(errors::value(format!(
            "depth {depth} is not 0 to {MAX_PERFT_DEPTH}"
        )));
    }
    if hash_mb > MAX_PERFT_MB {
        return Err(errors::value(format!(
            "hash_mb {hash_mb} is not 0 to {MAX_PERFT_MB}"
        )));
    }
    if !(1..=256).contains(&threads) {
        return Err(errors::value(format!("threads {threads} is not 1 to 256")));
    }
    let pos = position.pos;
    drop(position);
    let stop = AtomicBool::new(false);
    interruptible(py, &stop, || {
        let table = (hash_mb > 0).then(|| Table::with_megabytes(hash_mb));
        count_stoppable(pos, depth, table.as_ref(), threads, &stop)
    })
}

/// Perft counted subtree by subtree (below each first move, or each first
/// two moves for deep counts), so that `stop` is noticed between them.
fn count_stoppable(
    mut pos: Position,
    depth: u32,
    table: Option<&Table>,
    threads: usize,
    stop: &AtomicBool,
) -> u64 {
    let split = match depth {
        0..=3 => return quoridor_perft::perft(&pos, depth, table, threads, &|_, _| {}),
        4..=5 => 1,
        _ => 2,
    };
    let mut total = 0;
    for mv in pos.legal().iter() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let undo = pos.play_unchecked(mv);
        total += if split == 1 {
            quoridor_perft::perft(&pos, depth - 1, table, threads, &|_, _| {})
        } else {
            count_stoppable(pos, depth - 1, table, threads, stop)
        };
        pos.undo(mv, undo);
    }
    total
}

/// The number of actions of an `size`×`size` board: `N² + 2(N−1)² + 1`.
///
/// >>> from quoridor import num_actions
/// >>> num_actions(9)
/// 210
#[pyfunction]
fn num_actions(size: u32) -> PyResult<usize> {
    let size = moves::RulesArgs::size_arg(size)?;
    Ok(ActionSpace::new(size).len())
}

/// The shape of an observation: `(3 * players + 4, size, size)`.
#[pyfunction]
#[pyo3(signature = (size=9, players=2))]
fn observation_shape(size: u32, players: u32) -> PyResult<(usize, usize, usize)> {
    quoridor_rules::Ruleset::new(size, players).map_err(errors::value)?;
    let [c, n, m] = Planes::new(size as u8, players as u8).shape();
    Ok((c, n, m))
}

#[pymodule]
fn _quoridor(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("QuoridorError", py.get_type::<errors::QuoridorError>())?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PySearchResult>()?;
    m.add_class::<engine::PyMoveReview>()?;
    m.add_class::<vector::PyVectorEnv>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(num_actions, m)?)?;
    m.add_function(wrap_pyfunction!(observation_shape, m)?)?;
    Ok(())
}
