//! A class, without the server: the teacher's keys, the pupils (a first
//! name and a token's hash, nothing else), the assignments (their rules in
//! [`super::assignment`]) and each pupil's work, the games played in
//! class. Every operation checks its input and either changes the class
//! or says why not.

use quoridor_exercises::Lang;
use serde::{Deserialize, Serialize};

pub use super::assignment::{
    is_day, Assignment, LearnItem, NewAssignment, Rules, Source, MAX_ASSIGNMENTS, MAX_EXERCISES,
};
pub use super::class_error::{first_name, unique_name, ClassError};
pub use super::groups::Group;
use super::work::WorkBook;
use crate::token::hash_token;

/// The most pupils in a class.
pub const MAX_PUPILS: usize = 60;
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

/// The way in by pictures while the teacher has it open
/// ([`super::pictures`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PictureDoor {
    /// Open until then (ms since the epoch).
    pub until_ms: u64,
    /// Wrong rows tapped since it was opened.
    pub misses: u32,
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::club::work::{record, WorkStatus};

    pub(in crate::club) fn class() -> Class {
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
}
