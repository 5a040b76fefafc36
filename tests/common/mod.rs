//! What the tests that start programs share: a free port, and a child
//! process killed (by its PID) when the test is done, even when it fails.

pub mod http;

use std::net::TcpListener;
use std::process::Child;

/// A port nobody listens on now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A program the test started, killed when dropped.
pub struct Running(pub Child);

impl Running {
    /// Kills it at once, as a crash would.
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.kill();
    }
}
