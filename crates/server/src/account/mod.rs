//! Accounts (optional: anonymous play works as before): a user name and a
//! password, a session cookie, ratings per speed and the list of an
//! account's games. A seat taken while logged in belongs to the account
//! (its holder is [`Account::holder`]), so its player finds and plays it
//! from any browser where they are logged in.
//!
//! Only hashes are kept: argon2id for passwords, SHA-256 for the session
//! tokens (looked up by their hash, so the lookup's timing tells nothing
//! of a token). Wrong passwords are limited as [`PASSWORD_RULES`] says.

pub mod api;
pub mod bot;
pub mod error;
pub mod name;
pub mod password;
pub mod session;
pub mod speed;
pub mod tokens;
pub mod tokens_api;
pub mod view;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use crate::db::{Db, StoreError};
use crate::limits::lockout::{Lockout, Rules};
use crate::limits::window::Window;
use crate::limits::workers::Workers;
use crate::token::{hash_token, new_token};
use crate::wall_ms;

pub use self::error::AccountError;
pub use self::name::{UserName, DELETED_PLAYER};
pub use self::speed::Speed;
use crate::db::accounts::{self as store, AccountRow, AccountWrite};

/// How long a session lasts without logging in again.
pub const SESSION_LIFE: Duration = Duration::from_secs(30 * 24 * 3600);

/// Wrong passwords (API.md, "Limits"): 5 per account from one address and
/// 20 per address in 5 minutes; past 20 for one account from all
/// addresses in an hour, tries from addresses it was never opened from
/// are spaced out, up to a minute apart.
pub const PASSWORD_RULES: Rules = Rules {
    per_pair: 5,
    per_address: 20,
    window: Duration::from_secs(300),
    free_per_subject: 20,
    subject_window: Duration::from_secs(3600),
    max_spacing: Duration::from_secs(60),
};
/// The most accounts one block list holds.
pub const MAX_BLOCKS: usize = 500;
/// Password hashes computed at once (each takes tens of milliseconds and
/// 19 MiB).
const HASHING_AT_ONCE: usize = 2;

/// A logged-in account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub id: u64,
    pub name: String,
    /// A bot's account: a program plays for it (marked wherever its name
    /// shows; kept out of the lobby and the classes).
    pub bot: bool,
}

impl From<store::AccountKey> for Account {
    fn from(key: store::AccountKey) -> Account {
        Account {
            id: key.id,
            name: key.name,
            bot: key.bot,
        }
    }
}

impl Account {
    /// What holds this account's seats in its games: never the hash of a
    /// token (those are hex), so no token can act for an account.
    pub fn holder(&self) -> String {
        holder_of(self.id)
    }
}

/// The holder string of account `id`'s seats.
pub fn holder_of(id: u64) -> String {
    format!("account:{id}")
}

/// A session: the account and when it was opened.
#[derive(Clone, Debug)]
struct Session {
    account: Account,
    created_ms: u64,
    /// When it was read from the database (among several instances, a
    /// session is read again after [`SHARED_SESSION_FOR`]: another
    /// instance may have ended it).
    read_ms: u64,
}

/// How long an instance among several trusts a session it read: a
/// log-out, a new password or a deleted account on another instance ends
/// the session here within this time.
const SHARED_SESSION_FOR: u64 = 5_000;

/// The accounts' service: sessions in memory (stored too), the rest read
/// from the database when asked.
#[derive(Clone)]
pub struct Accounts {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    sessions: RwLock<HashMap<String, Session>>,
    next_id: Mutex<u64>,
    /// Wrong passwords.
    passwords: Lockout,
    /// Sign-ups per address in an hour (`None`: no limit).
    signups: Option<Window>,
    /// One instance among several: sessions are read from the database
    /// (others open and end them), and the next account id is read again
    /// when this instance becomes the keeper, which makes the accounts.
    shared: bool,
    hashing: Workers,
    /// Mark cookies `Secure` (the server is reached over https).
    secure_cookies: bool,
}

impl Accounts {
    /// Loads the sessions that have not expired.
    pub fn start(
        db: Db,
        secure_cookies: bool,
        signups_per_hour: u32,
        keeper: Option<tokio::sync::watch::Receiver<bool>>,
    ) -> Result<Accounts, String> {
        let fail = |err: StoreError| format!("cannot read the accounts: {err}");
        let (sessions, last) = db
            .query(|sql| {
                let sessions = store::sessions_with_accounts(sql)?
                    .into_iter()
                    .map(|(hash, created_ms, account)| {
                        let account = Account::from(account);
                        (
                            hash,
                            Session {
                                created_ms,
                                account,
                                read_ms: wall_ms(),
                            },
                        )
                    })
                    .collect::<HashMap<_, _>>();
                Ok((sessions, store::last_id(sql)?))
            })
            .map_err(fail)?;
        let now = wall_ms();
        let sessions = sessions
            .into_iter()
            .filter(|(_, s)| !expired(s, now))
            .collect();
        let accounts = Accounts {
            inner: Arc::new(Inner {
                db,
                sessions: RwLock::new(sessions),
                next_id: Mutex::new(last + 1),
                passwords: Lockout::new(PASSWORD_RULES),
                signups: (signups_per_hour > 0)
                    .then(|| Window::new(signups_per_hour, Duration::from_secs(3600))),
                shared: keeper.is_some(),
                hashing: Workers::new(HASHING_AT_ONCE),
                secure_cookies,
            }),
        };
        if let Some(mut keeper) = keeper {
            let kept = accounts.clone();
            tokio::spawn(async move {
                while keeper.changed().await.is_ok() {
                    if *keeper.borrow_and_update() {
                        kept.read_next_id_again().await;
                    }
                }
            });
        }
        Ok(accounts)
    }

    /// The keeper makes the accounts: one that becomes it counts on from
    /// the last account made (by the keeper before it).
    async fn read_next_id_again(&self) {
        match self.read(store::last_id).await {
            Ok(last) => {
                let mut next = self.inner.next_id.lock().unwrap_or_else(|e| e.into_inner());
                *next = (*next).max(last + 1);
            }
            Err(err) => {
                tracing::error!(target: "quoridor::account", error = %err, "the last account was not read")
            }
        }
    }

    pub fn secure_cookies(&self) -> bool {
        self.inner.secure_cookies
    }

    /// The account of a session token's hash, if the session is open.
    pub fn session(&self, hash: &str) -> Option<Account> {
        let now = wall_ms();
        {
            let sessions = self
                .inner
                .sessions
                .read()
                .unwrap_or_else(|e| e.into_inner());
            match sessions.get(hash) {
                Some(session)
                    if !self.inner.shared || now < session.read_ms + SHARED_SESSION_FOR =>
                {
                    return (!expired(session, now)).then(|| session.account.clone());
                }
                None if !self.inner.shared => return None,
                _ => {}
            }
        }
        self.read_session(hash, now)
    }

    /// Among several instances: the session as the database has it now
    /// (kept for [`SHARED_SESSION_FOR`], or forgotten if it ended).
    fn read_session(&self, hash: &str, now: u64) -> Option<Account> {
        let key = hash.to_string();
        let read = self
            .inner
            .db
            .query(move |sql| store::session_with_account(sql, &key))
            .ok()?;
        let mut sessions = self
            .inner
            .sessions
            .write()
            .unwrap_or_else(|e| e.into_inner());
        let Some((created_ms, account)) = read else {
            sessions.remove(hash);
            return None;
        };
        let session = Session {
            account: account.into(),
            created_ms,
            read_ms: now,
        };
        let account = (!expired(&session, now)).then(|| session.account.clone());
        sessions.insert(hash.to_string(), session);
        account
    }

    /// Runs a read on a blocking thread.
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut dyn crate::db::sql::Sql) -> crate::db::sql::SqlResult<T> + Send + 'static,
    ) -> Result<T, AccountError> {
        let db = self.inner.db.clone();
        tokio::task::spawn_blocking(move || db.query(f))
            .await
            .map_err(|_| AccountError::Unavailable("the server is stopping".into()))?
            .map_err(AccountError::from)
    }

    /// Hashes or verifies a password on a blocking thread, a few at once.
    async fn hashing<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AccountError> {
        self.inner
            .hashing
            .run(f)
            .await
            .map_err(|failed| AccountError::Unavailable(failed.words().into()))
    }

    /// A new account, logged in: its session token. The sign-up is
    /// counted against the address before any work, and given back if it
    /// fails.
    pub async fn sign_up(
        &self,
        name: &str,
        password: &str,
        address: &str,
    ) -> Result<(Account, String), AccountError> {
        let name: UserName = name.parse().map_err(AccountError::BadName)?;
        password::check(password).map_err(AccountError::BadPassword)?;
        let slot = match &self.inner.signups {
            Some(signups) => Some(
                signups
                    .take(address, std::time::Instant::now())
                    .map_err(|full| AccountError::TooManySignUps(full.retry_after))?,
            ),
            None => None,
        };
        let key = name.key();
        let made = self.create(name, password).await;
        if made.is_ok() {
            // The owner's own address: never slowed down by a stranger's
            // guesses (limits::lockout).
            self.inner
                .passwords
                .remember(&key, address, std::time::Instant::now());
        }
        match (slot, &made) {
            (Some(slot), Ok(_)) => slot.keep(),
            (Some(slot), Err(_)) => slot.give_back(),
            (None, _) => {}
        }
        made
    }

    async fn create(
        &self,
        name: UserName,
        password: &str,
    ) -> Result<(Account, String), AccountError> {
        let key = name.key();
        let taken = {
            let key = key.clone();
            self.read(move |conn| store::by_name(conn, &key)).await?
        };
        if taken.is_some() {
            return Err(AccountError::NameTaken);
        }
        let password = password.to_string();
        let hashed = self
            .hashing(move || password::hash(&password))
            .await?
            .map_err(|why| AccountError::Unavailable(why.to_string()))?;
        let id = {
            let mut next = self.inner.next_id.lock().unwrap_or_else(|e| e.into_inner());
            let id = *next;
            *next += 1;
            id
        };
        let write = AccountWrite::Create {
            id,
            name: name.to_string(),
            key,
            password: hashed,
            created_ms: wall_ms(),
        };
        // Two sign-ups of one name at once: the database's unique key
        // refuses the second.
        if let Err(err) = self.inner.db.save_account(write).await {
            return Err(if err.0.contains("UNIQUE") {
                AccountError::NameTaken
            } else {
                err.into()
            });
        }
        let account = Account {
            id,
            name: name.to_string(),
            bot: false,
        };
        let token = self.open_session(&account).await?;
        Ok((account, token))
    }

    /// Logs in: the session token. Wrong names and wrong passwords are
    /// one error, and take as long; both count as wrong tries of the name.
    pub async fn log_in(
        &self,
        name: &str,
        password: &str,
        address: &str,
    ) -> Result<(Account, String), AccountError> {
        let key = name.trim().to_ascii_lowercase();
        if key.is_empty() || key.len() > 64 || password.len() > password::MAX_PASSWORD {
            return Err(AccountError::WrongPassword);
        }
        let attempt = self.attempt(&key, address)?;
        let row = {
            let key = key.clone();
            self.read(move |conn| store::by_name(conn, &key)).await?
        };
        let stored = row
            .as_ref()
            .map_or_else(|| password::decoy().to_string(), |r| r.password.clone());
        let password = password.to_string();
        let right = self
            .hashing(move || password::verify(&password, &stored))
            .await?;
        let Some(AccountRow { id, name, bot, .. }) = row.filter(|_| right) else {
            attempt.failed();
            return Err(AccountError::WrongPassword);
        };
        attempt.succeeded();
        let account = Account { id, name, bot };
        let token = self.open_session(&account).await?;
        Ok((account, token))
    }

    /// A try of the password of the account named `key`, counted now.
    fn attempt(
        &self,
        key: &str,
        address: &str,
    ) -> Result<crate::limits::lockout::Attempt<'_>, AccountError> {
        self.inner
            .passwords
            .attempt(key, address, std::time::Instant::now())
            .map_err(|locked| AccountError::TooManyTries(locked.retry_after))
    }

    async fn open_session(&self, account: &Account) -> Result<String, AccountError> {
        let token = new_token();
        let hash = hash_token(&token);
        let created_ms = wall_ms();
        self.inner
            .db
            .save_account(AccountWrite::SessionStart {
                hash: hash.clone(),
                account: account.id,
                created_ms,
            })
            .await?;
        self.sessions_mut().insert(
            hash,
            Session {
                account: account.clone(),
                created_ms,
                read_ms: wall_ms(),
            },
        );
        Ok(token)
    }

    fn sessions_mut(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Session>> {
        self.inner
            .sessions
            .write()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Ends the session of this token hash.
    pub async fn log_out(&self, hash: &str) -> Result<(), AccountError> {
        self.inner
            .db
            .save_account(AccountWrite::SessionEnd {
                hash: hash.to_string(),
            })
            .await?;
        self.sessions_mut().remove(hash);
        Ok(())
    }

    /// Checks `password` against the account's (counted as a log-in try).
    async fn check_password(
        &self,
        account: &Account,
        password: &str,
        address: &str,
    ) -> Result<(), AccountError> {
        let key = account.name.to_ascii_lowercase();
        let attempt = self.attempt(&key, address)?;
        let id = account.id;
        let row = self.read(move |conn| store::by_id(conn, id)).await?;
        let stored = row.map(|r| r.password).ok_or(AccountError::NotLoggedIn)?;
        let password = password.to_string();
        if self
            .hashing(move || password::verify(&password, &stored))
            .await?
        {
            attempt.succeeded();
            Ok(())
        } else {
            attempt.failed();
            Err(AccountError::WrongPassword)
        }
    }

    /// A new password; every other session of the account ends.
    pub async fn change_password(
        &self,
        account: &Account,
        session: &str,
        old: &str,
        new: &str,
        address: &str,
    ) -> Result<(), AccountError> {
        password::check(new).map_err(AccountError::BadPassword)?;
        self.check_password(account, old, address).await?;
        let new = new.to_string();
        let hashed = self
            .hashing(move || password::hash(&new))
            .await?
            .map_err(|why| AccountError::Unavailable(why.to_string()))?;
        self.inner
            .db
            .save_account(AccountWrite::Password {
                id: account.id,
                password: hashed,
                keep_session: Some(session.to_string()),
            })
            .await?;
        self.sessions_mut()
            .retain(|hash, s| s.account.id != account.id || hash == session);
        Ok(())
    }

    /// `account` blocks (or unblocks) `blocked`; a block list holds at
    /// most [`MAX_BLOCKS`] accounts.
    pub async fn block(&self, account: u64, blocked: u64, on: bool) -> Result<(), AccountError> {
        if on {
            let count = self
                .read(move |conn| store::blocked(conn, account))
                .await?
                .len();
            if count >= MAX_BLOCKS {
                return Err(AccountError::BlockListFull(MAX_BLOCKS));
            }
        }
        self.inner
            .db
            .save_account(AccountWrite::Block {
                account,
                blocked,
                on,
            })
            .await?;
        Ok(())
    }

    /// Deletes the account once its password is confirmed: refused while
    /// it has a game that is not over. Its finished games stay, their
    /// seats renamed; the answer is their ids.
    pub async fn delete(
        &self,
        account: &Account,
        password: &str,
        address: &str,
    ) -> Result<Vec<String>, AccountError> {
        self.check_password(account, password, address).await?;
        let id = account.id;
        let unfinished = self.read(move |conn| store::unfinished(conn, id)).await?;
        if !unfinished.is_empty() {
            return Err(AccountError::GamesInProgress(unfinished));
        }
        let id = account.id;
        let db = self.inner.db.clone();
        let games = tokio::task::spawn_blocking(move || db.renamed_games(id, DELETED_PLAYER))
            .await
            .map_err(|_| AccountError::Unavailable("the server is stopping".into()))??;
        let ids = games.iter().map(|g| g.id.clone()).collect();
        self.inner
            .db
            .save_account(AccountWrite::Delete {
                id,
                games,
                deleted_ms: wall_ms(),
            })
            .await?;
        self.sessions_mut().retain(|_, s| s.account.id != id);
        Ok(ids)
    }
}

fn expired(session: &Session, now_ms: u64) -> bool {
    now_ms.saturating_sub(session.created_ms) > SESSION_LIFE.as_millis() as u64
}
