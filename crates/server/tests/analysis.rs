//! The computer's analysis on the real server (issue 12): asked for a
//! finished game, queued and run in the background with its progress
//! readable, stored (it survives a restart), a missed win marked as a
//! blunder with the winning move and its line, each player's accuracy.

mod harness;

use std::time::Duration;

use harness::Harness;
use quoridor_server::analysis::view::AnalysisStatusView;
use quoridor_server::request::{CreateRequest, SeatRequest};
use serde_json::json;

/// South reaches d8 and North f2 with South to move; South steps aside
/// (c8) instead of winning with d9, and North wins with f1.
const MISSED_WIN: [&str; 18] = [
    "e2", "e8", "d2", "f8", "d3", "f7", "d4", "f6", "d5", "f5", "d6", "f4", "d7", "f3", "d8", "f2",
    "c8", "f1",
];

/// A game between two people who play `moves` (South first); its id and
/// South's token.
async fn played_game(h: &Harness, moves: &[&str]) -> (String, String) {
    let made = h
        .create(&CreateRequest {
            seats: vec![SeatRequest::human(true), SeatRequest::human(false)],
            ..CreateRequest::default()
        })
        .await;
    let joined = h.join(&made.id, None, Some("Bob")).await;
    for (i, mv) in moves.iter().enumerate() {
        let token = if i % 2 == 0 {
            &made.token
        } else {
            &joined.token
        };
        assert_eq!(h.play(&made.id, token, mv).await.status, 200, "{mv}");
    }
    (made.id, made.token)
}

async fn finished_game_with_a_blunder(h: &Harness) -> String {
    played_game(h, &MISSED_WIN).await.0
}

async fn wait_done(
    h: &Harness,
    id: &str,
    positions: usize,
) -> quoridor_server::analysis::view::AnalysisView {
    let start = std::time::Instant::now();
    loop {
        let reply = h.get(&format!("/api/games/{id}/analysis")).await;
        match reply.json::<AnalysisStatusView>() {
            AnalysisStatusView::Done { analysis } => {
                assert_eq!(reply.status, 200);
                return *analysis;
            }
            AnalysisStatusView::Running { done, total } => {
                assert_eq!(reply.status, 202);
                assert!(done <= total && total == positions, "{done}/{total}");
            }
            AnalysisStatusView::Queued => assert_eq!(reply.status, 202),
            AnalysisStatusView::Failed { message } => panic!("failed: {message}"),
            AnalysisStatusView::None => panic!("the analysis asked for is not known"),
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no analysis in 30 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_finished_game_is_analysed_and_its_blunder_marked() {
    let mut h = Harness::new().await;
    let id = finished_game_with_a_blunder(&h).await;
    // Never asked: said plainly, no error (the page asks on every visit).
    let none = h.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(
        (none.status, none.text.as_str()),
        (200, r#"{"status":"none"}"#)
    );
    assert_eq!(
        h.get("/api/games/nosuchgame/analysis").await.error(404),
        "not_found"
    );

    let asked = h
        .post(&format!("/api/games/{id}/analysis"), None, &json!({}))
        .await;
    assert_eq!(asked.status, 202, "{}", asked.text);
    // Asking again while it runs changes nothing.
    let again = h
        .post(&format!("/api/games/{id}/analysis"), None, &json!({}))
        .await;
    assert!([200, 202].contains(&again.status), "{}", again.text);
    let analysis = wait_done(&h, &id, 19).await;

    // Nineteen positions (eighteen moves, the end); South's graph.
    assert_eq!(analysis.graph.len(), 19);
    assert!(analysis.graph.iter().all(|v| (0.0..=1.0).contains(v)));
    assert_eq!(analysis.moves.len(), 18);
    let missed = &analysis.moves[16];
    assert_eq!((missed.mv.as_str(), missed.seat.as_str()), ("c8", "south"));
    // A won game given away is a blunder whatever the evaluation thinks of
    // the rest, and the win is the better move.
    assert_eq!(missed.judgement.as_deref(), Some("blunder"), "{missed:?}");
    assert_eq!(missed.best.as_deref(), Some("d9"), "{missed:?}");
    assert!(!missed.line.is_empty(), "{missed:?}");
    assert!(missed.before > 0.99 && missed.after < 0.01, "{missed:?}");
    let south = &analysis.players[0];
    assert_eq!(south.seat, "south");
    assert!(south.blunders >= 1, "{south:?}");
    // A player's accuracy is the mean of its moves': nine moves, one of
    // them worth nothing.
    assert!(south.accuracy <= 800.0 / 9.0 + 0.1, "{south:?}");
    assert_eq!(analysis.players[1].seat, "north");

    // Stored: read back after a restart, and asked again it is the same.
    h.restart().await;
    let stored = h.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(stored.status, 200);
    match stored.json::<AnalysisStatusView>() {
        AnalysisStatusView::Done { analysis: kept } => assert_eq!(*kept, analysis),
        other => panic!("{other:?}"),
    }
    let asked = h
        .post(&format!("/api/games/{id}/analysis"), None, &json!({}))
        .await;
    assert_eq!(asked.status, 200);
}

#[tokio::test]
async fn a_resigned_game_is_analysed_up_to_the_resignation() {
    let h = Harness::new().await;
    let (id, south) = played_game(&h, &["e2", "e8", "e3", "e7"]).await;
    let resigned = h
        .post(&format!("/api/games/{id}/resign"), Some(&south), &json!({}))
        .await;
    assert_eq!(resigned.status, 200);
    let asked = h
        .post(&format!("/api/games/{id}/analysis"), None, &json!({}))
        .await;
    assert_eq!(asked.status, 202, "{}", asked.text);
    // Six positions: four moves, the resignation, the end; the
    // resignation is no move to judge.
    let analysis = wait_done(&h, &id, 6).await;
    assert_eq!(analysis.graph.len(), 6);
    assert_eq!(analysis.moves.len(), 4);
    assert!(analysis.graph.iter().all(|v| (0.0..=1.0).contains(v)));
    let played: Vec<&str> = analysis.moves.iter().map(|m| m.mv.as_str()).collect();
    assert_eq!(played, ["e2", "e8", "e3", "e7"]);
}

#[tokio::test]
async fn only_finished_two_player_games_are_analysed() {
    let h = Harness::new().await;
    let playing = h
        .create(&CreateRequest {
            seats: vec![SeatRequest::human(true), SeatRequest::ai(1)],
            ..CreateRequest::default()
        })
        .await;
    let refused = h
        .post(
            &format!("/api/games/{}/analysis", playing.id),
            None,
            &json!({}),
        )
        .await;
    assert_eq!(refused.error(400), "bad_request");
    assert!(refused.text.contains("finished"), "{}", refused.text);
    let four = h
        .create(&CreateRequest {
            players: 4,
            seats: vec![
                SeatRequest::human(true),
                SeatRequest::ai(1),
                SeatRequest::ai(1),
                SeatRequest::ai(1),
            ],
            ..CreateRequest::default()
        })
        .await;
    let resigned = h
        .post(
            &format!("/api/games/{}/resign", four.id),
            Some(&four.token),
            &json!({}),
        )
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.text);
    let refused = h
        .post(
            &format!("/api/games/{}/analysis", four.id),
            None,
            &json!({}),
        )
        .await;
    assert_eq!(refused.error(400), "bad_request");
    assert_eq!(
        h.post("/api/games/nosuchgame/analysis", None, &json!({}))
            .await
            .error(404),
        "not_found"
    );
}

#[tokio::test]
async fn the_analysis_board_values_any_position_and_line() {
    let h = Harness::new().await;
    let start = h
        .post(
            "/api/analyse",
            None,
            &json!({"position": "9 e1,e9 - 10,10 south 0"}),
        )
        .await;
    assert_eq!(start.status, 200, "{}", start.text);
    let view: quoridor_server::analysis::board::BoardView = start.json();
    assert_eq!(view.turn.name(), "south");
    assert!((0.0..=1.0).contains(&view.value) && view.best.is_some() && !view.line.is_empty());
    // Both shortest paths, from the pawn to the goal line: 8 steps each.
    for (seat, path) in &view.paths.0 {
        assert_eq!(path.len(), 9, "{seat:?}: {path:?}");
    }
    assert_eq!(view.paths.0[0].1[0], "e1");
    assert_eq!(view.legal.pawn.len(), 3);
    // The start is in the opening book: its moves are shown, each legal.
    assert!(!view.book.is_empty());
    for m in &view.book {
        let pawn = view.legal.pawn.iter().any(|sq| sq.to_string() == m.mv);
        assert!(pawn || m.mv.len() == 3, "{m:?}");
        assert!(m.score.starts_with(['+', '-']), "{m:?}");
    }

    // A line from it: the position after, in notation.
    let after = h
        .post(
            "/api/analyse",
            None,
            &json!({"position": "9 e1,e9 - 10,10 south 0", "moves": ["e2", "e8", "e3h"]}),
        )
        .await;
    let view: quoridor_server::analysis::board::BoardView = after.json();
    assert_eq!(view.position, "9 e2,e8 e3h 9,10 north 3");
    assert!(view.book.is_empty(), "not a book position: {:?}", view.book);
    // The fence in front of south makes it go round: 8 steps instead of 7.
    assert!(view.paths.0[0].1.len() > 8, "{:?}", view.paths.0[0].1);

    // Refusals: an illegal move says why, a bad position what was expected.
    let illegal = h
        .post(
            "/api/analyse",
            None,
            &json!({"position": "9 e1,e9 - 10,10 south 0", "moves": ["e3"]}),
        )
        .await;
    assert_eq!(illegal.error(422), "illegal_move");
    let bad = h
        .post("/api/analyse", None, &json!({"position": "9 z1"}))
        .await;
    assert_eq!(bad.error(400), "bad_request");
    assert!(bad.text.contains("position"), "{}", bad.text);
    // A position that breaks a rule says which, for the page to say it in
    // its language.
    let two = h
        .post(
            "/api/analyse",
            None,
            &json!({"position": "9 e1,e1 - 10,10 south 0"}),
        )
        .await;
    assert_eq!(two.error(400), "bad_request");
    let reason: serde_json::Value = serde_json::from_str(&two.text).unwrap();
    assert_eq!(
        reason["error"]["reason"],
        json!({"code": "pawns_share_square", "square": "e1", "text": "two pawns on e1"})
    );
    let long = h
        .post(
            "/api/analyse",
            None,
            &json!({"position": "9 e1,e9 - 10,10 south 0", "moves": vec!["e2"; 201]}),
        )
        .await;
    assert_eq!(long.error(400), "bad_request");
}

#[tokio::test]
async fn the_analysis_board_searches_to_a_depth_and_finds_the_best_lines() {
    let h = Harness::new().await;
    let position = "9 e4,e6 c3h,f6h,d5v 8,9 south 10";
    let asked = h
        .post(
            "/api/analyse",
            None,
            &json!({"position": position, "depth": 4, "lines": 3}),
        )
        .await;
    assert_eq!(asked.status, 200, "{}", asked.text);
    let view: quoridor_server::analysis::board::BoardView = asked.json();
    // The page's own search: the same table, empty, seed 0 (the engine in
    // WebAssembly answers the same, crates/wasm/tests/golden.rs).
    let pos: quoridor_rules::Position = position.parse().unwrap();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut engine = quoridor_engine::Engine::with_hash(quoridor_engine::SHARED_HASH_MB);
    engine.set_book(false);
    let lines = engine.search_lines(
        &pos,
        quoridor_engine::SearchLimit::Depth(4),
        3,
        &stop,
        &mut quoridor_engine::Silent,
        &mut |_| {},
    );
    let want: Vec<(String, String)> = lines
        .iter()
        .map(|l| (l.best.to_string(), l.score.to_string()))
        .collect();
    let got: Vec<(String, String)> = view
        .lines
        .iter()
        .map(|l| (l.best.clone(), l.score.clone()))
        .collect();
    assert_eq!(got, want);
    assert_eq!(view.best.as_deref(), Some(want[0].0.as_str()));
    assert_eq!((view.depth, view.lines[2].depth), (4, 4));
    assert!(view.lines.iter().all(|l| l.line.first() == Some(&l.best)));
    // One line: none listed. Out of range: refused, saying the range.
    let one = h
        .post(
            "/api/analyse",
            None,
            &json!({"position": position, "depth": 2}),
        )
        .await;
    let view: quoridor_server::analysis::board::BoardView = one.json();
    assert!(view.lines.is_empty() && view.depth == 2, "{}", one.text);
    for (body, says) in [
        (json!({"position": position, "depth": 0}), "depth: 1 to 14"),
        (json!({"position": position, "depth": 40}), "depth: 1 to 14"),
        (json!({"position": position, "lines": 4}), "lines: 1 to 3"),
    ] {
        let refused = h.post("/api/analyse", None, &body).await;
        assert_eq!(refused.error(400), "bad_request");
        assert!(refused.text.contains(says), "{}", refused.text);
    }
}

#[tokio::test]
async fn real_moves_are_called_an_inaccuracy_a_mistake_and_a_blunder() {
    // Searched to a fixed depth, so that a busy machine judges alike.
    let h = Harness::with(|args| args.analysis_depth = Some(4)).await;
    for (first, want) in [
        ("f2h", "inaccuracy"),
        ("e1h", "mistake"),
        ("f3h", "blunder"),
        ("e2", ""),
    ] {
        // South plays it, then resigns: one move and the resignation, three
        // positions.
        let (id, south) = played_game(&h, &[first]).await;
        let resign = h
            .post(&format!("/api/games/{id}/resign"), Some(&south), &json!({}))
            .await;
        assert_eq!(resign.status, 200, "{}", resign.text);
        let asked = h
            .post(&format!("/api/games/{id}/analysis"), None, &json!({}))
            .await;
        assert_eq!(asked.status, 202, "{}", asked.text);
        let analysis = wait_done(&h, &id, 3).await;
        assert_eq!(analysis.depth, Some(4));
        let judged = &analysis.moves[0];
        assert_eq!(judged.mv, first);
        assert_eq!(
            judged.judgement.as_deref().unwrap_or(""),
            want,
            "{first}: {judged:?}"
        );
    }
}
