//! The games: one row a game (its settings, seats, clock and the
//! summary lists show) and one row per entry of its history.

use quoridor_game::Moment;

use quoridor_engine::{Controller, Level};
use quoridor_rules::{Game, Seat};
use serde::{Deserialize, Serialize};

use super::accounts::{AccountGame, RenamedGame};
use super::sql::{args, Sql, SqlResult};
use super::store::{Db, StoreError};
use super::writer::Change;
use crate::account::speed::Speed;
use crate::wall_ms;
use quoridor_game::wire::{self, parse_seat};
use quoridor_game::{
    entry_text, parse_entry, Abort, Clocks, DrawOffer, EntryMeta, RatingChange, RoomState,
    SeatSlot, Settings, Status, Summary, TakebackOffer,
};

/// A seat as stored: its controller as `human` or `ai` with a level.
#[derive(Serialize, Deserialize)]
struct StoredSeat {
    #[serde(with = "wire::seat")]
    seat: quoridor_rules::Seat,
    kind: String,
    level: Option<u8>,
    name: String,
    holder: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    account: Option<u64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    bot: bool,
}

#[derive(Serialize, Deserialize, Default)]
struct Extra {
    draw_offer: Option<DrawOffer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    takeback_offer: Option<TakebackOffer>,
    rematch: Option<String>,
    #[serde(default, with = "wire::seats", skip_serializing_if = "Vec::is_empty")]
    rematch_asked: Vec<quoridor_rules::Seat>,
    version: u64,
    epoch: u64,
    #[serde(default)]
    aborted: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    abort: Option<Abort>,
    #[serde(default, with = "wire::seats", skip_serializing_if = "Vec::is_empty")]
    left_seats: Vec<quoridor_rules::Seat>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rating_changes: Vec<RatingChange>,
}

#[derive(Serialize, Deserialize)]
struct StoredClock {
    remaining_ms: Vec<u64>,
    /// Time already used in the current turn when this was written.
    turn_elapsed_ms: Option<u64>,
    /// When the current turn began on the wall clock: a turn-based game's
    /// days run on while the server is down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    turn_started_wall_ms: Option<u64>,
}

struct EntryRow {
    idx: usize,
    entry: String,
    seat: String,
    ms: u64,
    points: Option<i32>,
    clock_after: Option<String>,
}

/// One change to write: the game's row and its history from `keep` on.
pub struct Save {
    id: String,
    created_ms: u64,
    creator: String,
    status: &'static str,
    public: bool,
    /// A new game: the whole row is inserted.
    created: bool,
    /// Written when the game is made and when they change (a teacher
    /// turning a class's chat on or off); `None`: unchanged.
    settings: Option<String>,
    /// `None`: unchanged since the last save.
    seats: Option<String>,
    extra: String,
    clock: Option<String>,
    /// Only what lists need: written when the game is made and when it
    /// ends (`None`: keep the stored one).
    summary: Option<String>,
    keep: usize,
    entries: Vec<EntryRow>,
    /// The accounts' lines of this game, when its seats changed or it ended.
    accounts: Vec<AccountGame>,
}

impl Save {
    /// A new game, whole.
    pub fn new(state: &RoomState, now: Moment) -> Save {
        Save::change(None, state, now, 0)
    }

    /// The change from `old` (as stored; `None` for a new game) to `state`:
    /// the history from entry `keep` on is written again (the entries before
    /// are stored already), and of the game's row only what changed.
    pub fn change(old: Option<&RoomState>, state: &RoomState, now: Moment, keep: usize) -> Save {
        let keep = keep.min(state.meta.len());
        let entries = state.game.entries()[keep..]
            .iter()
            .zip(&state.meta[keep..])
            .enumerate()
            .map(|(i, (entry, meta))| EntryRow {
                idx: keep + i,
                entry: entry_text(entry),
                seat: meta.seat.name().to_string(),
                ms: meta.ms,
                points: meta.points,
                clock_after: meta
                    .clock_after
                    .as_ref()
                    .map(|c| serde_json::to_string(c).expect("numbers serialize")),
            })
            .collect();
        Save {
            id: state.id.clone(),
            created_ms: state.created_ms,
            creator: state.creator.clone(),
            status: state.status().name(),
            public: state.settings.public,
            created: old.is_none(),
            settings: old
                .is_none_or(|old| old.settings != state.settings)
                .then(|| serde_json::to_string(&state.settings).expect("settings serialize")),
            seats: old
                .is_none_or(|old| old.seats != state.seats)
                .then(|| seats_json(state)),
            extra: serde_json::to_string(&Extra {
                draw_offer: state.draw_offer.clone(),
                takeback_offer: state.takeback_offer.clone(),
                rematch: state.rematch.clone(),
                rematch_asked: state.rematch_asked.clone(),
                version: state.version,
                epoch: state.epoch,
                aborted: state.aborted,
                abort: state.abort,
                left_seats: state.left_seats.clone(),
                rating_changes: state.rating_changes.clone(),
            })
            .expect("extra serializes"),
            clock: clock_json(state, now),
            summary: (old.is_none() || state.status() == Status::Over)
                .then(|| serde_json::to_string(&Summary::of(state)).expect("summaries serialize")),
            keep,
            entries,
            accounts: account_lines(old, state),
        }
    }
}

/// The lines of the accounts that play `state`, written when a seat is
/// taken and when the game ends.
fn account_lines(old: Option<&RoomState>, state: &RoomState) -> Vec<AccountGame> {
    let over = state.status() == Status::Over;
    let changed =
        old.is_none_or(|old| old.seats != state.seats || (over && old.status() != Status::Over));
    if !changed {
        return Vec::new();
    }
    let result = state.result();
    let speed = Speed::of(state.settings.clock);
    state
        .seats
        .iter()
        .filter_map(|slot| {
            let account = slot.account?;
            let others: Vec<&SeatSlot> =
                state.seats.iter().filter(|s| s.seat != slot.seat).collect();
            let opponent_id = match others.as_slice() {
                [one] => one.account,
                _ => None,
            };
            let opponent = others
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            let outcome = result
                .as_ref()
                .filter(|r| r.termination != "aborted")
                .map(|r| {
                    if r.draw {
                        "draw"
                    } else if r.winners.contains(&slot.seat) {
                        "win"
                    } else {
                        "loss"
                    }
                });
            let rating = state
                .rating_changes
                .iter()
                .find(|c| c.account == account)
                .map(|c| (c.before, c.after));
            Some(AccountGame {
                account,
                game: state.id.clone(),
                seat: slot.seat.name().to_string(),
                started_ms: state.created_ms,
                ended_ms: over.then(wall_ms),
                result: outcome,
                opponent_id,
                opponent,
                speed,
                rated: state.settings.rated,
                public: state.settings.public,
                rating,
            })
        })
        .collect()
}

fn seats_json(room: &RoomState) -> String {
    let seats: Vec<StoredSeat> = room
        .seats
        .iter()
        .map(|slot| StoredSeat {
            seat: slot.seat,
            kind: quoridor_game::summary::kind_name(slot.kind).into(),
            level: slot.kind.level().map(|l| l.number()),
            name: slot.name.clone(),
            holder: slot.holder.clone(),
            account: slot.account,
            bot: slot.bot,
        })
        .collect();
    serde_json::to_string(&seats).expect("seats serialize")
}

/// The clocks, with the time the current turn has used so far.
fn clock_json(room: &RoomState, now: Moment) -> Option<String> {
    let clocks = room.clocks.as_ref()?;
    let turn_elapsed_ms = clocks
        .turn_started
        .map(|s| now.saturating_duration_since(s).as_millis() as u64);
    let stored = StoredClock {
        remaining_ms: clocks.remaining_ms.clone(),
        turn_elapsed_ms,
        turn_started_wall_ms: turn_elapsed_ms.map(|used| wall_ms().saturating_sub(used)),
    };
    Some(serde_json::to_string(&stored).expect("clock serializes"))
}

pub(super) fn delete_games(tx: &mut dyn Sql, games: &[String]) -> SqlResult<()> {
    for game in games {
        tx.execute("DELETE FROM entries WHERE game_id = ?1", args![game])?;
        tx.execute("DELETE FROM games WHERE id = ?1", args![game])?;
        tx.execute("DELETE FROM analyses WHERE game_id = ?1", args![game])?;
        tx.execute("DELETE FROM class_chat WHERE game = ?1", args![game])?;
        super::game_chat::delete_game(tx, game)?;
        tx.execute("DELETE FROM holders WHERE game = ?1", args![game])?;
    }
    Ok(())
}

/// A game's change, with its accounts' lines (and ratings).
impl Change for Save {
    fn write(&self, tx: &mut dyn Sql) -> SqlResult<()> {
        write_game(tx, self)?;
        super::accounts::write_games(tx, &self.accounts, wall_ms())
    }
}

fn write_game(tx: &mut dyn Sql, save: &Save) -> SqlResult<()> {
    match (&save.settings, save.created) {
        // A new game: the whole row.
        (Some(settings), true) => {
            tx.execute(
                "INSERT INTO games (id, created_ms, creator, status, public, settings, seats, extra, clock, summary, updated_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                args![
                    save.id,
                    save.created_ms,
                    save.creator,
                    save.status,
                    save.public,
                    settings,
                    save.seats,
                    save.extra,
                    save.clock,
                    save.summary,
                    wall_ms(),
                ],
            )?;
        }
        // A change: what changed (a column given as NULL is kept).
        (settings, _) => {
            tx.execute(
                "UPDATE games SET status = ?2, seats = COALESCE(?3, seats), extra = ?4, clock = ?5,
                     summary = COALESCE(?6, summary), updated_ms = ?7,
                     settings = COALESCE(?8, settings)
                 WHERE id = ?1",
                args![
                    save.id,
                    save.status,
                    save.seats,
                    save.extra,
                    save.clock,
                    save.summary,
                    wall_ms(),
                    settings,
                ],
            )?;
        }
    }
    tx.execute(
        "DELETE FROM entries WHERE game_id = ?1 AND idx >= ?2",
        args![save.id, save.keep],
    )?;
    for row in &save.entries {
        tx.execute(
            "INSERT INTO entries (game_id, idx, entry, seat, ms, points, clock_after)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            args![
                save.id,
                row.idx,
                row.entry,
                row.seat,
                row.ms,
                row.points,
                row.clock_after
            ],
        )?;
    }
    Ok(())
}

impl Db {
    /// Writes a change and waits until it is committed.
    pub async fn save(&self, save: Save) -> Result<(), StoreError> {
        self.commit(save).await
    }

    /// The finished games of account `id` with its seats renamed `name`
    /// and no longer tied to it (to write when the account is deleted).
    pub fn renamed_games(&self, id: u64, name: &str) -> Result<Vec<RenamedGame>, StoreError> {
        let ids = self.query(|sql| super::accounts::game_ids(sql, id))?;
        let games: Vec<(String, Vec<Seat>)> = ids.into_iter().map(|g| (g, Vec::new())).collect();
        self.renamed(&games, name, |seat, _| seat.account == Some(id))
    }

    /// Games `seats` names with the seats it names in each renamed `name`
    /// (to write when a pupil leaves their class: their name goes with
    /// them); games not stored are left out.
    pub fn renamed_seats(
        &self,
        seats: &[(String, Vec<Seat>)],
        name: &str,
    ) -> Result<Vec<RenamedGame>, StoreError> {
        self.renamed(seats, name, |seat, wanted| wanted.contains(&seat.seat))
    }

    /// Each of `games` with the seats `pick` chooses (given the game's
    /// seats asked for) renamed `name` and tied to no account.
    fn renamed(
        &self,
        games: &[(String, Vec<Seat>)],
        name: &str,
        pick: impl Fn(&StoredSeat, &[Seat]) -> bool,
    ) -> Result<Vec<RenamedGame>, StoreError> {
        let rows = self.query(|sql| {
            let mut rows = Vec::new();
            for (game, wanted) in games {
                let row = sql.query_opt(
                    "SELECT seats, summary FROM games WHERE id = ?1",
                    args![game],
                )?;
                if let Some(row) = row {
                    let (seats, summary): (String, String) = (row.get(0)?, row.get(1)?);
                    rows.push((game.clone(), wanted.as_slice(), seats, summary));
                }
            }
            Ok(rows)
        })?;
        let corrupt = |game: &str| StoreError(format!("game {game}: unreadable seats"));
        let mut out = Vec::new();
        for (game, wanted, seats, summary) in rows {
            let mut seats: Vec<StoredSeat> =
                serde_json::from_str(&seats).map_err(|_| corrupt(&game))?;
            let mut renamed = Vec::new();
            for seat in seats.iter_mut().filter(|s| pick(s, wanted)) {
                seat.name = name.to_string();
                // The holder stays (`account:<id>`, or a pupil's token's
                // hash): ids are never given again, a deleted account has
                // no sessions and a removed pupil's token opens nothing.
                seat.account = None;
                renamed.push(seat.seat);
            }
            let summary = serde_json::from_str::<Summary>(&summary)
                .ok()
                .map(|mut summary| {
                    for seat in summary
                        .seats
                        .iter_mut()
                        .filter(|s| renamed.contains(&s.seat))
                    {
                        seat.name = name.to_string();
                    }
                    serde_json::to_string(&summary).expect("summaries serialize")
                });
            out.push(RenamedGame {
                id: game,
                seats: serde_json::to_string(&seats).expect("seats serialize"),
                summary,
            });
        }
        Ok(out)
    }

    /// The ids of games not over, to load at start-up.
    pub fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.query(|sql| {
            sql.query("SELECT id FROM games WHERE status != 'over'", args![])?
                .iter()
                .map(|row| row.get(0))
                .collect()
        })
    }

    /// Summaries of public games in `status`, newest first.
    pub fn list(&self, status: Status, limit: usize) -> Result<Vec<Summary>, StoreError> {
        self.query(|sql| {
            let rows = sql.query(
                "SELECT summary FROM games WHERE status = ?1 AND public = 1
                 ORDER BY created_ms DESC LIMIT ?2",
                args![status.name(), limit],
            )?;
            let mut out = Vec::new();
            for row in rows {
                if let Ok(summary) = serde_json::from_str(&row.get::<String>(0)?) {
                    out.push(summary);
                }
            }
            Ok(out)
        })
    }

    /// Reads a game back; `now` is when its current turn resumes.
    pub fn load(&self, id: &str, now: Moment, wall: u64) -> Result<Option<RoomState>, StoreError> {
        type GameRow = (u64, String, String, String, String, Option<String>);
        type EntryRow = (String, String, u64, Option<i32>, Option<String>);
        let stored = self.query(|sql| {
            let row = sql.query_opt(
                "SELECT created_ms, creator, settings, seats, extra, clock FROM games WHERE id = ?1",
                args![id],
            )?;
            let Some(row) = row else { return Ok(None) };
            let row: GameRow = (
                row.get(0)?,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get(4)?,
                row.get(5)?,
            );
            let entries = sql
                .query(
                    "SELECT entry, seat, ms, points, clock_after FROM entries WHERE game_id = ?1 ORDER BY idx",
                    args![id],
                )?
                .iter()
                .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
                .collect::<SqlResult<Vec<EntryRow>>>()?;
            Ok(Some((row, entries)))
        })?;
        let Some(((created_ms, creator, settings, seats, extra, clock), entries)) = stored else {
            return Ok(None);
        };
        let corrupt = |what: &str| StoreError(format!("game {id}: unreadable {what}"));
        let settings: Settings =
            serde_json::from_str(&settings).map_err(|_| corrupt("settings"))?;
        let stored_seats: Vec<StoredSeat> =
            serde_json::from_str(&seats).map_err(|_| corrupt("seats"))?;
        let extra: Extra = serde_json::from_str(&extra).map_err(|_| corrupt("extra"))?;
        let slots = stored_seats
            .into_iter()
            .map(|s| SeatSlot {
                seat: s.seat,
                kind: match (s.kind.as_str(), s.level.and_then(Level::new)) {
                    ("ai", Some(level)) => Controller::Ai(level),
                    _ => Controller::Human,
                },
                name: s.name,
                holder: s.holder,
                account: s.account,
                bot: s.bot,
            })
            .collect();
        let mut room = RoomState::new(id.to_string(), created_ms, creator, settings, slots, now)
            .map_err(|err| StoreError(format!("game {id}: {err}")))?;
        let mut game = Game::new(*room.game.rules());
        for (text, seat_text, ms, points, clock_after) in entries {
            let seat = parse_seat(&seat_text).ok_or_else(|| corrupt("entry seat"))?;
            let entry = parse_entry(&text, seat).ok_or_else(|| corrupt("move"))?;
            game.apply(entry).map_err(|_| corrupt("history"))?;
            room.meta.push(EntryMeta {
                seat,
                ms,
                points,
                clock_after: clock_after.and_then(|c| serde_json::from_str(&c).ok()),
            });
        }
        room.game = game;
        room.draw_offer = extra.draw_offer;
        room.takeback_offer = extra.takeback_offer;
        room.rematch = extra.rematch;
        room.version = extra.version.max(1);
        room.epoch = extra.epoch;
        room.aborted = extra.aborted;
        room.abort = extra.abort;
        room.left_seats = extra.left_seats;
        room.rematch_asked = extra.rematch_asked;
        room.rating_changes = extra.rating_changes;
        if let (Some(clocks), Some(text)) = (&mut room.clocks, clock) {
            let stored: StoredClock = serde_json::from_str(&text).map_err(|_| corrupt("clock"))?;
            if stored.remaining_ms.len() == clocks.remaining_ms.len() {
                // The time the server was down is not charged: the turn
                // goes on from what it had used when last written. In a
                // turn-based game the days run on the wall clock.
                let used = match stored.turn_started_wall_ms {
                    Some(began) if room.settings.is_correspondence() => {
                        Some(wall.saturating_sub(began))
                    }
                    _ => stored.turn_elapsed_ms,
                };
                let mut remaining_ms = stored.remaining_ms;
                let turn_started = used.map(|used| {
                    // A turn that began before the games' clock's origin
                    // is taken from the clock instead.
                    now.checked_sub(std::time::Duration::from_millis(used))
                        .unwrap_or_else(|| {
                            let left = &mut remaining_ms[room.game.position().turn_index()];
                            *left = left.saturating_sub(used);
                            now
                        })
                });
                *clocks = Clocks {
                    remaining_ms,
                    turn_started,
                };
            }
        }
        if room.status() != Status::Playing {
            if let Some(clocks) = &mut room.clocks {
                clocks.turn_started = None;
            }
        }
        Ok(Some(room))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use quoridor_engine::TimeControl;
    use quoridor_rules::{Seat, Variant};

    use super::*;
    use quoridor_game::{SeatSlot, Settings};

    fn human(seat: Seat, holder: &str) -> SeatSlot {
        SeatSlot {
            seat,
            kind: Controller::Human,
            name: seat.name().into(),
            holder: Some(holder.into()),
            account: None,
            bot: false,
        }
    }

    #[tokio::test]
    async fn a_turn_based_clock_runs_on_while_the_server_is_down() {
        let dir = tempfile::tempdir().unwrap();
        let metrics = std::sync::Arc::new(crate::metrics::Metrics::default());
        let db = Db::open_for_tests(dir.path(), metrics);
        let day = Duration::from_secs(86_400);
        let now = crate::calendar::moment_now();
        let mut games = Vec::new();
        for (id, clock) in [
            ("corresp1", TimeControl::PerMove(day * 3)),
            ("realtime", TimeControl::PerMove(Duration::from_secs(60))),
        ] {
            let settings = Settings::new(9, 2, Variant::Standard, None)
                .unwrap()
                .with_clock(Some(clock))
                .unwrap();
            let seats = vec![human(Seat::South, "a"), human(Seat::North, "b")];
            let room = RoomState::new(id.into(), 0, "ip".into(), settings, seats, now).unwrap();
            db.save(Save::new(&room, now)).await.unwrap();
            games.push(room);
        }
        // Loaded two days later (the server was down): the turn-based
        // game's South has one day left, the other game's turn goes on.
        let later = crate::calendar::moment_now();
        let wall = wall_ms() + 2 * 86_400_000;
        let corresp = db.load("corresp1", later, wall).unwrap().unwrap();
        let left = corresp.remaining_at(later).unwrap()[0];
        assert!(
            (86_390_000..=86_400_000).contains(&left),
            "one day left, not {left} ms"
        );
        let realtime = db.load("realtime", later, wall).unwrap().unwrap();
        assert!(realtime.remaining_at(later).unwrap()[0] > 59_000);
    }
}
