//! A class, without the server: the teacher's keys, the pupils (a first
//! name and a token's hash, nothing else), the assignments and each
//! pupil's work, the games played in class. Every operation checks its
//! input and either changes the class or says why not.

use quoridor_classroom::{Exercise, Kind, Lang, Sheet, SheetSpec};
use serde::{Deserialize, Serialize};

pub use super::groups::Group;
use super::pictures::PictureDoor;
use super::work::WorkBook;
use crate::model::{name, MAX_NAME_CHARS};
use crate::token::hash_token;

/// The most pupils in a class.
pub const MAX_PUPILS: usize = 60;
/// The most assignments a class keeps.
pub const MAX_ASSIGNMENTS: usize = 50;
/// The most exercises in one assignment.
pub const MAX_EXERCISES: usize = 40;
/// The most teacher screens (tokens) of a class.
pub const MAX_TEACHER_SCREENS: usize = 10;
/// The most games a class keeps (all are deleted with it); the teacher
/// opens a new class after that many.
pub const MAX_CLASS_GAMES: usize = 1000;
/// The most tournaments of a class.
pub const MAX_CLASS_TOURNAMENTS: usize = 50;

/// Join codes: 6 letters and digits without look-alikes (no 0/O, 1/I/L).
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
pub const CODE_LEN: usize = 6;
/// A pupil's login card: 8 of the same letters and digits (31^8, about
/// 8.5 × 10^11 cards, against a few guesses a minute), printed as
/// `ABCD-EFGH`.
pub const CARD_LEN: usize = 8;

/// `len` letters of [`CODE_ALPHABET`] drawn from `n` (fresh randomness).
pub fn code_from(mut n: u64, len: usize) -> String {
    (0..len)
        .map(|_| {
            let c = CODE_ALPHABET[(n % CODE_ALPHABET.len() as u64) as usize] as char;
            n /= CODE_ALPHABET.len() as u64;
            c
        })
        .collect()
}

/// A pupil: a first name, nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pupil {
    pub id: u32,
    pub name: String,
    /// The hash of the pupil's token (kept by their tablet).
    pub holder: String,
    pub joined_ms: u64,
    /// The login card that brings the pupil back on any tablet
    /// ([`CARD_LEN`] letters; empty in older stores until the server gives
    /// one at its start).
    #[serde(default)]
    pub card: String,
    /// The hashes of the tokens of the last tablets the pupil left by
    /// coming back elsewhere with their card, so that those tablets are
    /// told why (at most [`FORMER_TABLETS`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub former: Vec<String>,
    /// The pupil's row of pictures, for a child who cannot read
    /// ([`super::pictures`]; empty in older stores until the server gives
    /// one at its start).
    #[serde(default)]
    pub pictures: String,
}

/// Tablets a pupil left that are told so.
pub const FORMER_TABLETS: usize = 4;

/// Where an assignment's exercises come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "snake_case", deny_unknown_fields)]
pub enum Source {
    /// A printable sheet's exercises: the same seed gives the same
    /// exercises on paper and on screen.
    Sheet {
        kind: Option<Kind>,
        level: u8,
        count: usize,
        #[serde(with = "quoridor_classroom::serde_text")]
        seed: u64,
    },
    /// Exercises made in the editor.
    Exercises { exercises: Vec<Exercise> },
    /// Lessons of the rules tutorial of `/learn`, then its tactics
    /// puzzles (drawn when given), by id; either list may be empty.
    Learn {
        #[serde(default)]
        lessons: Vec<String>,
        #[serde(default)]
        puzzles: Vec<String>,
    },
}

/// An item of an assignment played on the board of `/learn`: a move is
/// its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnItem<'a> {
    Puzzle(&'a str),
    Lesson(&'a str),
}

impl Source {
    /// The exercises, in order (a sheet is generated: CPU work).
    pub fn exercises(&self) -> Vec<Exercise> {
        match self {
            Source::Sheet {
                kind,
                level,
                count,
                seed,
            } => Sheet::new(SheetSpec {
                kind: *kind,
                level: *level,
                count: *count,
                seed: *seed,
                lang: Lang::En,
            })
            .exercises
            .into_iter()
            .map(|(exercise, _)| exercise)
            .collect(),
            Source::Exercises { exercises } => exercises.clone(),
            // Played on the board of `/learn`, not the classroom's.
            Source::Learn { .. } => Vec::new(),
        }
    }

    pub fn count(&self) -> usize {
        match self {
            Source::Sheet { count, .. } => *count,
            Source::Exercises { exercises } => exercises.len(),
            Source::Learn { lessons, puzzles } => lessons.len() + puzzles.len(),
        }
    }

    /// Item `index` of an assignment of `/learn`: its lessons, then its
    /// puzzles.
    pub fn learn_item(&self, index: usize) -> Option<LearnItem<'_>> {
        match self {
            Source::Learn { lessons, puzzles } => match lessons.get(index) {
                Some(id) => Some(LearnItem::Lesson(id)),
                None => puzzles
                    .get(index - lessons.len())
                    .map(|id| LearnItem::Puzzle(id)),
            },
            Source::Sheet { .. } | Source::Exercises { .. } => None,
        }
    }

    /// The kind and level of exercise `index` (none for an editor's
    /// exercise without one), known without making the exercise.
    pub fn kind_and_level(&self, index: usize) -> Option<(Kind, Option<u8>)> {
        match self {
            Source::Sheet {
                kind,
                level,
                count,
                seed,
            } => {
                let spec = SheetSpec {
                    kind: *kind,
                    level: *level,
                    count: *count,
                    seed: *seed,
                    lang: Lang::En,
                };
                (index < *count).then(|| (spec.kind_of(index), Some(*level)))
            }
            Source::Exercises { exercises } => exercises.get(index).map(|e| (e.kind(), e.level)),
            Source::Learn { .. } => None,
        }
    }
}

/// What an assignment asks of its pupils. Older stores, from before
/// rules, read as the defaults: the solution after a real try, nothing
/// else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// The solution is shown only after an answer was given.
    pub solution_after_try: bool,
    /// Each exercise is right (with or without the solution) before the
    /// next one is answered.
    pub until_right: bool,
    /// No exercise may be skipped.
    pub no_skip: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            solution_after_try: true,
            until_right: false,
            no_skip: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Assignment {
    pub id: u32,
    pub title: String,
    pub source: Source,
    pub created_ms: u64,
    #[serde(default)]
    pub rules: Rules,
    /// The day it is due (`YYYY-MM-DD`: the teacher's calendar day, with
    /// no time zone to get wrong).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    /// The pupils it is for (`None`: the whole class, newcomers too).
    /// Given to groups, their pupils, kept up to date as they change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pupils: Option<Vec<u32>>,
    /// The groups it was given to (`club::groups`), if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<u32>,
}

impl Assignment {
    /// Whether pupil `pupil` has this assignment to do.
    pub fn is_for(&self, pupil: u32) -> bool {
        self.pupils
            .as_ref()
            .is_none_or(|list| list.contains(&pupil))
    }
    /// Whether pupil `pupil` may answer (or skip, `skip`) exercise `index`
    /// by the assignment's rules: no skip where skipping is ruled out; in
    /// an assignment done "until right", every exercise before it right
    /// first.
    pub fn may_answer(
        &self,
        book: &WorkBook,
        pupil: u32,
        index: u32,
        skip: bool,
    ) -> Result<(), ClassError> {
        if !self.is_for(pupil) {
            return Err(ClassError::NoSuchAssignment);
        }
        if skip && self.rules.no_skip {
            return Err(ClassError::NoSkip);
        }
        if self.rules.until_right {
            let open = (0..index).find(|&i| {
                book.get(&(self.id, pupil, i))
                    .is_none_or(|work| !work.status.is_right())
            });
            if let Some(i) = open {
                return Err(ClassError::NotRightYet(i));
            }
        }
        Ok(())
    }
}

/// A new assignment: where its exercises come from, and what it asks.
#[derive(Clone, Debug, PartialEq)]
pub struct NewAssignment {
    pub title: Option<String>,
    pub source: Source,
    pub rules: Rules,
    pub due: Option<String>,
    pub pupils: Option<Vec<u32>>,
    /// Groups instead of pupils: for their pupils, as the groups change.
    pub groups: Vec<u32>,
}

impl NewAssignment {
    /// Exercises for the whole class, by the default rules, due any day.
    pub fn of(source: Source) -> NewAssignment {
        NewAssignment {
            title: None,
            source,
            rules: Rules::default(),
            due: None,
            pupils: None,
            groups: Vec::new(),
        }
    }
}

/// Whether `text` is a calendar day written `YYYY-MM-DD` (from 2000 to
/// 2999).
pub fn is_day(text: &str) -> bool {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let number = |r: std::ops::Range<usize>| text.get(r).and_then(|s| s.parse::<u32>().ok());
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10)) else {
        return false;
    };
    if !text
        .bytes()
        .enumerate()
        .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
    {
        return false;
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (2000..3000).contains(&year) && (1..=days).contains(&day)
}

/// A game played in class: its id and the pupils at its seats (in turn
/// order; `None` for an AI seat), and how it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassGame {
    pub game: String,
    pub pupils: Vec<Option<u32>>,
    pub created_ms: u64,
    /// Kept for the pupils' progress (none in older stores, and while the
    /// game is played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameEnd>,
}

/// How a class game ended: the turn-order indices of its winners (none,
/// with `draw`: a draw), and when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEnd {
    pub winners: Vec<usize>,
    pub draw: bool,
    pub ended_ms: u64,
}

/// A class as stored (the work is stored apart, one row per exercise).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Class {
    pub id: String,
    pub code: String,
    pub name: String,
    pub lang: Lang,
    pub created_ms: u64,
    /// Hashes of the teacher screens' tokens.
    pub teachers: Vec<String>,
    /// Salted hash of the PIN that opens another teacher screen.
    pub pin: Option<String>,
    pub pupils: Vec<Pupil>,
    pub next_pupil: u32,
    pub assignments: Vec<Assignment>,
    pub next_assignment: u32,
    pub games: Vec<ClassGame>,
    pub tournaments: Vec<String>,
    /// The address that opened it, counted among that address's classes
    /// (none in older stores).
    #[serde(default)]
    pub creator: Option<String>,
    /// The teacher's account, when they keep the class in it: listed on
    /// any device where they log in, and opened there without the PIN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<u64>,
    /// Named groups of pupils (`club::groups`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Group>,
    #[serde(default = "first_id")]
    pub next_group: u32,
    /// Pupils may chat in the class's games (and its tournaments'); the
    /// teacher reads every line. Off unless the teacher turns it on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chat: bool,
    /// The way in by pictures, while the teacher has it open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture_door: Option<PictureDoor>,
}

fn first_id() -> u32 {
    1
}

/// Why a class refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassError {
    BadName(String),
    Full(&'static str, usize),
    NoSuchPupil,
    NoSuchAssignment,
    NoSuchExercise,
    BadAssignment(String),
    /// A PIN that is not 4 to 8 digits.
    BadPin,
    /// Pupils that cannot be paired so.
    BadGroups(String),
    /// The solution of an exercise the pupil has not tried yet.
    TryFirst,
    /// An assignment that may not be skipped.
    NoSkip,
    /// An assignment done in order, each exercise right before the next:
    /// this one (from 0) is not right yet.
    NotRightYet(u32),
    NoSuchGroup,
}

impl std::fmt::Display for ClassError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClassError::BadName(why) => f.write_str(why),
            ClassError::Full(what, n) => write!(f, "at most {n} {what} in a class"),
            ClassError::NoSuchPupil => f.write_str("no such pupil in this class"),
            ClassError::NoSuchAssignment => f.write_str("no such assignment in this class"),
            ClassError::NoSuchExercise => f.write_str("no such exercise in this assignment"),
            ClassError::BadAssignment(why) => f.write_str(why),
            ClassError::BadPin => f.write_str("pin: 4 to 8 digits"),
            ClassError::BadGroups(why) => f.write_str(why),
            ClassError::TryFirst => {
                f.write_str("try the exercise first: the solution comes after an answer")
            }
            ClassError::NoSkip => f.write_str("this assignment's exercises may not be skipped"),
            ClassError::NoSuchGroup => f.write_str("no such group in this class"),
            ClassError::NotRightYet(i) => write!(
                f,
                "exercise {} must be right first: this assignment goes on once each answer is right",
                i + 1
            ),
        }
    }
}

/// A first name ([`name::clean`]: composed, tidied, 1 to
/// [`MAX_NAME_CHARS`] characters, nothing invisible); `what` names the
/// field in the message.
pub fn first_name(text: &str, what: &str) -> Result<String, ClassError> {
    name::clean(text, MAX_NAME_CHARS).map_err(|problem| {
        ClassError::BadName(match problem {
            name::NameProblem::Empty | name::NameProblem::TooLong(_) => {
                format!("{what}: from 1 to {MAX_NAME_CHARS} characters")
            }
            other => format!("{what}: {other}"),
        })
    })
}

/// A first name (as [`first_name`]) that none of `taken` already has,
/// without regard to case or accents ("lea" beside "Léa"): two people of
/// one name could not be told apart. `where_` ends the message ("in the
/// class").
pub fn unique_name<'a>(
    text: &str,
    mut taken: impl Iterator<Item = &'a str>,
    where_: &str,
) -> Result<String, ClassError> {
    let name = first_name(text, "name")?;
    let key = name::key(&name);
    if taken.any(|t| name::key(t) == key) {
        return Err(ClassError::BadName(format!(
            "name: {name} is already {where_}: add a letter (e.g. {name} B)"
        )));
    }
    Ok(name)
}

/// A teacher's PIN as kept: `salt:hash`, so that the stored class does not
/// give it away. `salt` is fresh randomness.
pub fn lock_pin(pin: &str, salt: u64) -> Result<String, ClassError> {
    if !(4..=8).contains(&pin.len()) || !pin.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ClassError::BadPin);
    }
    let salt = format!("{salt:016x}");
    Ok(format!("{salt}:{}", salted(pin, &salt)))
}

fn salted(pin: &str, salt: &str) -> String {
    hash_token(&format!("{salt}:{pin}"))
}

/// Whether `pin` opens a PIN kept by [`lock_pin`], compared in constant
/// time (how much of a guess was right must not show in the time taken).
pub fn pin_matches(kept: &str, pin: &str) -> bool {
    let Some((salt, hash)) = kept.split_once(':') else {
        return false;
    };
    let given = salted(pin, salt);
    given.len() == hash.len()
        && given
            .bytes()
            .zip(hash.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// Whether `code` could be a join code (so that junk is refused early).
pub fn is_code(code: &str) -> bool {
    code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// Whether `card` could be a login card.
pub fn is_card(card: &str) -> bool {
    card.len() == CARD_LEN && card.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// A join code or a card as typed: upper case, spaces and dashes left out.
pub fn normal_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

impl Class {
    /// Puts, in every assignment of `/learn`, the stand-in of each puzzle
    /// dropped since it was made ([`quoridor_learn::replace_retired`]);
    /// whether any was. The pupils' work on that item stays theirs.
    pub fn replace_retired_puzzles(&mut self) -> bool {
        let mut replaced = 0;
        for assignment in &mut self.assignments {
            if let Source::Learn { puzzles, .. } = &mut assignment.source {
                replaced += quoridor_learn::replace_retired(puzzles);
            }
        }
        replaced > 0
    }

    pub fn new(
        id: String,
        code: String,
        name: &str,
        lang: Lang,
        teacher: String,
        now_ms: u64,
    ) -> Result<Class, ClassError> {
        Ok(Class {
            id,
            code,
            name: first_name(name, "name")?,
            lang,
            created_ms: now_ms,
            teachers: vec![teacher],
            pin: None,
            pupils: Vec::new(),
            next_pupil: 1,
            assignments: Vec::new(),
            next_assignment: 1,
            games: Vec::new(),
            tournaments: Vec::new(),
            creator: None,
            owner: None,
            groups: Vec::new(),
            next_group: 1,
            chat: false,
            picture_door: None,
        })
    }

    pub fn is_teacher(&self, holder: &str) -> bool {
        self.teachers.iter().any(|t| t == holder)
    }

    pub fn pupil_of(&self, holder: &str) -> Option<&Pupil> {
        self.pupils.iter().find(|p| p.holder == holder)
    }

    pub fn pupil(&self, id: u32) -> Result<&Pupil, ClassError> {
        self.pupils
            .iter()
            .find(|p| p.id == id)
            .ok_or(ClassError::NoSuchPupil)
    }

    pub fn assignment(&self, id: u32) -> Result<&Assignment, ClassError> {
        self.assignments
            .iter()
            .find(|a| a.id == id)
            .ok_or(ClassError::NoSuchAssignment)
    }

    /// A new teacher screen (the PIN was right); the oldest is forgotten
    /// past [`MAX_TEACHER_SCREENS`].
    pub fn add_teacher(&mut self, holder: String) {
        if self.teachers.len() >= MAX_TEACHER_SCREENS {
            self.teachers.remove(0);
        }
        self.teachers.push(holder);
    }

    /// The pupil whose login card is `card` (as [`normal_code`] reads it).
    pub fn pupil_of_card(&self, card: &str) -> Option<&Pupil> {
        self.pupils
            .iter()
            .find(|p| !p.card.is_empty() && p.card == card)
    }

    /// A pupil comes back with their card on a tablet holding `holder`:
    /// the seat is theirs from now on, and the tablet that held it before
    /// is out (its token opens nothing any more).
    pub fn come_back(&mut self, card: &str, holder: String) -> Option<u32> {
        let id = self.pupil_of_card(card)?.id;
        self.seat_to(id, holder).ok()
    }

    /// Pupil `id`'s seat passes to the tablet holding `holder` (back with
    /// their card or their pictures); the tablet that held it is told.
    pub fn seat_to(&mut self, id: u32, holder: String) -> Result<u32, ClassError> {
        let pupil = self
            .pupils
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or(ClassError::NoSuchPupil)?;
        let left = std::mem::replace(&mut pupil.holder, holder);
        if left != pupil.holder {
            pupil.former.retain(|h| *h != pupil.holder);
            pupil.former.push(left);
            if pupil.former.len() > FORMER_TABLETS {
                pupil.former.remove(0);
            }
        }
        Ok(pupil.id)
    }

    /// Whether `holder` held a pupil's seat until the pupil came back on
    /// another tablet.
    pub fn moved_away(&self, holder: &str) -> bool {
        self.pupils
            .iter()
            .any(|p| p.former.iter().any(|h| h == holder))
    }

    /// A new login card for pupil `id`: the old one stops working.
    pub fn new_card(&mut self, id: u32, card: String) -> Result<(), ClassError> {
        let pupil = self
            .pupils
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or(ClassError::NoSuchPupil)?;
        pupil.card = card;
        Ok(())
    }

    /// A pupil joins with a first name and gets the login card `card`.
    /// Two pupils may not share a name (the teacher could not tell them
    /// apart): "Léa" twice is refused.
    pub fn join(
        &mut self,
        name: &str,
        holder: String,
        card: String,
        now_ms: u64,
    ) -> Result<u32, ClassError> {
        let name = unique_name(
            name,
            self.pupils.iter().map(|p| p.name.as_str()),
            "in the class",
        )?;
        if self.pupils.len() >= MAX_PUPILS {
            return Err(ClassError::Full("pupils", MAX_PUPILS));
        }
        let id = self.next_pupil;
        self.next_pupil += 1;
        let pictures = self.free_pictures(crate::token::random_u64);
        self.pupils.push(Pupil {
            id,
            name,
            holder,
            joined_ms: now_ms,
            card,
            former: Vec::new(),
            pictures,
        });
        Ok(id)
    }

    /// Gives pupil `id` another name (unique in the class, as on joining).
    pub fn rename_pupil(&mut self, id: u32, name: &str) -> Result<(), ClassError> {
        self.pupil(id)?;
        let name = unique_name(
            name,
            self.pupils
                .iter()
                .filter(|p| p.id != id)
                .map(|p| p.name.as_str()),
            "in the class",
        )?;
        if let Some(pupil) = self.pupils.iter_mut().find(|p| p.id == id) {
            pupil.name = name;
        }
        Ok(())
    }

    /// Removes a pupil (their name leaves the class's games' list too;
    /// the games keep the name they were played under; the assignments
    /// given to them by name forget them).
    pub fn remove_pupil(&mut self, id: u32) -> Result<Pupil, ClassError> {
        let at = self
            .pupils
            .iter()
            .position(|p| p.id == id)
            .ok_or(ClassError::NoSuchPupil)?;
        for game in &mut self.games {
            for seat in &mut game.pupils {
                if *seat == Some(id) {
                    *seat = None;
                }
            }
        }
        for assignment in &mut self.assignments {
            if let Some(list) = &mut assignment.pupils {
                list.retain(|&p| p != id);
            }
        }
        for group in &mut self.groups {
            group.pupils.retain(|&p| p != id);
        }
        Ok(self.pupils.remove(at))
    }

    /// Adds an assignment for the whole class by the default rules; its
    /// title defaults to the sheet's.
    pub fn assign(
        &mut self,
        title: Option<&str>,
        source: Source,
        now_ms: u64,
    ) -> Result<u32, ClassError> {
        let mut new = NewAssignment::of(source);
        new.title = title.map(str::to_string);
        self.give(new, now_ms)
    }

    /// Adds an assignment: its exercises, rules, due day and pupils checked.
    pub fn give(&mut self, new: NewAssignment, now_ms: u64) -> Result<u32, ClassError> {
        let NewAssignment {
            title,
            source,
            rules,
            due,
            pupils,
            groups,
        } = new;
        if let Some(day) = &due {
            if !is_day(day) {
                return Err(ClassError::BadAssignment(
                    "due: a day written YYYY-MM-DD".into(),
                ));
            }
            // Yesterday still counts: the teacher's day may be behind UTC.
            let yesterday = crate::calendar::day_of(now_ms.saturating_sub(86_400_000));
            if day.as_str() < yesterday.as_str() {
                return Err(ClassError::BadAssignment(format!(
                    "due: {day} is in the past; choose today or a day to come"
                )));
            }
        }
        let groups = self.known_groups(groups)?;
        let pupils = match pupils {
            None if !groups.is_empty() => Some(self.pupils_of_groups(&groups)),
            Some(_) if !groups.is_empty() => {
                return Err(ClassError::BadAssignment(
                    "pupils or groups: one of them, not both".into(),
                ))
            }
            None => None,
            Some(mut list) => {
                list.sort_unstable();
                list.dedup();
                if list.is_empty() {
                    return Err(ClassError::BadAssignment(
                        "pupils: at least one pupil, or none named for the whole class".into(),
                    ));
                }
                for &p in &list {
                    self.pupil(p)?;
                }
                Some(list)
            }
        };
        let count = source.count();
        if !(1..=MAX_EXERCISES).contains(&count) {
            return Err(ClassError::BadAssignment(format!(
                "count: from 1 to {MAX_EXERCISES} exercises"
            )));
        }
        if let Source::Sheet { level, .. } = source {
            if !(1..=5).contains(&level) {
                return Err(ClassError::BadAssignment("level: from 1 to 5".into()));
            }
        }
        if let Source::Exercises { exercises } = &source {
            for (i, exercise) in exercises.iter().enumerate() {
                exercise.validate().map_err(|err| {
                    ClassError::BadAssignment(format!(
                        "exercise {}: {}",
                        i + 1,
                        quoridor_classroom::problem_text(&err, self.lang)
                    ))
                })?;
            }
        }
        check_learn_items(&source)?;
        if self.assignments.len() >= MAX_ASSIGNMENTS {
            return Err(ClassError::Full("assignments", MAX_ASSIGNMENTS));
        }
        let id = self.next_assignment;
        self.next_assignment += 1;
        let title = match title.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(t) => first_name(t, "title")?,
            None => default_title(&source, self.lang, id),
        };
        self.assignments.push(Assignment {
            id,
            title,
            source,
            created_ms: now_ms,
            rules,
            due,
            pupils,
            groups,
        });
        Ok(id)
    }

    /// Whether `more` games still fit in the class.
    pub fn room_for_games(&self, more: usize) -> Result<(), ClassError> {
        if self.games.len() + more > MAX_CLASS_GAMES {
            return Err(ClassError::Full("games", MAX_CLASS_GAMES));
        }
        Ok(())
    }

    /// Adds a game to the class (checked by [`Class::room_for_games`]).
    pub fn add_game(&mut self, game: ClassGame) {
        self.games.push(game);
    }

    /// Whether the teacher's PIN is `pin` (a class without one opens with
    /// none).
    pub fn opens_with(&self, pin: &str) -> bool {
        self.pin
            .as_deref()
            .is_some_and(|kept| pin_matches(kept, pin))
    }

    /// Class game `game` ended so: says whether that was news.
    pub fn game_ended(&mut self, game: &str, end: GameEnd) -> bool {
        match self.games.iter_mut().find(|g| g.game == game) {
            Some(g) if g.result.is_none() => {
                g.result = Some(end);
                true
            }
            _ => false,
        }
    }

    /// Whether one more tournament fits in the class.
    pub fn room_for_tournament(&self) -> Result<(), ClassError> {
        if self.tournaments.len() >= MAX_CLASS_TOURNAMENTS {
            return Err(ClassError::Full("tournaments", MAX_CLASS_TOURNAMENTS));
        }
        Ok(())
    }

    /// A tournament of the class's own (checked by
    /// [`Class::room_for_tournament`]).
    pub fn add_tournament(&mut self, id: String) {
        self.tournaments.push(id);
    }

    /// A tournament of the class deleted.
    pub fn forget_tournament(&mut self, id: &str) {
        self.tournaments.retain(|t| t != id);
    }
}

/// What a change of a class changed, so that just that is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    Nothing,
    /// The class.
    Class,
    /// One pupil's work on one exercise, (assignment, pupil, index): the
    /// class itself did not change.
    Work((u32, u32, u32)),
    /// The class, and the pupil's work is gone with them.
    ClassLessPupil(u32),
    /// The class, and the assignment's work is gone with it.
    ClassLessAssignment(u32),
    /// The class, pupil `from` merged into pupil `into` (`club::merge`).
    ClassMerged {
        from: u32,
        into: u32,
    },
}

/// A class and its pupils' work: what a change of the class changes.
#[derive(Clone, Debug)]
pub struct ClassData {
    pub class: Class,
    pub work: WorkBook,
}

impl ClassData {
    /// Removes a pupil and their work.
    pub fn remove_pupil(&mut self, id: u32) -> Result<Pupil, ClassError> {
        let pupil = self.class.remove_pupil(id)?;
        self.work.retain(|(_, p, _), _| *p != id);
        Ok(pupil)
    }

    /// Takes an assignment back, and the work done on it.
    pub fn unassign(&mut self, id: u32) -> Result<Assignment, ClassError> {
        let at = self
            .class
            .assignments
            .iter()
            .position(|a| a.id == id)
            .ok_or(ClassError::NoSuchAssignment)?;
        self.work.retain(|(a, _, _), _| *a != id);
        Ok(self.class.assignments.remove(at))
    }
}

fn default_title(source: &Source, lang: Lang, id: u32) -> String {
    match source {
        Source::Sheet {
            kind,
            level,
            count,
            seed,
        } => {
            SheetSpec {
                kind: *kind,
                level: *level,
                count: *count,
                seed: *seed,
                lang,
            }
            .title()
            .to_string()
                + &format!(" · {}", level)
        }
        Source::Exercises { .. } => format!("#{id}"),
        Source::Learn { lessons, puzzles } => {
            let words = match (lang, lessons.is_empty(), puzzles.is_empty()) {
                (Lang::En, true, _) => "Puzzles",
                (Lang::En, _, true) => "Rules",
                (Lang::En, _, _) => "Rules and puzzles",
                (Lang::Fr, true, _) => "Problèmes",
                (Lang::Fr, _, true) => "Règles",
                (Lang::Fr, _, _) => "Règles et problèmes",
                (Lang::Ro, true, _) => "Probleme",
                (Lang::Ro, _, true) => "Reguli",
                (Lang::Ro, _, _) => "Reguli și probleme",
            };
            format!("{words} #{id}")
        }
    }
}

/// Whether every puzzle and lesson named exists, each once.
fn check_learn_items(source: &Source) -> Result<(), ClassError> {
    let Source::Learn { lessons, puzzles } = source else {
        return Ok(());
    };
    /// Whether an id names something shipped.
    type Known = fn(&str) -> bool;
    let lists: [(&[String], Known); 2] = [
        (lessons, |id| quoridor_learn::lesson(id).is_some()),
        (puzzles, |id| quoridor_learn::find_puzzle(id).is_some()),
    ];
    for (ids, known) in lists {
        for (i, id) in ids.iter().enumerate() {
            if !known(id) {
                return Err(ClassError::BadAssignment(format!(
                    "no puzzle or lesson \"{id:.24}\""
                )));
            }
            if ids[..i].iter().any(|other| other.eq_ignore_ascii_case(id)) {
                return Err(ClassError::BadAssignment(format!("\"{id:.24}\" twice")));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::work::{record, WorkStatus};

    fn class() -> Class {
        Class::new(
            "c1".into(),
            "ABC234".into(),
            "CE2 B",
            Lang::Fr,
            "t".into(),
            0,
        )
        .unwrap()
    }

    #[test]
    fn pupils_join_with_distinct_first_names() {
        let mut c = class();
        assert_eq!(c.join(" Léa ", "h1".into(), "C1".into(), 1), Ok(1));
        assert!(matches!(
            c.join("léa", "h2".into(), "C2".into(), 1),
            Err(ClassError::BadName(_))
        ));
        assert!(matches!(
            c.join("", "h2".into(), "C2".into(), 1),
            Err(ClassError::BadName(_))
        ));
        assert!(matches!(
            c.join("a\u{7}", "h2".into(), "C2".into(), 1),
            Err(ClassError::BadName(_))
        ));
        assert_eq!(c.join("Hugo", "h2".into(), "C2".into(), 1), Ok(2));
        assert_eq!(c.pupil_of("h2").unwrap().name, "Hugo");
        for i in 3..=MAX_PUPILS {
            c.join(&format!("P{i}"), format!("h{i}"), format!("C{i}"), 1)
                .unwrap();
        }
        assert_eq!(
            c.join("Extra", "hx".into(), "CX".into(), 1),
            Err(ClassError::Full("pupils", MAX_PUPILS))
        );
        c.remove_pupil(1).unwrap();
        assert_eq!(c.remove_pupil(1), Err(ClassError::NoSuchPupil));
    }

    #[test]
    fn a_card_brings_its_pupil_back_until_it_is_replaced() {
        let mut c = class();
        let lea = c.join("Léa", "h1".into(), "ABCDEFGH".into(), 1).unwrap();
        c.join("Hugo", "h2".into(), "HGFEDCBA".into(), 1).unwrap();
        assert_eq!(c.pupil_of_card("ABCDEFGH").unwrap().id, lea);
        assert!(c.pupil_of_card("").is_none() && c.pupil_of_card("ABCDEFGJ").is_none());
        // Back on another tablet: the seat is the new tablet's only.
        assert_eq!(c.come_back("ABCDEFGH", "h3".into()), Some(lea));
        assert_eq!(c.pupil_of("h3").unwrap().id, lea);
        assert!(c.pupil_of("h1").is_none());
        assert!(c.moved_away("h1") && !c.moved_away("h2") && !c.moved_away("h3"));
        // A new card: the old one opens nothing.
        c.new_card(lea, "JKMNPQRS".into()).unwrap();
        assert_eq!(c.come_back("ABCDEFGH", "h4".into()), None);
        assert_eq!(c.come_back("JKMNPQRS", "h4".into()), Some(lea));
        assert_eq!(c.new_card(99, "X".into()), Err(ClassError::NoSuchPupil));
        // A pupil of an older store, before cards, is not found by "".
        c.pupils[1].card.clear();
        assert_eq!(c.come_back("", "h5".into()), None);
        let card = code_from(u64::MAX, CARD_LEN);
        assert!(is_card(&card), "{card}");
        assert!(!is_card("ABCD1FGH") && !is_card("ABCDEFG"));
        assert_eq!(normal_code("abcd-efgh"), "ABCDEFGH");
        // Only the last few tablets are remembered.
        for i in 0..10 {
            c.come_back("JKMNPQRS", format!("t{i}"));
        }
        assert_eq!(c.pupil(lea).unwrap().former.len(), FORMER_TABLETS);
        assert!(c.moved_away("t8") && !c.moved_away("t9") && !c.moved_away("t0"));
    }

    #[test]
    fn join_codes_are_read_as_typed() {
        assert!(is_code("ABC234"));
        assert!(!is_code("ABC23I"));
        assert_eq!(normal_code(" abc-234 "), "ABC234");
    }

    #[test]
    fn pins_are_kept_salted_and_checked_whole() {
        for bad in ["", "123", "123456789", "12a4", " 1234", "１２３４"] {
            assert_eq!(lock_pin(bad, 7), Err(ClassError::BadPin), "{bad:?}");
        }
        let kept = lock_pin("2468", 7).unwrap();
        assert!(!kept.contains("2468"));
        assert_ne!(kept, lock_pin("2468", 8).unwrap());
        assert!(pin_matches(&kept, "2468"));
        for wrong in ["2469", "246", "24680", "", "02468"] {
            assert!(!pin_matches(&kept, wrong), "{wrong:?}");
        }
        assert!(!pin_matches("no separator", "2468"));
        let mut c = class();
        assert!(
            !c.opens_with("2468"),
            "a class without a PIN opens with none"
        );
        c.pin = Some(kept);
        assert!(c.opens_with("2468") && !c.opens_with("1357"));
    }

    #[test]
    fn removing_a_pupil_or_an_assignment_takes_its_work() {
        let mut data = ClassData {
            class: class(),
            work: WorkBook::new(),
        };
        let (lea, hugo) = (
            data.class.join("Léa", "h1".into(), "C1".into(), 1).unwrap(),
            data.class
                .join("Hugo", "h2".into(), "C2".into(), 1)
                .unwrap(),
        );
        let sheet = |seed| Source::Sheet {
            kind: None,
            level: 1,
            count: 2,
            seed,
        };
        let (a, b) = (
            data.class.assign(None, sheet(1), 0).unwrap(),
            data.class.assign(None, sheet(2), 0).unwrap(),
        );
        for key in [(a, lea, 0), (a, hugo, 1), (b, lea, 0), (b, hugo, 0)] {
            record(&mut data.work, key, WorkStatus::Wrong, None, 2);
        }
        assert_eq!(data.unassign(a).unwrap().id, a);
        assert_eq!(data.unassign(a), Err(ClassError::NoSuchAssignment));
        let keys: Vec<_> = data.work.keys().copied().collect();
        assert_eq!(keys, [(b, lea, 0), (b, hugo, 0)]);
        assert_eq!(data.remove_pupil(lea).unwrap().name, "Léa");
        let keys: Vec<_> = data.work.keys().copied().collect();
        assert_eq!(keys, [(b, hugo, 0)]);
        assert_eq!(data.remove_pupil(lea), Err(ClassError::NoSuchPupil));
    }

    #[test]
    fn a_class_holds_its_tournaments_up_to_the_limit() {
        let mut c = class();
        for i in 0..MAX_CLASS_TOURNAMENTS {
            c.room_for_tournament().unwrap();
            c.add_tournament(format!("t{i}"));
        }
        assert_eq!(
            c.room_for_tournament(),
            Err(ClassError::Full("tournaments", MAX_CLASS_TOURNAMENTS))
        );
        c.forget_tournament("t3");
        assert!(c.room_for_tournament().is_ok());
        assert!(!c.tournaments.iter().any(|t| t == "t3"));
    }

    #[test]
    fn an_assignments_rules_hold() {
        use crate::club::work::{record, see_solution, TryFirst, WorkStatus};
        let mut a = Assignment {
            id: 1,
            title: "Routes".into(),
            source: Source::Exercises {
                exercises: Vec::new(),
            },
            created_ms: 0,
            rules: Rules::default(),
            due: None,
            pupils: Some(vec![7]),
            groups: Vec::new(),
        };
        let mut book = WorkBook::new();
        // Given by name: only to pupil 7.
        assert_eq!(
            a.may_answer(&book, 8, 0, false),
            Err(ClassError::NoSuchAssignment)
        );
        assert_eq!(a.may_answer(&book, 7, 2, true), Ok(()));
        a.rules.no_skip = true;
        assert_eq!(a.may_answer(&book, 7, 2, true), Err(ClassError::NoSkip));
        a.rules.until_right = true;
        assert_eq!(
            a.may_answer(&book, 7, 2, false),
            Err(ClassError::NotRightYet(0))
        );
        record(&mut book, (1, 7, 0), WorkStatus::Right, None, 1);
        record(&mut book, (1, 7, 1), WorkStatus::Wrong, None, 1);
        assert_eq!(
            a.may_answer(&book, 7, 2, false),
            Err(ClassError::NotRightYet(1))
        );
        // Right after the solution is right enough to go on.
        see_solution(&mut book, (1, 7, 1), true, 2).unwrap();
        record(&mut book, (1, 7, 1), WorkStatus::Right, None, 3);
        assert_eq!(a.may_answer(&book, 7, 2, false), Ok(()));
        assert_eq!(a.may_answer(&book, 7, 1, false), Ok(()));
        // The solution before a try, where the rules allow it: recorded.
        assert_eq!(see_solution(&mut book, (1, 7, 5), true, 4), Err(TryFirst));
        let seen = see_solution(&mut book, (1, 7, 5), false, 4).unwrap();
        assert!(seen.solution_seen && seen.attempts == 0);
        let work = record(&mut book, (1, 7, 5), WorkStatus::Right, None, 5);
        assert_eq!(work.status, WorkStatus::RightAfterSolution);
    }

    #[test]
    fn an_assignment_is_due_on_a_day_and_given_to_whom_it_names() {
        let mut c = class();
        let lea = c.join("Léa", "h1".into(), "C1".into(), 1).unwrap();
        let hugo = c.join("Hugo", "h2".into(), "C2".into(), 1).unwrap();
        let sheet = Source::Sheet {
            kind: None,
            level: 1,
            count: 2,
            seed: 3,
        };
        let mut new = NewAssignment::of(sheet.clone());
        new.due = Some("2026-12-04".into());
        new.pupils = Some(vec![hugo, lea, hugo]);
        new.rules.no_skip = true;
        let id = c.give(new.clone(), 5).unwrap();
        let a = c.assignment(id).unwrap();
        assert_eq!(a.pupils.as_deref(), Some(&[lea, hugo][..]));
        assert!(a.is_for(lea) && !a.is_for(99) && a.rules.no_skip);
        for bad in [
            "2026-02-30",
            "2026-13-01",
            "26-12-04",
            "2026-1-04",
            "2026-12-4x",
            "2026/12/04",
        ] {
            let mut wrong = new.clone();
            wrong.due = Some(bad.into());
            assert!(
                matches!(c.give(wrong, 5), Err(ClassError::BadAssignment(_))),
                "{bad}"
            );
        }
        assert!(is_day("2028-02-29") && !is_day("2027-02-29") && !is_day("2100-02-29"));
        let mut nobody = new.clone();
        nobody.pupils = Some(Vec::new());
        assert!(c.give(nobody, 5).is_err());
        let mut stranger = new.clone();
        stranger.pupils = Some(vec![42]);
        assert_eq!(c.give(stranger, 5), Err(ClassError::NoSuchPupil));
        // A pupil who leaves leaves the assignments given by name.
        c.remove_pupil(lea).unwrap();
        assert_eq!(
            c.assignment(id).unwrap().pupils.as_deref(),
            Some(&[hugo][..])
        );
        // Stored before rules: the old rules.
        let old: Assignment = serde_json::from_str(
            r#"{"id":1,"title":"T","source":{"source":"sheet","kind":null,"level":1,"count":2,"seed":"3"},"created_ms":0}"#,
        )
        .unwrap();
        assert_eq!(
            (old.rules, old.due, old.pupils),
            (Rules::default(), None, None)
        );
    }

    #[test]
    fn sheet_assignments_match_the_printed_sheet() {
        let mut c = class();
        let source = Source::Sheet {
            kind: None,
            level: 2,
            count: 6,
            seed: 77,
        };
        let id = c.assign(None, source.clone(), 0).unwrap();
        let printed = Sheet::new(SheetSpec {
            kind: None,
            level: 2,
            count: 6,
            seed: 77,
            lang: Lang::Fr,
        });
        let on_screen = c.assignment(id).unwrap().source.exercises();
        let on_paper: Vec<Exercise> = printed.exercises.into_iter().map(|(e, _)| e).collect();
        assert_eq!(on_screen, on_paper);
        assert!(c
            .assign(
                None,
                Source::Sheet {
                    kind: None,
                    level: 9,
                    count: 6,
                    seed: 1
                },
                0
            )
            .is_err());
        assert!(c
            .assign(
                None,
                Source::Sheet {
                    kind: None,
                    level: 1,
                    count: 0,
                    seed: 1
                },
                0
            )
            .is_err());
    }
}
