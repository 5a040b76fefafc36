//! One game of the bot: followed on the game's WebSocket, played with the
//! engine program whenever one of the bot's seats is to move, and followed
//! again after the connection drops (the server's state says what was
//! missed; a move chosen for a turn is not chosen twice). The engine
//! program (`quoridor gtp` or any other speaking PROTOCOL.md) is started
//! for the game and told each move as it comes; a move the server refuses
//! starts it afresh on the server's game, and after three refusals, or an
//! engine that cannot answer, the bot resigns rather than lose on time.

use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use quoridor_engine::{SearchLimit, TimeControl};
use quoridor_rules::{Game, Move, Seat};
use quoridor_server::view::{GameView, MoveView, ServerMessage};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use super::server::Socket;
use super::Context;
use crate::matches::player::{Player, PlayerError};
use crate::matches::program::ProgramPlayer;

/// A connection is thought dead when nothing came for this long (the bot
/// pings at half of it).
const SILENCE: Duration = Duration::from_secs(40);
/// Time kept back from the clock for the network.
const NETWORK_MARGIN: Duration = Duration::from_millis(300);
/// Refused moves before the bot resigns.
const MOST_REFUSALS: u32 = 3;

/// How a game ended for the bot, for its log.
pub enum Ending {
    /// The game is over: how, as the server says.
    Over(String),
    /// The bot gave up on it (why).
    Left(String),
}

/// Why following the game on one connection stopped.
enum Stop {
    Ended(Ending),
    Dropped(String),
}

/// One game and what the bot knows of it.
struct Table {
    id: String,
    ctx: Arc<Context>,
    /// The seats the bot plays.
    seats: Vec<Seat>,
    /// The game's entries, in order.
    history: Vec<MoveView>,
    engine: Option<ProgramPlayer>,
    /// The moves the engine's board holds (`None`: start it afresh).
    told: Option<Vec<Move>>,
    /// The move chosen for a turn (the number of entries before it), sent
    /// again rather than thought again after a reconnection.
    chosen: Option<(usize, Move)>,
    refusals: u32,
}

/// Plays game `id` to its end (or until the bot cannot go on).
pub async fn play(ctx: Arc<Context>, id: String) -> Ending {
    let mut table = Table {
        id,
        ctx,
        seats: Vec::new(),
        history: Vec::new(),
        engine: None,
        told: None,
        chosen: None,
        refusals: 0,
    };
    let path = format!("/api/games/{}/ws", table.id);
    let mut wait = Duration::from_secs(1);
    loop {
        match table.ctx.server.socket(&path).await {
            Ok(socket) => {
                wait = Duration::from_secs(1);
                match table.follow(socket).await {
                    Stop::Ended(ending) => return ending,
                    Stop::Dropped(why) => {
                        table.say(&format!("connection lost ({why}); reconnecting"))
                    }
                }
            }
            Err(failure) if !failure.is_passing() => {
                return Ending::Left(failure.to_string());
            }
            Err(failure) => table.say(&format!("{failure}; trying again in {} s", wait.as_secs())),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(30));
    }
}

impl Table {
    fn say(&self, what: &str) {
        super::say(&format!("game {}: {what}", self.id));
    }

    /// Follows the game on one connection.
    async fn follow(&mut self, socket: Socket) -> Stop {
        let (mut sink, mut stream) = socket.split();
        let mut last: Option<GameView> = None;
        // The turn (entries before it) a move was sent for on this
        // connection: other states of that turn (a player's page coming
        // back, an offer) do not send it again.
        let mut sent_for: Option<usize> = None;
        let mut pinged = false;
        loop {
            let message = match tokio::time::timeout(SILENCE / 2, stream.next()).await {
                Err(_) if pinged => return Stop::Dropped("no answer to a ping".into()),
                Err(_) => {
                    pinged = true;
                    if send(&mut sink, json!({"type": "ping"})).await.is_err() {
                        return Stop::Dropped("the ping could not be sent".into());
                    }
                    continue;
                }
                Ok(None) => return Stop::Dropped("closed".into()),
                Ok(Some(Err(err))) => return Stop::Dropped(err.to_string()),
                Ok(Some(Ok(message))) => message,
            };
            pinged = false;
            let Message::Text(text) = message else {
                continue;
            };
            let Ok(message) = serde_json::from_str::<ServerMessage>(&text) else {
                continue;
            };
            let game = match message {
                ServerMessage::State { you, game, .. } => {
                    if let Some(you) = you {
                        self.seats = you;
                    }
                    if self.seats.is_empty() {
                        return Stop::Ended(Ending::Left("the bot holds no seat of it".into()));
                    }
                    self.history.truncate(game.moves_from);
                    self.history.extend(game.moves.iter().cloned());
                    *game
                }
                ServerMessage::Error { error } => {
                    self.say(&format!(
                        "the server refused: {} ({})",
                        error.message, error.code
                    ));
                    let Some(game) = last.clone() else { continue };
                    if !matches!(error.code.as_str(), "illegal_move" | "bad_move") {
                        continue;
                    }
                    sent_for = None;
                    // Start the engine afresh on the server's game.
                    self.refusals += 1;
                    self.told = None;
                    self.chosen = None;
                    if self.refusals >= MOST_REFUSALS {
                        return self.resign(&mut sink, "three moves refused").await;
                    }
                    game
                }
                _ => continue,
            };
            if let Some(ending) = over(&game) {
                return Stop::Ended(Ending::Over(ending));
            }
            if let Err(why) = self.answer_offers(&mut sink, &game).await {
                return Stop::Dropped(why);
            }
            let to_move = game.status == quoridor_game::Status::Playing
                && self.seats.contains(&game.turn)
                && sent_for != Some(self.history.len());
            if to_move {
                let mv = match self.choose(&game).await {
                    Ok(mv) => mv,
                    Err(PlayerError::Resigned) => {
                        return self.resign(&mut sink, "the engine resigned").await
                    }
                    Err(err) => return self.resign(&mut sink, &format!("the engine {err}")).await,
                };
                if let Err(why) =
                    send(&mut sink, json!({"type": "move", "move": mv.to_string()})).await
                {
                    return Stop::Dropped(why);
                }
                sent_for = Some(self.history.len());
            }
            last = Some(game);
        }
    }

    /// Declines the draws and takebacks offered to the bot's seats: the
    /// engine plays on.
    async fn answer_offers(&mut self, sink: &mut Sink, game: &GameView) -> Result<(), String> {
        let waits = |waiting: &[Seat]| waiting.iter().any(|s| self.seats.contains(s));
        if game.draw_offer.as_ref().is_some_and(|o| waits(&o.waiting)) {
            send(sink, json!({"type": "draw", "action": "decline"})).await?;
        }
        if game
            .takeback_offer
            .as_ref()
            .is_some_and(|o| waits(&o.waiting))
        {
            send(sink, json!({"type": "takeback", "action": "decline"})).await?;
        }
        Ok(())
    }

    async fn resign(&mut self, sink: &mut Sink, why: &str) -> Stop {
        self.say(&format!("resigning: {why}"));
        let _ = send(sink, json!({"type": "resign"})).await;
        Stop::Ended(Ending::Left(format!("resigned: {why}")))
    }

    /// The engine's move for the turn of `view`; the engine is started, or
    /// told the moves it has not heard, first.
    async fn choose(&mut self, view: &GameView) -> Result<Move, PlayerError> {
        let game = rebuild(view, &self.history).map_err(PlayerError::Crash)?;
        let turn = self.history.len();
        if let Some((at, mv)) = self.chosen {
            if at == turn {
                return Ok(mv);
            }
        }
        let left = view
            .clock
            .as_ref()
            .and_then(|c| c.remaining_ms.get(view.turn))
            .map(|&ms| Duration::from_millis(ms));
        let correspondence = view.settings.is_correspondence();
        let limit = limit_of(view.settings.clock, correspondence, left, self.ctx.think);
        let moves: Vec<Move> = game.moves().collect();
        let news = match &self.told {
            Some(told) if moves.starts_with(told) => Some(moves[told.len()..].to_vec()),
            _ => None,
        };
        let engine = match self.engine.take() {
            Some(engine) => engine,
            None => ProgramPlayer::start("engine", &self.ctx.engine, None, None)
                .map_err(PlayerError::Crash)?,
        };
        let thought = tokio::task::spawn_blocking(move || {
            let mut engine = engine;
            let told = match news {
                Some(news) => news
                    .iter()
                    .try_for_each(|&mv| engine.opponent_moved(&game, mv)),
                None => engine.new_game(&game),
            };
            let chosen = told.and_then(|()| engine.choose(&game, limit));
            (engine, chosen)
        })
        .await
        .map_err(|_| PlayerError::Crash("the engine's thread stopped".into()))?;
        let (engine, chosen) = thought;
        self.engine = Some(engine);
        match chosen {
            Ok(mv) => {
                let mut told = moves;
                told.push(mv);
                self.told = Some(told);
                self.chosen = Some((turn, mv));
                Ok(mv)
            }
            Err(err) => {
                self.told = None;
                Err(err)
            }
        }
    }
}

type Sink = futures_util::stream::SplitSink<Socket, Message>;

async fn send(sink: &mut Sink, message: Value) -> Result<(), String> {
    sink.send(Message::text(message.to_string()))
        .await
        .map_err(|err| err.to_string())
}

/// How the game ended, once it has.
fn over(game: &GameView) -> Option<String> {
    if game.status != quoridor_game::Status::Over {
        return None;
    }
    let Some(result) = &game.result else {
        return Some("over".into());
    };
    let winners: Vec<&str> = result.winners.iter().map(|s| s.name()).collect();
    Some(if result.draw {
        format!("drawn ({})", result.termination)
    } else {
        format!("won by {} ({})", winners.join(", "), result.termination)
    })
}

/// The game from its rules and its entries (moves; an ending entry such as
/// `resign` ends the list).
fn rebuild(view: &GameView, history: &[MoveView]) -> Result<Game, String> {
    let rules = view
        .settings
        .ruleset()
        .map_err(|err| format!("the game's rules: {err}"))?;
    let mut game = Game::new(rules);
    for entry in history {
        let Ok(mv) = entry.mv.parse::<Move>() else {
            break;
        };
        game.play(mv)
            .map_err(|err| format!("the server's move {mv}: {err}"))?;
    }
    Ok(game)
}

/// The engine's time for the move: the clock's (the time `left` less a
/// margin for the network), a move's time, or `think` in a game without a
/// clock or with days a move.
fn limit_of(
    control: Option<TimeControl>,
    correspondence: bool,
    left: Option<Duration>,
    think: Duration,
) -> SearchLimit {
    match (control, left) {
        (Some(_), _) if correspondence => SearchLimit::MoveTime(think),
        (Some(TimeControl::PerMove(time)), _) => SearchLimit::MoveTime(
            time.saturating_sub(NETWORK_MARGIN)
                .max(Duration::from_millis(50)),
        ),
        (Some(TimeControl::Fischer { increment, .. }), Some(left)) => SearchLimit::Clock {
            remaining: left.saturating_sub(NETWORK_MARGIN + left / 20),
            increment,
        },
        _ => SearchLimit::MoveTime(think),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_gets_the_clock_less_the_network() {
        let think = Duration::from_millis(700);
        let s = Duration::from_secs;
        assert_eq!(
            limit_of(None, false, None, think),
            SearchLimit::MoveTime(think)
        );
        let days = TimeControl::Fischer {
            initial: s(86_400),
            increment: s(0),
        };
        assert_eq!(
            limit_of(Some(days), true, Some(s(80_000)), think),
            SearchLimit::MoveTime(think)
        );
        assert_eq!(
            limit_of(Some(TimeControl::PerMove(s(2))), false, None, think),
            SearchLimit::MoveTime(Duration::from_millis(1700))
        );
        assert_eq!(
            limit_of(
                Some(TimeControl::PerMove(Duration::from_millis(100))),
                false,
                None,
                think
            ),
            SearchLimit::MoveTime(Duration::from_millis(50))
        );
        let blitz = TimeControl::Fischer {
            initial: s(180),
            increment: s(2),
        };
        assert_eq!(
            limit_of(Some(blitz), false, Some(s(60)), think),
            SearchLimit::Clock {
                remaining: Duration::from_millis(56_700),
                increment: s(2),
            }
        );
        assert_eq!(
            limit_of(Some(blitz), false, None, think),
            SearchLimit::MoveTime(think)
        );
    }
}
