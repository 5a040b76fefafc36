//! The real server on a free port with a temporary database, driven over
//! HTTP and WebSocket like the page and bots drive it (tests/server/,
//! tests/classroom_api.rs).

#![allow(dead_code)] // each test file uses a part of it

use std::path::PathBuf;

use quoridor_rules::Seat;
use quoridor_server::db::sql::{Row, Sql, ToValue, Value};
use quoridor_server::request::{CreateRequest, JoinRequest, MoveRequest};
use quoridor_server::view::{ErrorBody, GameView, SeatedView};
use quoridor_server::{start, RunningServer, ServeArgs};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub struct Harness {
    _dir: tempfile::TempDir,
    pub db: PathBuf,
    pub server: Option<RunningServer>,
    pub http: reqwest::Client,
}

/// An answer: the status and the body as text.
pub struct Reply {
    pub status: u16,
    pub text: String,
}

impl Reply {
    pub fn json<T: DeserializeOwned>(&self) -> T {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|err| panic!("{}: {err}\n{}", self.status, self.text))
    }

    /// The error's code, checking the status.
    pub fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", self.text);
        self.json::<ErrorBody>().error.code
    }
}

/// The database of a test's server: a SQLite file in `dir`, or, with
/// `QUORIDOR_TEST_STORE=postgres` (scripts/test.sh runs the server's tests
/// a second time so), a new database in the tests' PostgreSQL cluster.
pub fn store_for_tests(dir: &tempfile::TempDir) -> PathBuf {
    match std::env::var("QUORIDOR_TEST_STORE").as_deref() {
        Ok("postgres") => PathBuf::from(quoridor_server::db::sql::test_database()),
        _ => dir.path().join("games.db"),
    }
}

impl Harness {
    pub async fn new() -> Harness {
        Harness::with(|_| {}).await
    }

    pub async fn with(tune: impl FnOnce(&mut ServeArgs)) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let db = store_for_tests(&dir);
        let mut args = ServeArgs::for_tests(db.clone());
        tune(&mut args);
        let server = start(args).await.unwrap();
        Harness {
            _dir: dir,
            db,
            server: Some(server),
            http: reqwest::Client::new(),
        }
    }

    /// The server on an existing database file.
    pub async fn on(db: PathBuf) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let server = start(ServeArgs::for_tests(db.clone())).await.unwrap();
        Harness {
            _dir: dir,
            db,
            server: Some(server),
            http: reqwest::Client::new(),
        }
    }

    /// The rows `sql` reads from the store, SQLite or PostgreSQL.
    pub fn stored_rows(&self, sql: &str, args: &[&dyn ToValue]) -> Vec<Row> {
        let values: Vec<Value> = args.iter().map(|a| a.to_value()).collect();
        let args: Vec<&dyn ToValue> = values.iter().map(|v| v as &dyn ToValue).collect();
        let url = self.db.to_string_lossy().to_string();
        if url.starts_with("postgres://") {
            let values = &values;
            return quoridor_server::db::postgres::off_runtime(move || {
                let args: Vec<&dyn ToValue> = values.iter().map(|v| v as &dyn ToValue).collect();
                let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
                Sql::query(&mut client, sql, &args).unwrap()
            });
        }
        let mut conn = rusqlite::Connection::open(&self.db).unwrap();
        Sql::query(&mut conn, sql, &args).unwrap()
    }

    /// Every text value of every row of every table, one a line.
    pub fn stored_rows_text(&self) -> String {
        let url = self.db.to_string_lossy().to_string();
        if url.starts_with("postgres://") {
            return self.stored_text();
        }
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let mut text = String::new();
        for table in tables {
            let mut stmt = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
            let columns = stmt.column_count();
            let mut rows = stmt.query([]).unwrap();
            while let Some(row) = rows.next().unwrap() {
                for i in 0..columns {
                    if let Ok(rusqlite::types::ValueRef::Text(value)) = row.get_ref(i) {
                        text.push_str(&String::from_utf8_lossy(value));
                        text.push('\n');
                    }
                }
            }
        }
        text
    }

    /// Everything the store holds, as text: the SQLite file and its log,
    /// or every row of every table of the PostgreSQL database.
    pub fn stored_text(&self) -> String {
        let url = self.db.to_string_lossy().to_string();
        if url.starts_with("postgres://") {
            return quoridor_server::db::postgres::off_runtime(|| {
                let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
                let tables: Vec<String> = client
                    .query(
                        "SELECT table_name::text FROM information_schema.tables
                         WHERE table_schema = current_schema()",
                        &[],
                    )
                    .unwrap()
                    .iter()
                    .map(|row| row.get(0))
                    .collect();
                let mut text = String::new();
                for table in tables {
                    let sql = format!("SELECT t::text FROM {table} t");
                    for row in client.query(&sql, &[]).unwrap() {
                        text.push_str(row.get::<_, &str>(0));
                        text.push('\n');
                    }
                }
                text
            });
        }
        let mut bytes = Vec::new();
        for suffix in ["", "-wal"] {
            let mut path = self.db.clone().into_os_string();
            path.push(suffix);
            if let Ok(mut file) = std::fs::read(&path) {
                bytes.append(&mut file);
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }

    pub fn addr(&self) -> std::net::SocketAddr {
        self.server.as_ref().unwrap().addr
    }

    pub fn base(&self) -> String {
        format!("http://{}", self.addr())
    }

    pub async fn restart(&mut self) {
        self.server.take().unwrap().stop().await.unwrap();
        let server = start(ServeArgs::for_tests(self.db.clone())).await.unwrap();
        self.server = Some(server);
    }

    /// A client whose requests come from another loopback address
    /// (`127.0.0.N`), as another person's browser would.
    pub fn client_from(&self, ip: &str) -> reqwest::Client {
        reqwest::Client::builder()
            .local_address(Some(ip.parse().unwrap()))
            .build()
            .unwrap()
    }

    /// A POST with a JSON body from `client`.
    pub async fn post_with(
        &self,
        client: &reqwest::Client,
        path: &str,
        token: Option<&str>,
        body: &impl Serialize,
    ) -> Reply {
        let mut req = client.post(format!("{}{path}", self.base())).json(body);
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        self.send(req).await
    }

    pub async fn send(&self, req: reqwest::RequestBuilder) -> Reply {
        let res = req.send().await.unwrap();
        Reply {
            status: res.status().as_u16(),
            text: res.text().await.unwrap(),
        }
    }

    pub async fn get(&self, path: &str) -> Reply {
        self.send(self.http.get(format!("{}{path}", self.base())))
            .await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &impl Serialize) -> Reply {
        let mut req = self.http.post(format!("{}{path}", self.base())).json(body);
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        self.send(req).await
    }

    pub async fn create(&self, body: &CreateRequest) -> SeatedView {
        let reply = self.post("/api/games", None, body).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        reply.json()
    }

    pub async fn join(&self, id: &str, seat: Option<Seat>, name: Option<&str>) -> SeatedView {
        let body = JoinRequest {
            seat,
            name: name.map(str::to_string),
        };
        let reply = self
            .post(&format!("/api/games/{id}/join"), None, &body)
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        reply.json()
    }

    pub async fn play(&self, id: &str, token: &str, mv: &str) -> Reply {
        let body = MoveRequest { mv: mv.into() };
        self.post(&format!("/api/games/{id}/move"), Some(token), &body)
            .await
    }

    pub async fn game(&self, id: &str) -> GameView {
        let reply = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        reply.json()
    }

    /// A game's WebSocket, the token offered as a page offers it (the
    /// protocols `quoridor` and `bearer.TOKEN`).
    pub async fn ws(&self, id: &str, token: Option<&str>) -> Ws {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{}/api/games/{id}/ws", self.addr())
            .into_client_request()
            .unwrap();
        let protocols = match token {
            Some(token) => format!("quoridor, bearer.{token}"),
            None => "quoridor".to_string(),
        };
        request
            .headers_mut()
            .insert("sec-websocket-protocol", protocols.parse().unwrap());
        tokio_tungstenite::connect_async(request).await.unwrap().0
    }
}
