//! The live pages of a class (the dashboard, a pupil's page) and of a
//! tournament, on the one WebSocket loop: the whole view after each change.
//! Changes that come while one view is being sent go out together in the
//! next (the version channel keeps only the latest). The pages send nothing
//! but pings.

use std::sync::Arc;

use tokio::sync::watch;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;

use crate::club::view::*;
use crate::club::{ClassRoom, Clubs, TournamentRoom};
use crate::error::ApiError;
use crate::extract::Query;
use crate::origin::OwnOrigins;

use super::keys::*;
use super::views::*;
use crate::socket::{self, Live, WsConfig};

/// Who a live page is.
pub(super) enum Watcher {
    Teacher(String),
    /// A pupil, and the holder of their seat when the page opened: the
    /// page ends when the pupil comes back on another tablet.
    Pupil(u32, String),
}

/// The largest message a live page may send (it sends only pings).
const MAX_MESSAGE: usize = 1024;

pub(super) async fn class_live(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    State(config): State<Arc<WsConfig>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    let room = clubs.class(&id)?;
    let holder = holder_of(&headers, &q)?.ok_or(ApiError::NoToken)?;
    let watcher = {
        let data = room.shown();
        if data.class.is_teacher(&holder) {
            Watcher::Teacher(join_base(&headers, &origins))
        } else if let Some(p) = data.class.pupil_of(&holder) {
            Watcher::Pupil(p.id, holder)
        } else if data.class.moved_away(&holder) {
            return Err(crate::club::ClubError::MovedAway.into());
        } else {
            return Err(ApiError::NoToken);
        }
    };
    Ok(
        socket::configure(ws, MAX_MESSAGE).on_upgrade(move |socket| async move {
            let changes = room.version.subscribe();
            let mut live = ClassLive {
                stopping: clubs.hub().clone(),
                clubs,
                room,
                watcher,
                changes,
                ended: false,
            };
            let first = live.view().await;
            if let Watcher::Pupil(p, _) = live.watcher {
                live.room.set_online(p, true);
            }
            let hub = live.stopping.clone();
            socket::run(
                socket,
                live,
                config,
                first,
                async move { hub.stopped().await },
            )
            .await;
        }),
    )
}

fn text(message: &LiveMessage<'_>) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(message).expect("views serialize"),
    ))
}

fn error_text(err: &ApiError) -> Message {
    text(&LiveMessage::Error {
        error: Box::new(err.view()),
    })
}

/// A class's live page: the teacher's dashboard or a pupil's page.
struct ClassLive {
    clubs: Clubs,
    stopping: crate::hub::Hub,
    room: Arc<ClassRoom>,
    watcher: Watcher,
    changes: watch::Receiver<u64>,
    /// The class is deleted or the pupil removed: told, the page ends.
    ended: bool,
}

impl ClassLive {
    /// The view now; once the class is deleted or the pupil removed, the
    /// message that says so, after which the connection ends.
    async fn view(&mut self) -> Vec<Message> {
        if *self.changes.borrow_and_update() == u64::MAX {
            return self.gone("class_deleted");
        }
        let message = match &self.watcher {
            Watcher::Teacher(host) => {
                let view = class_view(&self.clubs, &self.room, host).await;
                text(&LiveMessage::Class { class: &view })
            }
            Watcher::Pupil(p, holder) => {
                let moved = self
                    .room
                    .shown()
                    .class
                    .pupil(*p)
                    .is_ok_and(|pupil| pupil.holder != *holder);
                if moved {
                    return self.gone("moved_away");
                }
                match me_view(&self.clubs, &self.room, *p).await {
                    Ok(view) => text(&LiveMessage::Me { me: &view }),
                    Err(_) => return self.gone("removed"),
                }
            }
        };
        vec![message]
    }

    /// The last message: the page is gone (`why`), and the connection ends.
    fn gone(&mut self, why: &'static str) -> Vec<Message> {
        self.ended = true;
        vec![text(&LiveMessage::Gone { why })]
    }
}

impl Live for ClassLive {
    const KIND: &'static str = "class";

    type Signal = ();

    async fn wait(&mut self) -> Option<()> {
        if self.ended {
            return None;
        }
        self.changes.changed().await.ok()
    }

    async fn messages(&mut self, _: ()) -> Option<Vec<Message>> {
        Some(self.view().await)
    }

    fn error(&self, err: &ApiError) -> Message {
        error_text(err)
    }

    async fn end(self) {
        if let Watcher::Pupil(p, _) = self.watcher {
            self.room.set_online(p, false);
        }
    }
}

pub(super) async fn tournament_live(
    State(clubs): State<Clubs>,
    State(origins): State<Arc<OwnOrigins>>,
    State(config): State<Arc<WsConfig>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    let holder = holder_of(&headers, &q)?;
    let (tournament, reader) = readable_tournament(&clubs, &id, holder.as_deref())?;
    let base = join_base(&headers, &origins);
    Ok(
        socket::configure(ws, MAX_MESSAGE).on_upgrade(move |socket| async move {
            let changes = tournament.version.subscribe();
            let mut live = TournamentLive {
                clubs,
                tournament,
                holder,
                reader,
                changes,
                base,
            };
            let Some(first) = live.view().await else {
                return;
            };
            let hub = live.clubs.hub().clone();
            socket::run(
                socket,
                live,
                config,
                first,
                async move { hub.stopped().await },
            )
            .await;
        }),
    )
}

/// A tournament's live page.
struct TournamentLive {
    clubs: Clubs,
    tournament: Arc<TournamentRoom>,
    holder: Option<String>,
    reader: TournamentReader,
    changes: watch::Receiver<u64>,
    /// Where players join (see [`join_base`]).
    base: String,
}

impl TournamentLive {
    /// The view now; `None` once the tournament is deleted.
    async fn view(&mut self) -> Option<Vec<Message>> {
        let version = *self.changes.borrow_and_update();
        if version == u64::MAX {
            return None;
        }
        self.clubs.fill_tournament_boards(&self.tournament).await;
        let view = tournament_view(
            &self.tournament,
            self.holder.as_deref(),
            self.reader,
            version,
            &self.base,
        );
        Some(vec![text(&LiveMessage::Tournament { tournament: &view })])
    }
}

impl Live for TournamentLive {
    const KIND: &'static str = "tournament";

    type Signal = ();

    async fn wait(&mut self) -> Option<()> {
        self.changes.changed().await.ok()
    }

    async fn messages(&mut self, _: ()) -> Option<Vec<Message>> {
        self.view().await
    }

    fn error(&self, err: &ApiError) -> Message {
        error_text(err)
    }
}
