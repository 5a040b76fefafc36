//! Web Push's cryptography, pure: the payload encrypted for one browser
//! (RFC 8291, the `aes128gcm` content coding of RFC 8188) and the server's
//! signed claim to the push service (VAPID, RFC 8292). The keys are P-256;
//! base64url without padding is how every key travels.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes128Gcm, Nonce};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hkdf::Hkdf;
use p256::ecdsa::signature::Signer as _;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint as _;
use p256::{PublicKey, SecretKey};
use sha2::Sha256;

/// A browser's public key: an uncompressed P-256 point.
pub const PUBLIC_KEY_LEN: usize = 65;
/// A browser's authentication secret.
pub const AUTH_LEN: usize = 16;
/// The record size written in the header: the whole payload is one record.
const RECORD_SIZE: u32 = 4096;
/// The header: salt, record size, key id length, key id (our public key).
const HEADER_LEN: usize = 16 + 4 + 1 + PUBLIC_KEY_LEN;
/// The most a payload may hold so that it is one record (the delimiter and
/// the AEAD tag take 17 bytes); push services take 4,096 bytes a message.
pub const MAX_PAYLOAD: usize = RECORD_SIZE as usize - HEADER_LEN - 17;

/// Base64url without padding, as Web Push writes keys.
pub fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Reads base64url, with or without padding.
pub fn unb64(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok()
}

/// 32 random bytes from the system.
fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the system gives random bytes");
    bytes
}

/// A new P-256 secret key.
pub fn new_secret() -> SecretKey {
    loop {
        // Zero or a number past the group's order: drawn again (2^-32).
        if let Ok(key) = SecretKey::from_slice(&random::<32>()) {
            return key;
        }
    }
}

/// A public key as the 65 bytes of its uncompressed point.
pub fn public_bytes(key: &PublicKey) -> Vec<u8> {
    key.to_encoded_point(false).as_bytes().to_vec()
}

/// Why a browser's keys were refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyError {
    PublicKey,
    Auth,
}

/// A browser's keys, read and checked: its public point and its secret.
#[derive(Clone, Debug)]
pub struct BrowserKeys {
    pub public: PublicKey,
    pub auth: [u8; AUTH_LEN],
}

impl BrowserKeys {
    /// Reads `p256dh` and `auth` as a browser's `PushSubscription` gives them.
    pub fn read(p256dh: &str, auth: &str) -> Result<BrowserKeys, KeyError> {
        let public = unb64(p256dh)
            .filter(|b| b.len() == PUBLIC_KEY_LEN && b[0] == 4)
            .and_then(|b| PublicKey::from_sec1_bytes(&b).ok())
            .ok_or(KeyError::PublicKey)?;
        let auth = unb64(auth)
            .and_then(|b| <[u8; AUTH_LEN]>::try_from(b.as_slice()).ok())
            .ok_or(KeyError::Auth)?;
        Ok(BrowserKeys { public, auth })
    }
}

/// The content key and nonce of one message (RFC 8291 section 3.4).
fn content_keys(
    shared: &[u8],
    auth: &[u8; AUTH_LEN],
    browser_public: &[u8],
    server_public: &[u8],
    salt: &[u8; 16],
) -> ([u8; 16], [u8; 12]) {
    let mut info = b"WebPush: info\0".to_vec();
    info.extend_from_slice(browser_public);
    info.extend_from_slice(server_public);
    let mut ikm = [0u8; 32];
    Hkdf::<Sha256>::new(Some(auth), shared)
        .expand(&info, &mut ikm)
        .expect("32 bytes is a valid length");
    let hk = Hkdf::<Sha256>::new(Some(salt), &ikm);
    let mut key = [0u8; 16];
    let mut nonce = [0u8; 12];
    hk.expand(b"Content-Encoding: aes128gcm\0", &mut key)
        .expect("16 bytes is a valid length");
    hk.expand(b"Content-Encoding: nonce\0", &mut nonce)
        .expect("12 bytes is a valid length");
    (key, nonce)
}

/// `payload` encrypted for `to`, with a new key and salt of our own: the
/// body of the push message (`Content-Encoding: aes128gcm`).
pub fn encrypt(payload: &[u8], to: &BrowserKeys) -> Vec<u8> {
    encrypt_with(payload, to, &new_secret(), &random::<16>())
}

/// [`encrypt`] with the server's one-message key and salt given (RFC 8291's
/// example gives them).
pub fn encrypt_with(
    payload: &[u8],
    to: &BrowserKeys,
    server: &SecretKey,
    salt: &[u8; 16],
) -> Vec<u8> {
    assert!(payload.len() <= MAX_PAYLOAD, "a push payload is one record");
    let shared = p256::ecdh::diffie_hellman(server.to_nonzero_scalar(), to.public.as_affine());
    let server_public = public_bytes(&server.public_key());
    let browser_public = public_bytes(&to.public);
    let (key, nonce) = content_keys(
        shared.raw_secret_bytes(),
        &to.auth,
        &browser_public,
        &server_public,
        salt,
    );
    // The last (and only) record ends with the delimiter 2, unpadded.
    let mut plain = payload.to_vec();
    plain.push(2);
    let sealed = Aes128Gcm::new(&key.into())
        .encrypt(Nonce::from_slice(&nonce), Payload::from(plain.as_slice()))
        .expect("AES-GCM seals any length below its limit");
    let mut body = Vec::with_capacity(HEADER_LEN + sealed.len());
    body.extend_from_slice(salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(PUBLIC_KEY_LEN as u8);
    body.extend_from_slice(&server_public);
    body.extend_from_slice(&sealed);
    body
}

/// What a browser does with a push message: `body` decrypted with its
/// secret key and auth secret (a one-record message, as we send), or
/// `None`. For the tests, which stand in for the browser.
pub fn decrypt(body: &[u8], secret: &SecretKey, auth: &[u8; AUTH_LEN]) -> Option<Vec<u8>> {
    if body.len() < HEADER_LEN + 17 || body[20] as usize != PUBLIC_KEY_LEN {
        return None;
    }
    let salt: [u8; 16] = body[..16].try_into().ok()?;
    let server_public = &body[21..HEADER_LEN];
    let server = PublicKey::from_sec1_bytes(server_public).ok()?;
    let shared = p256::ecdh::diffie_hellman(secret.to_nonzero_scalar(), server.as_affine());
    let browser_public = public_bytes(&secret.public_key());
    let (key, nonce) = content_keys(
        shared.raw_secret_bytes(),
        auth,
        &browser_public,
        server_public,
        &salt,
    );
    let mut plain = Aes128Gcm::new(&key.into())
        .decrypt(Nonce::from_slice(&nonce), &body[HEADER_LEN..])
        .ok()?;
    // Padding (zeros) after the delimiter 2 of the last record.
    while plain.last() == Some(&0) {
        plain.pop();
    }
    (plain.pop() == Some(2)).then_some(plain)
}

/// The `Authorization` header of a push request (RFC 8292): a JWT for the
/// push service at `audience` (its origin), valid until `expires_s` (Unix
/// seconds, at most a day ahead), naming `contact` (a `mailto:` or
/// `https:` address), signed with the server's key, with its public key.
pub fn vapid_authorization(
    key: &SecretKey,
    audience: &str,
    expires_s: u64,
    contact: &str,
) -> String {
    let header = b64(br#"{"typ":"JWT","alg":"ES256"}"#);
    let claims = serde_json::json!({ "aud": audience, "exp": expires_s, "sub": contact });
    let signed = format!("{header}.{}", b64(claims.to_string().as_bytes()));
    let signature: Signature = SigningKey::from(key).sign(signed.as_bytes());
    let jwt = format!("{signed}.{}", b64(&signature.to_bytes()));
    format!("vapid t={jwt}, k={}", b64(&public_bytes(&key.public_key())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::signature::Verifier as _;
    use p256::ecdsa::VerifyingKey;

    fn secret(b64_key: &str) -> SecretKey {
        SecretKey::from_slice(&unb64(b64_key).unwrap()).unwrap()
    }

    /// RFC 8291's Appendix A, byte for byte.
    const BROWSER_PRIVATE: &str = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
    const BROWSER_PUBLIC: &str =
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
    const AUTH: &str = "BTBZMqHH6r4Tts7J_aSIgg";
    const SERVER_PRIVATE: &str = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
    const SALT: &str = "DGv6ra1nlYgDCS1FRnbzlw";
    const PLAIN: &[u8] = b"When I grow up, I want to be a watermelon";
    const BODY: &str = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";

    #[test]
    fn the_rfc_8291_example_is_encrypted_byte_for_byte() {
        let to = BrowserKeys::read(BROWSER_PUBLIC, AUTH).unwrap();
        let salt: [u8; 16] = unb64(SALT).unwrap().try_into().unwrap();
        let body = encrypt_with(PLAIN, &to, &secret(SERVER_PRIVATE), &salt);
        assert_eq!(b64(&body), BODY);
    }

    #[test]
    fn the_rfc_8291_example_is_decrypted() {
        let auth: [u8; 16] = unb64(AUTH).unwrap().try_into().unwrap();
        let body = unb64(BODY).unwrap();
        assert_eq!(
            decrypt(&body, &secret(BROWSER_PRIVATE), &auth).unwrap(),
            PLAIN
        );
        let mut tampered = body.clone();
        *tampered.last_mut().unwrap() ^= 1;
        assert_eq!(decrypt(&tampered, &secret(BROWSER_PRIVATE), &auth), None);
    }

    #[test]
    fn a_new_message_opens_with_the_browsers_keys_only() {
        let browser = new_secret();
        let auth = [7u8; 16];
        let to = BrowserKeys {
            public: browser.public_key(),
            auth,
        };
        let payload = vec![b'x'; MAX_PAYLOAD];
        let body = encrypt(&payload, &to);
        assert!(body.len() <= 4096);
        assert_eq!(decrypt(&body, &browser, &auth).unwrap(), payload);
        assert_eq!(decrypt(&body, &new_secret(), &auth), None);
        assert_eq!(decrypt(&body, &browser, &[8u8; 16]), None);
        // Each message has its own key and salt.
        assert_ne!(
            encrypt(b"a", &to)[..HEADER_LEN],
            encrypt(b"a", &to)[..HEADER_LEN]
        );
    }

    #[test]
    fn a_browsers_keys_are_checked() {
        assert!(BrowserKeys::read(BROWSER_PUBLIC, AUTH).is_ok());
        // A point not on the curve, a short key, a compressed one, bad text.
        let mut off_curve = unb64(BROWSER_PUBLIC).unwrap();
        off_curve[64] ^= 1;
        for bad in [
            b64(&off_curve),
            b64(&[4u8; 33]),
            "not base64!".into(),
            String::new(),
        ] {
            assert_eq!(
                BrowserKeys::read(&bad, AUTH).unwrap_err(),
                KeyError::PublicKey,
                "{bad}"
            );
        }
        for bad in ["", "AAAA", "BTBZMqHH6r4Tts7J_aSIggAA", "***"] {
            assert_eq!(
                BrowserKeys::read(BROWSER_PUBLIC, bad).unwrap_err(),
                KeyError::Auth,
                "{bad}"
            );
        }
    }

    #[test]
    fn the_vapid_header_is_a_jwt_signed_by_the_key_it_names() {
        let key = new_secret();
        let header = vapid_authorization(
            &key,
            "https://fcm.googleapis.com",
            1_900_000_000,
            "mailto:a@b.c",
        );
        let (t, k) = header
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split_once(", k="))
            .unwrap();
        assert_eq!(unb64(k).unwrap(), public_bytes(&key.public_key()));
        let parts: Vec<&str> = t.split('.').collect();
        assert_eq!(parts.len(), 3);
        let claims: serde_json::Value = serde_json::from_slice(&unb64(parts[1]).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://fcm.googleapis.com");
        assert_eq!(claims["exp"], 1_900_000_000u64);
        assert_eq!(claims["sub"], "mailto:a@b.c");
        let signature = Signature::from_slice(&unb64(parts[2]).unwrap()).unwrap();
        let verifier = VerifyingKey::from(key.public_key());
        let signed = format!("{}.{}", parts[0], parts[1]);
        assert!(verifier.verify(signed.as_bytes(), &signature).is_ok());
        assert!(verifier.verify(b"something else", &signature).is_err());
    }
}
