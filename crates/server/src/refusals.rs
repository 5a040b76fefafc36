//! What every feature's refusal means over HTTP: its status and its code
//! for programs (API.md, "Errors"), in one table per feature, all here.
//! The features say no in their own words; this is the only place that
//! turns their errors into statuses.

use axum::http::StatusCode;
use quoridor_rules::ParseError;

use crate::account::AccountError;
use crate::analysis::AnalysisError;
use crate::challenge::model::ChallengeRefusal;
use crate::challenge::ChallengeError;
use crate::classroom::ClassroomError;
use crate::club::class::ClassError;
use crate::club::ClubError;
use crate::db::StoreError;
use crate::error::Refusal;
use crate::hub::HubError;
use crate::learn::LearnError;
use crate::limits::workers::WorkFailed;
use crate::lobby::LobbyError;
use crate::push::PushError;
use crate::view::ReasonView;
use quoridor_game::RoomError;

type Said = (StatusCode, &'static str);

const STORAGE: Said = (StatusCode::INTERNAL_SERVER_ERROR, "storage");
const UNAVAILABLE: Said = (StatusCode::SERVICE_UNAVAILABLE, "unavailable");
const NOT_FOUND: Said = (StatusCode::NOT_FOUND, "not_found");
const BAD_REQUEST: Said = (StatusCode::BAD_REQUEST, "bad_request");
const UNAUTHORIZED: Said = (StatusCode::UNAUTHORIZED, "unauthorized");
const TOO_MANY_ROOMS: Said = (StatusCode::TOO_MANY_REQUESTS, "too_many_rooms");

impl Refusal for RoomError {
    /// The code is the game crate's ([`RoomError::code`], the same in the
    /// page's games on the device); the status is said here.
    fn status_and_code(&self) -> Said {
        use RoomError as R;
        let status = match self {
            R::Unauthorized => StatusCode::UNAUTHORIZED,
            R::NoSuchSeat(_) | R::Settings(_) => StatusCode::BAD_REQUEST,
            R::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
            R::NotYourTurn(_)
            | R::TimeUp(_)
            | R::GameOver
            | R::NotStarted
            | R::SeatTaken(_)
            | R::NoFreeSeat
            | R::Stale
            | R::NotYet => StatusCode::CONFLICT,
            _ => StatusCode::FORBIDDEN,
        };
        (status, self.code())
    }

    fn reason(&self) -> Option<ReasonView> {
        match self {
            RoomError::Illegal(err) => Some(ReasonView::of(*err)),
            _ => None,
        }
    }
}

/// A move that is not written as a move.
impl Refusal for ParseError {
    fn status_and_code(&self) -> Said {
        (StatusCode::BAD_REQUEST, "bad_move")
    }
}

impl Refusal for StoreError {
    fn status_and_code(&self) -> Said {
        STORAGE
    }
}

impl Refusal for HubError {
    fn status_and_code(&self) -> Said {
        match self {
            HubError::Room(err) => err.status_and_code(),
            HubError::NoSuchGame => NOT_FOUND,
            HubError::TooManyRooms(_) => TOO_MANY_ROOMS,
            HubError::Full
            | HubError::TooManyWaiting
            | HubError::Stopping
            | HubError::SearchFailed => UNAVAILABLE,
            HubError::SearchesPerClient => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            HubError::SearchesBusy | HubError::Elsewhere(_) => UNAVAILABLE,
            HubError::Account(err) => err.status_and_code(),
            HubError::Store(_) => STORAGE,
        }
    }

    fn retry_after(&self) -> Option<std::time::Duration> {
        match self {
            HubError::SearchesPerClient | HubError::SearchesBusy | HubError::Elsewhere(_) => {
                Some(std::time::Duration::from_secs(1))
            }
            _ => None,
        }
    }

    fn reason(&self) -> Option<ReasonView> {
        match self {
            HubError::Room(err) => err.reason(),
            _ => None,
        }
    }
}

impl Refusal for AccountError {
    fn status_and_code(&self) -> Said {
        use AccountError as A;
        match self {
            A::BadName(_) | A::BadPassword(_) | A::NotRated(_) => BAD_REQUEST,
            A::BlockListFull(_) | A::SelfBlock => BAD_REQUEST,
            A::NameTaken => (StatusCode::CONFLICT, "name_taken"),
            A::WrongPassword => (StatusCode::UNAUTHORIZED, "wrong_password"),
            A::TooManyTries(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_tries"),
            A::TooManySignUps(_) => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            A::NotLoggedIn => (StatusCode::UNAUTHORIZED, "not_logged_in"),
            A::BadApiToken => (StatusCode::UNAUTHORIZED, "bad_token"),
            A::TooManyApiTokens(_) => (StatusCode::CONFLICT, "too_many_tokens"),
            A::NoSuchApiToken => NOT_FOUND,
            A::BadTokenLabel(_) => BAD_REQUEST,
            A::NotNewForBot => (StatusCode::CONFLICT, "has_played"),
            A::NoBotsHere => (StatusCode::FORBIDDEN, "no_bots_here"),
            A::NoSuchPlayer => NOT_FOUND,
            A::GamesInProgress(_) => (StatusCode::CONFLICT, "games_in_progress"),
            A::Store(_) => STORAGE,
            A::Unavailable(_) => UNAVAILABLE,
        }
    }

    fn retry_after(&self) -> Option<std::time::Duration> {
        match self {
            AccountError::TooManyTries(wait) | AccountError::TooManySignUps(wait) => Some(*wait),
            _ => None,
        }
    }
}

impl Refusal for ClassError {
    fn status_and_code(&self) -> Said {
        use ClassError as C;
        match self {
            C::BadName(_) | C::BadAssignment(_) | C::BadPin | C::BadGroups(_) => BAD_REQUEST,
            C::Full(..) => (StatusCode::CONFLICT, "full"),
            C::TryFirst => (StatusCode::CONFLICT, "try_first"),
            C::NoSkip => (StatusCode::CONFLICT, "no_skip"),
            C::NotRightYet(_) => (StatusCode::CONFLICT, "until_right"),
            C::NoSuchPupil | C::NoSuchAssignment | C::NoSuchExercise | C::NoSuchGroup => NOT_FOUND,
        }
    }
}

impl Refusal for ClubError {
    fn status_and_code(&self) -> Said {
        match self {
            ClubError::Class(err) => err.status_and_code(),
            ClubError::NoSuchClass | ClubError::NoSuchTournament => NOT_FOUND,
            ClubError::NotTeacher | ClubError::NotOrganiser | ClubError::NoToken => UNAUTHORIZED,
            ClubError::ClassOnly | ClubError::ChatOff => (StatusCode::FORBIDDEN, "not_allowed"),
            ClubError::NotDecidable => (StatusCode::CONFLICT, "not_decidable"),
            ClubError::WrongPin => (StatusCode::UNAUTHORIZED, "wrong_pin"),
            ClubError::TooManyPins(_) | ClubError::TooManyCards(_) => {
                (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
            }
            ClubError::WrongCard => (StatusCode::UNAUTHORIZED, "wrong_card"),
            ClubError::WrongPictures => (StatusCode::UNAUTHORIZED, "wrong_pictures"),
            ClubError::PicturesShut => (StatusCode::FORBIDDEN, "pictures_shut"),
            ClubError::MovedAway => (StatusCode::UNAUTHORIZED, "moved_away"),
            ClubError::TooMany(_) => TOO_MANY_ROOMS,
            ClubError::Hub(err) => err.status_and_code(),
            ClubError::Store(_) => STORAGE,
            ClubError::Unavailable(_) => UNAVAILABLE,
        }
    }

    fn reason(&self) -> Option<ReasonView> {
        match self {
            ClubError::Hub(err) => err.reason(),
            _ => None,
        }
    }

    fn retry_after(&self) -> Option<std::time::Duration> {
        match self {
            ClubError::TooManyPins(wait) | ClubError::TooManyCards(wait) => Some(*wait),
            _ => None,
        }
    }
}

impl Refusal for PushError {
    fn status_and_code(&self) -> Said {
        match self {
            PushError::Endpoint | PushError::Keys(_) => BAD_REQUEST,
            PushError::Store(_) => STORAGE,
        }
    }
}

impl Refusal for LobbyError {
    fn status_and_code(&self) -> Said {
        match self {
            LobbyError::Refused(_) => BAD_REQUEST,
            LobbyError::Room(err) => err.status_and_code(),
            LobbyError::Account(err) => err.status_and_code(),
            LobbyError::Full | LobbyError::Stopping => UNAVAILABLE,
            LobbyError::Hub(err) => err.status_and_code(),
            LobbyError::Store(_) => STORAGE,
        }
    }
}

impl Refusal for ChallengeError {
    fn status_and_code(&self) -> Said {
        use ChallengeRefusal as C;
        match self {
            ChallengeError::Refused(C::ToSelf) => (StatusCode::FORBIDDEN, "not_allowed"),
            ChallengeError::Refused(C::BlockedByThem | C::BlockedByYou) => {
                (StatusCode::FORBIDDEN, "challenge_blocked")
            }
            ChallengeError::Refused(C::TooManySent | C::TooManyWaiting | C::TooManyFromAddress) => {
                (StatusCode::TOO_MANY_REQUESTS, "too_many_challenges")
            }
            ChallengeError::Refused(C::TwoClocks) => BAD_REQUEST,
            ChallengeError::NoSuchChallenge => NOT_FOUND,
            ChallengeError::Account(err) => err.status_and_code(),
            ChallengeError::Room(err) => err.status_and_code(),
            ChallengeError::Hub(err) => err.status_and_code(),
            ChallengeError::Store(_) => STORAGE,
            ChallengeError::Stopping => UNAVAILABLE,
        }
    }
}

impl Refusal for AnalysisError {
    fn status_and_code(&self) -> Said {
        match self {
            AnalysisError::Position(_) | AnalysisError::NotAnalysable(_) => BAD_REQUEST,
            AnalysisError::QueueFull | AnalysisError::Unavailable(_) => UNAVAILABLE,
            AnalysisError::PerClient => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            AnalysisError::Hub(err) => err.status_and_code(),
            AnalysisError::Store(_) => STORAGE,
        }
    }

    fn retry_after(&self) -> Option<std::time::Duration> {
        match self {
            AnalysisError::PerClient => Some(std::time::Duration::from_secs(10)),
            AnalysisError::QueueFull => Some(std::time::Duration::from_secs(60)),
            AnalysisError::Hub(err) => err.retry_after(),
            _ => None,
        }
    }

    /// A position that breaks the rules says which rule, as a move's
    /// refusal does.
    fn reason(&self) -> Option<ReasonView> {
        match self {
            AnalysisError::Position(err) => {
                quoridor_rules::SetupReason::of(err).map(|r| ReasonView::of_setup(r, err))
            }
            _ => None,
        }
    }
}

impl Refusal for ClassroomError {
    fn status_and_code(&self) -> Said {
        match self {
            ClassroomError::BadExercise(_) => (StatusCode::UNPROCESSABLE_ENTITY, "bad_exercise"),
            ClassroomError::NoSuchExercise => NOT_FOUND,
            ClassroomError::TooManyExercises(_) => {
                (StatusCode::TOO_MANY_REQUESTS, "too_many_exercises")
            }
            ClassroomError::NotYourExercise => UNAUTHORIZED,
            ClassroomError::Store(_) => STORAGE,
            ClassroomError::Unavailable(_) => UNAVAILABLE,
            ClassroomError::Work(WorkFailed::PerClient) => {
                (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
            }
            ClassroomError::Work(_) => UNAVAILABLE,
        }
    }

    fn retry_after(&self) -> Option<std::time::Duration> {
        match self {
            ClassroomError::Work(WorkFailed::PerClient | WorkFailed::Busy) => {
                Some(std::time::Duration::from_secs(2))
            }
            _ => None,
        }
    }
}

impl Refusal for quoridor_exercises::page::PageError {
    fn status_and_code(&self) -> Said {
        match self {
            Self::BadRequest(_) => BAD_REQUEST,
            Self::BadExercise(_) => (StatusCode::UNPROCESSABLE_ENTITY, "bad_exercise"),
        }
    }
}

impl Refusal for LearnError {
    fn status_and_code(&self) -> Said {
        match self {
            LearnError::NoSuchLesson | LearnError::NoSuchPuzzle => NOT_FOUND,
            LearnError::BadRequest(_) => BAD_REQUEST,
            LearnError::BadMove(err) => err.status_and_code(),
        }
    }
}

impl Refusal for crate::hub::chat::ChatError {
    fn status_and_code(&self) -> Said {
        BAD_REQUEST
    }
}
