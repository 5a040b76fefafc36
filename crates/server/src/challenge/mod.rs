//! Challenges: a player asks another by name for a game (a clock or days
//! per move, rated or casual, a colour); the other sees it live on their
//! pages and accepts or declines; both land in the game. Waiting
//! challenges are stored, so a turn-based one outlives a restart.
//!
//! - [`model`]: a challenge and its checks (pure); [`view`]: the
//!   messages; [`api`]: the routes and the socket.

pub mod api;
pub mod error;
pub mod model;
pub mod view;

use std::sync::{Arc, Mutex, MutexGuard};

use quoridor_engine::{Controller, TimeControl};
use tokio::sync::broadcast;

pub use self::error::ChallengeError;
use self::model::{check_new, Challenge, Colour, Party, ShownRating};
use self::view::{ChallengeView, ChallengesView};
use crate::account::{holder_of, Account, AccountError, Speed, UserName};
use crate::db::accounts as account_store;
use crate::db::challenges::ChallengeWrite;
use crate::db::Db;
use crate::hub::Hub;
use crate::token::{new_game_id, random_u64};
use quoridor_game::SeatSlot;

/// What changed, for the two accounts of a challenge.
#[derive(Clone, Debug)]
pub struct Event {
    pub accounts: [u64; 2],
    pub kind: EventKind,
}

#[derive(Clone, Debug)]
pub enum EventKind {
    /// A challenge was made, cancelled or expired: the lists change.
    Changed,
    Accepted {
        challenge: String,
        game: String,
    },
    Declined {
        challenge: String,
        by: String,
    },
}

/// A challenge as asked for.
#[derive(Clone, Debug)]
pub struct Ask {
    /// The address it is sent from (an address's key).
    pub client: String,
    /// The challenged player's name.
    pub to: String,
    pub clock: Option<TimeControl>,
    pub rated: bool,
    /// Takebacks allowed in a rated game (casual games always allow them).
    pub takebacks: bool,
    pub colour: Colour,
}

#[derive(Clone)]
pub struct Challenges {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    hub: Hub,
    /// The waiting challenges, oldest first.
    open: Mutex<Vec<Challenge>>,
    events: broadcast::Sender<Event>,
}

impl Challenges {
    /// The service, with the challenges stored.
    pub fn start(db: Db, hub: Hub) -> Result<Challenges, String> {
        let open = db.challenges().map_err(|e| e.to_string())?;
        let mut keeper = hub.keeper_changes();
        let challenges = Challenges {
            inner: Arc::new(Inner {
                db,
                hub,
                open: Mutex::new(open),
                events: broadcast::channel(256).0,
            }),
        };
        // Among several instances, the keeper serves the challenges: one
        // that becomes it reads them again (the last keeper made some).
        let kept = challenges.clone();
        tokio::spawn(async move {
            while keeper.changed().await.is_ok() {
                if *keeper.borrow_and_update() {
                    kept.read_again().await;
                }
            }
        });
        Ok(challenges)
    }

    /// The waiting challenges, read again from the store.
    async fn read_again(&self) {
        let db = self.inner.db.clone();
        match tokio::task::spawn_blocking(move || db.challenges()).await {
            Ok(Ok(open)) => *self.open() = open,
            Ok(Err(err)) => {
                tracing::error!(target: "quoridor::challenge", error = %err, "the challenges were not read again")
            }
            Err(_) => {}
        }
    }

    fn open(&self) -> MutexGuard<'_, Vec<Challenge>> {
        self.inner.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Every change from now on (a connection keeps those of its account).
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.inner.events.subscribe()
    }

    fn tell(&self, challenge: &Challenge, kind: EventKind) {
        let _ = self.inner.events.send(Event {
            accounts: [challenge.from.id, challenge.to.id],
            kind,
        });
    }

    /// Drops the challenges that waited too long (and tells their players).
    async fn expire(&self, wall: u64) {
        self.drop_where(|c| c.expires_ms() <= wall).await;
    }

    /// Drops the waiting challenges `gone` picks, from memory and from the
    /// store, and tells their players.
    async fn drop_where(&self, gone: impl Fn(&Challenge) -> bool) {
        let gone: Vec<Challenge> = {
            let mut open = self.open();
            let (gone, kept) = open.drain(..).partition(|c| gone(c));
            *open = kept;
            gone
        };
        if gone.is_empty() {
            return;
        }
        let ids = gone.iter().map(|c| c.id.clone()).collect();
        if let Err(err) = self
            .inner
            .db
            .save_challenge(ChallengeWrite::Delete(ids))
            .await
        {
            // They are gone from memory; the next start drops them again.
            tracing::error!(error = %err, "challenges not deleted");
        }
        for c in &gone {
            self.tell(c, EventKind::Changed);
        }
    }

    /// An account's challenges, sent to it and by it.
    pub async fn list(&self, account: u64, wall: u64) -> ChallengesView {
        self.expire(wall).await;
        let open = self.open();
        let views = |mine: &dyn Fn(&Challenge) -> bool| {
            open.iter()
                .filter(|c| mine(c))
                .map(ChallengeView::of)
                .collect()
        };
        ChallengesView {
            incoming: views(&|c| c.to.id == account),
            outgoing: views(&|c| c.from.id == account),
        }
    }

    /// The account named `name`, and whether each of the two blocks the
    /// other.
    async fn challenged(
        &self,
        from: u64,
        name: &str,
        speed: Option<Speed>,
    ) -> Result<(Party, bool, bool, Option<ShownRating>), ChallengeError> {
        let name: UserName = name.parse().map_err(|_| AccountError::NoSuchPlayer)?;
        let key = name.key();
        let db = self.inner.db.clone();
        tokio::task::spawn_blocking(move || {
            db.query(|conn| {
                let Some(row) = account_store::by_name(conn, &key)? else {
                    return Ok(None);
                };
                let they_block = account_store::blocked(conn, row.id)?.contains(&from);
                let you_block = account_store::blocked(conn, from)?.contains(&row.id);
                let party = Party {
                    id: row.id,
                    name: row.name,
                    bot: row.bot,
                };
                let rating = match speed {
                    Some(speed) => {
                        let r = account_store::rating(conn, from, speed)?;
                        Some(ShownRating {
                            rating: r.rating.round() as i32,
                            provisional: r.is_provisional(),
                        })
                    }
                    None => None,
                };
                Ok(Some((party, they_block, you_block, rating)))
            })
        })
        .await
        .map_err(|_| ChallengeError::Stopping)??
        .ok_or(ChallengeError::Account(AccountError::NoSuchPlayer))
    }

    /// `from` challenges a player: the challenge, stored and shown to both.
    pub async fn create(
        &self,
        from: &Account,
        ask: Ask,
        wall: u64,
    ) -> Result<ChallengeView, ChallengeError> {
        self.expire(wall).await;
        let speed = Speed::of(ask.clock);
        let (to, they_block, you_block, from_rating) =
            self.challenged(from.id, &ask.to, speed).await?;
        let challenge = Challenge {
            id: new_game_id(),
            from: Party {
                id: from.id,
                name: from.name.clone(),
                bot: from.bot,
            },
            to,
            clock: ask.clock,
            rated: ask.rated,
            takebacks: ask.rated && ask.takebacks,
            colour: ask.colour,
            created_ms: wall,
            from_rating,
            sent_from: ask.client,
        };
        challenge.settings()?;
        // Counted and kept before the write: a burst cannot pass the limits.
        {
            let mut open = self.open();
            check_new(&challenge, they_block, you_block, &open)?;
            open.push(challenge.clone());
        }
        let stored = self
            .inner
            .db
            .save_challenge(ChallengeWrite::Put(challenge.clone()))
            .await;
        if let Err(err) = stored {
            self.open().retain(|c| c.id != challenge.id);
            return Err(err.into());
        }
        self.tell(&challenge, EventKind::Changed);
        if let Some(push) = self.inner.hub.push() {
            let from = challenge.from.name.clone();
            push.tell(challenge.to.id, crate::push::Notice::Challenge { from });
        }
        Ok(ChallengeView::of(&challenge))
    }

    /// Takes challenge `id` out of the waiting ones if `may` allows.
    fn take(
        &self,
        id: &str,
        may: impl Fn(&Challenge) -> bool,
    ) -> Result<Challenge, ChallengeError> {
        let mut open = self.open();
        let at = open
            .iter()
            .position(|c| c.id == id && may(c))
            .ok_or(ChallengeError::NoSuchChallenge)?;
        Ok(open.remove(at))
    }

    /// Deletes an answered challenge from the store; one that was taken
    /// comes back if the store fails.
    async fn forget(&self, challenge: &Challenge) -> Result<(), ChallengeError> {
        let deleted = self
            .inner
            .db
            .save_challenge(ChallengeWrite::Delete(vec![challenge.id.clone()]))
            .await;
        if let Err(err) = deleted {
            self.open().push(challenge.clone());
            return Err(err.into());
        }
        Ok(())
    }

    /// The challenged player accepts: the game is made with both seats
    /// held by the two accounts, and both are told where it is.
    pub async fn accept(
        &self,
        account: &Account,
        id: &str,
        client: &str,
        wall: u64,
    ) -> Result<String, ChallengeError> {
        self.expire(wall).await;
        let challenge = self.take(id, |c| c.to.id == account.id)?;
        let game = match self.make_game(&challenge, client).await {
            Ok(game) => game,
            Err(err) => {
                self.open().push(challenge);
                return Err(err);
            }
        };
        if let Err(err) = self.forget(&challenge).await {
            // The game is made: the challenge must not be taken twice.
            self.open().retain(|c| c.id != challenge.id);
            tracing::error!(challenge = %challenge.id, error = %err, "accepted challenge not deleted");
        }
        self.tell(
            &challenge,
            EventKind::Accepted {
                challenge: challenge.id.clone(),
                game: game.clone(),
            },
        );
        self.tell_challenger_to_move(&challenge, &game).await;
        Ok(game)
    }

    /// A turn-based game just made from `challenge`: if it is the
    /// challenger's move, their devices are told (they may have sent it
    /// days ago; the one who accepted is at their page).
    async fn tell_challenger_to_move(&self, challenge: &Challenge, game: &str) {
        let Some(push) = self.inner.hub.push() else {
            return;
        };
        if let Ok(state) = self.inner.hub.glance(game).await {
            for (account, notice) in crate::push::notices::of_game(&state) {
                if account == challenge.from.id {
                    push.tell(account, notice);
                }
            }
        }
    }

    async fn make_game(
        &self,
        challenge: &Challenge,
        client: &str,
    ) -> Result<String, ChallengeError> {
        let settings = challenge.settings()?;
        let slots = challenge
            .seats(random_u64().is_multiple_of(2))
            .iter()
            .map(|(seat, party)| SeatSlot {
                seat: *seat,
                kind: Controller::Human,
                name: party.name.clone(),
                holder: Some(holder_of(party.id)),
                account: Some(party.id),
                bot: party.bot,
            })
            .collect();
        Ok(self
            .inner
            .hub
            .create_paired(client, settings, slots)
            .await?)
    }

    /// The challenged player says no; the challenger is told.
    pub async fn decline(&self, account: &Account, id: &str) -> Result<(), ChallengeError> {
        let challenge = self.take(id, |c| c.to.id == account.id)?;
        self.forget(&challenge).await?;
        self.tell(
            &challenge,
            EventKind::Declined {
                challenge: challenge.id.clone(),
                by: challenge.to.name.clone(),
            },
        );
        Ok(())
    }

    /// The challenger takes it back.
    pub async fn cancel(&self, account: &Account, id: &str) -> Result<(), ChallengeError> {
        let challenge = self.take(id, |c| c.from.id == account.id)?;
        self.forget(&challenge).await?;
        self.tell(&challenge, EventKind::Changed);
        Ok(())
    }

    /// An account was deleted, or blocked another (`other`): the
    /// challenges between them go.
    pub async fn drop_between(&self, account: u64, other: Option<u64>) {
        self.drop_where(|c| c.involves(account) && other.is_none_or(|o| c.involves(o)))
            .await;
    }

    /// How many wait (for tests and the figures).
    pub fn len(&self) -> usize {
        self.open().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
