//! Seat tokens: random secrets given to players; only their hashes are kept.

use sha2::{Digest, Sha256};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new secret token (128 random bits, as 32 hex digits).
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    hex(&bytes)
}

/// A new game id: 10 characters from an alphabet without look-alikes.
pub fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut bytes = [0u8; 10];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    bytes
        .iter()
        .map(|&b| ALPHABET[usize::from(b) % ALPHABET.len()] as char)
        .collect()
}

/// What is stored for a token.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.trim().as_bytes()))
}

/// A random number (seeds for the AI's noise, the seat draw).
pub fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    u64::from_le_bytes(bytes)
}

/// Whether `id` looks like a game id (so that junk never reaches the
/// database).
pub fn is_game_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_distinct_and_hashed() {
        let a = new_token();
        let b = new_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(hash_token(&a), hash_token(&b));
        // SHA-256 of "abc" (FIPS 180-2, appendix B.1), in hex.
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        // Surrounding blanks (a pasted link) do not change the token.
        assert_eq!(hash_token(" abc\n"), hash_token("abc"));
    }

    #[test]
    fn game_ids() {
        let id = new_game_id();
        assert!(is_game_id(&id));
        assert!(!is_game_id(""));
        assert!(!is_game_id("../etc"));
    }
}
