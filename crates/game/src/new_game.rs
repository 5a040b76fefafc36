//! A new game as its creator asks for it, without HTTP: its settings and
//! who sits where. The hub makes it, with the creator's token and account.

use quoridor_engine::Controller;
use quoridor_rules::Seat;

use crate::error::RoomError;
use crate::room::SeatSlot;
use crate::settings::{clean_name, Settings};

/// A seat as asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatWish {
    pub kind: Controller,
    /// The name asked for, as typed (cleaned when the seat is made).
    pub name: Option<String>,
    /// Whether the creator holds this seat.
    pub mine: bool,
}

impl SeatWish {
    pub fn human(mine: bool) -> SeatWish {
        SeatWish {
            kind: Controller::Human,
            name: None,
            mine,
        }
    }
}

/// A new game as asked for.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub settings: Settings,
    /// One per player, in seat order (before any draw).
    pub seats: Vec<SeatWish>,
    /// The seats drawn at random.
    pub random_seats: bool,
    pub rated: bool,
}

/// A logged-in creator: their account's id and name.
#[derive(Clone, Copy, Debug)]
pub struct Member<'a> {
    pub id: u64,
    pub name: &'a str,
}

impl NewGame {
    /// The seats, the creator's held by `holder`; `random` draws the order
    /// when the seats are drawn.
    pub fn slots(
        &self,
        holder: &str,
        member: Option<Member<'_>>,
        mut random: impl FnMut() -> u64,
    ) -> Result<Vec<SeatSlot>, RoomError> {
        let players = self.settings.players;
        let mut wishes = self.seats.clone();
        if wishes.is_empty() {
            wishes = (0..players).map(|i| SeatWish::human(i == 0)).collect();
        }
        if wishes.len() != usize::from(players) {
            return Err(RoomError::Settings(format!(
                "seats: expected {players} seats, one per player"
            )));
        }
        if self.random_seats {
            // Fisher–Yates.
            for i in (1..wishes.len()).rev() {
                let j = (random() % (i as u64 + 1)) as usize;
                wishes.swap(i, j);
            }
        }
        // A logged-in player's one seat carries the account (on one screen,
        // with several seats, the game is nobody's in particular).
        let mine = wishes
            .iter()
            .filter(|w| w.mine && w.kind.is_human())
            .count();
        let member = member.filter(|_| mine == 1);
        let mut slots = Vec::new();
        for (&seat, wish) in Seat::in_play(players).iter().zip(&wishes) {
            let name = clean_name(wish.name.as_deref())?;
            let default_name = match wish.kind {
                Controller::Human => seat.name().to_string(),
                Controller::Ai(level) => format!("AI {}", level.number()),
            };
            let mine = wish.kind.is_human() && wish.mine;
            let member = member.filter(|_| mine);
            slots.push(SeatSlot {
                seat,
                kind: wish.kind,
                name: match member {
                    Some(member) => member.name.to_string(),
                    None => name.unwrap_or(default_name),
                },
                holder: mine.then(|| holder.to_string()),
                account: member.map(|m| m.id),
                bot: false,
            });
        }
        Ok(slots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engine::Level;
    use quoridor_rules::Variant;

    fn game(players: u8, seats: Vec<SeatWish>) -> NewGame {
        NewGame {
            settings: Settings::new(9, players, Variant::Standard, None).unwrap(),
            seats,
            random_seats: false,
            rated: false,
        }
    }

    fn ai(level: u8) -> SeatWish {
        SeatWish {
            kind: Controller::Ai(Level::new(level).unwrap()),
            name: None,
            mine: false,
        }
    }

    #[test]
    fn the_creator_holds_the_first_seat_unless_told_otherwise() {
        let slots = game(2, vec![]).slots("h", None, || 0).unwrap();
        assert_eq!(slots[0].holder.as_deref(), Some("h"));
        assert!(slots[1].is_free());
        assert_eq!(slots[0].name, slots[0].seat.name());
        let slots = game(2, vec![SeatWish::human(true), ai(3)])
            .slots("h", None, || 0)
            .unwrap();
        assert_eq!(slots[1].name, "AI 3");
        assert_eq!(slots[1].holder, None);
    }

    #[test]
    fn an_account_names_its_one_seat_only() {
        let member = Some(Member { id: 9, name: "ana" });
        let slots = game(2, vec![SeatWish::human(true), SeatWish::human(false)])
            .slots("h", member, || 0)
            .unwrap();
        assert_eq!((slots[0].name.as_str(), slots[0].account), ("ana", Some(9)));
        assert_eq!(slots[1].account, None);
        // Both seats on one screen: nobody's game in particular.
        let slots = game(2, vec![SeatWish::human(true), SeatWish::human(true)])
            .slots("h", member, || 0)
            .unwrap();
        assert!(slots.iter().all(|s| s.account.is_none()));
        assert!(slots.iter().all(|s| s.holder.as_deref() == Some("h")));
    }

    #[test]
    fn seats_are_counted_named_and_drawn() {
        assert!(matches!(
            game(2, vec![SeatWish::human(true)]).slots("h", None, || 0),
            Err(RoomError::Settings(_))
        ));
        let mut named = SeatWish::human(false);
        named.name = Some("a\u{202e}b".into());
        assert!(matches!(
            game(2, vec![SeatWish::human(true), named]).slots("h", None, || 0),
            Err(RoomError::Settings(_))
        ));
        let mut drawn = game(2, vec![SeatWish::human(true), ai(2)]);
        drawn.random_seats = true;
        let slots = drawn.slots("h", None, || 0).unwrap();
        assert_eq!(slots[0].name, "AI 2", "0 swaps the two seats");
        assert_eq!(slots[1].holder.as_deref(), Some("h"));
        let slots = drawn.slots("h", None, || 1).unwrap();
        assert_eq!(slots[0].holder.as_deref(), Some("h"));
    }
}
