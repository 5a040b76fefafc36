//! What the server sends, as typed views (API.md): the game object, the
//! WebSocket messages, the answers to create and join, errors. Each derives
//! `Serialize` for the server and `Deserialize` for its tests and the load
//! benchmark, so that a renamed field breaks the build, not a run.

use quoridor_game::Moment;

use quoridor_rules::{Entry, Fence, IllegalMove, Position, Seat, Square, SquareIter};
use serde::{Deserialize, Serialize};

use crate::account::view::RatingChangeView;
use quoridor_game::summary::kind_name;
use quoridor_game::wire::{self, PerSeat};
use quoridor_game::{
    entry_text, Abort, DrawOffer, RoomState, Settings, Status, Summary, TakebackOffer,
};

/// Why the rules refuse a move, with a code that pages translate and the
/// English text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReasonView {
    /// The reason's key (`quoridor_exercises::reasons`), which pages say
    /// as `reason.<code>`.
    pub code: String,
    /// The pawn's square, for `not_reachable`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The square it cannot reach, for `not_reachable`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The board's size, for `off_board`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// The fence in the way, for `overlaps` and `crosses`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fence: Option<String>,
    /// The seat concerned, for `no_path_left`, `pawn_arrived` and
    /// `no_way_to_goal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// The square, for `pawn_off_board` and `pawns_share_square`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    pub text: String,
}

impl ReasonView {
    pub fn of(err: IllegalMove) -> ReasonView {
        let mut reason = ReasonView {
            code: quoridor_exercises::reasons::key(&err).into(),
            from: None,
            to: None,
            size: None,
            fence: None,
            seat: None,
            square: None,
            text: err.to_string(),
        };
        match err {
            IllegalMove::NotReachable { from, to } => {
                reason.from = Some(from.to_string());
                reason.to = Some(to.to_string());
            }
            IllegalMove::OffBoard { size } => reason.size = Some(size),
            IllegalMove::Overlaps(fence) | IllegalMove::Crosses(fence) => {
                reason.fence = Some(fence.to_string());
            }
            IllegalMove::NoPathLeft(seat) | IllegalMove::PawnArrived(seat) => {
                reason.seat = Some(seat.name().into());
            }
            IllegalMove::GameOver | IllegalMove::NoFencesLeft | IllegalMove::PassNotAllowed => {}
        }
        reason
    }

    /// Why a position set up breaks the rules (`err` its words).
    pub fn of_setup(r: quoridor_rules::SetupReason, err: &impl std::fmt::Display) -> ReasonView {
        ReasonView {
            code: r.key.into(),
            from: None,
            to: None,
            size: r.size,
            fence: r.fence.map(|f| f.to_string()),
            seat: r.seat.map(|s| s.name().into()),
            square: r.square.map(|s| s.to_string()),
            text: err.to_string(),
        }
    }
}

/// A seat of the game object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    #[serde(with = "wire::seat")]
    pub seat: Seat,
    /// `human` or `ai`.
    pub kind: String,
    pub name: String,
    pub taken: bool,
    pub connected: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The seat is an account's: `name` is its user name (a profile).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub account: bool,
    /// That account is a bot's: a program plays the seat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    /// A player of an online game whose page closed: for how many
    /// milliseconds (the others may claim the win or a draw after 20 s).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gone_ms: Option<u64>,
}

/// An entry of the history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    #[serde(with = "wire::seat")]
    pub seat: Seat,
    /// The move (`e2`, `e3h`, `pass`), or `resign`, `timeout`, `draw`.
    #[serde(rename = "move")]
    pub mv: String,
    pub points: Option<i32>,
    /// Time the seat took.
    pub ms: u64,
    /// The position after the entry, in position notation: what the page
    /// shows when replaying, without rules of its own.
    pub position: String,
}

/// The legal moves of the side to move and why each other fence is refused
/// (every slot of the board is in `fences` or in `blocked`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalView {
    #[serde(with = "wire::squares")]
    pub pawn: Vec<Square>,
    #[serde(with = "wire::fences")]
    pub fences: Vec<Fence>,
    #[serde(with = "wire::blocked")]
    pub blocked: Vec<(Fence, IllegalMove)>,
}

impl LegalView {
    pub fn of(pos: &Position) -> LegalView {
        let (fences, blocked) = pos.fences_judged();
        LegalView {
            pawn: SquareIter::new(pos.pawn_moves()).collect(),
            fences,
            blocked,
        }
    }

    /// Why `fence` is refused, if it is.
    pub fn refusal(&self, fence: Fence) -> Option<IllegalMove> {
        self.blocked
            .iter()
            .find(|(f, _)| *f == fence)
            .map(|(_, err)| *err)
    }
}

/// The clocks: time left per seat, and the seat whose clock runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    pub remaining_ms: PerSeat<u64>,
    #[serde(with = "wire::opt_seat")]
    pub running: Option<Seat>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultView {
    #[serde(with = "wire::seats")]
    pub winners: Vec<Seat>,
    pub draw: bool,
    /// `goal`, `ply limit`, `resignation`, `time`, `agreement`, `aborted`.
    pub termination: String,
    /// An aborted game: which seat, and why (`aborted`: they aborted it;
    /// `no_first_move`: their first move waited 30 s; `never_opened`:
    /// their player did not open the game in 60 s; `nobody_came`: the
    /// game waited for its players until it expired).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abort: Option<Abort>,
    /// The seats that left the game and lost by the others' claim (the
    /// termination says `resignation`).
    #[serde(default, with = "wire::seats", skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<Seat>,
}

/// The game object of API.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    pub id: String,
    pub version: u64,
    pub created_ms: u64,
    pub settings: Settings,
    pub seats: Vec<SeatView>,
    pub status: Status,
    #[serde(with = "wire::seat")]
    pub turn: Seat,
    pub ply: u32,
    /// The position in position notation.
    pub position: String,
    pub pawns: PerSeat<String>,
    pub fences: Vec<String>,
    pub fences_left: PerSeat<u32>,
    pub scores: Option<PerSeat<i32>>,
    #[serde(with = "wire::seats")]
    pub arrived: Vec<Seat>,
    #[serde(with = "wire::seats")]
    pub out: Vec<Seat>,
    /// The whole history has `moves_from + moves.len()` entries: `moves`
    /// are the entries from `moves_from` on (0 in answers over HTTP and in
    /// the first WebSocket message; later messages carry only what changed,
    /// and a page keeps its first `moves_from` entries and appends these).
    pub moves_from: usize,
    pub moves: Vec<MoveView>,
    pub legal: Option<LegalView>,
    pub clock: Option<ClockView>,
    pub draw_offer: Option<DrawOffer>,
    /// A takeback asked for, waiting for the others' answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback_offer: Option<TakebackOffer>,
    /// Whether its players may ask each other to take a move back (a
    /// casual online game between people).
    #[serde(default)]
    pub takeback_allowed: bool,
    pub result: Option<ResultView>,
    pub undo_allowed: bool,
    pub hint_allowed: bool,
    /// Whether the game may still be aborted (nobody loses).
    pub abort_allowed: bool,
    /// The speed of a game with a clock (a rated game is rated at it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<crate::account::speed::Speed>,
    /// An online game with a clock whose seat to move has not moved yet:
    /// the milliseconds left before the game is aborted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move_ms: Option<u64>,
    pub spectators: u32,
    pub rematch: Option<String>,
    /// The seats whose players asked for a rematch not made yet.
    #[serde(default, with = "wire::seats", skip_serializing_if = "Vec::is_empty")]
    pub rematch_asked: Vec<Seat>,
    /// A rated game that ended: each player's rating before and after.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rating_changes: Vec<RatingChangeView>,
}

impl GameView {
    /// The game at `now`, with the history from entry `moves_from` on.
    pub fn of(room: &RoomState, now: Moment, moves_from: usize) -> GameView {
        let pos = room.game.position();
        let seats = pos.seats();
        let status = room.status();
        let scoring = room.settings.variant == quoridor_rules::Variant::Scoring;
        let moves_from = moves_from.min(room.meta.len());
        let moves = room.game.entries()[moves_from..]
            .iter()
            .zip(&room.meta[moves_from..])
            .enumerate()
            .map(|(i, (entry, meta))| MoveView {
                seat: meta.seat,
                mv: entry_text(entry),
                points: meta.points,
                ms: meta.ms,
                position: room
                    .game
                    .position_at(moves_from + i + 1)
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
            })
            .collect();
        GameView {
            id: room.id.clone(),
            version: room.version,
            created_ms: room.created_ms,
            settings: room.settings.clone(),
            seats: room
                .seats
                .iter()
                .enumerate()
                .map(|(i, slot)| SeatView {
                    seat: slot.seat,
                    kind: kind_name(slot.kind).into(),
                    name: slot.name.clone(),
                    taken: !slot.is_free(),
                    connected: !slot.kind.is_human() || room.connections[i] > 0,
                    level: slot.kind.level().map(|l| l.number()),
                    account: slot.account.is_some(),
                    bot: slot.bot,
                    gone_ms: room.gone_for(i, now).map(|d| d.as_millis() as u64),
                })
                .collect(),
            status,
            turn: pos.turn(),
            ply: pos.ply(),
            position: pos.to_string(),
            pawns: PerSeat::of(seats, |s| pos.pawn(s).to_string()),
            fences: pos.fences().map(|f| f.to_string()).collect(),
            fences_left: PerSeat::of(seats, |s| u32::from(pos.fences_left(s))),
            scores: scoring.then(|| PerSeat::of(seats, |s| pos.score(s))),
            arrived: seats
                .iter()
                .copied()
                .filter(|&s| scoring && pos.has_arrived(s))
                .collect(),
            out: seats.iter().copied().filter(|&s| pos.is_out(s)).collect(),
            moves_from,
            moves,
            legal: (status == Status::Playing).then(|| LegalView::of(pos)),
            clock: room.remaining_at(now).map(|left| ClockView {
                remaining_ms: PerSeat::of(seats, |s| left[s.player(pos.players()).unwrap_or(0)]),
                running: room.clock_runs().then(|| pos.turn()),
            }),
            draw_offer: room.draw_offer.clone(),
            takeback_offer: room.takeback_offer.clone(),
            takeback_allowed: room.takeback_refused().is_none(),
            result: room.result().map(|r| ResultView {
                winners: r.winners,
                draw: r.draw,
                termination: r.termination.into(),
                abort: r.abort,
                left: r.left,
            }),
            speed: crate::account::speed::Speed::of(room.settings.clock),
            first_move_ms: room
                .first_move_deadline()
                .map(|d| d.saturating_duration_since(now).as_millis() as u64),
            undo_allowed: room.is_private()
                && room.meta.iter().any(|m| {
                    room.seats
                        .iter()
                        .any(|s| s.seat == m.seat && s.kind.is_human())
                }),
            hint_allowed: room.is_private() && status == Status::Playing,
            abort_allowed: room.abort_allowed(),
            spectators: room.spectators,
            rematch: room.rematch.clone(),
            rematch_asked: room.rematch_asked.clone(),
            rating_changes: room
                .rating_changes
                .iter()
                .map(|c| RatingChangeView {
                    seat: c.seat.name().to_string(),
                    name: room
                        .seats
                        .iter()
                        .find(|s| s.seat == c.seat)
                        .map_or_else(String::new, |s| s.name.clone()),
                    before: c.before.rating.round() as i32,
                    after: c.after.rating.round() as i32,
                    provisional: c.after.is_provisional(),
                })
                .collect(),
        }
    }
}

/// What happened, in a state message, for pages to announce.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventView {
    /// The first message of a connection: the seats it holds.
    Hello {
        #[serde(with = "wire::seats")]
        seats: Vec<Seat>,
    },
    Move {
        #[serde(with = "wire::seat")]
        seat: Seat,
        #[serde(rename = "move")]
        mv: String,
        #[serde(default)]
        game_over: bool,
    },
    Resign {
        #[serde(with = "wire::seat")]
        seat: Seat,
    },
    Timeout {
        #[serde(with = "wire::seat")]
        seat: Seat,
    },
    Draw {
        #[serde(with = "wire::seat")]
        seat: Seat,
    },
    Undo {
        moves: usize,
    },
    Join {
        #[serde(with = "wire::seat")]
        seat: Seat,
        name: String,
    },
    DrawOffer {
        #[serde(with = "wire::seat")]
        seat: Seat,
    },
    DrawDeclined,
    /// A player asks to take their last move back.
    TakebackOffer {
        #[serde(with = "wire::seat")]
        seat: Seat,
    },
    /// The takeback asked for was refused.
    TakebackDeclined,
    DrawAccepted {
        #[serde(with = "wire::seats")]
        waiting: Vec<Seat>,
    },
    Rematch {
        id: String,
    },
    Aborted,
    Connected {
        #[serde(with = "wire::seats")]
        seats: Vec<Seat>,
    },
    Disconnected {
        #[serde(with = "wire::seats")]
        seats: Vec<Seat>,
    },
    SpectatorJoined,
    SpectatorLeft,
    /// Nothing worth announcing (a clock state, a resync).
    Other,
}

impl EventView {
    /// What happened between two states of a game.
    pub fn between(old: &RoomState, new: &RoomState) -> EventView {
        let (before, after) = (old.game.entries().len(), new.game.entries().len());
        if after > before {
            let seat = new.meta[after - 1].seat;
            return match new.game.entries()[after - 1] {
                Entry::Move(mv) => EventView::Move {
                    seat,
                    mv: mv.to_string(),
                    game_over: new.game.is_over(),
                },
                Entry::Resign(_) => EventView::Resign { seat },
                Entry::Timeout(_) => EventView::Timeout { seat },
                Entry::DrawAgreed => EventView::Draw { seat },
            };
        }
        if after < before {
            return EventView::Undo {
                moves: before - after,
            };
        }
        if new.aborted && !old.aborted {
            return EventView::Aborted;
        }
        for (a, b) in old.seats.iter().zip(&new.seats) {
            if a.holder.is_none() && b.holder.is_some() {
                return EventView::Join {
                    seat: b.seat,
                    name: b.name.clone(),
                };
            }
        }
        match (&old.takeback_offer, &new.takeback_offer) {
            (None, Some(offer)) => return EventView::TakebackOffer { seat: offer.by },
            (Some(_), None) => return EventView::TakebackDeclined,
            _ => {}
        }
        match (&old.draw_offer, &new.draw_offer) {
            (None, Some(offer)) => EventView::DrawOffer { seat: offer.by },
            (Some(_), None) => EventView::DrawDeclined,
            (Some(_), Some(offer)) => EventView::DrawAccepted {
                waiting: offer.waiting.clone(),
            },
            (None, None) => match (&old.rematch, &new.rematch) {
                (None, Some(id)) => EventView::Rematch { id: id.clone() },
                _ => EventView::Other,
            },
        }
    }
}

/// An error: a code for programs, a message for people, and for an illegal
/// move why the rules refuse it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorView {
    pub code: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<ReasonView>,
}

/// The body of every refused HTTP request: `{"error": {...}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub error: ErrorView,
}

/// A message the server sends over the WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage {
    /// The game after a change (or when connecting).
    State {
        event: EventView,
        /// The seats this connection holds (first message only).
        #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_seats")]
        you: Option<Vec<Seat>>,
        game: Box<GameView>,
    },
    Error {
        error: ErrorView,
    },
    Pong,
    /// A chat line (to connections that turned the chat on).
    Chat {
        line: crate::hub::chat::ChatLine,
    },
    /// The kept lines of the connection's channel, when it turns the chat on.
    #[serde(rename = "chat_history")]
    ChatHistory {
        lines: Vec<crate::hub::chat::ChatLine>,
    },
}

/// An optional list of seats by name.
mod opt_seats {
    use super::*;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seats: &Option<Vec<Seat>>, s: S) -> Result<S::Ok, S::Error> {
        match seats {
            Some(seats) => s.collect_seq(seats.iter().map(|seat| seat.name())),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Seat>>, D::Error> {
        #[derive(Deserialize)]
        struct Named(#[serde(with = "wire::seat")] Seat);
        Ok(Option::<Vec<Named>>::deserialize(d)?.map(|v| v.into_iter().map(|n| n.0).collect()))
    }
}

/// A rematch offered, waiting for the other players (`202`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RematchOfferView {
    pub offered: bool,
    pub game: GameView,
}

/// The answer to a create, join or rematch: the token that holds `seats`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatedView {
    pub id: String,
    pub token: String,
    #[serde(with = "wire::seats")]
    pub seats: Vec<Seat>,
    /// The link that invites a person to each free seat.
    pub invites: PerSeat<String>,
    pub game: GameView,
}

/// The answer to a hint request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HintView {
    #[serde(rename = "move")]
    pub mv: String,
    /// The shortest path of the seat to move, from its pawn's square
    /// (included) to the goal line: `path.len() - 1` steps.
    pub path: Vec<String>,
    /// The expected outcome for the seat to move, from 0 to 1.
    pub score: f64,
    pub pv: Vec<String>,
    /// What the move does to every pawn's shortest path, so that the page
    /// can say why it is good.
    pub steps: Vec<StepsView>,
}

/// A seat's shortest path in steps, before and after a hinted move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepsView {
    #[serde(with = "wire::seat")]
    pub seat: Seat,
    pub before: u32,
    pub after: u32,
}

impl StepsView {
    pub fn of(steps: &quoridor_engine::hint::Steps) -> StepsView {
        StepsView {
            seat: steps.seat,
            before: steps.before,
            after: steps.after,
        }
    }
}

/// The lists of games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListView {
    pub games: Vec<Summary>,
}

/// How a game stands, for a list of one's recent games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStatusView {
    pub id: String,
    pub status: Status,
    pub created_ms: u64,
    /// Entries played so far.
    pub moves: usize,
    pub result: Option<ResultView>,
}

/// `GET /api/games/status?ids=…`: the games found, in the order asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusListView {
    pub games: Vec<GameStatusView>,
}

/// `GET /api/health`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HealthView {
    pub ok: bool,
    /// Games in memory: every unfinished one and some finished ones.
    pub games: usize,
    /// Of those, the finished ones (the most recent, and those followed).
    #[serde(default)]
    pub finished: usize,
    pub connections: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Move;

    /// The fast path agrees with checking every slot one by one, and the
    /// view reads back.
    #[test]
    fn legal_fences_agree_with_check() {
        let mut pos = Position::new(quoridor_rules::Ruleset::new(5, 2).unwrap());
        for ply in 0..14usize {
            let legal = LegalView::of(&pos);
            for fence in Fence::slots(5) {
                let listed = legal.fences.contains(&fence);
                assert_eq!(listed, pos.check(Move::Fence(fence)).is_ok(), "{fence}");
                assert_eq!(listed, legal.refusal(fence).is_none(), "{fence}");
            }
            let text = serde_json::to_string(&legal).unwrap();
            assert_eq!(
                serde_json::from_str::<LegalView>(&text).unwrap(),
                legal,
                "{text}"
            );
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_over() {
                break;
            }
            let mv = moves[(ply * 7 + 3) % moves.len()];
            pos.play(mv).unwrap();
        }
    }
}
