//! Why the game model refuses a change, and the code a program reads for
//! each ([`RoomError::code`]). The model knows nothing of HTTP: the server
//! adds each code's status.

use std::fmt;

use quoridor_rules::{IllegalMove, Seat};

/// What a private game (against the AI or on one screen) allows that an
/// online game does not.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PrivateOnly {
    Undo,
    Hint,
}

/// Why a change to a game was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomError {
    /// The token holds no seat of this game.
    Unauthorized,
    /// It is another seat's turn.
    NotYourTurn(Seat),
    /// The clock of the seat to move has fallen (the timer ends the game).
    TimeUp(Seat),
    /// A human seat is still free.
    NotStarted,
    GameOver,
    SeatTaken(Seat),
    NoFreeSeat,
    /// The seat does not play in this game.
    NoSuchSeat(Seat),
    /// The rules refuse the move.
    Illegal(IllegalMove),
    /// The token does not hold this seat.
    NotYourSeat(Seat),
    /// Every seat of the token has left the game.
    NoSeatPlaying,
    /// Only in a game against the AI or on one screen.
    PrivateOnly(PrivateOnly),
    NothingToUndo,
    NoDrawOffer,
    /// The draw offer does not wait for this token's seats.
    OfferNotForYou,
    /// No takeback asked for to answer.
    NoTakebackOffer,
    /// No takeback in this game: why.
    NoTakeback(&'static str),
    /// An AI seat declines a draw it leads.
    AiDeclinesDraw(Seat),
    /// A rematch is for a finished game.
    NotOver,
    /// A tournament's game has no rematch: the tournament pairs the next.
    TournamentGame,
    /// Every seat has moved: the game can no longer be aborted.
    TooLateToAbort,
    /// A claim while no other player has been gone long enough.
    NobodyGone,
    /// A rematch declined that nobody offered (or one's own).
    NoRematchOffer,
    /// The settings of a new game (size, players, fences, clock, name).
    Settings(String),
    /// A change prepared for an older history (an AI move after an undo).
    Stale,
    /// The clock has not fallen yet (a timer that woke early).
    NotYet,
    /// A rated game's seat taken without an account, or by the account
    /// that holds the other seat.
    Rated(&'static str),
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RoomError::*;
        match self {
            Unauthorized => f.write_str("this needs the token of a seat of this game"),
            NotYourTurn(turn) => write!(f, "it is {turn}'s turn"),
            TimeUp(turn) => write!(f, "{turn}'s time is up"),
            NotStarted => f.write_str("the game waits for players to take the free seats"),
            GameOver => f.write_str("the game is over"),
            SeatTaken(seat) => write!(f, "{seat} is already taken"),
            NoFreeSeat => f.write_str("every seat of this game is taken"),
            NoSuchSeat(seat) => write!(f, "seat: {seat} does not play in this game"),
            Illegal(err) => err.fmt(f),
            NotYourSeat(seat) => write!(f, "your token does not hold {seat}"),
            NoSeatPlaying => f.write_str("none of your seats is still playing"),
            PrivateOnly(self::PrivateOnly::Undo) => {
                f.write_str("undo is only for games against the AI or on one screen")
            }
            PrivateOnly(self::PrivateOnly::Hint) => {
                f.write_str("hints are only for games against the AI or on one screen")
            }
            NothingToUndo => f.write_str("there is no move of yours to take back"),
            NoDrawOffer => f.write_str("there is no draw offer to answer"),
            OfferNotForYou => f.write_str("the offer is not waiting for you"),
            NoTakebackOffer => f.write_str("nobody asked to take a move back"),
            NoTakeback(why) => f.write_str(why),
            AiDeclinesDraw(seat) => write!(f, "{seat} (AI) declines the draw"),
            NotOver => f.write_str("a rematch is for a finished game"),
            TournamentGame => f.write_str(
                "a tournament's game has no rematch: the tournament pairs the next game",
            ),
            TooLateToAbort => {
                f.write_str("a game can only be aborted before every player has moved, and never a tournament's or a class's game")
            }
            NoRematchOffer => f.write_str("no rematch is offered to you"),
            NobodyGone => f.write_str(
                "no other player has been gone 20 s: the win or a draw can be claimed only then",
            ),
            Settings(why) => f.write_str(why),
            Stale => f.write_str("the game has changed meanwhile"),
            NotYet => f.write_str("the clock has not run out"),
            Rated(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for RoomError {}

impl RoomError {
    /// The code a program reads (API.md, "Errors"): the same from the
    /// server and from the page's games on the device. The server adds
    /// the HTTP status.
    pub fn code(&self) -> &'static str {
        use RoomError::*;
        match self {
            Unauthorized => "unauthorized",
            NotYourTurn(_) => "not_your_turn",
            TimeUp(_) | GameOver => "game_over",
            NotStarted => "not_started",
            SeatTaken(_) => "seat_taken",
            NoFreeSeat => "no_free_seat",
            NoSuchSeat(_) | Settings(_) => "bad_request",
            Illegal(_) => "illegal_move",
            NoSeatPlaying | NotYourSeat(_) | PrivateOnly(_) | NothingToUndo | NoDrawOffer
            | OfferNotForYou | NoTakebackOffer | NoTakeback(_) | AiDeclinesDraw(_) | NotOver
            | TournamentGame | TooLateToAbort | NobodyGone | NoRematchOffer | Rated(_) => {
                "not_allowed"
            }
            Stale | NotYet => "stale",
        }
    }
}

impl From<IllegalMove> for RoomError {
    fn from(err: IllegalMove) -> RoomError {
        match err {
            IllegalMove::GameOver => RoomError::GameOver,
            err => RoomError::Illegal(err),
        }
    }
}
