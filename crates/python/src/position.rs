//! `Position`: a board, checked moves, taking back, paths, and the position
//! as actions and planes for learning programs.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use numpy::{IntoPyArray, PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use quoridor_env::{ActionSpace, Planes};
use quoridor_rules::rng::SplitMix64;
use quoridor_rules::{Diagram, Move, Position, Undo};

use crate::errors;
use crate::moves::{move_arg, outcome_word, seat_arg, winner_word, PyMove, RulesArgs};

/// A Quoridor position: pawns, fences, fences left, the side to move.
///
/// Made from the start of a ruleset (keywords) or from the position
/// notation. `play` checks a move and raises `IllegalMoveError` with the
/// reason; `undo` takes back the moves played on this object.
///
/// >>> from quoridor import Position
/// >>> pos = Position()
/// >>> len(pos.legal_moves())
/// 131
/// >>> pos.play("e2"); pos.play("e3h")
/// >>> pos.play("e3v")
/// Traceback (most recent call last):
///     ...
/// quoridor.IllegalMoveError: fence crosses e3h
/// >>> pos.distances
/// {'south': 8, 'north': 9}
/// >>> pos.to_notation()
/// '9 e2,e9 e3h 10,9 south 2'
/// >>> Position("9 e2,e9 e3h 10,9 south 2") == pos
/// True
#[pyclass(module = "quoridor", name = "Position")]
#[derive(Clone)]
pub struct PyPosition {
    pub pos: Position,
    history: Vec<(Move, Undo)>,
    rng: SplitMix64,
}

impl PyPosition {
    pub fn from_position(pos: Position) -> PyPosition {
        PyPosition {
            pos,
            history: Vec::new(),
            rng: SplitMix64::new(pos.hash()),
        }
    }

    fn space(&self) -> ActionSpace {
        ActionSpace::new(self.pos.size())
    }

    fn decode(&self, action: i64) -> PyResult<Move> {
        self.space().try_decode(action).map_err(errors::value)
    }

    fn play_move(&mut self, mv: Move) -> PyResult<()> {
        self.pos.check(mv).map_err(errors::illegal)?;
        let undo = self.pos.play_unchecked(mv);
        self.history.push((mv, undo));
        Ok(())
    }
}

/// The notation of a position, or its ruleset's start.
pub fn position_from_args(notation: Option<String>, rules: &RulesArgs) -> PyResult<Position> {
    match notation {
        Some(text) => {
            if !rules.is_default() {
                return Err(errors::value(
                    "give either a position notation or the rules (size, players, ...), not both",
                ));
            }
            text.parse::<Position>().map_err(errors::parse)
        }
        None => Ok(Position::new(rules.ruleset()?)),
    }
}

/// A mask over the action space, `True` for each legal action.
pub fn mask_array<'py>(py: Python<'py>, pos: &Position) -> Bound<'py, PyArray1<bool>> {
    let space = ActionSpace::new(pos.size());
    let mut mask = vec![false; space.len()];
    space.write_mask(&pos.legal(), &mut mask);
    mask.into_pyarray(py)
}

/// The feature planes of a position, shape `(channels, N, N)`.
pub fn planes_array<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let planes = Planes::of(pos);
    let mut out = vec![0; planes.len()];
    planes.write(pos, &mut out);
    out.into_pyarray(py).reshape(planes.shape())
}

pub fn moves_list(moves: impl IntoIterator<Item = Move>) -> Vec<PyMove> {
    moves.into_iter().map(PyMove).collect()
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (notation=None, *, size=9, players=2, fences=None, variant=String::from("standard"), side_step_over_pawn=false, ply_limit=None))]
    #[pyo3(
        text_signature = "(notation=None, *, size=9, players=2, fences=None, variant='standard', side_step_over_pawn=False, ply_limit=None)"
    )]
    fn new(
        notation: Option<String>,
        size: u32,
        players: u32,
        fences: Option<u32>,
        variant: String,
        side_step_over_pawn: bool,
        ply_limit: Option<u32>,
    ) -> PyResult<PyPosition> {
        let rules = RulesArgs {
            size,
            players,
            fences,
            variant,
            side_step_over_pawn,
            ply_limit,
        };
        position_from_args(notation, &rules).map(PyPosition::from_position)
    }

    /// The board's side (3 to 11, odd).
    #[getter]
    fn size(&self) -> u8 {
        self.pos.size()
    }

    /// 2 or 4.
    #[getter]
    fn players(&self) -> u8 {
        self.pos.players()
    }

    /// The fences each player started with.
    #[getter]
    fn fences_per_player(&self) -> u8 {
        self.pos.rules().fences()
    }

    /// `"standard"`, `"teams"` or `"scoring"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.rules().variant().name()
    }

    /// The seats in turn order: `['south', 'north']` or
    /// `['south', 'west', 'north', 'east']`.
    #[getter]
    fn seats(&self) -> Vec<&'static str> {
        self.pos.seats().iter().map(|s| s.name()).collect()
    }

    /// The seat to move.
    #[getter]
    fn turn(&self) -> &'static str {
        self.pos.turn().name()
    }

    /// The index in turn order of the seat to move.
    #[getter]
    fn turn_index(&self) -> usize {
        self.pos.turn_index()
    }

    /// Plies played since the start of the game.
    #[getter]
    fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// Whether the game is over on the board.
    #[getter]
    fn is_over(&self) -> bool {
        self.pos.is_over()
    }

    /// How the game ended: a seat, a team (`north+east`) or `draw`; `None`
    /// while it goes on.
    #[getter]
    fn outcome(&self) -> Option<String> {
        outcome_word(self.pos.outcome())
    }

    /// The winning seat or team; `None` on a draw or while the game goes on.
    #[getter]
    fn winner(&self) -> Option<String> {
        winner_word(self.pos.outcome())
    }

    /// Whether the game ended as a draw by reaching the ply limit, the
    /// board having decided nothing (the environments' truncation).
    #[getter]
    fn reached_ply_limit(&self) -> bool {
        self.pos.reached_ply_limit()
    }

    /// The square of a seat's pawn (`seat`: a name or an index in turn order).
    fn pawn(&self, seat: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.pos.pawn(seat_arg(&self.pos, seat)?).to_string())
    }

    /// Every pawn's square, by seat.
    #[getter]
    fn pawns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for &seat in self.pos.seats() {
            dict.set_item(seat.name(), self.pos.pawn(seat).to_string())?;
        }
        Ok(dict)
    }

    /// The fences a seat has left.
    fn fences_left(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.pos.fences_left(seat_arg(&self.pos, seat)?))
    }

    /// A seat's score in the scoring variant (0 in the others).
    fn score(&self, seat: &Bound<'_, PyAny>) -> PyResult<i32> {
        Ok(self.pos.score(seat_arg(&self.pos, seat)?))
    }

    /// The fences on the board, as moves.
    #[getter]
    fn fences(&self) -> Vec<PyMove> {
        moves_list(self.pos.fences().map(Move::Fence))
    }

    /// The legal moves of the side to move, each a `Move` object. While
    /// fences are in play a 9×9 position has about 130 of them, and making
    /// the objects costs about four times the search for them: in a loop
    /// that only picks one, `legal_actions()` (numbers) or
    /// `legal_action_mask()` (a NumPy mask) is the cheaper call.
    ///
    /// >>> [str(m) for m in Position(size=3).legal_moves()]
    /// ['a1', 'c1', 'b2', 'a1h', 'b1h', 'a2h', 'b2h', 'a1v', 'b1v', 'a2v', 'b2v']
    fn legal_moves(&self) -> Vec<PyMove> {
        moves_list(self.pos.legal().iter())
    }

    /// Whether a move is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pos.is_legal(move_arg(r#move)?))
    }

    /// Why a move is illegal here, or `None` if it is legal.
    ///
    /// >>> Position().why_illegal("e3")
    /// 'not reachable from e1'
    fn why_illegal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self
            .pos
            .check(move_arg(r#move)?)
            .err()
            .map(|e| e.to_string()))
    }

    /// Plays a move (a `Move` or its text); raises `IllegalMoveError` with
    /// the reason, and then nothing has changed.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = move_arg(r#move)?;
        self.play_move(mv)
    }

    /// Takes back the last move played on this object and returns it.
    fn undo(&mut self) -> PyResult<PyMove> {
        let (mv, undo) = self
            .history
            .pop()
            .ok_or_else(|| errors::value("no move to take back on this position"))?;
        self.pos.undo(mv, undo);
        Ok(PyMove(mv))
    }

    /// The moves played on this object, that `undo` takes back.
    #[getter]
    fn history(&self) -> Vec<PyMove> {
        moves_list(self.history.iter().map(|&(mv, _)| mv))
    }

    /// Steps from a seat's pawn to its goal line, `None` if walled off.
    fn distance(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        Ok(self.pos.distance(seat_arg(&self.pos, seat)?))
    }

    /// Every seat's distance to its goal line.
    #[getter]
    fn distances<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (&seat, d) in self.pos.seats().iter().zip(self.pos.distances()) {
            dict.set_item(seat.name(), d)?;
        }
        Ok(dict)
    }

    /// One shortest path of a seat's pawn: the squares after its own, ending
    /// on the goal line (empty when it has arrived, `None` if walled off).
    ///
    /// >>> Position(size=5).shortest_path("south")
    /// ['c2', 'c3', 'c4', 'c5']
    fn shortest_path(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<Vec<String>>> {
        let path = self.pos.shortest_path(seat_arg(&self.pos, seat)?);
        Ok(path.map(|squares| squares.iter().map(|sq| sq.to_string()).collect()))
    }

    /// How many actions the board has: `N² + 2(N−1)² + 1`.
    #[getter]
    fn num_actions(&self) -> usize {
        self.space().len()
    }

    /// The action number of a move.
    ///
    /// >>> Position().move_to_action("e2"), Position().action_to_move(81)
    /// (13, Move('a1h'))
    fn move_to_action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = move_arg(r#move)?;
        self.space().try_encode(mv).map_err(errors::value)
    }

    /// The move of an action number.
    fn action_to_move(&self, action: i64) -> PyResult<PyMove> {
        self.decode(action).map(PyMove)
    }

    /// The legal actions, in increasing order.
    fn legal_actions(&self) -> Vec<usize> {
        self.space().legal_actions(&self.pos.legal())
    }

    /// A NumPy `bool` array over the actions, `True` where legal.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        mask_array(py, &self.pos)
    }

    /// Plays an action; raises `IllegalMoveError` if it is not legal.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let mv = self.decode(action)?;
        self.play_move(mv)
    }

    /// A uniformly random legal action (seeded by `seed` if given, else
    /// going on from the last draw).
    #[pyo3(signature = (seed=None))]
    fn random_action(&mut self, seed: Option<u64>) -> PyResult<usize> {
        if let Some(seed) = seed {
            self.rng = SplitMix64::new(seed);
        }
        let legal = self.pos.legal();
        if legal.is_empty() {
            return Err(errors::illegal("game is over"));
        }
        let mv = legal
            .nth(self.rng.below(legal.len() as u64) as usize)
            .expect("an index below the count");
        Ok(self.space().encode(mv).expect("a legal move has a number"))
    }

    /// The feature planes: a NumPy `uint8` array of shape `(3P+4, N, N)`
    /// (pawns, fences stopping a step north/east/south/west, fences left,
    /// the side to move), `[plane, row, col]` with row 0 the first rank.
    ///
    /// >>> Position().observation().shape
    /// (10, 9, 9)
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        planes_array(py, &self.pos)
    }

    /// The shape of `observation()`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [c, n, m] = Planes::of(&self.pos).shape();
        (c, n, m)
    }

    /// The position notation (`9 e1,e9 - 10,10 south 0`).
    fn to_notation(&self) -> String {
        self.pos.to_string()
    }

    /// The board as text, with whose turn it is.
    fn diagram(&self) -> String {
        Diagram::new(&self.pos)
            .with_outcome(self.pos.outcome())
            .to_string()
    }

    fn __str__(&self) -> String {
        self.diagram()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.pos)
    }

    /// A copy, with its own history to take back.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPosition>()
            .is_ok_and(|o| o.borrow().pos == self.pos)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.pos.hash().hash(&mut hasher);
        self.pos.ply().hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as the notation (the history to take back is not kept).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String,))> {
        Ok((slf.get_type(), (slf.borrow().pos.to_string(),)))
    }
}
