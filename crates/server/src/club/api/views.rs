//! What the pages of a class and a tournament show, from what was last
//! stored (a view never waits for a change being stored).

use crate::club::class::{Assignment, Class, Source};
use crate::club::pictures::PICTURE_MISSES;
use crate::club::tournament_view::*;
use crate::club::view::*;
use crate::club::work::level_of;
use crate::club::{ClassRoom, Clubs, Shown, TournamentRoom};
use crate::error::ApiError;

pub(super) fn work_views(shown: &Shown, assignment: u32, pupil: Option<u32>) -> Vec<WorkView> {
    shown
        .work
        .range((assignment, 0, 0)..=(assignment, u32::MAX, u32::MAX))
        .filter(|((_, p, _), _)| pupil.is_none_or(|me| *p == me))
        .map(|((_, p, i), w)| WorkView {
            pupil: *p,
            index: *i,
            status: w.status,
            attempts: w.attempts,
            answer: w.given_text(shown.class.lang),
        })
        .collect()
}

/// The class's assignments: every one for the teacher; for a pupil, those
/// given to them, what is due first (those due no day last).
pub(super) fn assignment_views(shown: &Shown, pupil: Option<u32>) -> Vec<AssignmentView> {
    let mut list: Vec<&Assignment> = shown
        .class
        .assignments
        .iter()
        .filter(|a| pupil.is_none_or(|me| a.is_for(me)))
        .collect();
    if pupil.is_some() {
        list.sort_by(|a, b| {
            (a.due.is_none(), &a.due, a.created_ms).cmp(&(b.due.is_none(), &b.due, b.created_ms))
        });
    }
    list.into_iter()
        .map(|a| AssignmentView {
            id: a.id,
            title: a.title.clone(),
            count: a.source.count(),
            source: match &a.source {
                // The exercises themselves are fetched one at a time.
                Source::Exercises { exercises } => Source::Exercises {
                    exercises: Vec::with_capacity(exercises.len()),
                },
                sheet => sheet.clone(),
            },
            created_ms: a.created_ms,
            rules: a.rules,
            due: a.due.clone(),
            pupils: a.pupils.clone(),
            // A pupil is not told which groups they are in.
            groups: if pupil.is_none() {
                a.groups.clone()
            } else {
                Vec::new()
            },
            work: work_views(shown, a.id, pupil),
            kinds: (0..a.source.count())
                .map_while(|i| a.source.kind_and_level(i).map(|(kind, _)| kind))
                .collect(),
        })
        .collect()
}

/// The newest games shown on a page (the dashboard's or a pupil's).
pub const GAMES_SHOWN: usize = 60;

/// How long a finished game stays on the dashboard, the whiteboard and
/// the pupils' pages: the rest of the lesson, not the next week's.
pub const FINISHED_SHOWN_MS: u64 = 12 * 3600 * 1000;

pub(super) fn game_views(
    room: &ClassRoom,
    class: &Class,
    pupil: Option<u32>,
) -> Vec<ClassGameView> {
    let boards = room.boards();
    let now = crate::wall_ms();
    class
        .games
        .iter()
        .rev()
        .filter(|g| pupil.is_none_or(|me| g.pupils.contains(&Some(me))))
        .take(GAMES_SHOWN)
        .filter_map(|g| {
            let board = boards.get(&g.game)?;
            // A removed pupil's games leave the pages, with their name: a
            // seat with no pupil any more that no computer plays.
            let removed = g.pupils.iter().enumerate().any(|(i, p)| match p {
                Some(p) => class.pupil(*p).is_err(),
                None => board.levels.get(i).is_some_and(Option::is_none),
            });
            if removed {
                return None;
            }
            // A game over leaves the pages after the lesson (kept for the
            // progress); one still played stays.
            let ended = match &g.result {
                Some(end) => Some(end.ended_ms),
                None if board.status == quoridor_game::Status::Over => Some(g.created_ms),
                None => None,
            };
            if ended.is_some_and(|at| now.saturating_sub(at) > FINISHED_SHOWN_MS) {
                return None;
            }
            Some(ClassGameView {
                board: board.clone(),
                pupils: g.pupils.clone(),
            })
        })
        .collect()
}

/// The class's tournaments; for a pupil's page, where the pupil stands in
/// each (their game now, a bye, their place at the end).
pub(super) fn tournament_links(
    clubs: &Clubs,
    ids: &[String],
    pupil: Option<u32>,
) -> Vec<TournamentLink> {
    ids.iter()
        .filter_map(|id| {
            let shown = clubs.tournament(id).ok()?.shown();
            let now = pupil.and_then(|p| shown.pupil_now(p));
            Some(TournamentLink {
                id: id.clone(),
                name: shown.name.clone(),
                stage: shown.stage,
                playing: now.is_some(),
                game: now.as_ref().and_then(|n| n.game.clone()),
                bye: now.as_ref().is_some_and(|n| n.bye),
                place: now.as_ref().and_then(|n| n.place),
                players: shown.players.len(),
            })
        })
        .collect()
}

/// Boards not seen yet (a class read back at start-up) are read once.
pub(super) async fn fill_boards(clubs: &Clubs, room: &ClassRoom, class: &Class) {
    let missing: Vec<String> = {
        let boards = room.boards();
        class
            .games
            .iter()
            .rev()
            .take(GAMES_SHOWN)
            .filter(|g| !boards.contains_key(&g.game))
            .map(|g| g.game.clone())
            .collect()
    };
    for id in missing {
        if let Ok(state) = clubs.hub().state(&id).await {
            room.boards().insert(id, BoardView::of(&state));
        }
    }
}

/// The teacher's view, from the class as last stored: it never waits for
/// a change being stored.
pub(super) async fn class_view(clubs: &Clubs, room: &ClassRoom, base: &str) -> ClassView {
    let version = *room.version.borrow();
    let shown = room.shown();
    fill_boards(clubs, room, &shown.class).await;
    let class = &shown.class;
    let pupils = class
        .pupils
        .iter()
        .map(|p| {
            let (right, done) = level_of(&shown.work, p.id);
            PupilView {
                id: p.id,
                name: p.name.clone(),
                right,
                done,
                online: room.is_online(p.id),
                card: p.card.clone(),
                pictures: p.picture_row(),
            }
        })
        .collect();
    ClassView {
        id: class.id.clone(),
        code: class.code.clone(),
        name: class.name.clone(),
        lang: class.lang,
        join_url: format!("{base}/join#code={}", class.code),
        join_reachable: !crate::origin::is_loopback_host(
            base.split_once("://").map_or(base, |(_, host)| host),
        ),
        has_pin: class.pin.is_some(),
        in_account: class.owner.is_some(),
        pupils,
        groups: class.groups.clone(),
        assignments: assignment_views(&shown, None),
        games: game_views(room, class, None),
        tournaments: tournament_links(clubs, &class.tournaments, None),
        chat: class.chat,
        chat_said_ms: room.chat_said_ms(),
        picture_door: door_view(class, crate::wall_ms()),
        version,
    }
}

/// The way in by pictures at `now_ms`, as the teacher sees it.
fn door_view(class: &Class, now_ms: u64) -> PictureDoorView {
    match (&class.picture_door, class.pictures_open(now_ms)) {
        (_, Some(door)) => PictureDoorView {
            open: true,
            until_ms: door.until_ms,
            tries_left: PICTURE_MISSES - door.misses,
            shut_by_misses: false,
        },
        (Some(door), None) => PictureDoorView {
            shut_by_misses: door.misses >= PICTURE_MISSES,
            ..PictureDoorView::default()
        },
        (None, None) => PictureDoorView::default(),
    }
}

pub(super) async fn me_view(
    clubs: &Clubs,
    room: &ClassRoom,
    pupil: u32,
) -> Result<MeView, ApiError> {
    let version = *room.version.borrow();
    let shown = room.shown();
    fill_boards(clubs, room, &shown.class).await;
    let class = &shown.class;
    Ok(MeView {
        class: class.id.clone(),
        class_name: class.name.clone(),
        lang: class.lang,
        pupil,
        name: class.pupil(pupil)?.name.clone(),
        assignments: assignment_views(&shown, Some(pupil)),
        games: game_views(room, class, Some(pupil)),
        tournaments: tournament_links(clubs, &class.tournaments, Some(pupil)),
        version,
    })
}

/// The tournament as last stored, with its boards now.
/// The tournament as `reader` may see it: only its organiser (or its
/// class's teacher) sees its join code and its class.
pub(super) fn tournament_view(
    tournament: &TournamentRoom,
    holder: Option<&str>,
    reader: super::keys::TournamentReader,
    version: u64,
    base: &str,
) -> TournamentView {
    let t = &*tournament.shown();
    let boards = tournament.boards();
    let organiser = reader == super::keys::TournamentReader::Organiser;
    TournamentView {
        id: t.id.clone(),
        code: if organiser {
            t.code.clone()
        } else {
            String::new()
        },
        name: t.name.clone(),
        class: if organiser { t.class.clone() } else { None },
        format: t.format,
        stage: t.stage,
        total_rounds: t.total_rounds(),
        size: t.rules.size,
        fences: t.rules.fences,
        clock: t.rules.clock,
        players: t
            .players
            .iter()
            .enumerate()
            .map(|(index, p)| EntrantView {
                index,
                name: p.name.clone(),
                ai: p.ai,
                withdrawn: p.withdrawn,
            })
            .collect(),
        rounds: t
            .rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|p| PairingView {
                        first: p.first,
                        second: p.second,
                        game: p.game.clone(),
                        outcome: p.outcome,
                        board: p.game.as_ref().and_then(|g| boards.get(g)).map(|b| {
                            // A removed pupil's name is not shown on the
                            // board either.
                            let mut b = b.clone();
                            for (seat, player) in [Some(p.first), p.second].into_iter().enumerate()
                            {
                                let gone = player
                                    .is_some_and(|i| t.players.get(i).is_some_and(|e| e.removed));
                                if let (true, Some(name)) = (gone, b.names.get_mut(seat)) {
                                    name.clear();
                                }
                            }
                            b
                        }),
                    })
                    .collect()
            })
            .collect(),
        standings: t
            .standings()
            .iter()
            .map(|row| StandingView::of(row, t))
            .collect(),
        you: holder.and_then(|h| t.player_of(h)),
        organiser,
        join_url: if organiser {
            format!("{base}/join")
        } else {
            String::new()
        },
        version,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::class::{ClassGame, GameEnd};
    use crate::club::work::WorkBook;
    use quoridor_exercises::Lang;

    fn board(id: &str, status: &str) -> BoardView {
        serde_json::from_value(serde_json::json!({
            "id": id, "size": 5, "theme": "classic", "names": ["A", "B"],
            "seats": ["south", "north"], "pawns": ["c1", "c5"], "fences": [],
            "levels": [null, null], "fences_left": [5, 5], "turn": "south", "ply": 0, "status": status,
            "winners": [], "draw": false, "distances": [null, null],
            "ahead": null, "version": 0
        }))
        .unwrap()
    }

    #[test]
    fn finished_games_leave_the_pages_after_the_lesson_and_removed_pupils_games_at_once() {
        let now = crate::wall_ms();
        let mut class =
            Class::new("c".into(), "ABC234".into(), "CE2", Lang::Fr, "t".into(), 0).unwrap();
        let lea = class.join("Léa", "h1".into(), "C1".into(), 0).unwrap();
        let hugo = class.join("Hugo", "h2".into(), "C2".into(), 0).unwrap();
        let ines = class.join("Inès", "h3".into(), "C3".into(), 0).unwrap();
        let game = |id: &str, created_ms: u64, ended: Option<u64>, pupils: [u32; 2]| ClassGame {
            game: id.into(),
            pupils: pupils.iter().map(|&p| Some(p)).collect(),
            created_ms,
            result: ended.map(|ended_ms| GameEnd {
                winners: vec![0],
                draw: false,
                ended_ms,
            }),
        };
        let week_ago = now - 7 * 24 * 3600 * 1000;
        class.add_game(game("old", week_ago, Some(week_ago + 600_000), [lea, hugo]));
        class.add_game(game("aborted", week_ago, None, [lea, hugo]));
        class.add_game(game("playing", week_ago, None, [lea, hugo]));
        class.add_game(game(
            "today",
            now - 3_600_000,
            Some(now - 60_000),
            [lea, hugo],
        ));
        class.add_game(game("with_ines", now, None, [lea, ines]));
        let room = ClassRoom::new(class.clone(), WorkBook::new());
        for (id, status) in [
            ("old", "over"),
            ("aborted", "over"),
            ("playing", "playing"),
            ("today", "over"),
            ("with_ines", "playing"),
        ] {
            room.boards().insert(id.into(), board(id, status));
        }
        class.remove_pupil(ines).unwrap();
        let shown: Vec<String> = game_views(&room, &class, None)
            .iter()
            .map(|g| g.board.id.clone())
            .collect();
        assert_eq!(shown, ["today", "playing"]);
        let hers: Vec<String> = game_views(&room, &class, Some(lea))
            .iter()
            .map(|g| g.board.id.clone())
            .collect();
        assert_eq!(hers, ["today", "playing"]);
    }
}
