//! The lobby: players post seeks (a clock, rated or casual, a rating
//! range) and accept others', or ask to "play now", over one WebSocket
//! each (`/api/lobby/ws`). A pairing makes the game with both seats held
//! (colours drawn) and tells both players their seat and token; a seek
//! vanishes with its player's connection.
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
use quoridor_rules::{Seat, Variant};
use tokio::sync::{broadcast, mpsc};

pub use self::error::LobbyError;
use self::seek::{best_fit, misfit, Seek, Seeker, Terms};
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
    }
}

/// One message, serialized once.
fn bytes(message: &LobbyMessage) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(message).expect("views serialize"))
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
    /// The ids of the seeks shown (the newest [`SHOWN`]), as last sent;
    /// changed only under the lock of `seeks`.
    shown: Mutex<Vec<u64>>,
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
        let before = seeks.len();
        seeks.retain(|s| s.seeker.conn != conn);
        if before != seeks.len() {
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
        let ids: Vec<u64> = now.iter().map(|s| s.id).collect();
        let mut last = self.inner.shown.lock().unwrap_or_else(|e| e.into_inner());
        let added = now
            .iter()
            .filter(|s| !last.contains(&s.id))
            .map(|s| view(s))
            .collect();
        let removed = last
            .iter()
            .copied()
            .filter(|id| !ids.contains(id))
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

    /// Checks terms: a clock the games accept, and rated only for accounts.
    pub fn check(seeker: &Seeker, terms: &Terms) -> Result<(), LobbyError> {
        Settings::new(9, 2, Variant::Standard, None)?.with_clock(Some(terms.clock))?;
        if terms.rated && seeker.account.is_none() {
            return Err(AccountError::NotRated("log in to play a rated game").into());
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
        seeks.push(Seek { id, seeker, terms });
        self.publish(&seeks);
        Ok(id)
    }

    /// Cancels a seek of this connection.
    pub fn cancel(&self, conn: u64, id: u64) -> Result<(), LobbyError> {
        let mut seeks = self.seeks();
        let at = seeks
            .iter()
            .position(|s| s.id == id && s.seeker.conn == conn)
            .ok_or_else(|| LobbyError::Refused("no seek of yours with this id".into()))?;
        seeks.remove(at);
        self.publish(&seeks);
        Ok(())
    }

    /// Takes seek `id` out for `acceptor`, if they fit.
    fn take(&self, id: u64, acceptor: &Seeker) -> Result<Seek, LobbyError> {
        let mut seeks = self.seeks();
        let at = seeks
            .iter()
            .position(|s| s.id == id)
            .ok_or_else(|| LobbyError::Refused("this seek is gone".into()))?;
        let seek = &seeks[at];
        if let Some(why) = misfit(&seek.seeker, &seek.terms, acceptor, &seek.terms) {
            return Err(LobbyError::Refused(why.to_string()));
        }
        Ok(seeks.remove(at))
    }

    /// Accepts seek `id`: the game is made and both players told.
    pub async fn accept(
        &self,
        id: u64,
        acceptor: Seeker,
        client: &str,
    ) -> Result<Reply, LobbyError> {
        let seek = self.take(id, &acceptor)?;
        self.pair(seek, acceptor, client).await
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
            Some(Ok(seek)) => self.pair(seek, acceptor, client).await,
            // Taken meanwhile, or none: wait for someone.
            _ => Ok(LobbyMessage::Seeking {
                id: self.post(acceptor, terms)?,
            }),
        }
    }

    /// Makes the game of `seek` and `acceptor` (colours drawn), drops
    /// both players' other seeks, tells the seeker, answers the acceptor.
    async fn pair(&self, seek: Seek, acceptor: Seeker, client: &str) -> Result<Reply, LobbyError> {
        let made = self.make_game(&seek, &acceptor, client).await;
        let (game, seats) = match made {
            Ok(made) => made,
            Err(err) => {
                // The seeker keeps their seek.
                let mut seeks = self.seeks();
                seeks.push(seek);
                self.publish(&seeks);
                return Err(err);
            }
        };
        {
            let mut seeks = self.seeks();
            seeks.retain(|s| s.seeker.conn != seek.seeker.conn && s.seeker.conn != acceptor.conn);
            self.publish(&seeks);
        }
        let [(seeker_seat, seeker_token), (acceptor_seat, acceptor_token)] = seats;
        let told = LobbyMessage::Paired {
            game: game.clone(),
            seat: seeker_seat,
            token: seeker_token,
        };
        if let Some(tx) = self
            .inner
            .own
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&seek.seeker.conn)
        {
            let _ = tx.send(bytes(&told));
        }
        Ok(LobbyMessage::Paired {
            game,
            seat: acceptor_seat,
            token: acceptor_token,
        })
    }

    /// The game: each seat held by a new token (and the player's account).
    async fn make_game(
        &self,
        seek: &Seek,
        acceptor: &Seeker,
        client: &str,
    ) -> Result<(String, [(Seat, String); 2]), LobbyError> {
        let mut settings =
            Settings::new(9, 2, Variant::Standard, None)?.with_clock(Some(seek.terms.clock))?;
        settings.rated = seek.terms.rated;
        let seeker_south = random_u64().is_multiple_of(2);
        let (south, north) = if seeker_south {
            (&seek.seeker, acceptor)
        } else {
            (acceptor, &seek.seeker)
        };
        let tokens = [new_token(), new_token()];
        let slots = [(Seat::South, south), (Seat::North, north)]
            .iter()
            .zip(&tokens)
            .map(|((seat, player), token)| SeatSlot {
                seat: *seat,
                kind: Controller::Human,
                name: player.name.clone(),
                holder: Some(hash_token(token)),
                account: player.account,
            })
            .collect();
        let game = self
            .inner
            .hub
            .create_paired(client, settings, slots)
            .await?;
        let [south_token, north_token] = tokens;
        let (seeker_part, acceptor_part) = if seeker_south {
            ((Seat::South, south_token), (Seat::North, north_token))
        } else {
            ((Seat::North, north_token), (Seat::South, south_token))
        };
        Ok((game, [seeker_part, acceptor_part]))
    }

    /// The clock of seek `id`, if it still waits.
    pub fn clock_of(&self, id: u64) -> Option<TimeControl> {
        self.seeks()
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.terms.clock)
    }

    /// How many seeks wait (for tests and the health view).
    pub fn len(&self) -> usize {
        self.seeks().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
