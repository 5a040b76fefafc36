//! Wrong passwords and PINs, limited so that guessing is slow and a
//! stranger cannot lock the owner out.
//!
//! A try of a secret of some *subject* (an account, a class) from an
//! address is refused when any of these is used up:
//! - the wrong tries of this subject *from this address* (a stranger's
//!   failures lock the stranger out, not the owner);
//! - the wrong tries from this address, whatever the subject (one address
//!   guessing many accounts);
//! - the subject's budget from all addresses (guessing spread over many
//!   addresses): past a free number in a long window, each address's
//!   further tries of that subject must wait a delay that doubles up to a
//!   ceiling. The delay is the address's own, never the subject's: a
//!   stranger who polls the moment each try opens only delays themselves,
//!   and the owner's first try from a new address is checked at once.
//!   Addresses where the secret was given right recently (or where the
//!   account was made) do not wait at all.
//!
//! Every try is counted before the secret is checked (a burst cannot pass
//! the check before any of it is counted) and given back when it was right.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::window::{Full, Slot, Window};

/// How many tries each rule allows.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Wrong tries of one subject from one address in `window`.
    pub per_pair: u32,
    /// Wrong tries from one address, all subjects, in `window`.
    pub per_address: u32,
    pub window: Duration,
    /// Wrong tries of one subject from all addresses in `subject_window`
    /// before the tries are spaced out.
    pub free_per_subject: u32,
    pub subject_window: Duration,
    /// The longest wait between two spaced-out tries.
    pub max_spacing: Duration,
}

/// How long an address where the secret was right stays known.
const KNOWN_FOR: Duration = Duration::from_secs(30 * 24 * 3600);
/// Known addresses kept per subject (the most recent).
const KNOWN_PER_SUBJECT: usize = 8;
/// Subjects tracked before old entries are swept.
const SWEEP_AT: usize = 100_000;

/// A subject's tries from all addresses.
#[derive(Clone, Copy, Debug)]
struct Budget {
    used: u32,
    since: Instant,
    epoch: u64,
}

/// One address's spaced-out tries of one subject.
#[derive(Clone, Copy, Debug)]
struct Spacing {
    tries: u32,
    /// No try before this.
    next: Instant,
}

pub struct Lockout {
    rules: Rules,
    pairs: Window,
    addresses: Window,
    budgets: Mutex<HashMap<String, Budget>>,
    /// Per subject and address, once the subject's budget is spent.
    spacings: Mutex<HashMap<String, Spacing>>,
    known: Mutex<HashMap<String, Vec<(String, Instant)>>>,
}

/// A try refused: wait this long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Locked {
    pub retry_after: Duration,
}

impl From<Full> for Locked {
    fn from(full: Full) -> Locked {
        Locked {
            retry_after: full.retry_after,
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The wait after the `n`-th spaced-out try (1, 2, 4 … seconds).
fn spacing(n: u32, max: Duration) -> Duration {
    let seconds = 1u64 << n.saturating_sub(1).min(20);
    Duration::from_secs(seconds).min(max)
}

impl Lockout {
    pub fn new(rules: Rules) -> Lockout {
        Lockout {
            rules,
            pairs: Window::new(rules.per_pair, rules.window),
            addresses: Window::new(rules.per_address, rules.window),
            budgets: Mutex::new(HashMap::new()),
            spacings: Mutex::new(HashMap::new()),
            known: Mutex::new(HashMap::new()),
        }
    }

    fn is_known(&self, subject: &str, address: &str, now: Instant) -> bool {
        lock(&self.known).get(subject).is_some_and(|list| {
            list.iter()
                .any(|(a, at)| a == address && now.saturating_duration_since(*at) < KNOWN_FOR)
        })
    }

    /// The secret is the one `address` gave (an account made there): it
    /// is known for `subject` from now on.
    pub fn remember(&self, subject: &str, address: &str, now: Instant) {
        let mut known = lock(&self.known);
        if known.len() >= SWEEP_AT {
            known.retain(|_, list| {
                list.retain(|(_, at)| now.saturating_duration_since(*at) < KNOWN_FOR);
                !list.is_empty()
            });
        }
        let list = known.entry(subject.to_string()).or_default();
        list.retain(|(a, _)| a != address);
        list.push((address.to_string(), now));
        if list.len() > KNOWN_PER_SUBJECT {
            list.remove(0);
        }
    }

    /// Takes a try of the subject's budget for `address` (whose own wait
    /// applies once the budget is spent), or says how long to wait.
    fn take_budget(&self, subject: &str, address: &str, now: Instant) -> Result<u64, Locked> {
        let rules = &self.rules;
        let mut budgets = lock(&self.budgets);
        if budgets.len() >= SWEEP_AT {
            budgets.retain(|_, b| now.saturating_duration_since(b.since) < rules.subject_window);
        }
        let budget = budgets.entry(subject.to_string()).or_insert(Budget {
            used: 0,
            since: now,
            epoch: 0,
        });
        if now.saturating_duration_since(budget.since) >= rules.subject_window {
            *budget = Budget {
                used: 0,
                since: now,
                epoch: budget.epoch + 1,
            };
        }
        if budget.used >= rules.free_per_subject {
            let mut spacings = lock(&self.spacings);
            if spacings.len() >= SWEEP_AT {
                spacings.retain(|_, s| now < s.next + rules.subject_window);
            }
            let key = format!("{subject}\n{address}");
            let spacing_now = spacings.entry(key).or_insert(Spacing {
                tries: 0,
                next: now,
            });
            if now < spacing_now.next {
                return Err(Locked {
                    retry_after: spacing_now.next - now,
                });
            }
            spacing_now.tries += 1;
            spacing_now.next = now + spacing(spacing_now.tries, rules.max_spacing);
        }
        budget.used += 1;
        Ok(budget.epoch)
    }

    fn give_back_budget(&self, subject: &str, epoch: u64) {
        if let Some(budget) = lock(&self.budgets).get_mut(subject) {
            if budget.epoch == epoch {
                budget.used = budget.used.saturating_sub(1);
            }
        }
    }

    /// A try of `subject`'s secret from `address`, counted as wrong until
    /// [`Attempt::succeeded`] says otherwise.
    pub fn attempt(
        &self,
        subject: &str,
        address: &str,
        now: Instant,
    ) -> Result<Attempt<'_>, Locked> {
        let pair = self.pairs.take(&format!("{subject}\n{address}"), now)?;
        let from_address = match self.addresses.take(address, now) {
            Ok(slot) => slot,
            Err(full) => {
                pair.give_back();
                return Err(full.into());
            }
        };
        let budget = if self.is_known(subject, address, now) {
            None
        } else {
            match self.take_budget(subject, address, now) {
                Ok(epoch) => Some(epoch),
                Err(locked) => {
                    pair.give_back();
                    from_address.give_back();
                    return Err(locked);
                }
            }
        };
        Ok(Attempt {
            lockout: self,
            subject: subject.to_string(),
            address: address.to_string(),
            pair,
            from_address,
            budget,
        })
    }
}

/// One try, counted as wrong unless it [`succeeded`](Attempt::succeeded).
#[must_use = "say whether the secret was right"]
pub struct Attempt<'a> {
    lockout: &'a Lockout,
    subject: String,
    address: String,
    pair: Slot<'a>,
    from_address: Slot<'a>,
    budget: Option<u64>,
}

impl Attempt<'_> {
    /// The secret was right: the try is given back, and the address is
    /// known for the subject from now on.
    pub fn succeeded(self) {
        self.pair.give_back();
        self.from_address.give_back();
        if let Some(epoch) = self.budget {
            self.lockout.give_back_budget(&self.subject, epoch);
        }
        self.lockout
            .remember(&self.subject, &self.address, Instant::now());
    }

    /// The secret was wrong: the try stays counted.
    pub fn failed(self) {
        self.pair.keep();
        self.from_address.keep();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        Rules {
            per_pair: 3,
            per_address: 5,
            window: Duration::from_secs(60),
            free_per_subject: 4,
            subject_window: Duration::from_secs(3600),
            max_spacing: Duration::from_secs(8),
        }
    }

    #[test]
    fn a_strangers_failures_do_not_lock_the_owner_out() {
        let l = Lockout::new(rules());
        let t = Instant::now();
        for _ in 0..3 {
            l.attempt("acct", "stranger", t).unwrap().failed();
        }
        assert!(l.attempt("acct", "stranger", t).is_err());
        l.attempt("acct", "owner", t).unwrap().succeeded();
    }

    #[test]
    fn one_address_guessing_many_subjects_is_stopped() {
        let l = Lockout::new(rules());
        let t = Instant::now();
        for i in 0..5 {
            l.attempt(&format!("acct{i}"), "a", t).unwrap().failed();
        }
        let locked = l.attempt("acct9", "a", t).err().unwrap();
        assert_eq!(locked.retry_after, Duration::from_secs(60));
    }

    #[test]
    fn a_right_secret_gives_its_try_back() {
        let l = Lockout::new(rules());
        let t = Instant::now();
        for _ in 0..10 {
            l.attempt("acct", "owner", t).unwrap().succeeded();
        }
        l.attempt("acct", "owner", t).unwrap().failed();
        l.attempt("acct", "owner", t).unwrap().failed();
        l.attempt("acct", "owner", t).unwrap().succeeded();
    }

    #[test]
    fn a_crowd_is_spaced_out_each_address_on_its_own_and_known_addresses_not_at_all() {
        // Windows wide enough that only the spacing shows.
        let l = Lockout::new(Rules {
            per_pair: 1000,
            per_address: 1000,
            ..rules()
        });
        let t = Instant::now();
        l.attempt("acct", "owner", t).unwrap().succeeded();
        for i in 0..4 {
            l.attempt("acct", &format!("bot{i}"), t).unwrap().failed();
        }
        // Past the free budget, each address has its own wait: its first
        // try at once, then 1 s, 2 s… up to the ceiling.
        l.attempt("acct", "bot4", t).unwrap().failed();
        let locked = l.attempt("acct", "bot4", t).err().unwrap();
        assert_eq!(locked.retry_after, Duration::from_secs(1));
        let mut at = t;
        let mut waits = Vec::new();
        for _ in 0..6 {
            at += l.attempt("acct", "bot4", at).err().unwrap().retry_after;
            l.attempt("acct", "bot4", at).unwrap().failed();
            waits.push(
                l.attempt("acct", "bot4", at)
                    .err()
                    .unwrap()
                    .retry_after
                    .as_secs(),
            );
        }
        assert_eq!(waits, [2, 4, 8, 8, 8, 8]);
        // A stranger who polls without end delays only themselves: a new
        // address (the owner on another device) is checked at once, and
        // gets in with the right secret.
        for _ in 0..1000 {
            let _ = l.attempt("acct", "bot4", at).map(Attempt::failed);
        }
        l.attempt("acct", "owner-phone", at).unwrap().succeeded();
        // The owner, from a known address, does not wait.
        l.attempt("acct", "owner", at).unwrap().succeeded();
        // An address remembered without a try (where the account was made).
        l.remember("acct", "signed-up-here", at);
        l.attempt("acct", "signed-up-here", at).unwrap().failed();
        l.attempt("acct", "signed-up-here", at).unwrap().succeeded();
        // Another subject is not slowed down.
        l.attempt("other", "bot1", at).unwrap().failed();
    }

    #[test]
    fn a_refused_try_takes_nothing() {
        let l = Lockout::new(Rules {
            per_address: 1,
            ..rules()
        });
        let t = Instant::now();
        l.attempt("a", "x", t).unwrap().failed();
        assert!(l.attempt("b", "x", t).is_err());
        // The refused try took no slot of the pair ("b", "x"): after the
        // window, "b" from "x" has its full three tries.
        let later = t + Duration::from_secs(60);
        let l2 = &l;
        l2.attempt("b", "x", later).unwrap().failed();
    }

    #[test]
    fn a_concurrent_burst_checks_at_most_the_pair_limit() {
        let l = std::sync::Arc::new(Lockout::new(rules()));
        let t = Instant::now();
        let passed: usize = (0..8)
            .map(|_| {
                let l = l.clone();
                std::thread::spawn(move || {
                    (0..20)
                        .filter(|_| l.attempt("acct", "a", t).map(Attempt::failed).is_ok())
                        .count()
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .sum();
        assert_eq!(passed, 3);
    }
}
