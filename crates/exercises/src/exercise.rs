//! An exercise: a board and a task on it. The four kinds of the teacher's
//! sheet, each in one or two forms.

use std::fmt;
use std::str::FromStr;

use quoridor_rules::{ParseError, Square};
use serde::{Deserialize, Serialize};

use crate::board::{Board, BoardError};
use crate::dir::{Dir, Step};
use crate::item::Item;
use crate::pawn::Color;
use crate::side::Side;

/// The version of the text and JSON forms.
pub const FORMAT_VERSION: u32 = 1;

/// The four exercises of the teacher's sheet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Get out of the maze.
    Maze,
    /// From the red pawn to the blue one, by the stars, around the fish.
    Routes,
    /// Follow the arrows, or write them.
    Arrows,
    /// The fewest steps to a line; who arrives first.
    Shortest,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Maze, Kind::Routes, Kind::Arrows, Kind::Shortest];

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Maze => "maze",
            Kind::Routes => "routes",
            Kind::Arrows => "arrows",
            Kind::Shortest => "shortest",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Kind, ParseError> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseError::new(s, "an exercise kind: maze, routes, arrows or shortest"))
    }
}

/// A pawn that follows a list of arrows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Walker {
    pub color: Color,
    #[serde(with = "crate::serde_text")]
    pub start: Square,
    pub steps: Vec<Step>,
}

impl Walker {
    /// Every square it passes, the last one where it stops; `None` if the
    /// arrows leave a board of side `size`.
    pub fn path(&self, size: u8) -> Option<Vec<Square>> {
        let mut at = self.start;
        let mut path = Vec::new();
        for step in &self.steps {
            for sq in step.walk(at, size) {
                at = sq?;
                path.push(at);
            }
        }
        Some(path)
    }

    pub fn end(&self, size: u8) -> Option<Square> {
        self.path(size)
            .map(|p| p.last().copied().unwrap_or(self.start))
    }
}

/// What the pupil is asked to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Task {
    /// Take the pawn from `start` out of the maze through the opening on
    /// `side` of the square `exit`.
    Maze {
        #[serde(with = "crate::serde_text")]
        start: Square,
        #[serde(with = "crate::serde_text")]
        exit: Square,
        side: Side,
    },
    /// From the red pawn (`start`) to the blue pawn (`end`), over every star
    /// and never on a fish; `fewest`: in the fewest steps.
    Route {
        #[serde(with = "crate::serde_text")]
        start: Square,
        #[serde(with = "crate::serde_text")]
        end: Square,
        fewest: bool,
    },
    /// Each pawn follows its arrows: which object does it reach?
    FollowArrows { walkers: Vec<Walker> },
    /// Write the arrows of the route drawn from `start`.
    WriteArrows {
        #[serde(with = "crate::serde_text")]
        start: Square,
        #[serde(with = "crate::serde_text::list")]
        route: Vec<Square>,
    },
    /// The fewest steps from `start` to the edge `goal`.
    ShortestPath {
        #[serde(with = "crate::serde_text")]
        start: Square,
        goal: Side,
    },
    /// The green pawn goes to the top edge, the red one to the bottom edge,
    /// each by its shortest route, `first` moving first: who arrives first?
    Race {
        #[serde(with = "crate::serde_text")]
        green: Square,
        #[serde(with = "crate::serde_text")]
        red: Square,
        first: Color,
    },
}

impl Task {
    pub fn kind(&self) -> Kind {
        match self {
            Task::Maze { .. } => Kind::Maze,
            Task::Route { .. } => Kind::Routes,
            Task::FollowArrows { .. } | Task::WriteArrows { .. } => Kind::Arrows,
            Task::ShortestPath { .. } | Task::Race { .. } => Kind::Shortest,
        }
    }

    /// Its word in the text form.
    pub fn name(&self) -> &'static str {
        match self {
            Task::Maze { .. } => "maze",
            Task::Route { .. } => "route",
            Task::FollowArrows { .. } => "follow-arrows",
            Task::WriteArrows { .. } => "write-arrows",
            Task::ShortestPath { .. } => "shortest-path",
            Task::Race { .. } => "race",
        }
    }

    /// The pawns on the board, with their colours.
    pub fn pawns(&self) -> Vec<(Color, Square)> {
        match self {
            Task::Maze { start, .. }
            | Task::WriteArrows { start, .. }
            | Task::ShortestPath { start, .. } => vec![(Color::Red, *start)],
            Task::Route { start, end, .. } => vec![(Color::Red, *start), (Color::Blue, *end)],
            Task::FollowArrows { walkers } => walkers.iter().map(|w| (w.color, w.start)).collect(),
            Task::Race { green, red, .. } => vec![(Color::Green, *green), (Color::Red, *red)],
        }
    }

    /// Whether a route answers it (rather than objects, arrows or a race).
    pub fn wants_route(&self) -> bool {
        matches!(
            self,
            Task::Maze { .. } | Task::Route { .. } | Task::ShortestPath { .. }
        )
    }
}

/// An exercise: a board, a task, and where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exercise {
    /// [`FORMAT_VERSION`].
    pub version: u32,
    /// 1 to 5 for a generated exercise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The generator's seed (as text in JSON: JavaScript numbers hold 53 bits).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "seed")]
    pub seed: Option<u64>,
    pub board: Board,
    #[serde(flatten)]
    pub task: Task,
}

/// The most pawns, arrows, stars or route squares an exercise may hold,
/// so that every check stays small.
pub const MAX_WALKERS: usize = 4;
pub const MAX_ARROWS: usize = 12;
pub const MAX_STARS: usize = 8;

/// Why an exercise cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExerciseError {
    Version(u32),
    Level(u8),
    Board(BoardError),
    PawnOffBoard(Square),
    PawnsTogether(Square),
    ItemUnderPawn(Square),
    ExitNotOnEdge(Square, Side),
    AlreadyThere(Square),
    TooManyStars(usize),
    NoWalker,
    TooManyWalkers(usize),
    SameColor(Color),
    NoArrows(Color),
    TooManyArrows(Color),
    ArrowsLeaveBoard(Color),
    EndsWithoutObject(Color),
    FencesWithArrows,
    RouteEmpty,
    RouteNotAWalk(Square),
    RouteRepeats(Square),
    RaceColors,
}

impl fmt::Display for ExerciseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ExerciseError as E;
        match self {
            E::Version(v) => write!(
                f,
                "format version {v}: this program reads version {FORMAT_VERSION}"
            ),
            E::Level(l) => write!(f, "level {l}: the levels go from 1 to 5"),
            E::Board(err) => err.fmt(f),
            E::PawnOffBoard(sq) => write!(f, "the pawn on {sq} is off the board"),
            E::PawnsTogether(sq) => write!(f, "two pawns on {sq}"),
            E::ItemUnderPawn(sq) => write!(f, "a pawn stands on the picture of {sq}"),
            E::ExitNotOnEdge(sq, side) => write!(f, "the exit {sq} is not on the {side} edge"),
            E::AlreadyThere(sq) => write!(f, "the pawn on {sq} is already where it must go"),
            E::TooManyStars(n) => write!(f, "{n} stars: at most {MAX_STARS}"),
            E::NoWalker => f.write_str("no pawn follows arrows"),
            E::TooManyWalkers(n) => write!(f, "{n} pawns: at most {MAX_WALKERS}"),
            E::SameColor(c) => write!(f, "two {c} pawns"),
            E::NoArrows(c) => write!(f, "the {c} pawn has no arrows"),
            E::TooManyArrows(c) => write!(f, "the {c} pawn has more than {MAX_ARROWS} arrows"),
            E::ArrowsLeaveBoard(c) => write!(f, "the arrows of the {c} pawn leave the board"),
            E::EndsWithoutObject(c) => write!(
                f,
                "the arrows of the {c} pawn end on a square without an object"
            ),
            E::FencesWithArrows => f.write_str("arrow exercises have no fences"),
            E::RouteEmpty => f.write_str("the route is empty"),
            E::RouteNotAWalk(sq) => write!(f, "the route jumps to {sq}"),
            E::RouteRepeats(sq) => write!(f, "the route passes {sq} twice"),
            E::RaceColors => f.write_str("the green and red pawns share a square"),
        }
    }
}

impl From<BoardError> for ExerciseError {
    fn from(err: BoardError) -> ExerciseError {
        ExerciseError::Board(err)
    }
}

impl Exercise {
    pub fn new(board: Board, task: Task) -> Exercise {
        Exercise {
            version: FORMAT_VERSION,
            level: None,
            seed: None,
            board,
            task,
        }
    }

    pub fn kind(&self) -> Kind {
        self.task.kind()
    }

    /// Whether the exercise makes sense: a valid board, pawns on it and
    /// apart, no picture under a pawn, and what each task needs. Whether
    /// it can be solved is [`crate::solve`]'s question.
    pub fn validate(&self) -> Result<(), ExerciseError> {
        use ExerciseError as E;
        if self.version != FORMAT_VERSION {
            return Err(E::Version(self.version));
        }
        if let Some(level) = self.level.filter(|l| !(1..=5).contains(l)) {
            return Err(E::Level(level));
        }
        self.board.validate()?;
        let size = self.board.size;
        let pawns = self.task.pawns();
        for (i, &(_, sq)) in pawns.iter().enumerate() {
            if !sq.on_board(size) {
                return Err(E::PawnOffBoard(sq));
            }
            if pawns[..i].iter().any(|&(_, other)| other == sq) {
                return Err(E::PawnsTogether(sq));
            }
            if self.board.items.contains_key(&sq) {
                return Err(E::ItemUnderPawn(sq));
            }
        }
        match &self.task {
            Task::Maze { start, exit, side } => {
                if !exit.on_board(size) || !side.touches(*exit, size) {
                    return Err(E::ExitNotOnEdge(*exit, *side));
                }
                if exit == start {
                    return Err(E::AlreadyThere(*start));
                }
            }
            Task::Route { .. } => {
                let stars = self.board.squares_with(Item::Star).count();
                if stars > MAX_STARS {
                    return Err(E::TooManyStars(stars));
                }
            }
            Task::FollowArrows { walkers } => self.validate_walkers(walkers)?,
            Task::WriteArrows { start, route } => {
                if !self.board.fences.is_empty() {
                    return Err(E::FencesWithArrows);
                }
                validate_drawn_route(*start, route, size)?;
            }
            Task::ShortestPath { start, goal } => {
                if goal.touches(*start, size) {
                    return Err(E::AlreadyThere(*start));
                }
            }
            Task::Race { green, red, .. } => {
                if green == red {
                    return Err(E::RaceColors);
                }
                if Side::Top.touches(*green, size) {
                    return Err(E::AlreadyThere(*green));
                }
                if Side::Bottom.touches(*red, size) {
                    return Err(E::AlreadyThere(*red));
                }
            }
        }
        Ok(())
    }

    fn validate_walkers(&self, walkers: &[Walker]) -> Result<(), ExerciseError> {
        use ExerciseError as E;
        if !self.board.fences.is_empty() {
            return Err(E::FencesWithArrows);
        }
        if walkers.is_empty() {
            return Err(E::NoWalker);
        }
        if walkers.len() > MAX_WALKERS {
            return Err(E::TooManyWalkers(walkers.len()));
        }
        for (i, walker) in walkers.iter().enumerate() {
            if walkers[..i].iter().any(|w| w.color == walker.color) {
                return Err(E::SameColor(walker.color));
            }
            if walker.steps.is_empty() {
                return Err(E::NoArrows(walker.color));
            }
            if walker.steps.len() > MAX_ARROWS {
                return Err(E::TooManyArrows(walker.color));
            }
            let end = walker
                .end(self.board.size)
                .ok_or(E::ArrowsLeaveBoard(walker.color))?;
            if !matches!(self.board.items.get(&end), Some(Item::Object(_))) {
                return Err(E::EndsWithoutObject(walker.color));
            }
        }
        Ok(())
    }
}

/// A drawn route: one square after another, each next to the last (the
/// eight ways), never twice on a square.
fn validate_drawn_route(start: Square, route: &[Square], size: u8) -> Result<(), ExerciseError> {
    use ExerciseError as E;
    if route.is_empty() {
        return Err(E::RouteEmpty);
    }
    if route.len() > MAX_ARROWS * 10 {
        return Err(E::RouteNotAWalk(route[MAX_ARROWS * 10]));
    }
    let mut prev = start;
    for (i, &sq) in route.iter().enumerate() {
        if !sq.on_board(size) || Dir::between(prev, sq).is_none() {
            return Err(E::RouteNotAWalk(sq));
        }
        if sq == start || route[..i].contains(&sq) {
            return Err(E::RouteRepeats(sq));
        }
        prev = sq;
    }
    Ok(())
}

/// The arrows of a drawn route: each straight run as one instruction.
pub fn arrows_of(start: Square, route: &[Square]) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut prev = start;
    for &sq in route {
        let Some(dir) = Dir::between(prev, sq) else {
            break;
        };
        match steps.last_mut() {
            Some(last) if last.dir == dir => last.count += 1,
            _ => steps.push(Step::new(1, dir)),
        }
        prev = sq;
    }
    steps
}

mod seed {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match seed {
            Some(seed) => s.collect_str(seed),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            Number(u64),
        }
        match Option::<Raw>::deserialize(d)? {
            None => Ok(None),
            Some(Raw::Number(n)) => Ok(Some(n)),
            Some(Raw::Text(t)) => t
                .parse()
                .map(Some)
                .map_err(|_| D::Error::custom("a seed is a whole number")),
        }
    }
}
