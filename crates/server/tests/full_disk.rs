//! A full disk (issue 55): the server on a small file system of its own
//! (a tmpfs of a few megabytes, mounted by the test: as root, or else in a
//! user and mount namespace of its own), filled up while a game goes on.
//! `/api/ready` must turn 503 as soon as a change cannot be stored, every
//! refused move must be logged (HTTP and WebSocket alike), and everything
//! must come back by itself once there is room again.

mod harness;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

use futures_util::{SinkExt, StreamExt};
use harness::Harness;
use quoridor_server::request::{CreateRequest, SeatRequest};
use tokio_tungstenite::tungstenite::Message;

/// Set in the copy of this test that runs inside a namespace.
const INSIDE: &str = "QUORIDOR_FULL_DISK_INSIDE";

/// The log lines of the server, kept for the test to read.
#[derive(Clone, Default)]
struct Kept(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Kept {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Kept {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).to_string()
    }
}

fn is_root() -> bool {
    // SAFETY: geteuid only reads the process's user id.
    unsafe { libc::geteuid() == 0 }
}

/// A tmpfs of `size` mounted at `dir`, unmounted on drop.
struct SmallDisk(PathBuf);

impl SmallDisk {
    fn mount(dir: &Path, size: &str) -> SmallDisk {
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .status()
            .expect("mount (util-linux)");
        assert!(
            status.success(),
            "cannot mount a tmpfs at {}",
            dir.display()
        );
        SmallDisk(dir.to_path_buf())
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Fills the file system of `dir` until it is full: the filler's path.
fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    let block = vec![7u8; 64 * 1024];
    while file.write_all(&block).is_ok() {}
    let _ = file.sync_all();
    path
}

#[test]
fn a_full_disk_makes_the_server_unready_at_once_and_it_recovers_by_itself() {
    if !is_root() && std::env::var_os(INSIDE).is_none() {
        // A user and mount namespace of our own, where we may mount.
        let me = std::env::current_exe().unwrap();
        let status = Command::new("unshare")
            .args(["--user", "--map-root-user", "--mount"])
            .arg(me)
            .args([
                "--exact",
                "a_full_disk_makes_the_server_unready_at_once_and_it_recovers_by_itself",
                "--nocapture",
            ])
            .env(INSIDE, "1")
            .status()
            .expect("unshare (util-linux)");
        assert!(status.success(), "the test failed in its namespace");
        return;
    }
    let kept = Kept::default();
    let writer = kept.clone();
    tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(on_a_small_disk(kept));
}

async fn on_a_small_disk(kept: Kept) {
    let dir = tempfile::tempdir().unwrap();
    let _disk = SmallDisk::mount(dir.path(), "3m");
    let h = Harness::on(dir.path().join("games.db")).await;
    assert_eq!(h.get("/api/ready").await.status, 200);
    let body = CreateRequest {
        seats: vec![SeatRequest::human(true), SeatRequest::human(true)],
        ..CreateRequest::default()
    };
    let game = h.create(&body).await;
    let mut ws = h.ws(&game.id, Some(&game.token)).await;

    let filler = fill(dir.path());
    // Changes until the store refuses one (new games, each a write);
    // readiness is lost at that moment.
    let mut refused = None;
    for _ in 0..2000 {
        let reply = h.post("/api/games", None, &body).await;
        if reply.status == 500 {
            refused = Some(reply);
            break;
        }
        assert_eq!(reply.status, 201, "{}", reply.text);
    }
    let refused = refused.expect("the full disk refused a change");
    assert_eq!(refused.error(500), "storage");
    let ready = h.get("/api/ready").await;
    assert_eq!(ready.error(503), "unavailable");
    // A move over the WebSocket is refused too, and said in the log.
    let logged_before = kept.text().matches("was not stored").count();
    ws.send(Message::text(r#"{"type":"move","move":"e2"}"#))
        .await
        .unwrap();
    loop {
        let text = ws.next().await.unwrap().unwrap().into_text().unwrap();
        if text.contains("\"error\"") {
            assert!(text.contains("storage"), "{text}");
            break;
        }
    }
    let log = kept.text();
    assert!(
        log.matches("was not stored").count() > logged_before,
        "the refused WebSocket move is not in the log:\n{log}"
    );
    assert!(log.contains("not ready"), "{log}");
    assert_eq!(h.game(&game.id).await.ply, 0, "nothing was played");

    // Room again: ready by itself, and the game goes on where it was.
    std::fs::remove_file(filler).unwrap();
    assert_eq!(h.get("/api/ready").await.status, 200);
    let played = h.play(&game.id, &game.token, "e2").await;
    assert_eq!(played.status, 200, "{}", played.text);
    assert_eq!(h.game(&game.id).await.ply, 1);
    drop(ws);
    let mut h = h;
    h.server.take().unwrap().stop().await.unwrap();
}
