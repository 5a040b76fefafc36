//! The engine text protocol (`quoridor gtp`), normative text in PROTOCOL.md:
//! GTP version 2 framing with Quoridor commands.
//!
//! - Framing lives here and only here: reading bounded lines of bytes,
//!   cleaning them (control characters, `#` comments, tabs), the optional
//!   numeric id, and the `=id result` / `?id message` replies, each followed
//!   by an empty line, with no empty line inside a result.
//! - The commands live in [`commands`]: one table of name, arguments, help
//!   and handler, which feeds dispatch, `list_commands`, `known_command` and
//!   `help`.
//! - [`Engine::handle_line`] answers one line without any I/O, so that the
//!   whole protocol is testable in-process; [`run`] drives it over a reader
//!   and a writer.

mod commands;
mod state;
#[cfg(test)]
mod tests;

use std::io::{self, BufRead, Write};

use crate::lines::{read_line, Line};
use std::panic::{self, AssertUnwindSafe};

use self::commands::Failure;
pub use self::state::{Engine, DEFAULT_LEVEL};

/// The longest line processed, in bytes. The rest of a longer line is read
/// and thrown away, and the line is answered with a syntax error (unless the
/// cut falls inside a comment, which is thrown away anyway).
pub const MAX_LINE: usize = 64 * 1024;

impl Engine {
    /// Answers one line of input (without its newline): the whole reply,
    /// ending with the empty line, or `None` for a line that is empty once
    /// cleaned (blank, or only a comment).
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let cleaned = clean(line);
        let (id, words) = split_id(&cleaned)?;
        let Some((&name, args)) = words.split_first() else {
            let failure = Failure::Syntax("expected a command after the id".into());
            return Some(frame(id, Err(failure)));
        };
        let result = panic::catch_unwind(AssertUnwindSafe(|| commands::dispatch(self, name, args)))
            .unwrap_or_else(|_| Err(Failure::Other("internal error".into())));
        Some(frame(id, result))
    }

    /// Answers a line that was cut at [`MAX_LINE`] bytes, given its start.
    fn handle_cut_line(&mut self, start: &str) -> Option<String> {
        if start.contains('#') {
            // The cut fell inside the comment: the command is all there.
            return self.handle_line(start);
        }
        let cleaned = clean(start);
        // An id counts only if it is followed by a space within the part read.
        let id = match cleaned.trim_start().split_once(' ') {
            Some((first, _)) => parse_id(first),
            None => None,
        };
        let message = format!("line too long (more than {MAX_LINE} bytes)");
        Some(frame(id, Err(Failure::Syntax(message))))
    }
}

/// Removes control characters other than tab, cuts the `#` comment and turns
/// tabs into spaces (GTP v2 §2.9, with every Unicode control character
/// counted as one).
fn clean(line: &str) -> String {
    let text = match line.find('#') {
        Some(i) => &line[..i],
        None => line,
    };
    text.chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

/// The id, if the first word is an integer, and the words after it; `None`
/// for a blank line.
fn split_id(cleaned: &str) -> Option<(Option<u64>, Vec<&str>)> {
    let mut words: Vec<&str> = cleaned.split_whitespace().collect();
    let first = *words.first()?;
    let id = parse_id(first);
    if id.is_some() {
        words.remove(0);
    }
    Some((id, words))
}

/// An id: an unsigned integer that fits in 64 bits, written with digits only.
fn parse_id(word: &str) -> Option<u64> {
    if word.bytes().all(|b| b.is_ascii_digit()) {
        word.parse().ok()
    } else {
        None
    }
}

/// The reply text: `=id result` or `?id message`, then an empty line.
///
/// Empty lines and trailing spaces are removed from the result, which keeps
/// the framing intact whatever a command returns. A result that starts with
/// a newline (a picture, a list) starts on the line after the `=`.
fn frame(id: Option<u64>, result: Result<String, Failure>) -> String {
    let mut reply = String::new();
    let id = id.map(|id| id.to_string()).unwrap_or_default();
    match result {
        Ok(text) => {
            reply.push('=');
            reply.push_str(&id);
            let mut lines = text
                .lines()
                .map(str::trim_end)
                .filter(|line| !line.is_empty());
            if !text.starts_with('\n') {
                if let Some(first) = lines.next() {
                    reply.push(' ');
                    reply.push_str(first);
                }
            }
            for line in lines {
                reply.push('\n');
                reply.push_str(line);
            }
        }
        Err(failure) => {
            reply.push('?');
            reply.push_str(&id);
            reply.push(' ');
            let message = failure.to_string();
            let words: Vec<&str> = message.split_whitespace().collect();
            reply.push_str(&words.join(" "));
        }
    }
    reply.push_str("\n\n");
    reply
}

impl Engine {
    /// Speaks the protocol over `reader` and `writer` until `quit` or the
    /// end of the input. Each reply is flushed. A closed output ends the loop
    /// quietly.
    pub fn serve(&mut self, mut reader: impl BufRead, mut writer: impl Write) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            let line = read_line(&mut reader, &mut buf, MAX_LINE)?;
            let text = String::from_utf8_lossy(&buf);
            let reply = match line {
                Line::End => return Ok(()),
                Line::Whole => self.handle_line(&text),
                Line::Cut => self.handle_cut_line(&text),
            };
            if let Some(reply) = reply {
                let written = writer
                    .write_all(reply.as_bytes())
                    .and_then(|()| writer.flush());
                match written {
                    Err(err) if err.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
                    other => other?,
                }
            }
            if self.quit {
                return Ok(());
            }
        }
    }
}

/// A new [`Engine`] speaking the protocol over `reader` and `writer`.
pub fn run(reader: impl BufRead, writer: impl Write) -> io::Result<()> {
    Engine::new().serve(reader, writer)
}

/// [`run`] on standard input and output.
pub fn run_stdio() -> crate::CliResult {
    let stdin = io::stdin();
    let stdout = io::stdout();
    run(stdin.lock(), stdout.lock())?;
    Ok(())
}
