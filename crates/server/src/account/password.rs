//! Passwords: checked for length, hashed with argon2id (a random salt per
//! password, the PHC string stored), verified in constant time by the
//! argon2 crate. A password is never stored, logged or sent back.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// The shortest password.
pub const MIN_PASSWORD: usize = 8;
/// The longest password read (hashing time grows with it).
pub const MAX_PASSWORD: usize = 128;

/// Why a password is refused.
pub fn check(password: &str) -> Result<(), &'static str> {
    let count = password.chars().count();
    if count < MIN_PASSWORD {
        return Err("a password has at least 8 characters");
    }
    if password.len() > MAX_PASSWORD {
        return Err("a password has at most 128 bytes");
    }
    Ok(())
}

/// The stored form of a password: an argon2id PHC string with its salt
/// and parameters (the crate's defaults, OWASP's recommended minimum).
pub fn hash(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|err| format!("no random salt: {err}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|err| err.to_string())?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|err| err.to_string())
}

/// Whether `password` is the one `stored` was made from. A stored string
/// that cannot be read matches nothing.
pub fn verify(password: &str, stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
}

/// A hash to verify against when there is no account of the name asked,
/// so that a wrong name takes as long as a wrong password.
pub fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash("not a password of anyone").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_differ() {
        let a = hash("correct horse").unwrap();
        let b = hash("correct horse").unwrap();
        assert!(a.starts_with("$argon2id$"), "{a}");
        assert_ne!(a, b, "a salt of its own each time");
        assert!(!a.contains("correct horse"));
        assert!(verify("correct horse", &a));
        assert!(verify("correct horse", &b));
        assert!(!verify("correct horsf", &a));
        assert!(!verify("correct horse", "junk"));
        assert!(!verify("not a password of anyone x", decoy()));
    }

    #[test]
    fn lengths() {
        assert!(check("1234567").is_err());
        assert!(check("12345678").is_ok());
        assert!(check("ééééééé").is_err());
        assert!(check(&"x".repeat(128)).is_ok());
        assert!(check(&"x".repeat(129)).is_err());
    }
}
