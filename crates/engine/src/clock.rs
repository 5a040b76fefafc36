//! The engine's clock: the standard library's monotonic [`Instant`] where
//! the system has one, and the page's `performance.now()` on WebAssembly
//! (`wasm32-unknown-unknown` has no clock of its own, and
//! `std::time::Instant::now()` panics there).
//!
//! On WebAssembly the module imports `env.quoridor_now_ms`, a function
//! without arguments that answers milliseconds as a float from any fixed
//! origin that never goes back (`performance.now()` is one).

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use self::wasm::Instant;

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::ops::Add;
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    extern "C" {
        fn quoridor_now_ms() -> f64;
    }

    /// A moment, in milliseconds from the host's origin.
    #[derive(Copy, Clone, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        pub fn now() -> Instant {
            // SAFETY: the host's function takes nothing and answers a number.
            Instant(unsafe { quoridor_now_ms() })
        }

        pub fn elapsed(&self) -> Duration {
            let ms = (Instant::now().0 - self.0).max(0.0);
            Duration::from_secs_f64(ms / 1000.0)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;

        fn add(self, by: Duration) -> Instant {
            Instant(self.0 + by.as_secs_f64() * 1000.0)
        }
    }
}
