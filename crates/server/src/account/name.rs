//! User names: 2 to 20 letters, digits, `_` or `-`, starting with a letter
//! or a digit; unique without regard to case (`Alice` and `alice` are one
//! name), shown as their owner wrote them.

use std::fmt;
use std::str::FromStr;

/// How a deleted account's seats read afterwards.
pub const DELETED_PLAYER: &str = "deleted player";

/// The fewest and the most characters of a user name.
pub const MIN_NAME: usize = 2;
pub const MAX_NAME: usize = 20;

/// Names nobody may take: they would pass for the server or for a
/// deleted account.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "ai",
    "anonymous",
    "computer",
    "deleted",
    "guest",
    "moderator",
    "quoridor",
    "root",
    "server",
    "system",
];

/// A checked user name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UserName(String);

/// Why a name cannot be a user name (the words are shown to the player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError(pub &'static str);

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl UserName {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The form that is unique: the name in lower case.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

impl FromStr for UserName {
    type Err = NameError;

    fn from_str(text: &str) -> Result<UserName, NameError> {
        let name = text.trim();
        let count = name.chars().count();
        if !(MIN_NAME..=MAX_NAME).contains(&count) {
            return Err(NameError("a user name has 2 to 20 characters"));
        }
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(NameError(
                "a user name has only letters a-z, digits, '_' and '-'",
            ));
        }
        if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
            return Err(NameError("a user name starts with a letter or a digit"));
        }
        if RESERVED.contains(&name.to_ascii_lowercase().as_str()) {
            return Err(NameError("this user name is reserved"));
        }
        Ok(UserName(name.to_string()))
    }
}

impl fmt::Display for UserName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_names() {
        for name in [
            "ab",
            "Alice",
            "bob_42",
            "x-y",
            "9lives",
            "abcdefghij0123456789",
        ] {
            let parsed: UserName = name.parse().unwrap();
            assert_eq!(parsed.as_str(), name);
        }
        assert_eq!("  Alice ".parse::<UserName>().unwrap().as_str(), "Alice");
        assert_eq!("ALICE".parse::<UserName>().unwrap().key(), "alice");
    }

    #[test]
    fn bad_names() {
        for name in [
            "a",
            "",
            "abcdefghij0123456789x",
            "_alice",
            "-bob",
            "al ice",
            "élise",
            "a<b",
            "a/b",
            "Deleted",
            "ADMIN",
            "a\u{0}b",
        ] {
            assert!(name.parse::<UserName>().is_err(), "{name:?}");
        }
    }
}
