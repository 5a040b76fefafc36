//! Lines from input nobody vouches for (standard input, another
//! program's output): read as bytes, at most a given length kept, so that
//! a line without an end or bytes that are not UTF-8 never stop a reader
//! or fill the memory.

use std::io::{self, BufRead};

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line (maybe the last one, without a newline).
    Whole,
    /// A line longer than the limit: the buffer holds its start.
    Cut,
    /// The end of the input.
    End,
}

/// Reads one line of bytes into `buf` (without the newline), keeping at most
/// `limit` bytes and discarding the rest of a longer line.
pub fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>, limit: usize) -> io::Result<Line> {
    buf.clear();
    let mut cut = false;
    let mut read_any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(match (read_any, cut) {
                (false, _) => Line::End,
                (true, false) => Line::Whole,
                (true, true) => Line::Cut,
            });
        }
        read_any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let content = &available[..newline.unwrap_or(available.len())];
        let room = limit - buf.len();
        if content.len() > room {
            cut = true;
        }
        buf.extend_from_slice(&content[..content.len().min(room)]);
        let used = newline.map_or(available.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            return Ok(if cut { Line::Cut } else { Line::Whole });
        }
    }
}

/// A line as text: without its `\r\n` or `\n`, invalid UTF-8 replaced,
/// at most `limit` bytes kept; `None` at the end of the input or on an
/// error.
pub fn read_lossy_line(reader: &mut impl BufRead, limit: usize) -> Option<String> {
    let mut buf = Vec::new();
    match read_line(reader, &mut buf, limit) {
        Ok(Line::Whole | Line::Cut) => {}
        Ok(Line::End) | Err(_) => return None,
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Some(String::from_utf8_lossy(&buf).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn read_line_keeps_at_most_the_limit() {
        let text = b"abcdefgh\nij\nk".to_vec();
        let mut reader = io::BufReader::with_capacity(3, Cursor::new(text));
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut reader, &mut buf, 4).unwrap(), Line::Cut);
        assert_eq!(buf, b"abcd");
        assert_eq!(read_line(&mut reader, &mut buf, 4).unwrap(), Line::Whole);
        assert_eq!(buf, b"ij");
        assert_eq!(read_line(&mut reader, &mut buf, 4).unwrap(), Line::Whole);
        assert_eq!(buf, b"k");
        assert_eq!(read_line(&mut reader, &mut buf, 4).unwrap(), Line::End);
    }

    #[test]
    fn lossy_lines_replace_bad_bytes_and_drop_the_carriage_return() {
        let mut reader = Cursor::new(b"e2\r\n\xffe3\n0123456789\n".to_vec());
        assert_eq!(read_lossy_line(&mut reader, 8).as_deref(), Some("e2"));
        assert_eq!(
            read_lossy_line(&mut reader, 8).as_deref(),
            Some("\u{fffd}e3")
        );
        assert_eq!(read_lossy_line(&mut reader, 8).as_deref(), Some("01234567"));
        assert_eq!(read_lossy_line(&mut reader, 8), None);
    }
}
