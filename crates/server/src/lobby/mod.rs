//! The lobby: players post seeks (a board: its size, 2 or 4 players, a
//! variant; a clock, rated or casual, a rating range) and accept others',
//! or ask to "play now", over one WebSocket each (`/api/lobby/ws`). A seek
//! for four players gathers three who accept it. A pairing makes the game
//! with every seat held (seats drawn) and tells each player their seat and
//! token; a seek vanishes with its player's connection, and one who joined
//! a seek leaves it with theirs.
//!
//! - [`seek`]: the pairing rule (pure); [`view`]: the messages;
//!   [`api`]: the WebSocket.

pub mod api;
pub mod error;
pub mod seek;
pub mod view;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use quoridor_engine::{Controller, TimeControl};
use quoridor_rules::Seat;
use tokio::sync::{broadcast, mpsc};

pub use self::error::LobbyError;
use self::seek::{best_fit, Board, Seek, Seeker, Terms};
use self::view::{LobbyMessage, SeekView};
use crate::account::{Account, AccountError, Speed};
use crate::db::accounts as account_store;
use crate::db::Db;
use crate::hub::Hub;
use crate::token::{hash_token, new_token, random_u64};
use quoridor_game::{SeatSlot, Settings};

/// Seeks shown in the list (the newest); all are kept and paired.
pub const SHOWN: usize = 100;
/// Seeks one connection may have at once, one account (all its
/// connections), and one address (an IPv6 /64, all its accounts and
/// guests): a few sockets cannot fill the list.
pub const PER_CONNECTION: usize = 3;
pub const PER_ACCOUNT: usize = 3;
pub const PER_ADDRESS: usize = 6;
/// Seeks in all.
pub const MAX_SEEKS: usize = 10_000;

/// The seeks shown: the newest [`SHOWN`] (by id), newest first.
fn shown(seeks: &[Seek]) -> Vec<&Seek> {
    let mut all: Vec<&Seek> = seeks.iter().collect();
    all.sort_unstable_by_key(|s| std::cmp::Reverse(s.id));
    all.truncate(SHOWN);
    all
}

/// A seek as the lobby shows it.
fn view(s: &Seek) -> SeekView {
    SeekView {
        id: s.id,
        name: s.seeker.name.clone(),
        account: s.seeker.account.is_some(),
        rating: s.seeker.rating,
        provisional: s.seeker.provisional,
        clock: Some(s.terms.clock),
        speed: Speed::of(Some(s.terms.clock)),
        rated: s.terms.rated,
        range: s.terms.range,
        size: s.terms.board.size,
        players: s.terms.board.players,
        variant: s.terms.board.variant,
        joined: 1 + s.joined.len(),
    }
}

/// One message, serialized once.
fn bytes(message: &LobbyMessage) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(message).expect("views serialize"))
}

/// What taking a seek did.
enum Taken {
    /// The acceptor completes it: out of the list, its game to make.
    Complete(Seek),
    /// The acceptor joined it and waits for more players: their answer.
    Joined(LobbyMessage),
}

/// The settings of a game on `terms`.
fn settings_of(terms: &Terms) -> Result<Settings, LobbyError> {
    let Board {
        size,
        players,
        variant,
    } = terms.board;
    Ok(Settings::new(size, players, variant, None)?.with_clock(Some(terms.clock))?)
}

/// The connections `conns` leave the lobby's seeks: their own seeks go,
/// and they leave those they had joined. Whether anything changed.
fn leave_all(seeks: &mut Vec<Seek>, conns: &[u64]) -> bool {
    let before: Vec<(u64, usize)> = seeks.iter().map(|s| (s.id, s.joined.len())).collect();
    seeks.retain(|s| !conns.contains(&s.seeker.conn));
    for seek in seeks.iter_mut() {
        seek.joined.retain(|j| !conns.contains(&j.conn));
    }
    before
        != seeks
            .iter()
            .map(|s| (s.id, s.joined.len()))
            .collect::<Vec<_>>()
}

#[derive(Clone)]
pub struct Lobby {
    inner: Arc<Inner>,
}

struct Inner {
    hub: Hub,
    db: Db,
    seeks: Mutex<Vec<Seek>>,
    next_id: AtomicU64,
    next_conn: AtomicU64,
    /// What changed in the list shown, after every change, for every
    /// connection (a connection gets the whole list once, at its start).
    list: broadcast::Sender<Utf8Bytes>,
    /// The ids of the seeks shown (the newest [`SHOWN`]) and how many
    /// joined each, as last sent; changed only under the lock of `seeks`.
    shown: Mutex<Vec<(u64, usize)>>,
    /// Each connection's own messages (its pairing).
    own: Mutex<HashMap<u64, mpsc::UnboundedSender<Utf8Bytes>>>,
}

/// The result of a pairing for the player who asked: their message.
pub type Reply = LobbyMessage;

impl Lobby {
    pub fn new(hub: Hub, db: Db) -> Lobby {
        Lobby {
            inner: Arc::new(Inner {
                hub,
                db,
                seeks: Mutex::new(Vec::new()),
                next_id: AtomicU64::new(1),
                next_conn: AtomicU64::new(1),
                list: broadcast::channel(64).0,
                shown: Mutex::new(Vec::new()),
                own: Mutex::new(HashMap::new()),
            }),
        }
    }

    fn seeks(&self) -> std::sync::MutexGuard<'_, Vec<Seek>> {
        self.inner.seeks.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new connection: its id, the list's updates and its own messages.
    pub fn connect(
        &self,
    ) -> (
        u64,
        broadcast::Receiver<Utf8Bytes>,
        mpsc::UnboundedReceiver<Utf8Bytes>,
    ) {
        let conn = self.inner.next_conn.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::unbounded_channel();
        self.inner
            .own
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(conn, tx);
        (conn, self.inner.list.subscribe(), rx)
    }

    /// A connection closed: its seeks go.
    pub fn disconnect(&self, conn: u64) {
        self.inner
            .own
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&conn);
        let mut seeks = self.seeks();
        if leave_all(&mut seeks, &[conn]) {
            self.publish(&seeks);
        }
    }

    /// The list as shown now: the newest [`SHOWN`] seeks, newest first.
    pub fn list_message(&self) -> Utf8Bytes {
        let seeks = self.seeks();
        bytes(&LobbyMessage::Seeks {
            seeks: shown(&seeks).into_iter().map(view).collect(),
            total: seeks.len(),
        })
    }

    /// Tells every connection what changed in the list shown (called with
    /// the list's lock held, so that changes go out in their order).
    fn publish(&self, seeks: &[Seek]) {
        let now: Vec<&Seek> = shown(seeks);
        let ids: Vec<(u64, usize)> = now.iter().map(|s| (s.id, s.joined.len())).collect();
        let mut last = self.inner.shown.lock().unwrap_or_else(|e| e.into_inner());
        // New, or with more or fewer players in it (an entry added again
        // replaces the page's).
        let added = now
            .iter()
            .filter(|s| !last.contains(&(s.id, s.joined.len())))
            .map(|s| view(s))
            .collect();
        let removed = last
            .iter()
            .map(|(id, _)| *id)
            .filter(|id| !ids.iter().any(|(now, _)| now == id))
            .collect();
        *last = ids;
        let _ = self.inner.list.send(bytes(&LobbyMessage::Changes {
            added,
            removed,
            total: seeks.len(),
        }));
    }

    /// The seeker as it stands for `terms`: its rating at that speed.
    pub async fn seeker(
        &self,
        conn: u64,
        client: &str,
        name: &str,
        account: Option<&Account>,
        clock: TimeControl,
    ) -> Result<Seeker, LobbyError> {
        let (rating, provisional) = match (account, Speed::of(Some(clock))) {
            (Some(a), Some(speed)) => {
                let (db, id) = (self.inner.db.clone(), a.id);
                let stored = tokio::task::spawn_blocking(move || {
                    db.query(|conn| account_store::ratings(conn, id))
                })
                .await
                .map_err(|_| LobbyError::Stopping)??;
                let rating = stored
                    .into_iter()
                    .find(|r| r.speed == speed)
                    .map_or(quoridor_game::rating::START, |r| r.rating);
                (Some(rating.rating.round() as i32), rating.is_provisional())
            }
            _ => (None, false),
        };
        Ok(Seeker {
            conn,
            client: client.to_string(),
            name: account.map_or_else(|| name.to_string(), |a| a.name.clone()),
            account: account.map(|a| a.id),
            rating,
            provisional,
        })
    }

    /// Checks terms: a board and a clock the games accept, and rated only
    /// for accounts, in the standard game.
    pub fn check(seeker: &Seeker, terms: &Terms) -> Result<(), LobbyError> {
        let settings = settings_of(terms)?;
        if terms.rated {
            settings.check_rated().map_err(AccountError::NotRated)?;
            if seeker.account.is_none() {
                return Err(AccountError::NotRated("log in to play a rated game").into());
            }
        }
        Ok(())
    }

    /// Posts a seek: its id.
    pub fn post(&self, seeker: Seeker, terms: Terms) -> Result<u64, LobbyError> {
        Lobby::check(&seeker, &terms)?;
        let mut seeks = self.seeks();
        let count =
            |same: &dyn Fn(&Seeker) -> bool| seeks.iter().filter(|s| same(&s.seeker)).count();
        if count(&|s| s.conn == seeker.conn) >= PER_CONNECTION
            || seeker.account.is_some() && count(&|s| s.account == seeker.account) >= PER_ACCOUNT
        {
            return Err(LobbyError::Refused(format!(
                "at most {PER_CONNECTION} seeks at once: cancel one first"
            )));
        }
        if count(&|s| s.client == seeker.client) >= PER_ADDRESS {
            return Err(LobbyError::Refused(format!(
                "at most {PER_ADDRESS} seeks at once from one address: wait for a game"
            )));
        }
        if seeks.len() >= MAX_SEEKS {
            return Err(LobbyError::Full);
        }
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        seeks.push(Seek {
            id,
            seeker,
            terms,
            joined: Vec::new(),
        });
        self.publish(&seeks);
        Ok(id)
    }

    /// Cancels a seek of this connection, or leaves one it joined.
    pub fn cancel(&self, conn: u64, id: u64) -> Result<(), LobbyError> {
        let mut seeks = self.seeks();
        let at = seeks
            .iter()
            .position(|s| s.id == id && s.players().any(|p| p.conn == conn))
            .ok_or_else(|| LobbyError::Refused("no seek of yours with this id".into()))?;
        if seeks[at].seeker.conn == conn {
            seeks.remove(at);
        } else {
            seeks[at].joined.retain(|j| j.conn != conn);
        }
        self.publish(&seeks);
        Ok(())
    }

    /// `acceptor` takes seek `id`, if they fit everyone in it: out of the
    /// list when they complete it, else they join it (leaving any other
    /// seek they had joined).
    fn take(&self, id: u64, acceptor: &Seeker) -> Result<Taken, LobbyError> {
        let mut seeks = self.seeks();
        let at = seeks
            .iter()
            .position(|s| s.id == id)
            .ok_or_else(|| LobbyError::Refused("this seek is gone".into()))?;
        let seek = &seeks[at];
        if let Some(why) = seek.misfit_for(acceptor) {
            return Err(LobbyError::Refused(why.to_string()));
        }
        if seek.full_with_one_more() {
            return Ok(Taken::Complete(seeks.remove(at)));
        }
        for other in seeks.iter_mut() {
            other.joined.retain(|j| j.conn != acceptor.conn);
        }
        let seek = &mut seeks[at];
        seek.joined.push(acceptor.clone());
        let joined = LobbyMessage::Joined {
            id,
            players: seek.terms.board.players,
            joined: 1 + seek.joined.len(),
        };
        self.publish(&seeks);
        Ok(Taken::Joined(joined))
    }

    /// Accepts seek `id`: the game is made and every player told, or the
    /// acceptor waits in it for the others.
    pub async fn accept(
        &self,
        id: u64,
        acceptor: Seeker,
        client: &str,
    ) -> Result<Reply, LobbyError> {
        match self.take(id, &acceptor)? {
            Taken::Complete(seek) => self.pair(seek, acceptor, client).await,
            Taken::Joined(reply) => Ok(reply),
        }
    }

    /// Play now: the oldest seek that fits is accepted, else this one is
    /// posted (the reply says which).
    pub async fn play_now(
        &self,
        acceptor: Seeker,
        terms: Terms,
        client: &str,
    ) -> Result<Reply, LobbyError> {
        Lobby::check(&acceptor, &terms)?;
        let found = {
            let seeks = self.seeks();
            best_fit(&seeks, &acceptor, &terms).map(|s| s.id)
        };
        match found.map(|id| self.take(id, &acceptor)) {
            Some(Ok(Taken::Complete(seek))) => self.pair(seek, acceptor, client).await,
            Some(Ok(Taken::Joined(reply))) => Ok(reply),
            // Taken meanwhile, or none: wait for someone.
            _ => Ok(LobbyMessage::Seeking {
                id: self.post(acceptor, terms)?,
            }),
        }
    }

    /// Makes the game of `seek` and `acceptor` (seats drawn), drops every
    /// player's other seeks and joins, tells each of the others, answers
    /// the acceptor.
    async fn pair(&self, seek: Seek, acceptor: Seeker, client: &str) -> Result<Reply, LobbyError> {
        let mut players: Vec<Seeker> = seek.players().cloned().collect();
        players.push(acceptor);
        let made = self.make_game(&seek.terms, &players, client).await;
        let (game, seats) = match made {
            Ok(made) => made,
            Err(err) => {
                // The seeker keeps their seek, with who had joined it.
                let mut seeks = self.seeks();
                seeks.push(seek);
                self.publish(&seeks);
                return Err(err);
            }
        };
        {
            let conns: Vec<u64> = players.iter().map(|p| p.conn).collect();
            let mut seeks = self.seeks();
            leave_all(&mut seeks, &conns);
            self.publish(&seeks);
        }
        let own = self.inner.own.lock().unwrap_or_else(|e| e.into_inner());
        let mut told: Vec<LobbyMessage> = seats
            .into_iter()
            .map(|(seat, token)| LobbyMessage::Paired {
                game: game.clone(),
                seat,
                token,
            })
            .collect();
        // The acceptor, last, is answered; the others told on their socket.
        let reply = told.pop().expect("the acceptor's seat");
        for (player, message) in players.iter().zip(told) {
            if let Some(tx) = own.get(&player.conn) {
                let _ = tx.send(bytes(&message));
            }
        }
        Ok(reply)
    }

    /// The game of `players` on `terms`: the seats drawn, each held by a
    /// new token (and the player's account); each player's seat and token,
    /// in their order.
    async fn make_game(
        &self,
        terms: &Terms,
        players: &[Seeker],
        client: &str,
    ) -> Result<(String, Vec<(Seat, String)>), LobbyError> {
        let mut settings = settings_of(terms)?;
        settings.rated = terms.rated;
        // A draw of the seats: a random turn of the players' order, and
        // with two, as likely either way.
        let mut order: Vec<usize> = (0..players.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, (random_u64() % (i as u64 + 1)) as usize);
        }
        let seats = Seat::in_play(terms.board.players);
        let tokens: Vec<String> = players.iter().map(|_| new_token()).collect();
        let mut slots: Vec<SeatSlot> = seats
            .iter()
            .zip(&order)
            .map(|(seat, &who)| SeatSlot {
                seat: *seat,
                kind: Controller::Human,
                name: players[who].name.clone(),
                holder: Some(hash_token(&tokens[who])),
                account: players[who].account,
                bot: false,
            })
            .collect();
        slots.sort_by_key(|slot| seats.iter().position(|s| *s == slot.seat));
        let game = self
            .inner
            .hub
            .create_paired(client, settings, slots)
            .await?;
        let mut given = vec![(Seat::South, String::new()); players.len()];
        for (seat, &who) in seats.iter().zip(&order) {
            given[who] = (*seat, tokens[who].clone());
        }
        Ok((game, given))
    }

    /// The terms of seek `id`, if it still waits.
    pub fn terms_of(&self, id: u64) -> Option<Terms> {
        self.seeks().iter().find(|s| s.id == id).map(|s| s.terms)
    }

    /// How many seeks wait (for tests and the health view).
    pub fn len(&self) -> usize {
        self.seeks().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
