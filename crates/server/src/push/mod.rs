//! Web Push: an account's devices told of its turn in a turn-based game,
//! of such a game's end, and of a challenge, with the page closed
//! (RFC 8030). The server makes its VAPID key once and keeps it in the
//! database (every instance signs with it); a browser subscribes with it,
//! through its own push service (Google's, Mozilla's, Apple's,
//! Microsoft's); the server encrypts each message for that browser alone
//! and posts it to the push service. Nothing else runs.
//!
//! - [`crypto`]: the encryption and the signature (pure); [`notices`]:
//!   what a game's change tells whom; [`texts`]: the words, from the pages' language files; [`api`]: the
//!   routes.
//!
//! A subscription names an address the server will post to: only the
//! browsers' push services (and those `--push-service` adds) are taken,
//! so an account cannot make the server reach anything else.

pub mod api;
pub mod crypto;
pub mod notices;
pub mod texts;

use std::sync::Arc;
use std::time::Duration;

use axum::http::{header, Request, StatusCode, Uri};
use bytes::Bytes;
use http_body_util::Full;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use p256::SecretKey;
use tokio::sync::{mpsc, Semaphore};

use self::crypto::BrowserKeys;
pub use self::notices::{Message, Notice, Outcome};
use crate::db::push::{PushWrite, Subscription};
use crate::db::{Db, StoreError};
use crate::wall_ms;

/// Devices kept per account (the oldest go first).
pub const DEVICES_PER_ACCOUNT: u64 = 10;
/// The longest endpoint taken (the browsers' are about 200 characters).
const MAX_ENDPOINT: usize = 1024;
/// How long a push service keeps a message for a device that is off.
const TIME_TO_LIVE_S: u64 = 2 * 24 * 3600;
/// How long one post may take.
const POST_TIMEOUT: Duration = Duration::from_secs(10);
/// Notices waiting to be sent, at most (beyond: dropped, with a word).
const QUEUE: usize = 4096;
/// Posts in flight at once.
const IN_FLIGHT: usize = 32;

/// The push services of the browsers, as `--push-service` writes them.
const BROWSERS_SERVICES: [&str; 5] = [
    "https://fcm.googleapis.com",
    "https://updates.push.services.mozilla.com",
    "https://web.push.apple.com",
    "https://.push.apple.com",
    "https://.notify.windows.com",
];

/// Why a subscription is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PushError {
    /// Not an address of a push service we post to.
    Endpoint,
    /// The browser's keys do not read.
    Keys(crypto::KeyError),
    Store(StoreError),
}

impl std::fmt::Display for PushError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PushError::Endpoint => {
                f.write_str("the endpoint is not the address of a browser's push service")
            }
            PushError::Keys(crypto::KeyError::PublicKey) => {
                f.write_str("keys.p256dh is not a P-256 public key (65 bytes, base64url)")
            }
            PushError::Keys(crypto::KeyError::Auth) => {
                f.write_str("keys.auth is not a 16-byte secret (base64url)")
            }
            PushError::Store(err) => write!(f, "the database failed, nothing was changed: {err}"),
        }
    }
}

impl std::error::Error for PushError {}

/// The addresses a subscription may name: a scheme, a host (or with a
/// leading dot, its subdomains) and a port.
#[derive(Clone, Debug)]
pub struct Services(Vec<(String, String, u16)>);

fn scheme_host_port(uri: &Uri) -> Option<(String, String, u16)> {
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let authority = uri.authority()?;
    if authority.as_str().contains('@') {
        return None;
    }
    let default = match scheme.as_str() {
        "https" => 443,
        "http" => 80,
        _ => return None,
    };
    let host = authority.host().to_ascii_lowercase();
    Some((scheme, host, authority.port_u16().unwrap_or(default)))
}

impl Services {
    /// The browsers' services and `extra` (`https://host`, `https://.domain`).
    pub fn new(extra: &[String]) -> Result<Services, String> {
        let mut all = Vec::new();
        for given in BROWSERS_SERVICES
            .iter()
            .copied()
            .chain(extra.iter().map(String::as_str))
        {
            let uri: Uri = given
                .parse()
                .map_err(|_| format!("--push-service {given}: not an address"))?;
            let service = scheme_host_port(&uri)
                .filter(|_| uri.path() == "/" || uri.path().is_empty())
                .ok_or_else(|| format!("--push-service {given}: give scheme://host[:port]"))?;
            all.push(service);
        }
        Ok(Services(all))
    }

    /// `endpoint` read, if it is one of these services'.
    pub fn allows(&self, endpoint: &str) -> Option<Uri> {
        if endpoint.len() > MAX_ENDPOINT {
            return None;
        }
        let uri: Uri = endpoint.parse().ok()?;
        let (scheme, host, port) = scheme_host_port(&uri)?;
        let named = self.0.iter().any(|(s, h, p)| {
            *s == scheme
                && *p == port
                && (*h == host
                    || (h.starts_with('.') && host.ends_with(h.as_str()) && host.len() > h.len()))
        });
        named.then_some(uri)
    }
}

type HttpsClient = Client<HttpsConnector<HttpConnector>, Full<Bytes>>;

/// The service: subscriptions kept, notices sent in the background.
#[derive(Clone)]
pub struct Push {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    key: SecretKey,
    /// The key's public half, base64url: the browsers' `applicationServerKey`.
    public: String,
    services: Services,
    contact: String,
    jobs: mpsc::Sender<(u64, Notice)>,
}

impl Push {
    /// The service on `db`: its key read, or made and stored (every
    /// instance of one database ends with the same one).
    pub async fn start(db: Db, services: Services, contact: String) -> Result<Push, String> {
        let key = {
            let db = db.clone();
            let made = crypto::b64(&crypto::new_secret().to_bytes());
            let stored = tokio::task::spawn_blocking({
                let db = db.clone();
                move || db.push_key()
            })
            .await
            .map_err(|err| err.to_string())?
            .map_err(|err| format!("cannot read the push key: {err}"))?;
            let secret = match stored {
                Some(secret) => secret,
                None => {
                    db.save_push(PushWrite::Key(made))
                        .await
                        .map_err(|err| format!("cannot store the push key: {err}"))?;
                    tokio::task::spawn_blocking(move || db.push_key())
                        .await
                        .map_err(|err| err.to_string())?
                        .map_err(|err| format!("cannot read the push key: {err}"))?
                        .ok_or("the push key was not stored")?
                }
            };
            crypto::unb64(&secret)
                .and_then(|bytes| SecretKey::from_slice(&bytes).ok())
                .ok_or("the stored push key does not read")?
        };
        let public = crypto::b64(&crypto::public_bytes(&key.public_key()));
        let (jobs, queue) = mpsc::channel(QUEUE);
        let push = Push {
            inner: Arc::new(Inner {
                db,
                key,
                public,
                services,
                contact,
                jobs,
            }),
        };
        tokio::spawn(push.clone().send_all(queue));
        Ok(push)
    }

    /// The server's public key, for the browsers' subscriptions.
    pub fn public_key(&self) -> &str {
        &self.inner.public
    }

    /// Keeps a device of `account`: where to post and the keys to encrypt
    /// with, checked; notifications in `lang`.
    pub async fn subscribe(
        &self,
        account: u64,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        lang: &str,
    ) -> Result<(), PushError> {
        self.inner
            .services
            .allows(endpoint)
            .ok_or(PushError::Endpoint)?;
        BrowserKeys::read(p256dh, auth).map_err(PushError::Keys)?;
        let lang = if texts::is_language(lang) { lang } else { "en" };
        let subscription = Subscription {
            endpoint: endpoint.to_string(),
            account,
            p256dh: p256dh.to_string(),
            auth: auth.to_string(),
            lang: lang.to_string(),
            created_ms: wall_ms(),
        };
        self.inner
            .db
            .save_push(PushWrite::Subscribe {
                subscription,
                keep: DEVICES_PER_ACCOUNT,
            })
            .await
            .map_err(PushError::Store)
    }

    /// Forgets a device of `account` (another account's is left alone).
    pub async fn unsubscribe(&self, account: u64, endpoint: &str) -> Result<(), PushError> {
        let db = self.inner.db.clone();
        let mine = tokio::task::spawn_blocking(move || db.push_subscriptions(account))
            .await
            .map_err(|err| PushError::Store(StoreError(err.to_string())))?
            .map_err(PushError::Store)?
            .into_iter()
            .any(|s| s.endpoint == endpoint);
        if mine {
            let gone = PushWrite::Unsubscribe(vec![endpoint.to_string()]);
            self.inner
                .db
                .save_push(gone)
                .await
                .map_err(PushError::Store)?;
        }
        Ok(())
    }

    /// Tells `account`'s devices, in the background (never waits: a full
    /// queue drops the notice, with a word in the log).
    pub fn tell(&self, account: u64, notice: Notice) {
        if self.inner.jobs.try_send((account, notice)).is_err() {
            tracing::warn!(target: "quoridor::push", account, "push queue full: a notification was dropped");
        }
    }

    async fn send_all(self, mut queue: mpsc::Receiver<(u64, Notice)>) {
        // ring has no post-quantum key exchange (hence rustls' warning);
        // the push services speak classic TLS 1.3, and ring builds with
        // what the machine has (aws-lc-rs would need more to build).
        #[allow(deprecated)]
        let provider = rustls::crypto::ring::default_provider();
        let connector = hyper_rustls::HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(provider)
            .expect("ring offers TLS 1.2 and 1.3")
            .https_or_http()
            .enable_http1()
            .build();
        let client: HttpsClient = Client::builder(TokioExecutor::new()).build(connector);
        let in_flight = Arc::new(Semaphore::new(IN_FLIGHT));
        while let Some((account, notice)) = queue.recv().await {
            let db = self.inner.db.clone();
            let devices = match tokio::task::spawn_blocking(move || db.push_subscriptions(account))
                .await
            {
                Ok(Ok(devices)) => devices,
                Ok(Err(err)) => {
                    tracing::warn!(target: "quoridor::push", account, error = %err, "devices not read");
                    continue;
                }
                Err(_) => continue,
            };
            for device in devices {
                // Reserved before the post is spawned: at most IN_FLIGHT.
                let Ok(permit) = in_flight.clone().acquire_owned().await else {
                    return;
                };
                let (push, client, notice) = (self.clone(), client.clone(), notice.clone());
                tokio::spawn(async move {
                    push.post(&client, &device, &notice).await;
                    drop(permit);
                });
            }
        }
    }

    /// Posts one notification to one device; a device its push service no
    /// longer knows is forgotten.
    async fn post(&self, client: &HttpsClient, device: &Subscription, notice: &Notice) {
        let Some(request) = self.request(device, notice) else {
            // Stored before a check changed, or keys gone bad: forgotten.
            self.forget(device).await;
            return;
        };
        let answer = tokio::time::timeout(POST_TIMEOUT, client.request(request)).await;
        let status = match answer {
            Ok(Ok(response)) => response.status(),
            Ok(Err(err)) => {
                tracing::warn!(target: "quoridor::push", account = device.account, error = %err, "push service not reached");
                return;
            }
            Err(_) => {
                tracing::warn!(target: "quoridor::push", account = device.account, "push service did not answer in time");
                return;
            }
        };
        if status == StatusCode::NOT_FOUND || status == StatusCode::GONE {
            self.forget(device).await;
        } else if !status.is_success() {
            tracing::warn!(target: "quoridor::push", account = device.account, status = status.as_u16(), "push service refused a notification");
        }
    }

    async fn forget(&self, device: &Subscription) {
        let gone = PushWrite::Unsubscribe(vec![device.endpoint.clone()]);
        if let Err(err) = self.inner.db.save_push(gone).await {
            tracing::warn!(target: "quoridor::push", error = %err, "a device gone was not forgotten");
        }
    }

    /// The post of `notice` to `device`: encrypted for it, signed by us.
    fn request(&self, device: &Subscription, notice: &Notice) -> Option<Request<Full<Bytes>>> {
        let uri = self.inner.services.allows(&device.endpoint)?;
        let keys = BrowserKeys::read(&device.p256dh, &device.auth).ok()?;
        let mut payload =
            serde_json::to_vec(&notice.message(&device.lang)).expect("messages serialize");
        payload.truncate(crypto::MAX_PAYLOAD);
        let body = crypto::encrypt(&payload, &keys);
        let audience = format!("{}://{}", uri.scheme_str()?, uri.authority()?);
        let expires = wall_ms() / 1000 + 12 * 3600;
        let authorization =
            crypto::vapid_authorization(&self.inner.key, &audience, expires, &self.inner.contact);
        Request::post(uri)
            .header(header::CONTENT_TYPE, "application/octet-stream")
            .header(header::CONTENT_ENCODING, "aes128gcm")
            .header("TTL", TIME_TO_LIVE_S.to_string())
            .header("Urgency", "normal")
            .header("Topic", notice.topic())
            .header(header::AUTHORIZATION, authorization)
            .body(Full::new(Bytes::from(body)))
            .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_push_services_are_posted_to() {
        let services = Services::new(&["http://127.0.0.1:9000".into()]).unwrap();
        for ok in [
            "https://fcm.googleapis.com/fcm/send/abc:def",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
            "https://web.push.apple.com/QGuQ",
            "https://wns2-db5p.notify.windows.com/w/?token=x",
            "HTTPS://FCM.googleapis.com/x",
            "http://127.0.0.1:9000/push/1",
        ] {
            assert!(services.allows(ok).is_some(), "{ok}");
        }
        for bad in [
            "http://fcm.googleapis.com/fcm/send/abc",
            "https://fcm.googleapis.com.evil.example/x",
            "https://evilfcm.googleapis.com/x",
            "https://notify.windows.com/x",
            "https://evil-notify.windows.com/x",
            "https://fcm.googleapis.com:8443/x",
            "https://user@fcm.googleapis.com/x",
            "http://127.0.0.1:9001/push/1",
            "http://localhost:9000/push/1",
            "ftp://fcm.googleapis.com/x",
            "/relative",
            "",
        ] {
            assert!(services.allows(bad).is_none(), "{bad}");
        }
        let long = format!("https://fcm.googleapis.com/{}", "a".repeat(MAX_ENDPOINT));
        assert!(services.allows(&long).is_none());
        assert!(Services::new(&["https://example.org/path".into()]).is_err());
        assert!(Services::new(&["not an address".into()]).is_err());
    }
}
