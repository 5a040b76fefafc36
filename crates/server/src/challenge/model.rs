//! A challenge, without the server: one account asks another for a game
//! (a clock or days per move, rated or casual, a colour). Checked here
//! once; the service keeps them, the other player accepts or declines.

use std::time::Duration;

use quoridor_engine::TimeControl;
use quoridor_rules::{Seat, Variant};
use serde::{Deserialize, Serialize};

use quoridor_game::wire;
use quoridor_game::{RoomError, Settings};

/// Open challenges one account may have sent at once.
pub const MAX_SENT: usize = 20;
/// Open challenges that may wait for one account.
pub const MAX_WAITING: usize = 50;
/// Open challenges sent from one address (an IPv6 /64), all its accounts
/// together: a few accounts of one address cannot fill an inbox.
pub const MAX_SENT_PER_ADDRESS: usize = 20;
/// Open challenges from one address that may wait for one account.
pub const MAX_WAITING_PER_ADDRESS: usize = 5;
/// How long a challenge waits for its answer: a day for a game played at
/// once, a week for a turn-based one.
pub const WAITS: Duration = Duration::from_secs(24 * 3600);
pub const WAITS_TURN_BASED: Duration = Duration::from_secs(7 * 24 * 3600);

/// The challenger's colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Drawn when the challenge is accepted.
    #[default]
    Random,
    /// South, who moves first.
    South,
    North,
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Colour, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "random" => Ok(Colour::Random),
            "south" => Ok(Colour::South),
            "north" => Ok(Colour::North),
            _ => Err(serde::de::Error::custom(format!(
                "color: expected random, south or north, found `{}`",
                quoridor_rules::excerpt(&text, 20)
            ))),
        }
    }
}

/// An account in a challenge, by its id and the name it had.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party {
    pub id: u64,
    pub name: String,
    /// A bot's account.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// A challenge waiting for its answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    pub id: String,
    pub from: Party,
    pub to: Party,
    #[serde(with = "wire::clock")]
    pub clock: Option<TimeControl>,
    pub rated: bool,
    /// Takebacks allowed in the rated game: the challenger offers them,
    /// and accepting the challenge agrees to them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub takebacks: bool,
    pub colour: Colour,
    pub created_ms: u64,
    /// The challenger's rating at the game's speed when it was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_rating: Option<ShownRating>,
    /// The address it was sent from (its limits' key; never shown).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sent_from: String,
}

/// A rating as a list shows it: rounded, and whether it is provisional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownRating {
    pub rating: i32,
    pub provisional: bool,
}

/// Why a challenge cannot be made or answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeRefusal {
    ToSelf,
    /// The challenged player blocks the challenger.
    BlockedByThem,
    /// The challenger blocks the challenged player.
    BlockedByYou,
    TooManySent,
    TooManyWaiting,
    /// The challenger's address has its share out already.
    TooManyFromAddress,
    /// A clock and days at once.
    TwoClocks,
}

impl ChallengeRefusal {
    pub fn words(&self) -> String {
        match self {
            ChallengeRefusal::ToSelf => "you cannot challenge yourself".into(),
            ChallengeRefusal::BlockedByThem => "this player does not take your challenges".into(),
            ChallengeRefusal::BlockedByYou => {
                "you block this player: unblock them to challenge them".into()
            }
            ChallengeRefusal::TooManySent => {
                format!("at most {MAX_SENT} challenges waiting at once: cancel one first")
            }
            ChallengeRefusal::TooManyWaiting => {
                "this player has too many challenges waiting: try again later".into()
            }
            ChallengeRefusal::TooManyFromAddress => {
                "too many challenges wait from your address: wait for their answers".into()
            }
            ChallengeRefusal::TwoClocks => "give either a clock or days per move, not both".into(),
        }
    }
}

/// The terms as asked: a clock (`clock`), days per move (`days`), or
/// neither (a casual game without a clock).
pub fn clock_of(
    clock: Option<TimeControl>,
    days: Option<u64>,
) -> Result<Option<TimeControl>, ChallengeRefusal> {
    match (clock, days) {
        (Some(_), Some(_)) => Err(ChallengeRefusal::TwoClocks),
        (None, Some(days)) => Ok(Some(TimeControl::PerMove(Duration::from_secs(
            days.saturating_mul(24 * 3600),
        )))),
        (clock, None) => Ok(clock),
    }
}

impl Challenge {
    /// The game's settings: the standard game, public, with this clock;
    /// rated only as rated games may be.
    pub fn settings(&self) -> Result<Settings, RoomError> {
        let mut settings = Settings::new(9, 2, Variant::Standard, None)?.with_clock(self.clock)?;
        if self.rated {
            settings.check_rated().map_err(RoomError::Rated)?;
            settings.rated = true;
            settings.rated_takebacks = self.takebacks;
        }
        Ok(settings)
    }

    /// When it stops waiting.
    pub fn expires_ms(&self) -> u64 {
        let waits = if quoridor_game::settings::is_correspondence(self.clock) {
            WAITS_TURN_BASED
        } else {
            WAITS
        };
        self.created_ms + waits.as_millis() as u64
    }

    /// Whether `account` is in it.
    pub fn involves(&self, account: u64) -> bool {
        self.from.id == account || self.to.id == account
    }

    /// Who sits where: the challenger's colour, or a draw (`coin`).
    pub fn seats(&self, coin: bool) -> [(Seat, &Party); 2] {
        let challenger_south = match self.colour {
            Colour::South => true,
            Colour::North => false,
            Colour::Random => coin,
        };
        if challenger_south {
            [(Seat::South, &self.from), (Seat::North, &self.to)]
        } else {
            [(Seat::South, &self.to), (Seat::North, &self.from)]
        }
    }
}

/// Checks a new challenge against the players' blocks and what is already
/// waiting (`open`).
pub fn check_new(
    challenge: &Challenge,
    they_block_you: bool,
    you_block_them: bool,
    open: &[Challenge],
) -> Result<(), ChallengeRefusal> {
    if challenge.from.id == challenge.to.id {
        return Err(ChallengeRefusal::ToSelf);
    }
    if they_block_you {
        return Err(ChallengeRefusal::BlockedByThem);
    }
    if you_block_them {
        return Err(ChallengeRefusal::BlockedByYou);
    }
    if open
        .iter()
        .filter(|c| c.from.id == challenge.from.id)
        .count()
        >= MAX_SENT
    {
        return Err(ChallengeRefusal::TooManySent);
    }
    if open.iter().filter(|c| c.to.id == challenge.to.id).count() >= MAX_WAITING {
        return Err(ChallengeRefusal::TooManyWaiting);
    }
    if !challenge.sent_from.is_empty() {
        let from_here = || open.iter().filter(|c| c.sent_from == challenge.sent_from);
        if from_here().count() >= MAX_SENT_PER_ADDRESS
            || from_here().filter(|c| c.to.id == challenge.to.id).count() >= MAX_WAITING_PER_ADDRESS
        {
            return Err(ChallengeRefusal::TooManyFromAddress);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn party(id: u64) -> Party {
        Party {
            id,
            name: format!("p{id}"),
            bot: false,
        }
    }

    fn challenge(from: u64, to: u64) -> Challenge {
        Challenge {
            id: format!("c{from}-{to}"),
            from: party(from),
            to: party(to),
            clock: Some(TimeControl::Fischer {
                initial: Duration::from_secs(300),
                increment: Duration::from_secs(3),
            }),
            rated: true,
            takebacks: false,
            colour: Colour::Random,
            created_ms: 1_000,
            from_rating: None,
            sent_from: String::new(),
        }
    }

    #[test]
    fn a_challenge_is_refused_to_oneself_and_across_a_block() {
        let c = challenge(1, 2);
        assert_eq!(check_new(&c, false, false, &[]), Ok(()));
        assert_eq!(
            check_new(&challenge(1, 1), false, false, &[]),
            Err(ChallengeRefusal::ToSelf)
        );
        assert_eq!(
            check_new(&c, true, false, &[]),
            Err(ChallengeRefusal::BlockedByThem)
        );
        assert_eq!(
            check_new(&c, false, true, &[]),
            Err(ChallengeRefusal::BlockedByYou)
        );
    }

    #[test]
    fn waiting_challenges_are_counted() {
        let sent: Vec<Challenge> = (0..MAX_SENT as u64).map(|i| challenge(1, 10 + i)).collect();
        assert_eq!(
            check_new(&challenge(1, 2), false, false, &sent),
            Err(ChallengeRefusal::TooManySent)
        );
        let waiting: Vec<Challenge> = (0..MAX_WAITING as u64)
            .map(|i| challenge(100 + i, 2))
            .collect();
        assert_eq!(
            check_new(&challenge(1, 2), false, false, &waiting),
            Err(ChallengeRefusal::TooManyWaiting)
        );
    }

    #[test]
    fn one_address_with_several_accounts_cannot_fill_an_inbox() {
        let from = |account: u64, to: u64| Challenge {
            sent_from: "192.0.2.9".into(),
            ..challenge(account, to)
        };
        // Five accounts of one address, one challenge each to account 2.
        let open: Vec<Challenge> = (0..MAX_WAITING_PER_ADDRESS as u64)
            .map(|i| from(100 + i, 2))
            .collect();
        assert_eq!(
            check_new(&from(200, 2), false, false, &open),
            Err(ChallengeRefusal::TooManyFromAddress)
        );
        // Another address, or another player, still fits.
        let elsewhere = Challenge {
            sent_from: "198.51.100.1".into(),
            ..challenge(200, 2)
        };
        assert_eq!(check_new(&elsewhere, false, false, &open), Ok(()));
        assert_eq!(check_new(&from(200, 3), false, false, &open), Ok(()));
        // All its challenges together are capped too.
        let many: Vec<Challenge> = (0..MAX_SENT_PER_ADDRESS as u64)
            .map(|i| from(300 + i, 1000 + i))
            .collect();
        assert_eq!(
            check_new(&from(400, 5), false, false, &many),
            Err(ChallengeRefusal::TooManyFromAddress)
        );
    }

    #[test]
    fn days_make_a_turn_based_clock_that_waits_a_week() {
        let days = clock_of(None, Some(3)).unwrap();
        assert_eq!(
            days,
            Some(TimeControl::PerMove(Duration::from_secs(3 * 86_400)))
        );
        assert_eq!(clock_of(days, Some(3)), Err(ChallengeRefusal::TwoClocks));
        let mut c = challenge(1, 2);
        assert_eq!(c.expires_ms(), 1_000 + 86_400_000);
        c.clock = days;
        assert_eq!(c.expires_ms(), 1_000 + 7 * 86_400_000);
        assert!(c.settings().unwrap().is_correspondence());
        c.clock = clock_of(None, Some(15)).unwrap();
        assert!(matches!(c.settings(), Err(RoomError::Settings(_))));
        // Rated needs a clock; casual may go without.
        c.clock = None;
        assert!(matches!(c.settings(), Err(RoomError::Rated(_))));
        c.rated = false;
        assert!(c.settings().unwrap().clock.is_none());
    }

    #[test]
    fn the_challenger_sits_where_asked_or_where_drawn() {
        let mut c = challenge(1, 2);
        c.colour = Colour::North;
        assert_eq!(c.seats(true)[1].1.id, 1);
        c.colour = Colour::South;
        assert_eq!(c.seats(false)[0].1.id, 1);
        c.colour = Colour::Random;
        assert_eq!(c.seats(true)[0].1.id, 1);
        assert_eq!(c.seats(false)[0].1.id, 2);
    }
}
