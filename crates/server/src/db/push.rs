//! Web Push's rows: the server's VAPID key (made once, shared by every
//! instance of one database: a browser's subscription is bound to it) and
//! the devices that asked to be told of an account's turn and challenges.

use super::sql::{args, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;

/// A device that asked for notifications: where its push service takes
/// them, and the keys they are encrypted with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    pub endpoint: String,
    pub account: u64,
    /// The browser's public key and auth secret, base64url as it gave them.
    pub p256dh: String,
    pub auth: String,
    /// The language its notifications are written in.
    pub lang: String,
    pub created_ms: u64,
}

/// A change to the push rows.
#[derive(Clone, Debug)]
pub enum PushWrite {
    /// The server's key, unless one is stored already.
    Key(String),
    /// A device, replacing one with the same endpoint, the account's
    /// oldest dropped beyond `keep`.
    Subscribe {
        subscription: Subscription,
        keep: u64,
    },
    /// Devices gone (the account's own wish, or the push service's word).
    Unsubscribe(Vec<String>),
}

impl Change for PushWrite {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        match self {
            PushWrite::Key(secret) => {
                tx.execute(
                    "INSERT INTO push_keys (id, secret) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING",
                    args![secret],
                )?;
            }
            PushWrite::Subscribe {
                subscription: s,
                keep,
            } => {
                tx.execute(
                    "INSERT INTO push_subscriptions (endpoint, account_id, p256dh, auth, lang, created_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                     ON CONFLICT (endpoint) DO UPDATE SET account_id = excluded.account_id,
                         p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang,
                         created_ms = excluded.created_ms",
                    args![s.endpoint, s.account, s.p256dh, s.auth, s.lang, s.created_ms],
                )?;
                tx.execute(
                    "DELETE FROM push_subscriptions WHERE account_id = ?1 AND endpoint NOT IN
                     (SELECT endpoint FROM push_subscriptions WHERE account_id = ?1
                      ORDER BY created_ms DESC, endpoint LIMIT ?2)",
                    args![s.account, keep],
                )?;
            }
            PushWrite::Unsubscribe(endpoints) => {
                for endpoint in endpoints {
                    tx.execute(
                        "DELETE FROM push_subscriptions WHERE endpoint = ?1",
                        args![endpoint],
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// An account's devices go with it.
pub(super) fn delete_account(tx: &mut dyn Sql, account: u64) -> SqlResult<()> {
    tx.execute(
        "DELETE FROM push_subscriptions WHERE account_id = ?1",
        args![account],
    )
    .map(|_| ())
}

impl Db {
    /// Writes a change to the push rows and waits until it is committed.
    pub async fn save_push(&self, write: PushWrite) -> Result<(), StoreError> {
        self.commit(write).await
    }

    /// The server's VAPID key (its secret scalar, base64url), if made.
    pub fn push_key(&self) -> Result<Option<String>, StoreError> {
        self.query(|sql| {
            sql.query_opt("SELECT secret FROM push_keys WHERE id = 1", args![])?
                .map(|row| row.get(0))
                .transpose()
        })
    }

    /// An account's devices, newest first.
    pub fn push_subscriptions(&self, account: u64) -> Result<Vec<Subscription>, StoreError> {
        self.query(|sql| {
            sql.query(
                "SELECT endpoint, p256dh, auth, lang, created_ms FROM push_subscriptions
                 WHERE account_id = ?1 ORDER BY created_ms DESC, endpoint",
                args![account],
            )?
            .iter()
            .map(|row| {
                Ok(Subscription {
                    endpoint: row.get(0)?,
                    account,
                    p256dh: row.get(1)?,
                    auth: row.get(2)?,
                    lang: row.get(3)?,
                    created_ms: row.get(4)?,
                })
            })
            .collect()
        })
    }
}
