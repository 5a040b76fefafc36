//! Standard output as the commands use it: text written whole, and a
//! reader that goes away (`quoridor perft 4 --divide | head`) is no error.

/// Writes `text` to standard output. A closed pipe (`quoridor perft 4
/// --divide | head`) is not an error.
pub fn print(text: &str) -> crate::args::CliResult {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(()),
    }
}

/// Lets a closed standard output end the program as it ends other Unix
/// tools (the default action of SIGPIPE), where Rust's own handling would
/// make every later `println!` panic with "Broken pipe". Call it first
/// thing, before any other thread exists.
pub fn end_quietly_on_closed_output() {
    // SAFETY: setting a signal's action to its default is async-signal-safe
    // and happens before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
