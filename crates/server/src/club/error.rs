//! Why classes and tournaments refuse (the boundary says what each means
//! over HTTP, in `crate::refusals`).

use std::fmt;
use std::time::Duration;

use super::class::ClassError;
use crate::db::StoreError;
use crate::hub::HubError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClubError {
    /// The class or the tournament refuses the change.
    Class(ClassError),
    /// No class of that id or code.
    NoSuchClass,
    NoSuchTournament,
    /// Not the token of the class's teacher.
    NotTeacher,
    /// Not the token of the tournament's organiser.
    NotOrganiser,
    /// No token where one is needed (a pupil's, a teacher's).
    NoToken,
    /// A class's tournament is for the class's pupils: no one else joins.
    ClassOnly,
    /// Chat in a class's game that the teacher has not turned on, or from
    /// someone who is not one of the class's pupils.
    ChatOff,
    /// Not a game of the round being played that is still undecided.
    NotDecidable,
    /// A class code and PIN that do not match.
    WrongPin,
    /// Too many wrong PINs: wait this long.
    TooManyPins(Duration),
    /// A login card that opens no seat (never given, or replaced).
    WrongCard,
    /// Too many wrong cards from this address: wait this long.
    TooManyCards(Duration),
    /// A row of pictures that opens no seat of the class.
    WrongPictures,
    /// The way in by pictures is shut: the teacher opens it.
    PicturesShut,
    /// The pupil came back on another tablet with their card: this one's
    /// token opens nothing any more.
    MovedAway,
    /// This address has this many classes and tournaments already.
    TooMany(usize),
    /// A game of the class or tournament could not be made.
    Hub(HubError),
    Store(StoreError),
    /// The server is stopping, or the work failed inside.
    Unavailable(&'static str),
}

impl fmt::Display for ClubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClubError::Class(err) => err.fmt(f),
            ClubError::NoSuchClass => f.write_str("no such class: check the code"),
            ClubError::NoSuchTournament => f.write_str("no such tournament"),
            ClubError::NotTeacher => f.write_str("this needs the token of the class's teacher"),
            ClubError::NotOrganiser => {
                f.write_str("this needs the token of the tournament's organiser")
            }
            ClubError::NoToken => f.write_str("this needs a token of this class or tournament"),
            ClubError::ClassOnly => f.write_str(
                "this tournament is for the pupils of its class: join the class with its code",
            ),
            ClubError::ChatOff => f.write_str(
                "chat: no chat in this class's games (only their teacher can turn it on, for the pupils)",
            ),
            ClubError::NotDecidable => f.write_str(
                "game: not a game of this tournament's round being played that is still going on",
            ),
            ClubError::WrongPin => {
                f.write_str("wrong code or PIN (after 5 wrong PINs, wait a minute)")
            }
            ClubError::TooManyPins(wait) => write!(
                f,
                "too many wrong PINs: try again in {}",
                crate::limits::wait_words(*wait)
            ),
            ClubError::WrongCard => f.write_str(
                "card: no pupil has this card (it may have been replaced): check its letters",
            ),
            ClubError::TooManyCards(wait) => write!(
                f,
                "too many wrong cards: try again in {}",
                crate::limits::wait_words(*wait)
            ),
            ClubError::WrongPictures => f.write_str(
                "pictures: no pupil of this class has these pictures: tap the ones on your card, in order",
            ),
            ClubError::PicturesShut => f.write_str(
                "pictures: the way in by pictures is shut: the teacher opens it on the class's page",
            ),
            ClubError::MovedAway => f.write_str(
                "this pupil came back on another device with their card: this one left the class",
            ),
            ClubError::TooMany(limit) => {
                write!(f, "at most {limit} unfinished games per client")
            }
            ClubError::Hub(err) => err.fmt(f),
            ClubError::Store(err) => {
                write!(f, "the database failed, nothing was changed: {err}")
            }
            ClubError::Unavailable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ClubError {}

impl From<ClassError> for ClubError {
    fn from(err: ClassError) -> ClubError {
        ClubError::Class(err)
    }
}

impl From<StoreError> for ClubError {
    fn from(err: StoreError) -> ClubError {
        ClubError::Store(err)
    }
}

impl From<quoridor_game::RoomError> for ClubError {
    fn from(err: quoridor_game::RoomError) -> ClubError {
        ClubError::Hub(HubError::Room(err))
    }
}

impl From<HubError> for ClubError {
    fn from(err: HubError) -> ClubError {
        ClubError::Hub(err)
    }
}
