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
    fn zero_rate_is_unlimited() {
        let mut bucket = Bucket::new(0, 0);
        assert!((0..1000).all(|_| bucket.take(Instant::now())));
    }
}
