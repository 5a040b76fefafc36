//! Several instances on one PostgreSQL database: each instance has a row
//! it renews (its lease), and each game in memory somewhere has a row that
//! says which instance holds it. A game's lease is its holder's: while the
//! holder renews its row, nobody else takes its games; once the row is
//! [`LEASE_MS`] old by PostgreSQL's clock, the keeper (the oldest live
//! instance) takes them over ([`Leases::take_over`], [`Leases::claim`]).
//! The writer of an instance checks its own row in every transaction
//! ([`super::postgres::fence`]), so an instance that lost its lease stores
//! nothing more, whatever its own clock says.
//!
//! These statements are PostgreSQL's: a SQLite file has one server.

use std::net::{IpAddr, ToSocketAddrs};
use std::sync::Mutex;

use super::postgres::{Reading, LEASE_MS, NOW_MS};
use super::sql::{args, Sql, SqlError, SqlResult};
use super::StoreError;

/// Who holds a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// This instance: it held it, or it was free, or (`taken`) its
    /// holder's lease had lapsed.
    Me { taken: bool },
    /// Another live instance, reached at this address.
    Other(String),
    /// An unfinished game no live instance holds: the keeper takes it
    /// ([`Leases::claim`] without `take`).
    Nobody,
}

/// An instance's own connection for its lease: renewals never wait behind
/// the readers or the writer.
pub struct Leases {
    conn: Reading,
    id: String,
    /// The other live instances' IP addresses, as last read: they relay
    /// requests to this one and are trusted as proxies.
    peers: Mutex<Vec<IpAddr>>,
    /// The keeper's address, as last read, when it is another instance
    /// ([`Leases::keeper`]).
    keeper: Mutex<Option<String>>,
    /// The live instances (this one among them), as last read: their
    /// names and addresses ([`Leases::home_of`]).
    live: Mutex<Vec<(String, String)>>,
}

fn failed(err: SqlError) -> StoreError {
    StoreError(err.0)
}

impl Leases {
    /// Joins the instances on the database at `url` as `id`, reached by
    /// the others at `address`.
    pub fn join(url: &str, id: &str, address: &str) -> Result<Leases, StoreError> {
        let leases = Leases {
            conn: Reading {
                url: url.to_string(),
                client: Mutex::new(None),
            },
            id: id.to_string(),
            peers: Mutex::new(Vec::new()),
            keeper: Mutex::new(None),
            live: Mutex::new(Vec::new()),
        };
        leases.run(|sql| {
            sql.execute(
                &format!(
                    "INSERT INTO instances (id, address, started_ms, renewed_ms)
                     VALUES (?1, ?2, {NOW_MS}, {NOW_MS})"
                ),
                args![id, address],
            )
            .map(|_| ())
        })?;
        // The keeper and the peers known from the start.
        leases.renew()?;
        Ok(leases)
    }

    /// This instance's name.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The database's URL.
    pub(super) fn url(&self) -> &str {
        &self.conn.url
    }

    pub(super) fn run<T: Send>(
        &self,
        f: impl FnOnce(&mut dyn Sql) -> SqlResult<T> + Send,
    ) -> Result<T, StoreError> {
        self.conn.run(f).map_err(failed)
    }

    /// Renews the lease; `false` when it had lapsed (or the row was taken
    /// away by a takeover): this instance holds nothing any more.
    pub fn renew(&self) -> Result<bool, StoreError> {
        let id = self.id.clone();
        let peers = self.run(move |sql| {
            // One statement, at one instant: renewed and read together, or
            // neither. Two statements could straddle a pause of this
            // process (a machine that hung): renewed before it, then read
            // after it without this instance among the live ones, as if
            // the others' view were this one's.
            let rows = sql.query(
                &format!(
                    "WITH clock AS (SELECT {NOW_MS} AS ms),
                     renewed AS (
                         UPDATE instances SET renewed_ms = (SELECT ms FROM clock)
                         WHERE id = ?1 AND renewed_ms > (SELECT ms FROM clock) - ?2
                         RETURNING id)
                     SELECT i.id, i.address FROM instances i, clock
                     WHERE EXISTS (SELECT 1 FROM renewed)
                       AND (i.id = ?1 OR i.renewed_ms > clock.ms - ?2)
                     ORDER BY i.started_ms, i.id"
                ),
                args![id, LEASE_MS],
            )?;
            // The live instances, the oldest first; none when the lease
            // had lapsed.
            if rows.is_empty() {
                return Ok(None);
            }
            rows.iter()
                .map(|row| Ok((row.get::<String>(0)?, row.get::<String>(1)?)))
                .collect::<SqlResult<Vec<_>>>()
                .map(Some)
        })?;
        let Some(live) = peers else {
            return Ok(false);
        };
        let ips = live
            .iter()
            .filter(|(other, _)| *other != self.id)
            .flat_map(|(_, address)| ips_of(address))
            .collect();
        *self.peers.lock().unwrap_or_else(|e| e.into_inner()) = ips;
        let keeper = live
            .first()
            .filter(|(oldest, _)| *oldest != self.id)
            .map(|(_, address)| address.clone());
        *self.keeper.lock().unwrap_or_else(|e| e.into_inner()) = keeper;
        *self.live.lock().unwrap_or_else(|e| e.into_inner()) = live;
        Ok(true)
    }

    /// The instance that counts the limits of the client `key` (its
    /// address, as the limits key it): `None` when it is this one. Each
    /// client has one such home among the live instances, the same for
    /// all of them (rendezvous hashing: when an instance comes or goes,
    /// only the clients whose home it is move).
    pub fn home_of(&self, key: &str) -> Option<String> {
        let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        let (id, address) = live.iter().max_by_key(|(id, _)| rendezvous(key, id))?;
        (*id != self.id).then(|| address.clone())
    }

    /// The instance that serves for all what is kept in one process's
    /// memory, and takes over what lapsed instances held (the oldest live
    /// one): `None` when it is this one. It changes only when
    /// it stops or dies (its counts start again, as a restarted server's).
    pub fn keeper(&self) -> Option<String> {
        self.keeper
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// How many instances are live (this one among them), as of the last
    /// renewal.
    pub fn live_count(&self) -> usize {
        self.live.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether `ip` is another live instance's, as of the last renewal.
    pub fn is_peer(&self, ip: IpAddr) -> bool {
        self.peers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&ip)
    }

    /// Takes over the unfinished games of the instances whose lease has
    /// lapsed and, with `scan` (or when some had lapsed), the unfinished
    /// games no live instance holds (an instance stopped or died before,
    /// a database just migrated), at most `limit` of them: their ids, for
    /// this instance to load. The lapsed instances' finished games are let
    /// go (whoever is asked for one takes it).
    pub fn take_over(&self, limit: usize, scan: bool) -> Result<TakenOver, StoreError> {
        let id = self.id.clone();
        self.run(move |sql| {
            let lapsed = sql.query(
                &format!("DELETE FROM instances WHERE renewed_ms <= {NOW_MS} - ?1 RETURNING id"),
                args![LEASE_MS],
            )?;
            let lapsed: Vec<String> = lapsed.iter().map(|r| r.get(0)).collect::<SqlResult<_>>()?;
            for gone in &lapsed {
                sql.execute(
                    "DELETE FROM holders h WHERE h.instance = ?1
                     AND EXISTS (SELECT 1 FROM games g WHERE g.id = h.game AND g.status = 'over')",
                    args![gone.as_str()],
                )?;
            }
            if !scan && lapsed.is_empty() {
                return Ok(TakenOver::default());
            }
            // The unfinished games (through the index on their status, not
            // every game ever played) that no live instance holds; a row
            // left by a lapsed instance is taken over.
            let games = sql.query(
                &format!(
                    "INSERT INTO holders (game, instance)
                     SELECT g.id, ?1 FROM games g
                     WHERE g.status IN ('waiting', 'playing')
                       AND NOT EXISTS (
                           SELECT 1 FROM holders h JOIN instances i ON i.id = h.instance
                           WHERE h.game = g.id AND i.renewed_ms > {NOW_MS} - ?3)
                     ORDER BY g.id LIMIT ?2
                     ON CONFLICT (game) DO UPDATE SET instance = excluded.instance
                     WHERE NOT EXISTS (
                         SELECT 1 FROM instances i
                         WHERE i.id = holders.instance AND i.renewed_ms > {NOW_MS} - ?3)
                     RETURNING game"
                ),
                args![id, limit.min(i64::MAX as usize) as i64, LEASE_MS],
            )?;
            Ok(TakenOver {
                instances: lapsed.len(),
                games: games.iter().map(|r| r.get(0)).collect::<SqlResult<_>>()?,
            })
        })
    }

    /// Who holds `game`: its live holder (this instance or another, by its
    /// address); else this instance, recorded as its holder, if it may
    /// take it: with `take` (this instance is the keeper), or when the game
    /// is finished; else [`Holder::Nobody`]. A game that does not exist is
    /// nobody's (and nothing is recorded).
    pub fn claim(&self, game: &str, take: bool) -> Result<Holder, StoreError> {
        let (id, game) = (self.id.clone(), game.to_string());
        self.run(move |sql| {
            if !take {
                let live = sql.query(
                    &format!(
                        "SELECT h.instance, i.address FROM holders h
                         JOIN instances i ON i.id = h.instance
                         WHERE h.game = ?1 AND i.renewed_ms > {NOW_MS} - ?2"
                    ),
                    args![game.as_str(), LEASE_MS],
                )?;
                match live.first() {
                    Some(row) if row.get::<String>(0)? == id => {
                        return Ok(Holder::Me { taken: false })
                    }
                    Some(row) => return Ok(Holder::Other(row.get(1)?)),
                    None => {}
                }
                // An unfinished game goes to the keeper (its clock, its AI,
                // its class); a finished one, to whoever is asked for it;
                // no such game is not found here.
                let status = sql.query(
                    "SELECT status FROM games WHERE id = ?1",
                    args![game.as_str()],
                )?;
                match status.first() {
                    None => return Ok(Holder::Me { taken: false }),
                    Some(row) if row.get::<String>(0)? != "over" => return Ok(Holder::Nobody),
                    Some(_) => {}
                }
            }
            // A lapsed holder's transaction begun before its lease lapsed
            // (its fence passed) ends before the game is taken: its move,
            // acknowledged, is in what this instance loads.
            sql.query(
                &format!(
                    "SELECT 1 FROM instances i JOIN holders h ON h.instance = i.id
                     WHERE h.game = ?1 AND i.renewed_ms <= {NOW_MS} - ?2 FOR UPDATE OF i"
                ),
                args![game.as_str(), LEASE_MS],
            )?;
            // The holder before, if any: a lapsed instance's game taken.
            let mine = sql.query(
                &format!(
                    "WITH before AS (SELECT instance FROM holders WHERE game = ?1)
                     INSERT INTO holders (game, instance)
                     SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1)
                     ON CONFLICT (game) DO UPDATE SET instance = excluded.instance
                     WHERE NOT EXISTS (
                         SELECT 1 FROM instances i
                         WHERE i.id = holders.instance AND i.renewed_ms > {NOW_MS} - ?3)
                     RETURNING (SELECT instance FROM before)"
                ),
                args![game.as_str(), id.as_str(), LEASE_MS],
            )?;
            if let Some(row) = mine.first() {
                let before: Option<String> = row.get(0)?;
                return Ok(Holder::Me {
                    taken: before.is_some_and(|b| b != id),
                });
            }
            let holder = sql.query(
                "SELECT h.instance, i.address FROM holders h
                 JOIN instances i ON i.id = h.instance WHERE h.game = ?1",
                args![game.as_str()],
            )?;
            match holder.first() {
                Some(row) if row.get::<String>(0)? == id => Ok(Holder::Me { taken: false }),
                Some(row) => Ok(Holder::Other(row.get(1)?)),
                // No such game (served here: not found), or its holder's
                // row went between the two statements (a takeover): the
                // hub asks again before it loads it.
                None => Ok(Holder::Me { taken: false }),
            }
        })
    }

    /// Records that this instance holds the new game `game`.
    pub fn hold(&self, game: &str) -> Result<(), StoreError> {
        let (id, game) = (self.id.clone(), game.to_string());
        self.run(move |sql| {
            sql.execute(
                "INSERT INTO holders (game, instance) VALUES (?1, ?2)
                 ON CONFLICT (game) DO UPDATE SET instance = excluded.instance",
                args![game.as_str(), id.as_str()],
            )
            .map(|_| ())
        })
    }

    /// Lets the games go (they left this instance's memory, finished).
    pub fn release(&self, games: &[String]) -> Result<(), StoreError> {
        let (id, games) = (self.id.clone(), games.to_vec());
        self.run(move |sql| {
            for game in &games {
                sql.execute(
                    "DELETE FROM holders WHERE game = ?1 AND instance = ?2",
                    args![game.as_str(), id.as_str()],
                )?;
            }
            Ok(())
        })
    }

    /// The instance stops: its lease ends now, so that the others take
    /// its unfinished games at their next renewal (2 s) instead of when
    /// the lease would have lapsed.
    pub fn leave(&self) -> Result<(), StoreError> {
        let id = self.id.clone();
        self.run(move |sql| {
            sql.execute(
                "UPDATE instances SET renewed_ms = 0 WHERE id = ?1",
                args![id.as_str()],
            )
            .map(|_| ())
        })
    }
}

impl std::fmt::Debug for Leases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Leases")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// Which of the instances named `instances` is the home of client `key`
/// ([`Leases::home_of`]).
pub fn home_among<'a>(key: &str, instances: &[&'a str]) -> Option<&'a str> {
    instances
        .iter()
        .copied()
        .max_by_key(|id| rendezvous(key, id))
}

/// The weight of instance `instance` for client `key`: the home is the
/// heaviest. FNV-1a, the same in every build of every instance.
fn rendezvous(key: &str, instance: &str) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in key.bytes().chain([0]).chain(instance.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    // FNV's last bytes stir only the low bits: mixed once more.
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^ (hash >> 33)
}

/// The IP addresses an instance's address (`http://host:port`) names.
fn ips_of(address: &str) -> Vec<IpAddr> {
    let authority = address
        .split_once("://")
        .map_or(address, |(_, rest)| rest)
        .split('/')
        .next()
        .unwrap_or_default();
    authority
        .to_socket_addrs()
        .map(|found| found.map(|a| a.ip()).collect())
        .unwrap_or_default()
}

/// What a takeover found.
#[derive(Debug, Default)]
pub struct TakenOver {
    /// Instances whose lease had lapsed.
    pub instances: usize,
    /// The unfinished games this instance now holds.
    pub games: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::sql::test_database;

    /// A game row of status `status`, nothing else of it.
    fn game(leases: &Leases, id: &str, status: &str) {
        leases
            .run(|sql| {
                sql.execute(
                    "INSERT INTO games (id, created_ms, creator, status, public, settings, seats, extra, summary, updated_ms)
                     VALUES (?1, 0, 'test', ?2, 0, '{}', '[]', '{}', '{}', 0)",
                    args![id, status],
                )
                .map(|_| ())
            })
            .unwrap();
    }

    #[test]
    fn the_keeper_alone_takes_unfinished_games_and_anyone_a_finished_one() {
        let url = test_database();
        let mut client = crate::db::postgres::connect(&url).unwrap();
        crate::db::postgres::migrate(&mut client).unwrap();
        crate::db::postgres::off_runtime(move || drop(client));
        // Joined in this order (and named so, for those joined in the
        // same millisecond): the first is the keeper.
        let keeper = Leases::join(&url, "a", "http://10.0.0.1:1").unwrap();
        let gone = Leases::join(&url, "b", "http://10.0.0.2:1").unwrap();
        let other = Leases::join(&url, "c", "http://10.0.0.3:1").unwrap();
        for l in [&keeper, &gone, &other] {
            assert!(l.renew().unwrap());
        }
        assert_eq!(keeper.keeper(), None);
        assert_eq!(other.keeper().as_deref(), Some("http://10.0.0.1:1"));
        game(&keeper, "playing1", "playing");
        game(&keeper, "over1", "over");
        gone.hold("playing1").unwrap();
        gone.hold("over1").unwrap();
        assert_eq!(
            other.claim("playing1", false).unwrap(),
            Holder::Other("http://10.0.0.2:1".into())
        );
        // `gone` lapses: its unfinished game waits for the keeper, its
        // finished one is anyone's.
        gone.run(|sql| {
            sql.execute(
                "UPDATE instances SET renewed_ms = 0 WHERE id = 'b'",
                args![],
            )
            .map(|_| ())
        })
        .unwrap();
        assert_eq!(other.claim("playing1", false).unwrap(), Holder::Nobody);
        assert_eq!(
            other.claim("over1", false).unwrap(),
            Holder::Me { taken: true }
        );
        assert_eq!(
            keeper.claim("playing1", true).unwrap(),
            Holder::Me { taken: true }
        );
        assert_eq!(
            other.claim("playing1", false).unwrap(),
            Holder::Other("http://10.0.0.1:1".into())
        );
        // No such game: nobody's, served (not found) where it was asked.
        assert_eq!(
            other.claim("nowhere", false).unwrap(),
            Holder::Me { taken: false }
        );
        assert!(!gone.renew().unwrap(), "a lapsed lease is not renewed");
        // Nor does a lapsed instance take the others' view as its own (it
        // would send its clients to them while it stops).
        assert_eq!(gone.keeper().as_deref(), Some("http://10.0.0.1:1"));
        assert_eq!(gone.live_count(), 3);
    }

    fn home(key: &str, instances: &[&str]) -> String {
        home_among(key, instances).unwrap().to_string()
    }

    #[test]
    fn clients_are_spread_over_the_instances_and_few_move_when_one_goes() {
        let three = ["a1b2", "c3d4", "e5f6"];
        let clients: Vec<String> = (0..3000)
            .map(|i| format!("10.0.{}.{}", i / 250, i % 250))
            .collect();
        let mut count = [0usize; 3];
        for client in &clients {
            let at = three
                .iter()
                .position(|i| *i == home(client, &three))
                .unwrap();
            count[at] += 1;
        }
        for n in count {
            assert!((800..1200).contains(&n), "{count:?}");
        }
        // One instance gone: only its clients move.
        let two = ["a1b2", "e5f6"];
        for client in &clients {
            let before = home(client, &three);
            if before != "c3d4" {
                assert_eq!(home(client, &two), before, "{client}");
            }
        }
    }
}
