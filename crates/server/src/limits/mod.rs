//! Limits, each holding under a concurrent burst: whatever a limit counts
//! is taken before the work it guards starts (before any `await`), and
//! given back afterwards when the work did not use it.
//!
//! - [`Bucket`], [`PerClient`]: a rate (messages per connection, requests
//!   per address).
//! - [`window::Window`]: events per key in a time window (sign-ups per
//!   hour), each taken as a [`window::Slot`] that is kept or given back.
//! - [`tally::Tally`]: things that exist per key (shared exercises,
//!   classes per address), reserved before they are made.
//! - [`lockout::Lockout`]: wrong passwords and PINs, counted so that a
//!   stranger cannot lock the owner out.
//! - [`workers::Workers`]: CPU work on blocking threads, a few at once.
//! - [`pool::Pool`]: costly work people ask for, with a share per client,
//!   a bounded queue and a longest wait.
//! - [`searches::Searches`]: the engine's searches, the games' AI apart
//!   from the searches people ask for.
//!
//! Every limit per address counts an address's key ([`client_key`]): an
//! IPv4 address, or the /64 network of an IPv6 one (one home or phone
//! holds a whole /64).

pub mod lockout;
pub mod pool;
pub mod searches;
pub mod tally;
pub mod window;
pub mod workers;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// What a limit per address counts: an IPv4 address as it is (an IPv4
/// address written in IPv6 too), an IPv6 address's /64 network.
pub fn client_ip(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// [`client_ip`] as text, the key of the limits kept by name.
pub fn client_key(ip: IpAddr) -> String {
    match client_ip(ip) {
        IpAddr::V6(net) => format!("{net}/64"),
        v4 => v4.to_string(),
    }
}

/// A wait in words for a refusal's message: "40 seconds", "5 minutes"
/// (rounded up).
pub fn wait_words(wait: std::time::Duration) -> String {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    match seconds {
        0 | 1 => "a second".to_string(),
        2..=90 => format!("{seconds} seconds"),
        _ => format!("{} minutes", seconds.div_ceil(60)),
    }
}

/// Allows `rate` events per second on average, `burst` at once.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    pub fn new(rate: u32, burst: u32) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            last: Instant::now(),
            rate: f64::from(rate),
            burst: f64::from(burst),
        }
    }

    /// Takes one token if there is one. A rate of 0 means no limit.
    pub fn take(&mut self, now: Instant) -> bool {
        if self.rate == 0.0 {
            return true;
        }
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One bucket per client address; and one per member of a class (see
/// [`PerClient::allow_member`]).
pub struct PerClient {
    rate: u32,
    burst: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    members: Mutex<HashMap<String, Bucket>>,
}

impl PerClient {
    /// `rate` a second, twice as many at once.
    pub fn new(rate: u32) -> PerClient {
        PerClient::with_burst(rate, rate.saturating_mul(2))
    }

    /// `rate` a second, `burst` at once.
    pub fn with_burst(rate: u32, burst: u32) -> PerClient {
        PerClient {
            rate,
            burst: burst.max(1),
            buckets: Mutex::new(HashMap::new()),
            members: Mutex::new(HashMap::new()),
        }
    }

    /// The budget of one member of a class (a pupil, its teacher), known
    /// by their token, as much as an address's: a class behind one
    /// school address is 25 people, not one client. Asked only once the
    /// address's own budget is spent.
    pub fn allow_member(&self, member: &str) -> bool {
        if self.rate == 0 {
            return true;
        }
        let now = Instant::now();
        let mut buckets = self.members.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 100_000 {
            buckets.retain(|_, b| now.saturating_duration_since(b.last).as_secs() < 60);
        }
        if let Some(bucket) = buckets.get_mut(member) {
            return bucket.take(now);
        }
        buckets
            .entry(member.to_string())
            .or_insert_with(|| Bucket::new(self.rate, self.burst))
            .take(now)
    }

    pub fn allow(&self, ip: IpAddr) -> bool {
        if self.rate == 0 {
            return true;
        }
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 100_000 {
            // Forget idle clients rather than grow without end.
            buckets.retain(|_, b| now.saturating_duration_since(b.last).as_secs() < 60);
        }
        buckets
            .entry(client_ip(ip))
            .or_insert_with(|| Bucket::new(self.rate, self.burst))
            .take(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn bucket_allows_burst_then_rate() {
        let mut bucket = Bucket::new(10, 5);
        let t = Instant::now();
        assert!((0..5).all(|_| bucket.take(t)));
        assert!(!bucket.take(t));
        assert!(bucket.take(t + Duration::from_millis(150)));
        assert!(!bucket.take(t + Duration::from_millis(150)));
    }

    #[test]
    fn waits_in_words() {
        assert_eq!(wait_words(Duration::from_millis(200)), "a second");
        assert_eq!(wait_words(Duration::from_millis(40_500)), "41 seconds");
        assert_eq!(wait_words(Duration::from_secs(300)), "5 minutes");
        assert_eq!(wait_words(Duration::from_secs(91)), "2 minutes");
    }

    #[test]
    fn an_ipv6_network_is_one_client() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), "2001:db8:1:2::/64");
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(other));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(client_key(mapped), "192.0.2.7");
        assert_eq!(client_key("192.0.2.7".parse().unwrap()), "192.0.2.7");
        let limit = PerClient::with_burst(1, 1);
        assert!(limit.allow(a));
        assert!(!limit.allow(b), "the same /64 shares one budget");
        assert!(limit.allow(other));
    }

    #[test]
    fn zero_rate_is_unlimited() {
        let mut bucket = Bucket::new(0, 0);
        assert!((0..1000).all(|_| bucket.take(Instant::now())));
    }
}
