//! `Game`: a game with its history (moves, resignations, a draw), read from
//! and written to the record formats.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use quoridor_rules::{game_line, parse_game_text, Entry, Game, Move, Record};

use crate::errors;
use crate::moves::{move_arg, outcome_word, seat_arg, winner_word, PyMove, RulesArgs};
use crate::position::{moves_list, PyPosition};

/// A game: where it started, every entry since (moves, a resignation, a
/// timeout, an agreed draw) and free tags (`Event`, `South`, ...).
///
/// Read one from any text form with `Game.parse` (a record, a game line
/// `9 2 10 e2 e8`, a position notation, or moves from the 9×9 start), write
/// it with `to_record()` or `game_line()`.
///
/// >>> from quoridor import Game
/// >>> game = Game(size=5)
/// >>> for m in ["c2", "c4", "c3h"]:
/// ...     game.play(m)
/// >>> game.game_line()
/// '5 2 3 c2 c4 c3h'
/// >>> game.resign("north")
/// >>> game.winner, game.termination
/// ('south', 'resignation')
/// >>> Game.parse(game.to_record()) == game
/// True
#[pyclass(module = "quoridor", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    game: Game,
    tags: Vec<(String, String)>,
}

impl PyGame {
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn record(&self) -> Record {
        self.tags
            .iter()
            .fold(Record::new(self.game.clone()), |record, (name, value)| {
                record.with_tag(name, value)
            })
    }

    fn seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<quoridor_rules::Seat> {
        seat_arg(self.game.position(), seat)
    }

    fn add(&mut self, result: Result<(), quoridor_rules::GameError>) -> PyResult<()> {
        result.map_err(errors::illegal)
    }
}

fn entry_text(entry: &Entry) -> String {
    match entry {
        Entry::Move(mv) => mv.to_string(),
        Entry::Resign(seat) => format!("resign {seat}"),
        Entry::Timeout(seat) => format!("timeout {seat}"),
        Entry::DrawAgreed => "draw".to_string(),
    }
}

#[pymethods]
impl PyGame {
    /// A game from the start of a ruleset (keywords), or from a set-up
    /// `position` (a `Position` or its notation).
    #[new]
    #[pyo3(signature = (position=None, *, size=9, players=2, fences=None, variant=String::from("standard"), side_step_over_pawn=false, ply_limit=None))]
    #[pyo3(
        text_signature = "(position=None, *, size=9, players=2, fences=None, variant='standard', side_step_over_pawn=False, ply_limit=None)"
    )]
    fn new(
        position: Option<&Bound<'_, PyAny>>,
        size: u32,
        players: u32,
        fences: Option<u32>,
        variant: String,
        side_step_over_pawn: bool,
        ply_limit: Option<u32>,
    ) -> PyResult<PyGame> {
        let rules = RulesArgs {
            size,
            players,
            fences,
            variant,
            side_step_over_pawn,
            ply_limit,
        };
        let game = match position {
            None => Game::new(rules.ruleset()?),
            Some(start) => {
                if !rules.is_default() {
                    return Err(errors::value(
                        "give either a start position or the rules (size, players, ...), not both",
                    ));
                }
                let pos = match start.cast::<PyPosition>() {
                    Ok(p) => p.borrow().pos,
                    Err(_) => crate::position::position_from_args(Some(start.extract()?), &rules)?,
                };
                Game::from_position(pos)
            }
        };
        Ok(PyGame {
            game,
            tags: Vec::new(),
        })
    }

    /// A game from text: a record, a game line (`9 2 10 e2 e8`), a position
    /// notation, or moves from the 9×9 start (`e2 e8 e3`). Raises
    /// `ParseError` with the line and column at fault.
    #[classmethod]
    fn parse(_cls: &Bound<'_, PyType>, text: String) -> PyResult<PyGame> {
        let record = parse_game_text(&text).map_err(errors::parse)?;
        Ok(PyGame {
            tags: record.tags().to_vec(),
            game: record.into_game(),
        })
    }

    /// The game as a record: tags, then the moves numbered by rounds.
    fn to_record(&self) -> String {
        self.record().to_string()
    }

    /// The game on one line: `size players fences moves...` (a game set up
    /// from a position starts with the position's notation instead).
    fn game_line(&self) -> String {
        game_line(&self.game)
    }

    /// Free tags of the record, such as `Event` or `Date`.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.tags {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// Sets a free tag (letters, digits and `_`; not one the record writes
    /// itself, such as `Result`).
    fn set_tag(&mut self, name: String, value: String) -> PyResult<()> {
        if !Record::is_free_tag(&name) {
            return Err(errors::value(format!(
                "{name:?} cannot be a tag: use letters, digits and _, and none of Game, Size, Players, Fences, Variant, Options, Position, Result, Termination"
            )));
        }
        let record = Record::new(Game::new(*self.game.rules())).with_tag(&name, &value);
        let (name, value) = record.tags()[0].clone();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(&name))
        {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name, value)),
        }
        Ok(())
    }

    /// Plays a move for the side to move; raises `IllegalMoveError`.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = move_arg(r#move)?;
        let result = self.game.play(mv);
        self.add(result)
    }

    /// A seat resigns (in a four-player game it leaves and the others play on).
    fn resign(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = self.seat(seat)?;
        let result = self.game.resign(seat);
        self.add(result)
    }

    /// A seat's clock ran out.
    fn timeout(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = self.seat(seat)?;
        let result = self.game.timeout(seat);
        self.add(result)
    }

    /// The players agree a draw.
    fn agree_draw(&mut self) -> PyResult<()> {
        let result = self.game.agree_draw();
        self.add(result)
    }

    /// Takes back the last entry and returns its text (`e2`, `resign north`,
    /// `draw`), or `None` at the start.
    fn undo(&mut self) -> Option<String> {
        self.game.undo().map(|entry| entry_text(&entry))
    }

    /// The current position (a copy: playing on it does not change the game).
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition::from_position(*self.game.position())
    }

    /// The position the game started from (a copy).
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition::from_position(*self.game.start())
    }

    /// The position before entry `index` (`len(game)` gives the current one).
    fn position_at(&self, index: usize) -> PyResult<PyPosition> {
        self.game
            .position_at(index)
            .map(|pos| PyPosition::from_position(*pos))
            .ok_or_else(|| {
                errors::value(format!(
                    "index {index} is past the end: the game has {} entries",
                    self.game.entries().len()
                ))
            })
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        moves_list(self.game.moves())
    }

    /// Every entry as text: moves, `resign south`, `timeout north`, `draw`.
    #[getter]
    fn entries(&self) -> Vec<String> {
        self.game.entries().iter().map(entry_text).collect()
    }

    /// The legal moves of the side to move (none once the game is over).
    fn legal_moves(&self) -> Vec<PyMove> {
        if self.game.is_over() {
            return Vec::new();
        }
        moves_list(self.game.position().legal().iter().collect::<Vec<Move>>())
    }

    /// The seat to move.
    #[getter]
    fn turn(&self) -> &'static str {
        self.game.position().turn().name()
    }

    /// Whether the game has ended (on the board, by resignation, time or agreement).
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// A seat, a team (`north+east`) or `draw`; `None` while it goes on.
    #[getter]
    fn outcome(&self) -> Option<String> {
        outcome_word(self.game.outcome())
    }

    /// The winning seat or team; `None` on a draw or while it goes on.
    #[getter]
    fn winner(&self) -> Option<String> {
        winner_word(self.game.outcome())
    }

    /// Why it ended: `goal`, `ply limit`, `resignation`, `time`, `agreement`.
    #[getter]
    fn termination(&self) -> Option<&'static str> {
        self.game.termination().map(|t| t.name())
    }

    fn __len__(&self) -> usize {
        self.game.entries().len()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|o| {
            let o = o.borrow();
            o.game == self.game && o.tags == self.tags
        })
    }

    fn __repr__(&self) -> String {
        format!("Game.parse('{}')", game_line(&self.game).replace('\n', " "))
    }

    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// Pickles as its record.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let parse = slf.get_type().getattr("parse")?;
        Ok((parse, (slf.borrow().to_record(),)))
    }
}
