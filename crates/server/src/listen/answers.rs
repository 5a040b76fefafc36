//! The HTTP layer answers some requests itself, before any route sees
//! them (a head with too many or too large headers: 431; an address over
//! 64 KiB: 414; bytes that are not HTTP: 400), with an empty body. This
//! wrapper of the connection notices such an answer as it is written and
//! writes ours instead ([`crate::error_page::transport_answer`]): the
//! API's JSON error for a request to `/api/`, else a page in words.

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// How much of a request's start is kept to tell where it goes
/// (`OPTIONS /api/` is the longest start that matters).
const START: usize = 16;

pub struct Answering<T> {
    io: T,
    /// The first bytes of the request being read.
    start: Vec<u8>,
    /// The next bytes read begin a request.
    fresh: bool,
    /// Our answer in place of the HTTP layer's, and how much of it is out.
    replacing: Option<(Vec<u8>, usize)>,
}

impl<T> Answering<T> {
    pub fn new(io: T) -> Answering<T> {
        Answering {
            io,
            start: Vec::with_capacity(START),
            fresh: true,
            replacing: None,
        }
    }

    fn is_api(&self) -> bool {
        let text = String::from_utf8_lossy(&self.start);
        let path = text.split(' ').nth(1).unwrap_or("");
        path == "/api" || path.starts_with("/api/") || path.starts_with("/api?")
    }
}

/// The status of a bare answer of the HTTP layer (an error with an empty
/// body and no type), if `head` is one. The server's own answers always
/// say what their body is.
pub fn bare_error(head: &[u8]) -> Option<u16> {
    let text = std::str::from_utf8(head.get(..head.len().min(512))?).ok()?;
    let rest = text
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| text.strip_prefix("HTTP/1.0 "))?;
    let status: u16 = rest.get(..3)?.parse().ok()?;
    if !(400..600).contains(&status) {
        return None;
    }
    let head_end = text.find("\r\n\r\n")?;
    let lower = text[..head_end].to_ascii_lowercase();
    let empty = lower.contains("\r\ncontent-length: 0");
    let typed = lower.contains("\r\ncontent-type:");
    (empty && !typed && head.len() == head_end + 4).then_some(status)
}

impl<T: AsyncWrite + Unpin> Answering<T> {
    /// Writes out our answer; ready once all of it is out.
    fn drive(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, done)) = &mut self.replacing {
            if *done == bytes.len() {
                self.replacing = None;
                break;
            }
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &bytes[*done..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *done += n;
        }
        Poll::Ready(Ok(()))
    }

    /// Starts writing `head`: ours in its place if it is a bare error.
    fn begin(&mut self, head: &[u8]) -> bool {
        if !(head.starts_with(b"HTTP/1.") && self.replacing.is_none()) {
            return false;
        }
        let replaced = bare_error(head)
            .map(|status| crate::error_page::transport_answer(status, self.is_api()));
        // The next bytes read begin the next request.
        self.fresh = true;
        self.start.clear();
        match replaced {
            Some(answer) => {
                self.replacing = Some((answer, 0));
                true
            }
            None => false,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Answering<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        ready!(Pin::new(&mut self.io).poll_read(cx, buf))?;
        if self.fresh {
            let this = &mut *self;
            let read = &buf.filled()[before..];
            let room = START - this.start.len();
            this.start.extend_from_slice(&read[..read.len().min(room)]);
            if this.start.len() == START {
                this.fresh = false;
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Answering<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.replacing.is_some() || this.begin(buf) {
            ready!(this.drive(cx))?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let first = bufs.iter().find(|b| !b.is_empty());
        if this.replacing.is_none() && first.is_some_and(|b| b.starts_with(b"HTTP/1.")) {
            let whole: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            if this.begin(&whole) {
                ready!(this.drive(cx))?;
                return Poll::Ready(Ok(whole.len()));
            }
        } else if this.replacing.is_some() {
            ready!(this.drive(cx))?;
            return Poll::Ready(Ok(bufs.iter().map(|b| b.len()).sum()));
        }
        Pin::new(&mut this.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drive(cx))?;
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drive(cx))?;
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_errors_are_told_from_our_answers() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert_eq!(bare_error(bare), Some(431));
        let ours = b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(bare_error(ours), None);
        let fine = b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(bare_error(fine), None);
        let with_body = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\nxx";
        assert_eq!(bare_error(with_body), None);
    }

    #[tokio::test]
    async fn a_bare_answer_is_replaced_and_others_pass() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (client, server) = tokio::io::duplex(1 << 16);
        let mut wrapped = Answering::new(server);
        let (mut client_read, mut client_write) = tokio::io::split(client);
        client_write
            .write_all(b"GET /api/games/x HTTP/1.1\r\n")
            .await
            .unwrap();
        let mut buf = [0u8; 64];
        let n = wrapped.read(&mut buf).await.unwrap();
        assert!(n > 0);
        wrapped
            .write_all(b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n")
            .await
            .unwrap();
        wrapped.shutdown().await.unwrap();
        let mut answer = String::new();
        client_read.read_to_string(&mut answer).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
        assert!(answer.contains("\"headers_too_large\""), "{answer}");
    }
}
