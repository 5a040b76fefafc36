//! `quoridor play` in full screen under a real pseudo-terminal: a closed
//! terminal ends the game promptly, without spinning, keeping it; SIGTERM,
//! SIGHUP and a crash of the screen's thread restore the terminal; a crash
//! of the AI's thread does not, and the game goes on.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Leaving the alternate screen: the last thing a restored terminal is sent.
const LEAVE_SCREEN: &[u8] = b"\x1b[?1049l";
const ENTER_SCREEN: &[u8] = b"\x1b[?1049h";

/// A child process on the slave side of a pseudo-terminal.
struct Pty {
    master: Option<OwnedFd>,
    /// The slave side, kept open here to read its settings.
    slave: OwnedFd,
    pid: libc::pid_t,
    output: Vec<u8>,
    status: Option<(i32, libc::rusage)>,
}

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-pty-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

impl Pty {
    /// Starts `quoridor play ARGS` on a new 80×24 terminal, as the leader of
    /// its own session (a closed terminal sends it SIGHUP, as a shell's
    /// window does).
    fn spawn(args: &[&str], dir: &Path) -> Pty {
        // Both sides close on exec, so that no other test's child (tests
        // run on parallel threads) keeps this terminal open.
        // SAFETY: plain calls on fds we own; ptsname_r writes into `name`.
        let (master, slave) = unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
            assert!(
                master >= 0,
                "posix_openpt: {}",
                std::io::Error::last_os_error()
            );
            let master = OwnedFd::from_raw_fd(master);
            assert_eq!(libc::grantpt(master.as_raw_fd()), 0);
            assert_eq!(libc::unlockpt(master.as_raw_fd()), 0);
            let mut name = [0 as libc::c_char; 128];
            assert_eq!(
                libc::ptsname_r(master.as_raw_fd(), name.as_mut_ptr(), name.len()),
                0
            );
            let slave = libc::open(
                name.as_ptr(),
                libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
            );
            assert!(
                slave >= 0,
                "open the slave: {}",
                std::io::Error::last_os_error()
            );
            let size = libc::winsize {
                ws_row: 24,
                ws_col: 80,
                ws_xpixel: 0,
                ws_ypixel: 0,
            };
            assert_eq!(libc::ioctl(master.as_raw_fd(), libc::TIOCSWINSZ, &size), 0);
            (master, OwnedFd::from_raw_fd(slave))
        };
        let mut command = Command::new(env!("CARGO_BIN_EXE_quoridor"));
        command
            .arg("play")
            .args(args)
            .env("QUORIDOR_DATA_DIR", dir)
            .env("TERM", "xterm-256color")
            .env("LANG", "C")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("NO_COLOR")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave.try_clone().unwrap()));
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("the quoridor binary runs");
        let pid = child.id() as libc::pid_t;
        // Reaped with wait4 below, for its CPU time.
        std::mem::forget(child);
        let mut pty = Pty {
            master: Some(master),
            slave,
            pid,
            output: Vec::new(),
            status: None,
        };
        pty.read_until(ENTER_SCREEN, Duration::from_secs(20));
        pty
    }

    /// Reads what the program wrote for up to `timeout`; `true` once the
    /// output holds `needle` (anywhere in it).
    fn read_until(&mut self, needle: &[u8], timeout: Duration) -> bool {
        // The whole output: what is awaited may have come in one read with
        // what came before it (the AI's first move with the first screen).
        let deadline = Instant::now() + timeout;
        loop {
            if find(&self.output, needle).is_some() {
                return true;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || !self.read_some(left.min(Duration::from_millis(50))) {
                return false;
            }
        }
    }

    /// Whether the program's output can be read within `timeout`.
    fn readable(&self, timeout: Duration) -> bool {
        let Some(master) = &self.master else {
            return false;
        };
        let mut poll = libc::pollfd {
            fd: master.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one pollfd.
        let ready = unsafe { libc::poll(&mut poll, 1, timeout.as_millis() as i32) };
        ready > 0 && poll.revents & libc::POLLIN != 0
    }

    /// Reads for up to `timeout`; `false` when the terminal is closed.
    fn read_some(&mut self, timeout: Duration) -> bool {
        if !self.readable(timeout) {
            return self.master.is_some();
        }
        if self.read_bytes() == 0 {
            // EIO: the program has closed its side.
            std::thread::sleep(timeout);
        }
        true
    }

    /// Reads what is there (after [`Pty::readable`]): how many bytes.
    fn read_bytes(&mut self) -> usize {
        let Some(master) = &self.master else {
            return 0;
        };
        let mut buf = [0u8; 4096];
        // SAFETY: a buffer of the length given.
        let n = unsafe { libc::read(master.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        let n = n.max(0) as usize;
        self.output.extend_from_slice(&buf[..n]);
        n
    }

    fn write(&mut self, bytes: &[u8]) {
        let master = self.master.as_ref().expect("the terminal is open");
        // SAFETY: a buffer of the length given.
        let n = unsafe { libc::write(master.as_raw_fd(), bytes.as_ptr().cast(), bytes.len()) };
        assert_eq!(n, bytes.len() as isize);
    }

    /// Closes the terminal, as a closed window or a killed tmux pane does.
    fn close(&mut self) {
        self.master = None;
    }

    fn signal(&self, signal: libc::c_int) {
        // SAFETY: a signal to our own child.
        unsafe { libc::kill(self.pid, signal) };
    }

    /// Waits up to `timeout` for the program to end, reading its output
    /// meanwhile: its exit status (as wait4 gives it) and CPU time.
    fn wait(&mut self, timeout: Duration) -> Option<(i32, Duration)> {
        let deadline = Instant::now() + timeout;
        while self.status.is_none() && Instant::now() < deadline {
            let mut status = 0;
            // SAFETY: out-pointers that live here.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            let reaped = unsafe { libc::wait4(self.pid, &mut status, libc::WNOHANG, &mut usage) };
            if reaped == self.pid {
                self.status = Some((status, usage));
                break;
            }
            if !self.read_some(Duration::from_millis(20)) {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        // What was written last (the restoring sequences).
        while self.readable(Duration::ZERO) && self.read_bytes() > 0 {}
        self.status.map(|(status, usage)| (status, cpu(&usage)))
    }

    /// Whether the terminal is in its normal (cooked, echoing) mode.
    fn cooked(&self) -> bool {
        // SAFETY: an out-pointer that lives here.
        let mut termios: libc::termios = unsafe { std::mem::zeroed() };
        let ok = unsafe { libc::tcgetattr(self.slave.as_raw_fd(), &mut termios) };
        assert_eq!(ok, 0);
        termios.c_lflag & (libc::ICANON | libc::ECHO) == (libc::ICANON | libc::ECHO)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.output).into_owned()
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if self.status.is_none() {
            self.signal(libc::SIGKILL);
            let mut status = 0;
            // SAFETY: reaps our own child.
            unsafe { libc::waitpid(self.pid, &mut status, 0) };
        }
    }
}

fn cpu(usage: &libc::rusage) -> Duration {
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn exited_with(status: i32) -> Option<i32> {
    libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status))
}

/// The autosave, once it holds `moves`.
fn wait_for_autosave(dir: &Path, moves: &str) -> String {
    let path = dir.join("autosave.txt");
    for _ in 0..200 {
        if let Ok(text) = std::fs::read_to_string(&path) {
            if text.contains(moves) {
                return text;
            }
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!("no autosave with {moves} in {}", path.display());
}

#[test]
fn a_closed_terminal_ends_the_game_at_once_and_keeps_it() {
    let dir = data_dir("hangup");
    let mut pty = Pty::spawn(&["--hotseat", "--new"], &dir);
    pty.write(b"e2\r");
    wait_for_autosave(&dir, "1. e2");
    pty.close();
    let closed = Instant::now();
    let (status, cpu) = pty
        .wait(Duration::from_secs(2))
        .expect("the game ends within 2 s of the hangup");
    assert!(closed.elapsed() < Duration::from_secs(2));
    assert!(exited_with(status).is_some(), "status {status:#x}");
    // Half a second of CPU would mean a spinning loop (the start took some).
    assert!(cpu < Duration::from_millis(500), "{cpu:?} of CPU");
    let kept = std::fs::read_to_string(dir.join("autosave.txt")).unwrap();
    assert!(kept.ends_with("1. e2\n"), "{kept}");
    let _ = std::fs::remove_dir_all(dir);
}

/// SIGTERM and SIGHUP (a terminal whose window closes, for a program that
/// is not its session leader) restore the terminal and keep the game.
#[test]
fn signals_restore_the_terminal_and_keep_the_game() {
    for (name, signal) in [("term", libc::SIGTERM), ("hup", libc::SIGHUP)] {
        let dir = data_dir(name);
        let mut pty = Pty::spawn(&["--hotseat", "--new"], &dir);
        assert!(!pty.cooked(), "raw mode while playing");
        pty.write(b"e2\r");
        wait_for_autosave(&dir, "1. e2");
        pty.signal(signal);
        let (status, _) = pty.wait(Duration::from_secs(5)).expect("it ends");
        assert_eq!(exited_with(status), Some(0), "{name}: status {status:#x}");
        assert!(pty.cooked(), "{name}: the terminal is back in cooked mode");
        let out = pty.text();
        let left = find(&pty.output, LEAVE_SCREEN);
        assert!(left.is_some(), "{name}: left the alternate screen\n{out}");
        assert!(
            out.contains("the game is kept for the next start"),
            "{name}: {out}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn a_crash_of_the_screen_restores_the_terminal_before_the_message() {
    let dir = data_dir("crash");
    let mut pty = Pty::spawn(&["--hotseat", "--new", "--crash-test", "screen"], &dir);
    pty.write(b"x");
    let (status, _) = pty.wait(Duration::from_secs(5)).expect("it ends");
    assert_eq!(
        exited_with(status),
        Some(101),
        "a panic: status {status:#x}"
    );
    assert!(pty.cooked(), "the terminal is back in cooked mode");
    let left = find(&pty.output, LEAVE_SCREEN).expect("left the alternate screen");
    let message = find(&pty.output, b"crash test: the screen's loop panics")
        .expect("the panic message is printed");
    assert!(
        left < message,
        "restored before the message\n{}",
        pty.text()
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_crash_of_the_ai_leaves_the_screen_alone_and_the_game_goes_on() {
    let dir = data_dir("ai-crash");
    let mut pty = Pty::spawn(
        &[
            "--ai",
            "2",
            "--color",
            "north",
            "--new",
            "--crash-test",
            "ai",
        ],
        &dir,
    );
    // The AI moves first: its search panics, and a simple step is played.
    assert!(
        pty.read_until(b"the AI had an internal error", Duration::from_secs(20)),
        "{}",
        pty.text()
    );
    wait_for_autosave(&dir, "1. e2");
    assert!(
        find(&pty.output, LEAVE_SCREEN).is_none(),
        "still in full screen"
    );
    assert!(!pty.cooked(), "still in raw mode");
    // The game goes on: a move, then quit.
    pty.write(b"e8\r");
    wait_for_autosave(&dir, "1. e2 e8");
    pty.write(b"q");
    let (status, _) = pty.wait(Duration::from_secs(20)).expect("it ends");
    assert_eq!(exited_with(status), Some(0), "status {status:#x}");
    assert!(pty.cooked());
    let _ = std::fs::remove_dir_all(dir);
}
