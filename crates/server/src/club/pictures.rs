//! Picture cards, for children who cannot read yet: besides the letters of
//! their login card, each pupil has five pictures in a row (the stars,
//! fish and objects of the exercises), unique in the class. On the class's
//! join page the child taps the same five pictures and is back in their
//! seat.
//!
//! Five pictures of twelve are 12^5 = 248,832 rows, far fewer than a
//! card's letters, so the way in is shut unless the teacher opens it (for
//! a lesson, [`PICTURE_OPENING_MS`]), and it shuts itself after
//! [`PICTURE_MISSES`] wrong rows in one opening: a stranger with the
//! class's code has at most that many tries, about 0.15 % to find one of
//! 25 pupils, before the teacher must open it again.

use super::class::{Class, ClassError, PictureDoor, Pupil};

/// The pictures a row is made of, by the names the exercises give them.
pub const PICTURES: [&str; 12] = [
    "apple", "ball", "key", "flower", "tree", "house", "heart", "moon", "sun", "boat", "star",
    "fish",
];
/// Pictures in a pupil's row.
pub const PICTURE_LEN: usize = 5;
/// How long the way in stays open once the teacher opens it (a lesson).
pub const PICTURE_OPENING_MS: u64 = 90 * 60 * 1000;
/// Wrong rows in one opening before the way in shuts itself.
pub const PICTURE_MISSES: u32 = 15;

/// How a row of pictures was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureTry {
    /// The pupil's seat.
    Pupil(u32),
    /// No pupil has this row; the door stays open.
    Wrong,
    /// No pupil has this row, and that was the last try of this opening.
    WrongAndShut,
    /// The teacher has not opened the way in (or it shut).
    Shut,
}

/// A row of pictures drawn from `n` (fresh randomness), as stored:
/// `sun-key-fish-apple-star`.
pub fn pictures_from(mut n: u64) -> String {
    let mut row = Vec::with_capacity(PICTURE_LEN);
    for _ in 0..PICTURE_LEN {
        row.push(PICTURES[(n % PICTURES.len() as u64) as usize]);
        n /= PICTURES.len() as u64;
    }
    row.join("-")
}

/// A row as tapped (`["sun", "key", …]`), as stored; `None` unless it is
/// [`PICTURE_LEN`] of [`PICTURES`].
pub fn read_pictures(tapped: &[String]) -> Option<String> {
    if tapped.len() != PICTURE_LEN {
        return None;
    }
    let mut row = Vec::with_capacity(PICTURE_LEN);
    for name in tapped {
        row.push(*PICTURES.iter().find(|p| p.eq_ignore_ascii_case(name))?);
    }
    Some(row.join("-"))
}

impl Pupil {
    /// The pupil's row, picture by picture (empty before they have one).
    pub fn picture_row(&self) -> Vec<String> {
        if self.pictures.is_empty() {
            return Vec::new();
        }
        self.pictures.split('-').map(str::to_owned).collect()
    }
}

impl Class {
    /// A row no pupil of the class has, drawn with `draw`.
    pub fn free_pictures(&self, mut draw: impl FnMut() -> u64) -> String {
        loop {
            let row = pictures_from(draw());
            if !self.pupils.iter().any(|p| p.pictures == row) {
                return row;
            }
        }
    }

    /// Gives a row to every pupil without one (stores from before
    /// pictures): says whether it gave any.
    pub fn give_missing_pictures(&mut self, mut draw: impl FnMut() -> u64) -> bool {
        let mut gave = false;
        for i in 0..self.pupils.len() {
            if self.pupils[i].pictures.is_empty() {
                self.pupils[i].pictures = self.free_pictures(&mut draw);
                gave = true;
            }
        }
        gave
    }

    /// A new row for pupil `id` (with their new card): the old one opens
    /// nothing.
    pub fn new_pictures(&mut self, id: u32, draw: impl FnMut() -> u64) -> Result<(), ClassError> {
        self.pupil(id)?;
        let row = self.free_pictures(draw);
        if let Some(pupil) = self.pupils.iter_mut().find(|p| p.id == id) {
            pupil.pictures = row;
        }
        Ok(())
    }

    /// Opens the way in by pictures for a lesson from `now_ms` (again:
    /// with every try given back).
    pub fn open_pictures(&mut self, now_ms: u64) {
        self.picture_door = Some(PictureDoor {
            until_ms: now_ms + PICTURE_OPENING_MS,
            misses: 0,
        });
    }

    /// Shuts the way in by pictures.
    pub fn shut_pictures(&mut self) {
        self.picture_door = None;
    }

    /// The door while it is open at `now_ms`.
    pub fn pictures_open(&self, now_ms: u64) -> Option<&PictureDoor> {
        self.picture_door
            .as_ref()
            .filter(|door| now_ms < door.until_ms && door.misses < PICTURE_MISSES)
    }

    /// A row tapped at `now_ms` (as [`read_pictures`] gives it): whose
    /// seat it opens, if the door is open; a wrong row uses up one try.
    pub fn try_pictures(&mut self, row: &str, now_ms: u64) -> PictureTry {
        if self.pictures_open(now_ms).is_none() {
            return PictureTry::Shut;
        }
        if let Some(p) = self.pupils.iter().find(|p| p.pictures == row) {
            return PictureTry::Pupil(p.id);
        }
        let door = self.picture_door.as_mut().expect("open");
        door.misses += 1;
        if door.misses >= PICTURE_MISSES {
            PictureTry::WrongAndShut
        } else {
            PictureTry::Wrong
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_exercises::Lang;

    fn class_of(n: u32) -> Class {
        let mut c =
            Class::new("c1".into(), "ABCDEF".into(), "CM1", Lang::Fr, "t".into(), 0).unwrap();
        for i in 0..n {
            c.join(
                &format!("Élève{i}"),
                format!("h{i}"),
                format!("CARD{i:04}"),
                0,
            )
            .unwrap();
        }
        c
    }

    fn counter() -> impl FnMut() -> u64 {
        let mut n = 0u64;
        move || {
            n += 1;
            n
        }
    }

    #[test]
    fn rows_are_five_known_pictures_and_read_back() {
        let row = pictures_from(123_456_789);
        let tapped: Vec<String> = row.split('-').map(str::to_owned).collect();
        assert_eq!(tapped.len(), PICTURE_LEN);
        assert_eq!(read_pictures(&tapped).as_deref(), Some(row.as_str()));
        let upper: Vec<String> = tapped.iter().map(|p| p.to_uppercase()).collect();
        assert_eq!(read_pictures(&upper).as_deref(), Some(row.as_str()));
        assert_eq!(read_pictures(&tapped[..4]), None);
        let mut odd = tapped.clone();
        odd[2] = "dragon".into();
        assert_eq!(read_pictures(&odd), None);
        assert_eq!(read_pictures(&[]), None);
    }

    #[test]
    fn every_pupil_gets_a_row_of_their_own() {
        let mut c = class_of(3);
        assert!(c
            .pupils
            .iter()
            .all(|p| p.picture_row().len() == PICTURE_LEN));
        // A store from before pictures. Every draw gives the same row but
        // two: the class still gets three different rows.
        for p in &mut c.pupils {
            p.pictures.clear();
        }
        let mut draws = [7u64, 7, 7, 7, 9, 7, 7, 11].into_iter().cycle();
        assert!(c.give_missing_pictures(|| draws.next().unwrap()));
        let rows: std::collections::HashSet<_> = c.pupils.iter().map(|p| &p.pictures).collect();
        assert_eq!(rows.len(), 3);
        assert!(!c.give_missing_pictures(counter()));
        let old = c.pupils[1].pictures.clone();
        c.new_pictures(c.pupils[1].id, counter()).unwrap();
        assert_ne!(c.pupils[1].pictures, old);
        assert_eq!(c.new_pictures(99, counter()), Err(ClassError::NoSuchPupil));
    }

    #[test]
    fn the_door_opens_for_a_lesson_and_shuts_after_too_many_wrong_rows() {
        let mut c = class_of(2);
        let row = c.pupils[1].pictures.clone();
        let id = c.pupils[1].id;
        // Shut until the teacher opens it.
        assert_eq!(c.try_pictures(&row, 1000), PictureTry::Shut);
        c.open_pictures(1000);
        assert_eq!(c.try_pictures(&row, 2000), PictureTry::Pupil(id));
        // Open for a lesson, not longer.
        assert_eq!(
            c.try_pictures(&row, 1000 + PICTURE_OPENING_MS),
            PictureTry::Shut
        );
        c.open_pictures(5000);
        let wrong = c.free_pictures(counter());
        for _ in 1..PICTURE_MISSES {
            assert_eq!(c.try_pictures(&wrong, 6000), PictureTry::Wrong);
        }
        assert_eq!(c.try_pictures(&wrong, 6000), PictureTry::WrongAndShut);
        // Shut even for the right row, until opened again.
        assert_eq!(c.try_pictures(&row, 6000), PictureTry::Shut);
        assert!(c.pictures_open(6000).is_none());
        c.open_pictures(7000);
        assert_eq!(c.try_pictures(&row, 7000), PictureTry::Pupil(id));
        c.shut_pictures();
        assert_eq!(c.try_pictures(&row, 7000), PictureTry::Shut);
    }
}
