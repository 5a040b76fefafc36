//! Golden transcripts of the engine text protocol (`quoridor gtp`).
//!
//! Each `tests/gtp/<name>.txt` is a session: the lines sent to the engine
//! interleaved with the replies expected, exactly as a person would read it.
//!
//! - `> text` is a line sent to the engine, followed by a newline (`>` alone
//!   sends an empty line). `>! text` is sent without the newline; it can only
//!   be the last line sent (it tests the end of the input).
//! - In the text sent, `\\` is a backslash, `\t` a tab, `\r` a carriage
//!   return, `\xHH` any byte (so also bytes that are not UTF-8), and
//!   `\{N:TEXT}` is TEXT repeated N times (for very long lines).
//! - `## text` is a comment of the transcript, neither sent nor expected.
//! - Every other line is output expected from the engine, verbatim; the
//!   empty line that ends each reply is there too.
//!
//! The test runs the real binary (`quoridor gtp`) once with all the lines
//! and compares its whole standard output with the expected lines. On a
//! mismatch it shows a diff of the transcript against the one the engine
//! produces now (with each reply under the line that caused it).
//!
//! `UPDATE_GOLDEN=1 cargo test --test gtp` rewrites the transcripts from the
//! engine's answers instead (comments and lines sent are kept). Read the
//! diff before committing it.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One line of a transcript.
#[derive(Debug)]
enum Entry {
    Comment(String),
    /// The line as written, and the bytes it stands for.
    Input {
        written: String,
        bytes: Vec<u8>,
        newline: bool,
    },
    Output(String),
}

fn parse(transcript: &str, path: &Path) -> Vec<Entry> {
    let mut entries = Vec::new();
    for (n, line) in transcript.lines().enumerate() {
        let place = format!("{}:{}", path.display(), n + 1);
        let entry = if line.starts_with("##") {
            Entry::Comment(line.to_string())
        } else if let Some(rest) = line.strip_prefix(">!") {
            let text = rest.strip_prefix(' ').unwrap_or(rest);
            Entry::Input {
                written: line.to_string(),
                bytes: unescape(text, &place),
                newline: false,
            }
        } else if let Some(rest) = line.strip_prefix('>') {
            let text = rest.strip_prefix(' ').unwrap_or(rest);
            Entry::Input {
                written: line.to_string(),
                bytes: unescape(text, &place),
                newline: true,
            }
        } else {
            Entry::Output(line.to_string())
        };
        entries.push(entry);
    }
    let inputs: Vec<&Entry> = entries
        .iter()
        .filter(|e| matches!(e, Entry::Input { .. }))
        .collect();
    for (i, entry) in inputs.iter().enumerate() {
        if let Entry::Input { newline: false, .. } = entry {
            assert_eq!(
                i + 1,
                inputs.len(),
                "{}: `>!` must be the last line sent",
                path.display()
            );
        }
    }
    entries
}

/// The bytes a line of input stands for (see the module documentation).
fn unescape(text: &str, place: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('\\') {
        bytes.extend_from_slice(&rest.as_bytes()[..i]);
        let escape = &rest[i + 1..];
        let (expansion, used): (Vec<u8>, usize) = match escape.chars().next() {
            Some('\\') => (b"\\".to_vec(), 1),
            Some('t') => (b"\t".to_vec(), 1),
            Some('r') => (b"\r".to_vec(), 1),
            Some('x') => {
                let hex = escape
                    .get(1..3)
                    .unwrap_or_else(|| panic!("{place}: bad \\x escape"));
                let byte = u8::from_str_radix(hex, 16)
                    .unwrap_or_else(|_| panic!("{place}: bad \\x escape"));
                (vec![byte], 3)
            }
            Some('{') => {
                let end = escape
                    .find('}')
                    .unwrap_or_else(|| panic!("{place}: unclosed \\{{"));
                let (count, repeated) = escape[1..end]
                    .split_once(':')
                    .unwrap_or_else(|| panic!("{place}: expected \\{{N:TEXT}}"));
                let count: usize = count
                    .parse()
                    .unwrap_or_else(|_| panic!("{place}: bad count"));
                (repeated.repeat(count).into_bytes(), end + 1)
            }
            _ => panic!("{place}: unknown escape in {text:?}"),
        };
        bytes.extend_from_slice(&expansion);
        rest = &escape[used..];
    }
    bytes.extend_from_slice(rest.as_bytes());
    bytes
}

/// Runs `quoridor gtp` on `input` and returns its standard output.
fn run_engine(input: Vec<u8>) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the quoridor binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // Write and read at the same time: a long input could fill both pipes.
    let writer = std::thread::spawn(move || {
        // The engine may quit before reading everything.
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut output = Vec::new();
        stdout.read_to_end(&mut output).unwrap();
        output
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("the engine did not finish in time");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    writer.join().unwrap();
    let output = reader.join().unwrap();
    assert!(status.success(), "the engine exited with {status}");
    String::from_utf8(output).expect("the engine writes UTF-8")
}

fn input_of(entries: &[Entry]) -> Vec<u8> {
    let mut input = Vec::new();
    for entry in entries {
        if let Entry::Input { bytes, newline, .. } = entry {
            input.extend_from_slice(bytes);
            if *newline {
                input.push(b'\n');
            }
        }
    }
    input
}

/// A command that changes nothing, sent after each line to tell the replies
/// apart when a transcript is written out.
const MARKER: &str = "987654321 protocol_version";
const MARKER_REPLY: &str = "=987654321 2\n\n";

/// The transcript the engine produces now: the same comments and lines sent,
/// each line sent followed by the engine's reply to it.
fn current_transcript(entries: &[Entry]) -> String {
    let mut input = Vec::new();
    for entry in entries {
        if let Entry::Input { bytes, newline, .. } = entry {
            input.extend_from_slice(bytes);
            if *newline {
                input.push(b'\n');
                input.extend_from_slice(MARKER.as_bytes());
                input.push(b'\n');
            }
        }
    }
    let output = run_engine(input);
    let mut replies = output.split(MARKER_REPLY);
    let mut transcript = String::new();
    for entry in entries {
        match entry {
            Entry::Comment(text) => {
                transcript.push_str(text);
                transcript.push('\n');
            }
            Entry::Input { written, .. } => {
                transcript.push_str(written);
                transcript.push('\n');
                transcript.push_str(replies.next().unwrap_or(""));
            }
            Entry::Output(_) => {}
        }
    }
    transcript
}

/// A line diff (longest common subsequence), with three lines of context.
fn diff(expected: &str, actual: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = actual.lines().collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    // (marker, line number in the expected file, text)
    let mut lines: Vec<(char, usize, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            lines.push((' ', i + 1, a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            lines.push(('-', i + 1, a[i]));
            i += 1;
        } else {
            lines.push(('+', i + 1, b[j]));
            j += 1;
        }
    }
    let changed: Vec<usize> = (0..lines.len()).filter(|&k| lines[k].0 != ' ').collect();
    let mut out = String::new();
    let mut last_shown = None;
    for (k, &(marker, number, text)) in lines.iter().enumerate() {
        if !changed.iter().any(|&c| c.abs_diff(k) <= 3) {
            continue;
        }
        if last_shown.map(|last| last + 1) != Some(k) {
            out.push_str(&format!("@@ line {number} @@\n"));
        }
        out.push_str(&format!("{marker}{}\n", cut(text, 200)));
        last_shown = Some(k);
    }
    out
}

/// A line cut to at most `max` bytes, for showing.
fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let end = (0..=max)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    format!("{}…", &text[..end])
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("gtp")
}

fn check(name: &str) {
    let path = golden_dir().join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let entries = parse(&text, &path);
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        let transcript = current_transcript(&entries);
        if transcript != text {
            std::fs::write(&path, &transcript).unwrap();
            eprintln!("rewrote {}", path.display());
        }
        return;
    }
    let mut expected = String::new();
    for entry in &entries {
        if let Entry::Output(line) = entry {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    let actual = run_engine(input_of(&entries));
    if actual != expected {
        let transcript = current_transcript(&entries);
        let shown = if transcript == text {
            // The replies are right but not in the same places (should not
            // happen): compare the raw outputs.
            diff(&expected, &actual)
        } else {
            diff(&text, &transcript)
        };
        panic!(
            "{} does not match the engine (- expected, + actual); \
             UPDATE_GOLDEN=1 rewrites it:\n{shown}",
            path.display()
        );
    }
}

macro_rules! golden {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*

        #[test]
        fn every_transcript_is_checked() {
            let known = [$(stringify!($name)),*];
            for entry in std::fs::read_dir(golden_dir()).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|ext| ext == "txt") {
                    let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
                    assert!(known.contains(&stem.as_str()), "{} is not in golden!", path.display());
                }
            }
        }
    };
}

golden!(
    example,
    commands,
    errors,
    game,
    four_players,
    scoring,
    setboard,
    undo,
    framing
);

#[test]
fn unescape_reads_every_escape() {
    let bytes = unescape(r"a\tb\\c\x00\xff\r\{3:xy}z", "here");
    assert_eq!(bytes, b"a\tb\\c\x00\xff\rxyxyxyz");
}

#[test]
fn diff_shows_changed_lines_with_context() {
    let shown = diff("a\nb\nc\nd\n", "a\nb\nX\nd\n");
    assert_eq!(shown, "@@ line 1 @@\n a\n b\n-c\n+X\n d\n");
}
