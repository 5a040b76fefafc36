//! A push service of the tests' own, standing in for the browsers'
//! (Google's, Mozilla's…), and a browser's side of Web Push: its keys, and
//! what it does with a push (the VAPID signature checked, the payload
//! decrypted).

#![allow(dead_code)]

use serde_json::{json, Value};

/// What the push service was posted: the path, the headers, the body.
pub type Posts = tokio::sync::mpsc::UnboundedReceiver<(String, axum::http::HeaderMap, Vec<u8>)>;

/// A push service standing in for the browsers' (Google's, Mozilla's…):
/// it takes every post, answers 410 Gone to `/gone/…` and 201 to the
/// rest, and hands the test each post's path, headers and body.
pub async fn push_service() -> (std::net::SocketAddr, Posts) {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let app = axum::Router::new().fallback(
        move |uri: axum::http::Uri, headers: axum::http::HeaderMap, body: axum::body::Bytes| {
            let tx = tx.clone();
            async move {
                let path = uri.path().to_string();
                let gone = path.starts_with("/gone/");
                let _ = tx.send((path, headers, body.to_vec()));
                if gone {
                    axum::http::StatusCode::GONE
                } else {
                    axum::http::StatusCode::CREATED
                }
            }
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (addr, rx)
}

/// A browser's push keys: its secret, and the subscription it gives.
pub fn device(endpoint: &str) -> (p256::SecretKey, [u8; 16], Value) {
    use quoridor_server::push::crypto::{b64, new_secret, public_bytes};
    let secret = new_secret();
    let auth: [u8; 16] = *b"sixteen byte key";
    let subscription = json!({
        "endpoint": endpoint,
        "expirationTime": null,
        "keys": {"p256dh": b64(&public_bytes(&secret.public_key())), "auth": b64(&auth)},
    });
    (secret, auth, subscription)
}

/// The next post to the push service: its path and the notification, once
/// checked as a push service checks it (the VAPID signature of the
/// server's key, for this service) and decrypted as the browser does.
pub async fn next_push(
    posts: &mut Posts,
    service: std::net::SocketAddr,
    server_key: &str,
    keys: &[(&str, &p256::SecretKey, &[u8; 16])],
) -> (String, String, Value) {
    use p256::ecdsa::signature::Verifier as _;
    use quoridor_server::push::crypto::{decrypt, unb64};
    let (path, headers, body) =
        tokio::time::timeout(std::time::Duration::from_secs(10), posts.recv())
            .await
            .expect("a push within 10 s")
            .unwrap();
    let header = |name: &str| headers[name].to_str().unwrap().to_string();
    assert_eq!(header("content-encoding"), "aes128gcm");
    assert_eq!(header("ttl"), "172800");
    let authorization = header("authorization");
    let (jwt, k) = authorization
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .expect("a VAPID authorization");
    assert_eq!(k, server_key);
    let parts: Vec<&str> = jwt.split('.').collect();
    let claims: Value = serde_json::from_slice(&unb64(parts[1]).unwrap()).unwrap();
    assert_eq!(claims["aud"], format!("http://{service}"));
    let public = p256::PublicKey::from_sec1_bytes(&unb64(k).unwrap()).unwrap();
    let signature = p256::ecdsa::Signature::from_slice(&unb64(parts[2]).unwrap()).unwrap();
    p256::ecdsa::VerifyingKey::from(public)
        .verify(format!("{}.{}", parts[0], parts[1]).as_bytes(), &signature)
        .expect("signed with the server's key");
    let (_, secret, auth) = keys
        .iter()
        .find(|(p, _, _)| *p == path)
        .expect("a device's path");
    let plain = decrypt(&body, secret, auth).expect("the browser's keys open it");
    (
        path,
        header("topic"),
        serde_json::from_slice(&plain).unwrap(),
    )
}
