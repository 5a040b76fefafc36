//! What the instances on one PostgreSQL tell each other at once, through
//! PostgreSQL's `NOTIFY` and `LISTEN` (no broker of our own): a game's
//! turn changed for some accounts ("your turn" on their pages, which the
//! keeper serves), and finished games to read again from the database
//! (an account deleted on another instance renamed their seats).
//!
//! A notice is `INSTANCE@SENT_MS:ITEM,ITEM…` on a channel of its own (the
//! sender's wall clock, for the operator's figure of how late notices
//! come); an instance ignores its own.

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

/// A notice heard, and when its sender sent it (ms since 1970, by the
/// sender's clock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    pub notice: Notice,
    pub sent_ms: u64,
}

/// What the listening thread tells as it goes.
pub enum Listened {
    /// Another instance's notice.
    Heard(Heard),
    /// Its connection to the database is up (`true`) or lost (`false`:
    /// notices sent meanwhile are missed, as PostgreSQL does not keep
    /// them).
    Listening(bool),
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
            .map(|chunk| format!("{}@{}:{}", self.id(), crate::wall_ms(), chunk.join(",")))
            .collect();
        self.run(move |sql| {
            for payload in &payloads {
                sql.execute("SELECT pg_notify(?1, ?2)", args![channel, payload.as_str()])?;
            }
            Ok(())
        })
    }

    /// Hears the other instances' notices on a thread of its own with its
    /// own connection, made again when it breaks, while `listening` stays
    /// true; tells `heard` each notice, and when the connection is made
    /// or lost.
    pub fn listen(
        &self,
        listening: Arc<AtomicBool>,
        heard: impl Fn(Listened) + Send + 'static,
    ) -> Result<(), StoreError> {
        let (url, me) = (self.url().to_string(), self.id().to_string());
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
                    heard(Listened::Listening(true));
                    while listening.load(Ordering::Relaxed) && !client.is_closed() {
                        let mut notices = client.notifications();
                        let waited = notices.timeout_iter(Duration::from_millis(500)).next();
                        match waited {
                            Ok(Some(notice)) => {
                                if let Some(notice) = read(notice.channel(), notice.payload(), &me)
                                {
                                    heard(Listened::Heard(notice));
                                }
                            }
                            Ok(None) => {}
                            Err(_) => break,
                        }
                    }
                    heard(Listened::Listening(false));
                }
            })
            .map(|_| ())
            .map_err(|err| StoreError(format!("cannot start the listening thread: {err}")))
    }
}

/// Another instance's notice on `channel`; `None` for this instance's own
/// (`me` is its id), a channel it does not know, or a payload not ours.
fn read(channel: &str, payload: &str, me: &str) -> Option<Heard> {
    let (sender, items) = payload.split_once(':')?;
    let (id, sent_ms) = sender.split_once('@')?;
    if id == me {
        return None;
    }
    let sent_ms = sent_ms.parse().ok()?;
    let items = items.split(',').filter(|item| !item.is_empty());
    let notice = match channel {
        PLAYING => Notice::Playing(items.filter_map(|id| id.parse().ok()).collect()),
        FORGET => Notice::Forget(items.map(str::to_string).collect()),
        _ => return None,
    };
    Some(Heard { notice, sent_ms })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_is_read_unless_it_is_this_instances_own() {
        let heard = |notice, sent_ms| Some(Heard { notice, sent_ms });
        assert_eq!(
            read(PLAYING, "b7@1700:3,12", "a1"),
            heard(Notice::Playing(vec![3, 12]), 1700)
        );
        assert_eq!(
            read(FORGET, "b7@5:g1,g2", "a1"),
            heard(Notice::Forget(vec!["g1".into(), "g2".into()]), 5)
        );
        assert_eq!(read(PLAYING, "a1@5:3", "a1"), None);
        assert_eq!(read("other", "b7@5:3", "a1"), None);
        assert_eq!(
            read(FORGET, "b7@5:", "a1"),
            heard(Notice::Forget(vec![]), 5)
        );
        assert_eq!(read(PLAYING, "b7:3", "a1"), None, "no time: not ours");
        assert_eq!(read(PLAYING, "b7@soon:3", "a1"), None);
    }
}
