//! `Engine`: the AI's search from Python, off the interpreter's lock, and
//! stopped by Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use quoridor_engine::{Engine, Level, SearchLimit, SearchResult, Silent};
use quoridor_rules::{Entry, Game, Position};

use crate::errors;
use crate::game::PyGame;
use crate::moves::PyMove;
use crate::position::{moves_list, PyPosition};

/// How often a long computation looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The longest time limit accepted (a day), and the largest table.
const MAX_TIME_MS: u64 = 86_400_000;
const MAX_HASH_MB: usize = 4096;
const MAX_DEPTH: u32 = 100;

/// Runs `work` on its own thread without the interpreter's lock, looking
/// for signals meanwhile: on Ctrl-C it sets `stop`, waits for `work` to
/// notice, and raises `KeyboardInterrupt`.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel();
        let handle = scope.spawn(move || {
            let _ = tx.send(work());
        });
        let mut interrupted = None;
        loop {
            let (answer, back) = py.detach(move || {
                let answer = rx.recv_timeout(SIGNAL_POLL);
                (answer, rx)
            });
            rx = back;
            match answer {
                Ok(value) => {
                    let _ = py.detach(|| handle.join());
                    return match interrupted {
                        Some(err) => Err(err),
                        None => Ok(value),
                    };
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if interrupted.is_none() {
                        if let Err(err) = py.check_signals() {
                            stop.store(true, Ordering::Relaxed);
                            interrupted = Some(err);
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let _ = py.detach(|| handle.join());
                    return Err(PyRuntimeError::new_err(
                        "the engine failed inside (a bug: please report it)",
                    ));
                }
            }
        }
    })
}

/// The engine's answer for one position.
#[pyclass(module = "quoridor", name = "SearchResult", frozen, get_all)]
pub struct PySearchResult {
    /// The move to play.
    r#move: PyMove,
    /// The value for the side to move, in hundredths of a step of the race
    /// (positive: ahead); near ±30000 for a forced win or loss.
    value: i32,
    /// The value as an expected outcome for the side to move, 0 to 1.
    expected_outcome: f64,
    /// Plies to the forced end when the value is a forced win or loss.
    plies_to_end: Option<u32>,
    /// The value in words: `+1.50`, `win in 3`, `loss in 4`.
    value_text: String,
    /// The principal variation, starting with `move`.
    pv: Vec<PyMove>,
    depth: u32,
    nodes: u64,
    /// Seconds spent.
    seconds: f64,
}

impl PySearchResult {
    fn new(result: &SearchResult) -> PySearchResult {
        PySearchResult {
            r#move: PyMove(result.best),
            value: result.score.0,
            expected_outcome: result.score.expected_outcome(),
            plies_to_end: result.score.plies_to_end(),
            value_text: result.score.to_string(),
            pv: moves_list(result.pv.iter().copied()),
            depth: result.depth,
            nodes: result.nodes,
            seconds: result.elapsed.as_secs_f64(),
        }
    }
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.0.to_string()).collect();
        format!(
            "SearchResult(move='{}', value={} ({}), depth={}, pv='{}')",
            self.r#move.0,
            self.value,
            self.value_text,
            self.depth,
            pv.join(" ")
        )
    }
}

/// One move of a reviewed game, beside the engine's choice.
#[pyclass(module = "quoridor", name = "MoveReview", frozen, get_all)]
pub struct PyMoveReview {
    /// Index of the entry in the game.
    index: usize,
    /// The seat that moved.
    seat: &'static str,
    /// The move played.
    played: PyMove,
    /// The engine's move there.
    best: PyMove,
    /// The engine's value before the move, for the mover (hundredths of a step).
    value: i32,
    /// That value as an expected outcome, 0 to 1.
    expected_outcome: f64,
    /// The engine's line from there.
    pv: Vec<PyMove>,
}

#[pymethods]
impl PyMoveReview {
    fn __repr__(&self) -> String {
        format!(
            "MoveReview(index={}, seat='{}', played='{}', best='{}', value={})",
            self.index, self.seat, self.played.0, self.best.0, self.value
        )
    }
}

/// The AI. One engine keeps its transposition table between searches (call
/// `new_game()` between unrelated games for repeatable answers).
///
/// Limits: `time_ms` (per search), `depth` (plies) or `nodes`; at most one.
/// With none, a search runs for one second. Ctrl-C stops a search.
///
/// >>> from quoridor import Engine, Position
/// >>> engine = Engine(level=8)
/// >>> result = engine.best_move(Position(size=5), depth=4)
/// >>> result.move in Position(size=5).legal_moves(), result.depth
/// (True, 4)
#[pyclass(module = "quoridor", name = "Engine")]
pub struct PyEngine {
    engine: Engine,
}

fn level_arg(level: u8) -> PyResult<Level> {
    Level::new(level).ok_or_else(|| errors::value(format!("level {level} is not 1 to 8")))
}

fn limit_arg(
    time_ms: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
) -> PyResult<SearchLimit> {
    match (time_ms, depth, nodes) {
        (None, None, None) => Ok(SearchLimit::MoveTime(Duration::from_secs(1))),
        (Some(ms), None, None) if (1..=MAX_TIME_MS).contains(&ms) => {
            Ok(SearchLimit::MoveTime(Duration::from_millis(ms)))
        }
        (Some(ms), None, None) => Err(errors::value(format!(
            "time_ms {ms} is not 1 to {MAX_TIME_MS} (a day)"
        ))),
        (None, Some(d), None) if (1..=MAX_DEPTH).contains(&d) => Ok(SearchLimit::Depth(d)),
        (None, Some(d), None) => Err(errors::value(format!("depth {d} is not 1 to {MAX_DEPTH}"))),
        (None, None, Some(n)) if n >= 1 => Ok(SearchLimit::Nodes(n)),
        (None, None, Some(_)) => Err(errors::value("nodes must be at least 1")),
        _ => Err(errors::value(
            "give at most one of time_ms, depth and nodes",
        )),
    }
}

/// A `Position` or a `Game` (its current position, and its positions
/// since the last fence, to see repetitions coming).
fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<(Position, Vec<Position>)> {
    if let Ok(pos) = obj.cast::<PyPosition>() {
        return Ok((pos.borrow().pos, Vec::new()));
    }
    if let Ok(game) = obj.cast::<PyGame>() {
        let game = game.borrow();
        let game = game.game();
        return Ok((*game.position(), game.since_last_fence().to_vec()));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "expected a Position or a Game",
    ))
}

impl PyEngine {
    /// Searches `pos`, reached after the positions `earlier` (see
    /// `Engine::search_after`).
    fn search(
        &mut self,
        py: Python<'_>,
        pos: &Position,
        earlier: &[Position],
        limit: SearchLimit,
    ) -> PyResult<Option<SearchResult>> {
        let stop = AtomicBool::new(false);
        let engine = &mut self.engine;
        interruptible(py, &stop, || {
            engine.search_after(pos, earlier, limit, &stop, &mut Silent)
        })
    }

    /// [`PyEngine::analyze`] with the engine as it is set.
    fn review(
        &mut self,
        py: Python<'_>,
        game: &Game,
        limit: SearchLimit,
    ) -> PyResult<Vec<PyMoveReview>> {
        let mut reviews = Vec::new();
        for (index, entry) in game.entries().iter().enumerate() {
            let Entry::Move(played) = *entry else {
                continue;
            };
            let pos = *game
                .position_at(index)
                .expect("a position before every entry");
            let Some(result) = self.search(py, &pos, &[], limit)? else {
                continue;
            };
            reviews.push(PyMoveReview {
                index,
                seat: pos.turn().name(),
                played: PyMove(played),
                best: PyMove(result.best),
                value: result.score.0,
                expected_outcome: result.score.expected_outcome(),
                pv: moves_list(result.pv.iter().copied()),
            });
        }
        Ok(reviews)
    }
}

#[pymethods]
impl PyEngine {
    /// An engine at `level` (1, a beginner, to 8, full strength) with a
    /// table of `hash_mb` megabytes; `seed` makes the low levels' mistakes
    /// repeatable; `book=False` makes levels 6–8 search the standard game's
    /// opening positions rather than play them from the opening book.
    #[new]
    #[pyo3(signature = (level=8, *, hash_mb=32, seed=0, book=true))]
    fn new(level: u8, hash_mb: usize, seed: u64, book: bool) -> PyResult<PyEngine> {
        let level = level_arg(level)?;
        if !(1..=MAX_HASH_MB).contains(&hash_mb) {
            return Err(errors::value(format!(
                "hash_mb {hash_mb} is not 1 to {MAX_HASH_MB}"
            )));
        }
        let mut engine = Engine::with_hash(hash_mb);
        engine.set_level(level);
        engine.set_seed(seed);
        engine.set_book(book);
        Ok(PyEngine { engine })
    }

    /// The strength, 1 to 8.
    #[getter]
    fn level(&self) -> u8 {
        self.engine.level().number()
    }

    #[setter]
    fn set_level(&mut self, level: u8) -> PyResult<()> {
        self.engine.set_level(level_arg(level)?);
        Ok(())
    }

    /// Whether levels 6–8 play the opening book's moves (found without
    /// searching: `nodes` is 0) while the game is in it.
    #[getter]
    fn book(&self) -> bool {
        self.engine.book()
    }

    #[setter]
    fn set_book(&mut self, book: bool) {
        self.engine.set_book(book);
    }

    /// Forgets what earlier searches learned.
    fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// The engine's move for the side to move of `position` (a `Position`
    /// or a `Game`), with its value and line. Given a `Game`, a search of
    /// four players each for themselves sees a repetition coming. Raises
    /// `IllegalMoveError` when the game is over.
    #[pyo3(signature = (position, *, level=None, time_ms=None, depth=None, nodes=None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        level: Option<u8>,
        time_ms: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<PySearchResult> {
        let (pos, earlier) = position_arg(position)?;
        let limit = limit_arg(time_ms, depth, nodes)?;
        let saved = self.engine.level();
        if let Some(level) = level {
            self.engine.set_level(level_arg(level)?);
        }
        let result = self.search(py, &pos, &earlier, limit);
        self.engine.set_level(saved);
        match result? {
            Some(result) => Ok(PySearchResult::new(&result)),
            None => Err(errors::illegal("game is over")),
        }
    }

    /// Reviews every move of a game: before each, the engine's choice and
    /// value for the mover, beside the move played. The limit is per move;
    /// every position is searched, the opening book's too (as
    /// `quoridor analyze` does).
    #[pyo3(signature = (game, *, time_ms=None, depth=None, nodes=None))]
    fn analyze(
        &mut self,
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        time_ms: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<Vec<PyMoveReview>> {
        let limit = limit_arg(time_ms, depth, nodes)?;
        let game: Game = game.borrow().game().clone();
        let book = self.engine.book();
        self.engine.set_book(false);
        let reviews = self.review(py, &game, limit);
        self.engine.set_book(book);
        reviews
    }

    fn __repr__(&self) -> String {
        format!("Engine(level={})", self.engine.level().number())
    }
}
