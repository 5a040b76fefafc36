//! Reading the files a user names (saved games, records, openings): one
//! reader for every command, so that each accepts the same forms and
//! refuses the same things with the same words; and writing them whole. A file is read whole but
//! never beyond [`MAX_FILE`] bytes, so that `/dev/zero` or a huge file is
//! refused at once instead of filling the memory.

use std::io::Read;
use std::path::Path;

use quoridor_rules::{parse_game_text, Record};

/// The largest file read: a record of the longest game allowed
/// ([`quoridor_rules::MAX_ENTRIES`] moves) takes well under this.
pub const MAX_FILE: u64 = 1024 * 1024;

/// The text of a file, or why it cannot be had: `no such file`, a
/// directory, more than [`MAX_FILE`] bytes, not UTF-8 text.
pub fn read_text(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|err| io_words(&err))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err("this is a folder, not a file".into());
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| io_words(&err))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!(
            "the file is larger than {} MB: not a game record",
            MAX_FILE / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes).map_err(|_| "the file is not text (it is not valid UTF-8)".into())
}

/// A game from a file in any of the forms of [`parse_game_text`].
pub fn read_game(path: &Path) -> Result<Record, String> {
    let text = read_text(path)?;
    parse_game_text(&text).map_err(|err| err.to_string())
}

/// Writes a file beside its place and renames it there, so that a crash
/// or a full disk never leaves half a file (nor half of the old one).
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let words = |err: std::io::Error| match err.kind() {
        std::io::ErrorKind::NotFound => "no such folder".to_string(),
        _ => io_words(&err),
    };
    if let Err(err) = std::fs::write(&tmp, bytes) {
        let _ = std::fs::remove_file(&tmp);
        return Err(words(err));
    }
    std::fs::rename(&tmp, path).map_err(|err| {
        let _ = std::fs::remove_file(&tmp);
        words(err)
    })
}

/// An I/O error in words, without the `(os error 2)` of its `Display`.
fn io_words(err: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    match err.kind() {
        NotFound => "no such file".into(),
        PermissionDenied => "permission denied".into(),
        IsADirectory => "this is a folder, not a file".into(),
        NotADirectory => "no such folder".into(),
        _ => {
            let text = err.to_string();
            match text.find(" (os error") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file holding `bytes` in `dir`, a folder removed when the test ends
    /// (even when it fails).
    fn temp(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn every_form_of_game_is_read() {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in [
            ("bom", "\u{feff}[Size \"5\"]\n\n1. c2 c4\n"),
            ("semicolon", "; kept from a club game\n1. e2 e8 2. e3\n"),
            ("brace", "{South: Ana} e2 e8\n"),
            ("moves", "e2 e8 e3\n"),
            ("line", "7 2 6 d2 d6\n"),
            ("position", "9 e4,e6 e5h 9,10 north 1\n"),
        ] {
            let path = temp(&dir, name, text.as_bytes());
            let read = read_game(&path);
            assert!(read.is_ok(), "{name}: {read:?}");
        }
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let missing = Path::new("/no/such/file");
        assert_eq!(read_game(missing).unwrap_err(), "no such file");
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            read_game(dir.path()).unwrap_err(),
            "this is a folder, not a file"
        );
        let binary = temp(&dir, "binary", b"e2 \xff\xfe e8");
        assert_eq!(
            read_game(&binary).unwrap_err(),
            "the file is not text (it is not valid UTF-8)"
        );
        let huge = temp(&dir, "huge", &vec![b' '; MAX_FILE as usize + 1]);
        assert_eq!(
            read_game(&huge).unwrap_err(),
            "the file is larger than 1 MB: not a game record"
        );
        let zero = read_game(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(zero, "the file is larger than 1 MB: not a game record");
        let long = "e2 e8 e1 e9 ".repeat(2_600);
        let long = temp(&dir, "long", long.as_bytes());
        assert_eq!(
            read_game(&long).unwrap_err(),
            "line 1, column 30001: more than 10000 moves: not a game record"
        );
    }

    #[test]
    fn files_are_written_whole_or_not_at_all() {
        let scratch = tempfile::tempdir().unwrap();
        let path = temp(&scratch, "whole", b"the old text, longer than the new one");
        write_whole(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let mut tmp = path.clone().into_os_string();
        tmp.push(".tmp");
        assert!(!Path::new(&tmp).exists());
        for missing in [
            path.join("place.pdf"),
            Path::new("/no/such/place.pdf").into(),
        ] {
            assert_eq!(write_whole(&missing, b"x").unwrap_err(), "no such folder");
        }
        // A folder where the file should go is left as it was.
        let dir = scratch.path().join("folder");
        std::fs::create_dir_all(&dir).unwrap();
        assert!(write_whole(&dir, b"x").is_err());
        assert!(dir.is_dir());
        let mut dir_tmp = dir.clone().into_os_string();
        dir_tmp.push(".tmp");
        assert!(!Path::new(&dir_tmp).exists());
    }
}
