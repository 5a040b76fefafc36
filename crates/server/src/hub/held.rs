//! The games this instance holds when several instances share one
//! PostgreSQL database (`serve --instance-address`, docs/deploy.md "More
//! than one machine"). Each game is in one instance's memory at a time:
//! the one recorded as its holder ([`crate::db::cluster`]). This instance
//! renews its lease every [`RENEW_EVERY_MS`], takes over (if it is the
//! keeper) the unfinished games of the instances whose lease lapsed, and
//! stops at once if its own lease lapsed (another instance may already
//! hold its games: it must not serve them a moment longer).

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::db::cluster::{Holder, Leases, TakenOver};
use crate::db::notices::{Heard, Listened, Notice};
use crate::db::postgres::{LEASE_MS, RENEW_EVERY_MS};
use crate::wall_ms;

use super::{Hub, HubError};

/// Games taken over at one renewal, at most (the rest at the next ones).
const TAKEN_AT_ONCE: usize = 500;

/// Renewals between two looks for unfinished games nobody holds (a
/// lapsed instance's are looked for at once).
const SCAN_EVERY: u32 = 30;

impl Hub {
    /// Makes this hub one instance among several, holding its games under
    /// `leases`; renews the lease until the server stops.
    pub fn join_cluster(&self, leases: Arc<Leases>) {
        if self.inner.leases.set(leases.clone()).is_err() {
            return;
        }
        self.inner
            .metrics
            .lease_renewed_ms
            .store(wall_ms(), std::sync::atomic::Ordering::Relaxed);
        let _ = self.inner.metrics.instance.set(leases.id().to_string());
        // What the other instances tell: "your turn" for this one's pages,
        // finished games to read again.
        let playing = self.inner.playing.clone();
        let (forget_tx, mut forget) = tokio::sync::mpsc::unbounded_channel::<Vec<String>>();
        let metrics = self.inner.metrics.clone();
        let heard = move |listened: Listened| {
            let Heard { notice, sent_ms } = match listened {
                Listened::Heard(heard) => heard,
                Listened::Listening(up) => {
                    metrics
                        .notices_listening
                        .store(u64::from(up), std::sync::atomic::Ordering::Relaxed);
                    return;
                }
            };
            metrics.notices_heard.inc();
            let late = wall_ms().saturating_sub(sent_ms);
            metrics
                .notice_lag_seconds
                .observe(std::time::Duration::from_millis(late));
            match notice {
                Notice::Playing(accounts) => {
                    let _ = playing.send(accounts.into());
                }
                Notice::Forget(games) => {
                    let _ = forget_tx.send(games);
                }
            }
        };
        if let Err(err) = leases.listen(self.inner.listening.clone(), heard) {
            tracing::error!(target: "quoridor::cluster", error = %err, "the other instances will not be heard");
        }
        let hub = self.clone();
        tokio::spawn(async move {
            while let Some(games) = forget.recv().await {
                hub.forget_finished_here(&games).await;
            }
        });
        let hub = self.clone();
        tokio::spawn(async move { hub.keep_lease(leases).await });
    }

    /// Whether this instance is the keeper, from now on: it turns true
    /// when this instance becomes it, after the lapsed keeper's last
    /// writes (what the keeper serves is read from the database then),
    /// and never turns false (the oldest live instance stays the oldest
    /// until it stops).
    pub fn keeper_changes(&self) -> watch::Receiver<bool> {
        self.inner.keeper_here.subscribe()
    }

    /// Whether this server is one instance among several.
    pub fn is_instance(&self) -> bool {
        self.leases().is_some()
    }

    /// The lease, if this hub is one instance among several.
    pub(super) fn leases(&self) -> Option<&Arc<Leases>> {
        self.inner.leases.get()
    }

    /// Resolves if this instance lost its lease (the server must stop).
    pub async fn lease_lost(&self) {
        let mut lost = self.inner.lease_lost.subscribe();
        let _ = lost.wait_for(|&l| l).await;
    }

    /// Whether this instance lost its lease (it stops).
    pub fn lost_lease(&self) -> bool {
        *self.inner.lease_lost.borrow()
    }

    /// Whether the lease is renewed in time (readiness): always, for a
    /// server alone.
    pub fn lease_ok(&self) -> bool {
        if self.leases().is_none() {
            return true;
        }
        let renewed = self
            .inner
            .metrics
            .lease_renewed_ms
            .load(std::sync::atomic::Ordering::Relaxed);
        wall_ms().saturating_sub(renewed) < (LEASE_MS / 2) as u64
    }

    /// Where the game `id` is served: `None` here (in memory, or taken
    /// now because nobody live held it and this instance is the keeper),
    /// or the address of the instance that holds it, or of the keeper,
    /// which takes the games nobody live holds.
    pub async fn holder(&self, id: &str) -> Result<Option<String>, HubError> {
        let Some(leases) = self.leases().cloned() else {
            return Ok(None);
        };
        if self.inner.registry.get(id).is_some() || self.inner.registry.is_asleep(id) {
            return Ok(None);
        }
        let game = id.to_string();
        let keeper = leases.keeper();
        let take = keeper.is_none();
        let holder = tokio::task::spawn_blocking(move || leases.claim(&game, take))
            .await
            .map_err(|_| HubError::Stopping)??;
        Ok(match holder {
            Holder::Me { taken } => {
                if taken {
                    self.inner.metrics.games_taken_over.inc();
                    tracing::info!(target: "quoridor::cluster", game = %id, "game taken over when asked for");
                }
                None
            }
            Holder::Other(address) => Some(address),
            // Only without `take`: the keeper is another instance.
            Holder::Nobody => keeper,
        })
    }

    /// Where the requests counted by the limits kept in memory go: `None`
    /// here (a server alone, or the keeper), or the keeper's address
    /// ([`Leases::keeper`]).
    pub fn keeper(&self) -> Option<String> {
        self.leases().and_then(|leases| leases.keeper())
    }

    /// Where the requests of the client `key` (its limits key) are
    /// counted: `None` here (a server alone, or this instance is its
    /// home), or its home's address ([`Leases::home_of`]).
    pub fn home_of(&self, key: &str) -> Option<String> {
        self.leases().and_then(|leases| leases.home_of(key))
    }

    /// Records the new game `id` as this instance's, before it is stored
    /// (so that no takeover finds it unheld).
    pub(super) async fn hold_new(&self, id: &str) -> Result<(), HubError> {
        let Some(leases) = self.leases().cloned() else {
            return Ok(());
        };
        let game = id.to_string();
        tokio::task::spawn_blocking(move || leases.hold(&game))
            .await
            .map_err(|_| HubError::Stopping)??;
        Ok(())
    }

    /// Renews the lease every [`RENEW_EVERY_MS`] and takes over what the
    /// lapsed instances held; stops the server when the lease is lost, or
    /// when it could not be renewed for half its length.
    async fn keep_lease(&self, leases: Arc<Leases>) {
        let mut tick = tokio::time::interval(Duration::from_millis(RENEW_EVERY_MS));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut renewed_at = Instant::now();
        // The unfinished games nobody holds are looked for at the start,
        // after a takeover that filled its batch, and every minute.
        let mut scan_in = 0u32;
        loop {
            tick.tick().await;
            if self.is_closing() {
                return;
            }
            let asked = Instant::now();
            let lease = leases.clone();
            let renewed = tokio::task::spawn_blocking(move || lease.renew()).await;
            match renewed {
                Ok(Ok(true)) => {
                    renewed_at = asked;
                    let metrics = &self.inner.metrics;
                    metrics
                        .lease_renewed_ms
                        .store(wall_ms(), std::sync::atomic::Ordering::Relaxed);
                    metrics.instances_live.store(
                        leases.live_count() as u64,
                        std::sync::atomic::Ordering::Relaxed,
                    );
                }
                Ok(Ok(false)) => return self.lose_lease("the lease had lapsed"),
                Ok(Err(err)) => {
                    tracing::warn!(target: "quoridor::cluster", error = %err, "the lease could not be renewed");
                }
                Err(_) => return,
            }
            if renewed_at.elapsed() >= Duration::from_millis(LEASE_MS as u64 / 2) {
                return self.lose_lease("the lease could not be renewed in time");
            }
            // The keeper alone takes over: what lapsed instances held
            // (their classes and tournaments among it) comes to the one
            // that serves the classes.
            if leases.keeper().is_some() {
                continue;
            }
            let lease = leases.clone();
            let scan = scan_in == 0;
            scan_in = scan_in.checked_sub(1).unwrap_or(SCAN_EVERY);
            match tokio::task::spawn_blocking(move || lease.take_over(TAKEN_AT_ONCE, scan)).await {
                Ok(Ok(taken)) => {
                    if taken.games.len() == TAKEN_AT_ONCE {
                        scan_in = 0;
                    }
                    self.adopt(taken).await;
                    self.now_keeper();
                }
                Ok(Err(err)) => {
                    tracing::warn!(target: "quoridor::cluster", error = %err, "no takeover this time");
                }
                Err(_) => return,
            }
        }
    }

    /// This instance is the keeper, and the lapsed keeper's last
    /// transactions have ended (a takeover deleted its row, which waits
    /// for them): what the keeper serves may be read from the database.
    fn now_keeper(&self) {
        self.inner
            .keeper_here
            .send_if_modified(|was| !std::mem::replace(was, true));
    }

    /// Stops serving: another instance may hold this one's games already.
    fn lose_lease(&self, why: &str) {
        tracing::error!(
            target: "quoridor::cluster",
            why,
            "this instance lost its lease: it stops, so that no game is served by two instances"
        );
        self.inner
            .closing
            .store(true, std::sync::atomic::Ordering::SeqCst);
        let _ = self.inner.lease_lost.send(true);
    }

    /// At the start: every unfinished game nobody live holds, taken and
    /// loaded if this instance is the keeper; how many.
    pub(super) async fn take_over_all(&self) -> Result<usize, HubError> {
        let Some(leases) = self.leases().cloned() else {
            return Ok(0);
        };
        if leases.keeper().is_some() {
            return Ok(0);
        }
        let taken = tokio::task::spawn_blocking(move || leases.take_over(usize::MAX, true))
            .await
            .map_err(|_| HubError::Stopping)??;
        let before = self.inner.metrics.games_taken_over.get();
        self.adopt(taken).await;
        self.now_keeper();
        Ok((self.inner.metrics.games_taken_over.get() - before) as usize)
    }

    /// Loads the games just taken over and starts their clocks and AI.
    async fn adopt(&self, taken: TakenOver) {
        let metrics = &self.inner.metrics;
        metrics.takeovers.add(taken.instances as u64);
        if taken.games.is_empty() {
            return;
        }
        let db = self.inner.db.clone();
        let ids = taken.games;
        let loaded = tokio::task::spawn_blocking(move || {
            ids.into_iter()
                .map(|id| {
                    let state = super::load_stored(&db, &id);
                    (id, state)
                })
                .collect::<Vec<_>>()
        })
        .await
        .unwrap_or_default();
        let mut adopted = 0;
        for (id, state) in loaded {
            match state {
                Ok(Some((mut state, said))) => {
                    // A request for it may have loaded it meanwhile (its
                    // claim found this instance the holder already, and
                    // did not count it): taken over all the same.
                    if self.inner.registry.get(&id).is_none() {
                        state.version = state.version.max(wall_ms());
                        self.insert_loaded(state, said);
                    }
                    adopted += 1;
                }
                Ok(None) => {}
                Err(err) => {
                    tracing::error!(target: "quoridor::cluster", game = %id, error = %err, "game not taken over");
                }
            }
        }
        metrics.games_taken_over.add(adopted);
        tracing::info!(
            target: "quoridor::cluster",
            instances = taken.instances,
            games = adopted,
            "games taken over"
        );
    }

    /// The instance stops: its games are let go for the others to take
    /// at once (after their clocks were saved: [`Hub::shutdown`]).
    pub async fn leave_cluster(&self) {
        let Some(leases) = self.leases().cloned() else {
            return;
        };
        if self.lost_lease() {
            return;
        }
        match tokio::task::spawn_blocking(move || leases.leave()).await {
            Ok(Ok(())) => {}
            Ok(Err(err)) => {
                tracing::warn!(target: "quoridor::cluster", error = %err, "the games were not let go: the others take them when the lease lapses");
            }
            Err(_) => {}
        }
    }
}
