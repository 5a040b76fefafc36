//! What the class and tournament routes send and receive, typed.

use quoridor_engine::TimeControl;
use quoridor_exercises::{Answer, Kind, Lang};
use quoridor_rules::Variant;
use serde::{Deserialize, Serialize};

use super::board_view::nine;
pub use super::board_view::BoardView;
use super::class::{Group, Rules, Source};
use super::tournament::Stage;
use super::tournament_view::TournamentView;
use super::work::WorkStatus;
use quoridor_game::wire;
use quoridor_game::Theme;

/// A game's rules as the teacher or organiser asks for them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    #[serde(default = "nine")]
    pub size: u8,
    #[serde(default = "two")]
    pub players: u8,
    #[serde(default, with = "wire::variant")]
    pub variant: Variant,
    #[serde(default)]
    pub fences: Option<u32>,
    #[serde(default, with = "wire::clock")]
    pub clock: Option<TimeControl>,
    #[serde(default)]
    pub theme: Theme,
}

fn two() -> u8 {
    2
}

impl Default for GameSpec {
    fn default() -> GameSpec {
        GameSpec {
            size: 9,
            players: 2,
            variant: Variant::Standard,
            fences: None,
            clock: None,
            theme: Theme::Classic,
        }
    }
}

// ---- Requests ----

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewClassRequest {
    pub name: String,
    #[serde(default)]
    pub pin: Option<String>,
    #[serde(default)]
    pub lang: Lang,
}

/// Next year's class from an old one (its name, or the old one's).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextYearRequest {
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenClassRequest {
    pub code: String,
    pub pin: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinClassRequest {
    /// The code on the board and a first name: a pupil's first time.
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    /// Or a pupil's login card: back in their seat (code and name are
    /// not needed then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Or the row of pictures on a pupil's card, tapped on the join page
    /// of class `code` (while the teacher has the way in open).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pictures: Option<Vec<String>>,
}

/// A class kept in the logged-in teacher's account.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OwnedClassView {
    pub id: String,
    pub code: String,
    pub name: String,
    pub pupils: usize,
    pub created_ms: u64,
}

/// A pupil's new login card (the old one stops working).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CardView {
    pub pupil: u32,
    pub card: String,
}

/// The login cards of a class, to print (the teacher's only).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CardsView {
    pub class_name: String,
    /// Where a card is typed: `…/join`.
    pub join_url: String,
    pub cards: Vec<PrintedCard>,
}

/// One pupil's card: their first name, the card, and a QR code (SVG)
/// that opens `join_url#card=…` (a fragment: the card never reaches a
/// server's logs).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PrintedCard {
    pub pupil: u32,
    pub name: String,
    pub card: String,
    /// The row of pictures, by name (`/join/pictures/<name>.svg`).
    #[serde(default)]
    pub pictures: Vec<String>,
    pub qr_svg: String,
}

/// The way in by pictures as the teacher sees it: open until `until_ms`
/// with `tries_left` wrong rows left, or shut (`shut_by_misses` when
/// wrong rows shut it).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PictureDoorView {
    pub open: bool,
    pub until_ms: u64,
    pub tries_left: u32,
    pub shut_by_misses: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PictureDoorRequest {
    pub open: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssignRequest {
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub kind: Option<Kind>,
    #[serde(default)]
    pub level: Option<u8>,
    #[serde(default)]
    pub count: Option<usize>,
    /// A printed sheet's number, so that the screen matches the paper.
    #[serde(default, with = "wire::opt_u64_text")]
    pub seed: Option<u64>,
    /// Shared exercises (their ids, from the editor), instead of a sheet.
    #[serde(default)]
    pub exercises: Vec<String>,
    /// Tactics puzzles of `/learn` instead, `count` of them (6 if not
    /// said).
    #[serde(default)]
    pub puzzles: Option<PuzzleChoice>,
    /// Rules lessons of `/learn` instead, by id (all, in order, if none is
    /// named).
    #[serde(default)]
    pub lessons: Option<Vec<String>>,
    /// What the assignment asks (the defaults where not said).
    #[serde(default)]
    pub rules: Rules,
    /// The day it is due, `YYYY-MM-DD`.
    #[serde(default)]
    pub due: Option<String>,
    /// The pupils it is for (none named: the whole class).
    #[serde(default)]
    pub pupils: Option<Vec<u32>>,
    /// Or the groups it is for: their pupils, as the groups change.
    #[serde(default)]
    pub groups: Vec<u32>,
}

/// The teacher turns the chat of the class's games on or off.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatSwitch {
    pub on: bool,
}

/// What pupils said in the class's games, for their teacher.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClassChatView {
    /// Whether pupils may chat now.
    pub on: bool,
    /// Oldest first (the last [`crate::db::clubs::MAX_CHAT_LINES`]).
    pub lines: Vec<ClassChatLine>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClassChatLine {
    pub game: String,
    pub pupil: u32,
    /// The pupil's name now (as the teacher last wrote it).
    pub name: String,
    pub text: String,
    pub at_ms: u64,
}

/// A new group, or a group changed (what is not said stays).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupRequest {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub pupils: Option<Vec<u32>>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    pub index: u32,
    /// `None` with `skip`.
    #[serde(default)]
    pub answer: Option<Answer>,
    #[serde(default)]
    pub skip: bool,
    #[serde(default)]
    pub lang: Option<Lang>,
}

/// Puzzles for an assignment: drawn by theme and difficulty (any where not
/// said), or named.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleChoice {
    #[serde(default)]
    pub theme: Option<quoridor_learn::Theme>,
    #[serde(default)]
    pub difficulty: Option<u8>,
    #[serde(default)]
    pub ids: Vec<String>,
}

pub use super::pairing::PairBy;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassGamesRequest {
    pub pair_by: PairBy,
    /// With `hand`: the pupils of each game, in seat order.
    #[serde(default)]
    pub groups: Vec<Vec<u32>>,
    /// With `random` or `level`: the pupils to pair (all by default).
    #[serde(default)]
    pub pupils: Option<Vec<u32>>,
    /// Every pupil plays the AI at this level instead.
    #[serde(default)]
    pub ai_level: Option<u8>,
    #[serde(default)]
    pub game: GameSpec,
}

/// Pupils the teacher adds by name, before the lesson.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddPupilsRequest {
    pub names: Vec<String>,
}

/// A pupil's new name.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenamePupilRequest {
    pub name: String,
}

/// The pupil a pupil is merged into (two seats of one child).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MergePupilRequest {
    pub into: u32,
}

// ---- Answers ----

/// A new class or tournament and the key to it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct KeyView {
    pub id: String,
    pub code: String,
    pub token: String,
}

/// A pupil or player seated: their token (kept by their tablet).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct JoinedView {
    pub id: String,
    /// The class's or tournament's join code.
    #[serde(default)]
    pub code: String,
    /// The pupil's id in the class, or the player's index in the tournament.
    pub player: u32,
    pub name: String,
    pub token: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PupilView {
    pub id: u32,
    pub name: String,
    /// Exercises right and done over every assignment.
    pub right: usize,
    pub done: usize,
    /// Has a page open now.
    pub online: bool,
    /// The pupil's login card (the teacher's view only).
    #[serde(default)]
    pub card: String,
    /// The pupil's row of pictures (the teacher's view only).
    #[serde(default)]
    pub pictures: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WorkView {
    pub pupil: u32,
    pub index: u32,
    pub status: WorkStatus,
    pub attempts: u32,
    /// The last answer's route as squares (e.g. "e2 e3 f3").
    pub answer: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AssignmentView {
    pub id: u32,
    pub title: String,
    pub count: usize,
    pub source: Source,
    pub created_ms: u64,
    pub rules: Rules,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    /// The pupils it is for; `None`: the whole class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pupils: Option<Vec<u32>>,
    /// The groups it was given to (the teacher's view).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<u32>,
    /// Every pupil's work (teacher) or one's own (pupil).
    pub work: Vec<WorkView>,
    /// The kind of each exercise, in order (none for lessons and puzzles
    /// of `/learn`): the results grid's column headers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<quoridor_exercises::Kind>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClassGameView {
    pub board: BoardView,
    pub pupils: Vec<Option<u32>>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TournamentLink {
    pub id: String,
    pub name: String,
    pub stage: Stage,
    /// On a pupil's page: their game of the round being played, until it
    /// ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// On a pupil's page: they are one of its players.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub playing: bool,
    /// On a pupil's page: they have this round's bye.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bye: bool,
    /// On a pupil's page: their place once the tournament is over, among
    /// `players`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<usize>,
    #[serde(default)]
    pub players: usize,
}

/// The teacher's dashboard: everything in the class.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClassView {
    pub id: String,
    pub code: String,
    pub name: String,
    pub lang: Lang,
    pub join_url: String,
    /// Whether other machines can open `join_url` (false: the server
    /// listens on this machine's loopback only, so the dashboard warns).
    #[serde(default = "reachable")]
    pub join_reachable: bool,
    pub has_pin: bool,
    /// Kept in a teacher's account.
    #[serde(default)]
    pub in_account: bool,
    pub pupils: Vec<PupilView>,
    /// The named groups of pupils.
    #[serde(default)]
    pub groups: Vec<Group>,
    pub assignments: Vec<AssignmentView>,
    pub games: Vec<ClassGameView>,
    pub tournaments: Vec<TournamentLink>,
    /// Pupils may chat in the class's games (the teacher reads it).
    #[serde(default)]
    pub chat: bool,
    /// When a pupil last said a line (0: none since the server started):
    /// the page reads the lines again when it changes.
    #[serde(default)]
    pub chat_said_ms: u64,
    /// The way in by pictures.
    #[serde(default)]
    pub picture_door: PictureDoorView,
    pub version: u64,
}

/// A pupil's own page: their assignments and games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MeView {
    pub class: String,
    pub class_name: String,
    pub lang: Lang,
    pub pupil: u32,
    pub name: String,
    pub assignments: Vec<AssignmentView>,
    /// Games with a seat of theirs, newest first.
    pub games: Vec<ClassGameView>,
    pub tournaments: Vec<TournamentLink>,
    pub version: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AnswerView {
    pub right: bool,
    pub status: WorkStatus,
    pub messages: Vec<String>,
    pub mistakes: Vec<quoridor_exercises::Mistake>,
}

fn reachable() -> bool {
    true
}

/// A live message: the whole view after each change.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LiveMessage<'a> {
    Class {
        class: &'a ClassView,
    },
    Me {
        me: &'a MeView,
    },
    Tournament {
        tournament: &'a TournamentView,
    },
    /// A message of the page refused (too many, too large).
    Error {
        error: Box<crate::view::ErrorView>,
    },
    /// The last message of a page whose class is gone (`class_deleted`),
    /// whose pupil the teacher removed (`removed`), or whose pupil came back
    /// on another tablet with their card (`moved_away`): the page says so.
    Gone {
        why: &'static str,
    },
}
