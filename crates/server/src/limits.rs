//! Rate limits: a token bucket per WebSocket connection and per client
//! address for HTTP.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

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

/// One bucket per client address.
pub struct PerClient {
    rate: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl PerClient {
    pub fn new(rate: u32) -> PerClient {
        PerClient {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
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
            .entry(ip)
            .or_insert_with(|| Bucket::new(self.rate, self.rate * 2))
            .take(now)
    }
}

/// Failed tries per key (a class's PIN, an account's password, an
/// address that logs in): at most `max` in a window that starts at the
/// first failure; then every try is refused until the window has passed.
pub struct Failures {
    max: u32,
    window: std::time::Duration,
    counts: Mutex<HashMap<String, (u32, Instant)>>,
}

impl Failures {
    pub fn new(max: u32, window: std::time::Duration) -> Failures {
        Failures {
            max,
            window,
            counts: Mutex::new(HashMap::new()),
        }
    }

    fn with<T>(&self, key: &str, f: impl FnOnce(&mut (u32, Instant)) -> T) -> T {
        let now = Instant::now();
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.len() > 100_000 {
            let window = self.window;
            counts.retain(|_, (_, first)| now.saturating_duration_since(*first) < window);
        }
        let entry = counts.entry(key.to_string()).or_insert((0, now));
        if now.saturating_duration_since(entry.1) >= self.window {
            *entry = (0, now);
        }
        f(entry)
    }

    /// Whether `key` may try now.
    pub fn allowed(&self, key: &str) -> bool {
        self.with(key, |(count, _)| *count < self.max)
    }

    /// Counts a failed try of `key`.
    pub fn failed(&self, key: &str) {
        self.with(key, |(count, _)| *count += 1);
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
    fn failures_lock_out_until_the_window_passes() {
        let failures = Failures::new(3, Duration::from_millis(200));
        for _ in 0..3 {
            assert!(failures.allowed("a"));
            failures.failed("a");
        }
        assert!(!failures.allowed("a"));
        assert!(failures.allowed("b"), "each key counts alone");
        std::thread::sleep(Duration::from_millis(250));
        assert!(failures.allowed("a"));
    }

    #[test]
    fn zero_rate_is_unlimited() {
        let mut bucket = Bucket::new(0, 0);
        assert!((0..1000).all(|_| bucket.take(Instant::now())));
    }
}
