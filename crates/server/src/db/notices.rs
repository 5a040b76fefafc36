//! What the instances on one PostgreSQL tell each other at once, through
//! PostgreSQL's `NOTIFY` and `LISTEN` (no broker of our own): a game's
//! turn changed for some accounts ("your turn" on their pages, which the
//! keeper serves), and finished games to read again from the database
//! (an account deleted on another instance renamed their seats).
//!
//! A notice is `INSTANCE:ITEM,ITEM…` on a channel of its own; an instance
//! ignores its own.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;

use super::cluster::Leases;
use super::sql::args;
use super::StoreError;

const PLAYING: &str = "quoridor_playing";
const FORGET: &str = "quoridor_forget";

/// Items in one notice at most: PostgreSQL takes 8,000 bytes a payload.
const PER_NOTICE: usize = 400;

/// A notice from another instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The games of these accounts changed turn or status.
    Playing(Vec<u64>),
    /// These finished games changed in the database: forget them.
    Forget(Vec<String>),
}

impl Leases {
    /// Tells the other instances that the games of `accounts` changed
    /// turn (delivered when PostgreSQL commits it: at once).
    pub fn notify_playing(&self, accounts: &[u64]) -> Result<(), StoreError> {
        let items: Vec<String> = accounts.iter().map(u64::to_string).collect();
        self.notify(PLAYING, &items)
    }

    /// Tells the other instances to forget these finished games.
    pub fn notify_forget(&self, games: &[String]) -> Result<(), StoreError> {
        self.notify(FORGET, games)
    }

    fn notify(&self, channel: &'static str, items: &[String]) -> Result<(), StoreError> {
        let payloads: Vec<String> = items
            .chunks(PER_NOTICE)
            .map(|chunk| format!("{}:{}", self.id(), chunk.join(",")))
            .collect();
        self.run(move |sql| {
            for payload in &payloads {
                sql.query("SELECT pg_notify(?1, ?2)", args![channel, payload.as_str()])?;
            }
            Ok(())
        })
    }

    /// Hears the other instances' notices on a thread of its own with its
    /// own connection, made again when it breaks, while `listening` stays
    /// true; gives each to `heard`.
    pub fn listen(
        &self,
        listening: Arc<AtomicBool>,
        heard: impl Fn(Notice) + Send + 'static,
    ) -> Result<(), StoreError> {
        let (url, me) = (self.url().to_string(), format!("{}:", self.id()));
        std::thread::Builder::new()
            .name("quoridor-listen".into())
            .spawn(move || {
                while listening.load(Ordering::Relaxed) {
                    let listened = super::postgres::connect(&url).and_then(|mut client| {
                        client
                            .batch_execute(&format!("LISTEN {PLAYING}; LISTEN {FORGET}"))
                            .map_err(|err| err.to_string())?;
                        Ok(client)
                    });
                    let Ok(mut client) = listened else {
                        std::thread::sleep(Duration::from_secs(1));
                        continue;
                    };
                    while listening.load(Ordering::Relaxed) && !client.is_closed() {
                        let mut notices = client.notifications();
                        let waited = notices.timeout_iter(Duration::from_millis(500)).next();
                        match waited {
                            Ok(Some(notice)) => {
                                if let Some(notice) = read(notice.channel(), notice.payload(), &me)
                                {
                                    heard(notice);
                                }
                            }
                            Ok(None) => {}
                            Err(_) => break,
                        }
                    }
                }
            })
            .map(|_| ())
            .map_err(|err| StoreError(format!("cannot start the listening thread: {err}")))
    }
}

/// Another instance's notice on `channel`; `None` for this instance's own
/// (`me` is `ID:`) or a channel it does not know.
fn read(channel: &str, payload: &str, me: &str) -> Option<Notice> {
    if payload.starts_with(me) {
        return None;
    }
    let (_, items) = payload.split_once(':')?;
    let items = items.split(',').filter(|item| !item.is_empty());
    match channel {
        PLAYING => Some(Notice::Playing(
            items.filter_map(|id| id.parse().ok()).collect(),
        )),
        FORGET => Some(Notice::Forget(items.map(str::to_string).collect())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_is_read_unless_it_is_this_instances_own() {
        assert_eq!(
            read(PLAYING, "b7:3,12", "a1:"),
            Some(Notice::Playing(vec![3, 12]))
        );
        assert_eq!(
            read(FORGET, "b7:g1,g2", "a1:"),
            Some(Notice::Forget(vec!["g1".into(), "g2".into()]))
        );
        assert_eq!(read(PLAYING, "a1:3", "a1:"), None);
        assert_eq!(read("other", "b7:3", "a1:"), None);
        assert_eq!(read(FORGET, "b7:", "a1:"), Some(Notice::Forget(vec![])));
    }
}
