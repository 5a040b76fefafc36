//! Login cards: each pupil's own code (printed with a QR code, and with
//! their row of pictures, [`super::pictures`]) that brings them back to
//! their seat, with their work and their games, on any tablet. Only the
//! teacher sees the cards; a card the teacher replaces stops working, its
//! pictures too; wrong cards and rows are counted per address before they
//! are looked up, so that a burst cannot guess faster than the limit.

use std::sync::Arc;
use std::time::{Duration, Instant};

use quoridor_rules::Seat;

use super::action::{Applied, ClassAction};
use super::class::{code_from, is_card, normal_code, Class, CARD_LEN};
use super::pictures::{read_pictures, PictureTry};
use super::{read, ClassRoom, ClubError, Clubs, Code};
use crate::db::ClubWrite;
use crate::limits::window::Window;
use crate::token::{hash_token, new_token, random_u64};

/// Wrong cards one address may type in [`CARD_WINDOW`] (a school's
/// tablets often share one address, and children mistype).
pub const WRONG_CARDS: u32 = 10;
pub const CARD_WINDOW: Duration = Duration::from_secs(60);

/// The window that counts wrong cards per address.
pub fn card_window() -> Window {
    Window::new(WRONG_CARDS, CARD_WINDOW)
}

/// What a pupil comes back with.
#[derive(Clone, Copy, Debug)]
pub enum Key<'a> {
    /// Their login card's letters, as typed (or scanned).
    Card(&'a str),
    /// Their row of pictures, tapped on the join page of class `code`.
    Pictures { code: &'a str, row: &'a [String] },
}

/// A pupil back in their seat: the class, the pupil, their name and the
/// new tablet's token.
pub struct CameBack {
    pub class: String,
    /// The class's join code.
    pub code: String,
    pub pupil: u32,
    pub name: String,
    pub token: String,
}

impl Clubs {
    /// `n` cards that no pupil of any class has, each different.
    pub fn new_cards(&self, n: usize) -> Vec<String> {
        let mut cards: Vec<String> = Vec::with_capacity(n);
        while cards.len() < n {
            let card = self.new_card();
            if !cards.contains(&card) {
                cards.push(card);
            }
        }
        cards
    }

    /// A card that no pupil of any class has.
    pub fn new_card(&self) -> String {
        loop {
            let card = code_from(random_u64(), CARD_LEN);
            if self.find_card(&card).is_none() {
                return card;
            }
        }
    }

    /// The class and the pupil whose card is `card` (as typed).
    pub fn find_card(&self, card: &str) -> Option<(Arc<ClassRoom>, u32)> {
        let classes: Vec<Arc<ClassRoom>> = read(&self.inner.classes).values().cloned().collect();
        classes.into_iter().find_map(|room| {
            let pupil = room.shown().class.pupil_of_card(card)?.id;
            Some((room, pupil))
        })
    }

    /// Gives a card to every pupil of `class` without one (stores from
    /// before cards): says whether it gave any.
    pub(super) fn give_missing_cards(&self, class: &mut Class) -> bool {
        let mut gave = false;
        for i in 0..class.pupils.len() {
            if class.pupils[i].card.is_empty() {
                let card = loop {
                    let card = self.new_card();
                    if class.pupil_of_card(&card).is_none() {
                        break card;
                    }
                };
                class.pupils[i].card = card;
                gave = true;
            }
        }
        gave
    }

    /// A pupil comes back from `address` with their card, or their row of
    /// pictures: a new token holds their seat in the class, in its games
    /// still being played and in its tournaments; the tablet that held it
    /// before is out.
    pub async fn come_back(&self, key: Key<'_>, address: &str) -> Result<CameBack, ClubError> {
        // Counted before the key is looked up, given back when right.
        let slot = self
            .inner
            .cards
            .take(address, Instant::now())
            .map_err(|full| ClubError::TooManyCards(full.retry_after))?;
        let token = new_token();
        let holder = hash_token(&token);
        let came = match key {
            Key::Card(typed) => self.back_with_card(typed, &holder).await,
            Key::Pictures { code, row } => self.back_with_pictures(code, row, &holder).await,
        };
        let (room, pupil, name) = match came {
            Ok(came) => {
                slot.give_back();
                came
            }
            Err(
                err @ (ClubError::WrongCard
                | ClubError::WrongPictures
                | ClubError::PicturesShut
                | ClubError::NoSuchClass),
            ) => {
                slot.keep();
                return Err(err);
            }
            Err(err) => {
                slot.give_back();
                return Err(err);
            }
        };
        self.hand_games(&room, pupil, &holder).await;
        let shown = room.shown();
        Ok(CameBack {
            class: shown.class.id.clone(),
            code: shown.class.code.clone(),
            pupil,
            name,
            token,
        })
    }

    /// The seat of the pupil whose card is `typed` passes to `holder`.
    async fn back_with_card(
        &self,
        typed: &str,
        holder: &str,
    ) -> Result<(Arc<ClassRoom>, u32, String), ClubError> {
        let card = normal_code(typed);
        let found = if is_card(&card) {
            self.find_card(&card)
        } else {
            None
        };
        let Some((room, _)) = found else {
            return Err(ClubError::WrongCard);
        };
        // The teacher may have replaced the card meanwhile.
        let action = ClassAction::ComeBack {
            card,
            holder: holder.to_owned(),
        };
        match self.apply(&room, action).await? {
            Applied::Joined { pupil, name, .. } => Ok((room, pupil, name)),
            _ => Err(ClubError::WrongCard),
        }
    }

    /// The seat of the pupil of class `code` whose pictures are `row`
    /// passes to `holder`, while the teacher has the way in open; a wrong
    /// row uses up one of the opening's tries (stored, as the door is).
    async fn back_with_pictures(
        &self,
        code: &str,
        row: &[String],
        holder: &str,
    ) -> Result<(Arc<ClassRoom>, u32, String), ClubError> {
        let Some(Code::Class(id)) = self.code(&normal_code(code)) else {
            return Err(ClubError::NoSuchClass);
        };
        let room = self.class(&id)?;
        let row = read_pictures(row).ok_or(ClubError::WrongPictures)?;
        let action = ClassAction::TryPictures {
            row,
            holder: holder.to_owned(),
        };
        match self.apply(&room, action).await? {
            Applied::Joined { pupil, name, .. } => Ok((room, pupil, name)),
            Applied::NoPictureSeat(PictureTry::Shut) => Err(ClubError::PicturesShut),
            _ => Err(ClubError::WrongPictures),
        }
    }

    /// Pupil `pupil`'s seats in the class's games still being played, and
    /// in its tournaments, pass to `holder`. Found by seat, not by the old
    /// holder, so that a card used again mends what a failure left.
    pub(super) async fn hand_games(&self, room: &ClassRoom, pupil: u32, holder: &str) {
        let shown = room.shown();
        let over: Vec<String> = room
            .boards()
            .iter()
            .filter(|(_, b)| b.outcome().is_some())
            .map(|(id, _)| id.clone())
            .collect();
        for game in &shown.class.games {
            if over.contains(&game.game) {
                continue;
            }
            let order = Seat::in_play(game.pupils.len() as u8);
            let seats: Vec<Seat> = game
                .pupils
                .iter()
                .zip(order)
                .filter(|(p, _)| **p == Some(pupil))
                .map(|(_, &seat)| seat)
                .collect();
            if seats.is_empty() {
                continue;
            }
            if let Err(err) = self.hub().hand_seats(&game.game, &seats, holder).await {
                tracing::warn!(target: "quoridor::club", game = %game.game, error = %err, "a seat did not pass to the pupil's card");
            }
        }
        for id in &shown.class.tournaments {
            let Ok(tournament) = self.tournament(id) else {
                continue;
            };
            let mut change = self.begin_tournament(&tournament).await;
            let Some((_, games)) = change.tournament.hand_pupil(pupil, holder) else {
                change.unchanged();
                continue;
            };
            if let Err(err) = change.commit().await {
                tracing::warn!(target: "quoridor::club", tournament = %id, error = %err, "a player did not pass to the pupil's card");
            }
            for (game, index) in games {
                let seat = Seat::in_play(2)[index];
                if let Err(err) = self.hub().hand_seats(&game, &[seat], holder).await {
                    tracing::warn!(target: "quoridor::club", game = %game, error = %err, "a seat did not pass to the pupil's card");
                }
            }
        }
    }

    /// A new card for pupil `pupil` (the teacher's): the old one stops
    /// working; the tablet the pupil is on keeps its seat.
    pub async fn replace_card(&self, room: &ClassRoom, pupil: u32) -> Result<String, ClubError> {
        let card = self.new_card();
        let action = ClassAction::ReplaceCard {
            pupil,
            card: card.clone(),
        };
        self.apply(room, action).await?;
        Ok(card)
    }

    /// Stores a class brought up to date as it is read back (its pupils
    /// given cards, its dropped puzzles replaced).
    pub(super) async fn store_class(&self, class: &Class) -> Result<(), ClubError> {
        self.db()
            .save_club(ClubWrite::Class {
                id: class.id.clone(),
                body: super::class_json(class),
                forget: None,
            })
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use quoridor_exercises::Lang;

    use super::*;
    use crate::club::change::tests::clubs;
    use crate::club::class::is_card;

    /// Pupils of a store from before login cards get theirs at the next
    /// start, stored, and different from each other.
    #[tokio::test]
    async fn pupils_stored_before_cards_get_theirs_at_the_start() {
        let dir = tempfile::tempdir().unwrap();
        {
            let (clubs, _db) = clubs(dir.path()).await;
            let mut class =
                Class::new("c1".into(), "ABC234".into(), "CM1", Lang::Fr, "t".into(), 0).unwrap();
            for (i, name) in ["Ana", "Bob", "Léa"].into_iter().enumerate() {
                class.join(name, format!("h{i}"), String::new(), 0).unwrap();
            }
            clubs.open_class(class, None).await.unwrap();
        }
        let (clubs, db) = clubs(dir.path()).await;
        let room = clubs.class("c1").unwrap();
        let cards: Vec<String> = room
            .shown()
            .class
            .pupils
            .iter()
            .map(|p| p.card.clone())
            .collect();
        assert!(cards.iter().all(|c| is_card(c)), "{cards:?}");
        assert!(cards[0] != cards[1] && cards[1] != cards[2] && cards[0] != cards[2]);
        let stored: Class = serde_json::from_str(&db.classes().unwrap()[0]).unwrap();
        let kept: Vec<String> = stored.pupils.iter().map(|p| p.card.clone()).collect();
        assert_eq!(kept, cards, "stored, so that the printed cards stay right");
        let (found, pupil) = clubs.find_card(&cards[2]).unwrap();
        assert_eq!((found.shown().class.id.as_str(), pupil), ("c1", 3));
    }

    /// An assignment stored before one of its puzzles was dropped names
    /// that puzzle's stand-in once read back, and is stored so.
    #[tokio::test]
    async fn a_dropped_puzzle_in_a_stored_assignment_gets_its_stand_in() {
        use crate::club::class::Source;
        let gone = quoridor_learn::retired::retired_puzzles()
            .first()
            .expect("a dropped puzzle")
            .clone();
        let kept = quoridor_learn::shipped_puzzles()[2].id.clone();
        let dir = tempfile::tempdir().unwrap();
        {
            let (clubs, _db) = clubs(dir.path()).await;
            let mut class =
                Class::new("c1".into(), "ABC234".into(), "CM1", Lang::Fr, "t".into(), 0).unwrap();
            let learn = Source::Learn {
                lessons: Vec::new(),
                puzzles: vec![kept.clone()],
            };
            class.assign(None, learn, 0).unwrap();
            let Source::Learn { puzzles, .. } = &mut class.assignments[0].source else {
                unreachable!("a learn assignment")
            };
            puzzles.insert(0, gone.id.clone());
            clubs.open_class(class, None).await.unwrap();
        }
        let (clubs, db) = clubs(dir.path()).await;
        let room = clubs.class("c1").unwrap();
        let shown = room.shown().class.assignments[0].source.clone();
        let Source::Learn { puzzles, .. } = &shown else {
            unreachable!("a learn assignment")
        };
        assert_eq!(puzzles[1], kept);
        let stand_in = quoridor_learn::find_puzzle(&puzzles[0]).expect("a shipped puzzle");
        assert_eq!(stand_in.theme, gone.theme);
        let stored: Class = serde_json::from_str(&db.classes().unwrap()[0]).unwrap();
        assert_eq!(stored.assignments[0].source, shown, "stored");
    }
}
