//! What the tests that start programs share: a free port, a child process
//! killed (by its PID) when the test is done, even when it fails, and the
//! server started and waited for.

pub mod http;

use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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

/// `quoridor serve` on `port` with the database `db` and `flags`, its log
/// written to `log`: once it listens, and it is ours (a server that could
/// not take the port has quit).
// The cluster's instances start with settings of their own.
#[allow(dead_code)]
pub fn serve(port: u16, db: &Path, flags: &[&str], log: Stdio) -> Running {
    let child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args([
            "serve",
            "--quiet",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--db",
        ])
        .arg(db)
        .args(flags)
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let mut server = Running(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    // An HTTP answer, not only a connection: a probe whose own port is
    // the one probed connects to itself while nothing listens yet (TCP's
    // simultaneous open), and a server that has bound its port may still
    // quit before it serves.
    let answers = || {
        TcpStream::connect(("127.0.0.1", port)).is_ok()
            && http::exchange(None, port, "GET", "/api/health", "", "")
                .is_some_and(|answer| answer.starts_with("HTTP/1.1 200"))
    };
    while !answers() {
        assert!(
            server.0.try_wait().unwrap().is_none(),
            "the server quit (port {port} taken?)"
        );
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    let exited = server.0.try_wait().unwrap();
    assert!(
        exited.is_none(),
        "the server quit: {exited:?} (port {port} taken?)"
    );
    server
}
