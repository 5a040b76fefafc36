//! Games played to their end: online with a spectator, against the AI,
//! on one screen with undo and hints, draw offers to the AI, the state
//! messages, the ply limit.

use super::*;

#[tokio::test]
async fn online_game_over_http_and_websocket_with_a_spectator() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let id = created.id.as_str();
    let ana = created.token.as_str();
    assert_eq!(created.seats, [Seat::South]);
    assert_eq!(
        created.invites.get(Seat::North).unwrap(),
        &format!("/g/{id}?join=north")
    );
    assert_eq!(created.game.status.name(), "waiting");

    // Listed as open; moving before the game starts is refused.
    let list: ListView = h.get("/api/games?status=waiting").await.json();
    assert!(list.games.iter().any(|g| g.id == id));
    assert_eq!(h.play(id, ana, "e2").await.error(409), "not_started");

    let joined = h.join(id, Some(Seat::North), Some("Bob")).await;
    let bob = joined.token.clone();
    assert_eq!(joined.game.status.name(), "playing");
    let full = h
        .post(&format!("/api/games/{id}/join"), None, &json!({}))
        .await;
    assert_eq!(full.error(409), "no_free_seat");

    let mut ws_ana = Follower::new(&h, id, Some(ana)).await;
    let mut ws_bob = Follower::new(&h, id, Some(&bob)).await;
    let mut ws_watch = Follower::new(&h, id, None).await;
    let first = ws_watch.state().await;
    assert_eq!(first.seats[0].name, "Ana");
    assert_eq!(first.moves_from, 0);

    ws_ana.send(&mv("e2")).await;
    for ws in [&mut ws_ana, &mut ws_bob, &mut ws_watch] {
        let game = ws.until_moves(1).await;
        assert_eq!(ws.moves[0].mv, "e2");
        assert_eq!(
            ws.moves[0].position,
            "9 e2,e9 - 10,10 north 1 ply_limit=1000"
        );
        assert_eq!(game.turn, Seat::North);
    }

    // Another seat's token, a spectator, an illegal fence: refused with why.
    ws_ana.send(&mv("e8")).await;
    assert_eq!(ws_ana.error().await, "not_your_turn");
    ws_watch.send(&mv("e8")).await;
    assert_eq!(ws_watch.error().await, "unauthorized");
    ws_bob.send(&mv("e8h")).await;
    ws_bob.until_moves(2).await;
    let refused = h.play(id, ana, "e8v").await;
    assert_eq!(refused.error(422), "illegal_move");
    let body: ErrorBody = refused.json();
    assert_eq!(body.error.message, "fence crosses e8h");
    let reason = body.error.reason.unwrap();
    assert_eq!(
        (reason.code.as_str(), reason.fence.as_deref()),
        ("crosses", Some("e8h"))
    );
    assert_eq!(h.play(id, ana, "e2q").await.error(400), "bad_move");
    assert_eq!(
        h.play(id, "not-a-token", "e3").await.error(401),
        "unauthorized"
    );

    // The game shows the refused fence's reason and who is connected.
    let game = h.game(id).await;
    assert_eq!(game.moves.len(), 2);
    let legal = game.legal.as_ref().unwrap();
    let e8v = "e8v".parse().unwrap();
    let e8h = "e8h".parse().unwrap();
    assert_eq!(legal.refusal(e8v), Some(IllegalMove::Crosses(e8h)));
    assert!(legal.pawn.contains(&"e3".parse().unwrap()));
    assert_eq!(game.spectators, 1);
    assert!(game.seats[1].connected);
    assert!(!game.undo_allowed);
    let undo = h
        .post(&format!("/api/games/{id}/undo"), Some(ana), &json!({}))
        .await;
    assert_eq!(undo.error(403), "not_allowed");

    // Resignation ends it for everyone.
    ws_bob.send(&ClientMessage::Resign { seat: None }).await;
    let game = ws_watch.until_moves(3).await;
    assert_eq!(game.status.name(), "over");
    let result = game.result.unwrap();
    assert_eq!(result.winners, [Seat::South]);
    assert_eq!(result.termination, "resignation");

    // The record reads back with the rules crate.
    let text = h.get(&format!("/api/games/{id}/record")).await.text;
    let record: quoridor_rules::Record = text.parse().unwrap();
    assert_eq!(record.game().entries().len(), 3);
    assert_eq!(record.tag("North"), Some("Bob"));

    // A rematch is an offer: Bob asks, Ana declines; Bob asks again, Ana
    // accepts; it swaps the colours and keeps the tokens.
    let path = format!("/api/games/{id}/rematch");
    let offered = h.post(&path, Some(&bob), &json!({})).await;
    assert_eq!(offered.status, 202, "{}", offered.text);
    let v: Value = offered.json();
    assert_eq!(v["game"]["rematch_asked"], json!(["north"]));
    assert_eq!(h.game(id).await.rematch, None, "not made yet");
    let decline = format!("/api/games/{id}/rematch/decline");
    assert_eq!(
        h.post(&decline, Some(&bob), &json!({})).await.error(403),
        "not_allowed",
        "one's own offer is not declined"
    );
    let declined: GameView = h.post(&decline, Some(ana), &json!({})).await.json();
    assert!(declined.rematch_asked.is_empty());
    assert_eq!(h.post(&path, Some(&bob), &json!({})).await.status, 202);
    let reply = h.post(&path, Some(ana), &json!({})).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let accepted: SeatedView = reply.json();
    assert_eq!(accepted.seats, [Seat::North]);
    assert_eq!(accepted.game.seats[0].name, "Bob");
    let again: SeatedView = h.post(&path, Some(&bob), &json!({})).await.json();
    assert_eq!(again.id, accepted.id);
    assert_eq!(again.seats, [Seat::South]);
    assert_eq!(h.game(id).await.rematch, Some(accepted.id));
}

#[tokio::test]
async fn a_game_against_the_ai_to_the_end() {
    let h = Harness::new().await;
    let created = h
        .create(&CreateRequest {
            size: 5,
            seats: vec![human(true, None), ai(1)],
            ..CreateRequest::default()
        })
        .await;
    let (id, token) = (&created.id, &created.token);
    let mut ws = Follower::new(&h, id, Some(token)).await;
    let mut game = ws.state().await;
    let mut plies = 0;
    while game.status.name() == "playing" {
        if game.turn == Seat::South {
            // Step forward when possible, else any pawn move.
            let pawn = &game.legal.as_ref().unwrap().pawn;
            let best = pawn.iter().max_by_key(|sq| sq.row()).unwrap();
            let reply = h.play(id, token, &best.to_string()).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            game = reply.json();
            ws.until_moves(game.moves.len()).await;
        } else {
            // The AI's reply comes over the WebSocket.
            game = ws.until_moves(ws.moves.len() + 1).await;
        }
        plies += 1;
        assert!(plies < 200, "the game should end");
    }
    assert_eq!(game.result.unwrap().termination, "goal");
    assert!(ws.moves.iter().any(|m| m.seat == Seat::North));
}

#[tokio::test]
async fn hot_seat_on_one_screen_with_undo_and_hint() {
    let h = Harness::new().await;
    let created = h
        .create(&CreateRequest {
            size: 7,
            public: false,
            seats: vec![human(true, None), human(true, None)],
            ..CreateRequest::default()
        })
        .await;
    let (id, token) = (&created.id, &created.token);
    for mv in ["d2", "d6"] {
        assert_eq!(h.play(id, token, mv).await.status, 200);
    }
    let undone = h
        .post(&format!("/api/games/{id}/undo"), Some(token), &json!({}))
        .await;
    let game: GameView = undone.json();
    assert_eq!(game.moves.len(), 1);
    assert_eq!(game.turn, Seat::North);
    let hint: HintView = h
        .send(
            h.http
                .get(format!("{}/api/games/{id}/hint", h.base()))
                .bearer_auth(token),
        )
        .await
        .json();
    let legal = game.legal.unwrap();
    let is_pawn = legal.pawn.iter().any(|sq| sq.to_string() == hint.mv);
    assert!(is_pawn || legal.fences.iter().any(|f| f.to_string() == hint.mv));
    // The path starts on the pawn and ends on north's goal line; a pawn
    // move goes through the square the hint names.
    assert_eq!(hint.path.first().map(String::as_str), Some("d7"));
    assert!(hint.path.last().unwrap().ends_with('1'));
    if is_pawn {
        assert_eq!(hint.path[1], hint.mv);
    }
    // Why, in path terms: both paths before and after the move, North's
    // the one drawn.
    let seats: Vec<Seat> = hint.steps.iter().map(|s| s.seat).collect();
    assert_eq!(seats, [Seat::South, Seat::North], "{hint:?}");
    let north = &hint.steps[1];
    assert_eq!(
        north.after as usize,
        hint.path.len() - 1 - usize::from(is_pawn),
        "{hint:?}"
    );
    // Private games are not listed.
    let list: ListView = h.get("/api/games?status=playing").await.json();
    assert!(!list.games.iter().any(|g| &g.id == id));
}

#[tokio::test]
async fn draw_offers_to_ai_seats() {
    let h = Harness::new().await;
    // South to move with equal paths leads the race: its AI opponent is
    // behind and accepts at once.
    let created = h
        .create(&CreateRequest {
            size: 5,
            seats: vec![human(true, None), ai(4)],
            ..CreateRequest::default()
        })
        .await;
    let draw = format!("/api/games/{}/draw", created.id);
    let game: GameView = h
        .post(&draw, Some(&created.token), &json!({"action": "offer"}))
        .await
        .json();
    let result = game.result.expect("the AI accepted");
    assert!(result.draw);
    assert_eq!(result.termination, "agreement");
    // Four players in teams: west moves before north and east, so west's
    // team leads and west declines; the offer is refused with why.
    let created = h
        .create(&CreateRequest {
            players: 4,
            variant: quoridor_rules::Variant::Teams,
            seats: vec![human(true, None), ai(2), human(true, None), ai(2)],
            ..CreateRequest::default()
        })
        .await;
    let draw = format!("/api/games/{}/draw", created.id);
    let declined = h
        .post(&draw, Some(&created.token), &json!({"action": "offer"}))
        .await;
    assert_eq!(declined.error(403), "not_allowed");
    assert_eq!(
        declined.json::<ErrorBody>().error.message,
        "west (AI) declines the draw"
    );
    assert_eq!(h.game(&created.id).await.draw_offer, None);
}

#[tokio::test]
async fn state_messages_say_what_happened_and_carry_only_new_moves() {
    let h = Harness::new().await;
    let created = h.create(&online_game()).await;
    let id = &created.id;
    let mut watch = Follower::new(&h, id, None).await;
    let bob = h.join(id, None, Some("Bob")).await.token;
    let mut ws_ana = Follower::new(&h, id, Some(&created.token)).await;
    ws_ana.send(&mv("e2")).await;
    let draw = format!("/api/games/{id}/draw");
    loop {
        let game = watch.state().await;
        match watch.events.last().unwrap() {
            EventView::Move { seat, mv, .. } => {
                assert_eq!((seat, mv.as_str()), (&Seat::South, "e2"));
                assert_eq!((game.moves_from, game.moves.len()), (0, 1));
                ws_ana
                    .send(&ClientMessage::Draw {
                        action: quoridor_game::DrawAction::Offer,
                    })
                    .await;
            }
            EventView::DrawOffer { .. } => {
                // Nothing new in the history: no move is sent again.
                assert_eq!((game.moves_from, game.moves.len()), (1, 0));
                let reply = h
                    .post(&draw, Some(&bob), &json!({"action": "decline"}))
                    .await;
                assert_eq!(reply.status, 200, "{}", reply.text);
            }
            EventView::DrawDeclined => break,
            _ => {}
        }
    }
    let kinds: Vec<String> = watch
        .events
        .iter()
        .map(|e| {
            serde_json::to_value(e).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for kind in ["hello", "join", "connected", "move", "draw_offer"] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
    }
}

#[tokio::test]
async fn a_game_ends_at_the_ply_limit() {
    let h = Harness::new().await;
    let created = h
        .create(&CreateRequest {
            size: 3,
            ply_limit: Some(6),
            seats: vec![human(true, None), human(true, None)],
            ..CreateRequest::default()
        })
        .await;
    let too_long = CreateRequest {
        ply_limit: Some(100_000),
        ..CreateRequest::default()
    };
    assert_eq!(h.create_raw(&too_long).await.error(400), "bad_request");
    let mut game = h.game(&created.id).await;
    // Sideways back and forth until the limit: a draw.
    let steps = ["a1", "a3", "b1", "b3", "a1", "a3"];
    for step in steps {
        let reply = h.play(&created.id, &created.token, step).await;
        assert_eq!(reply.status, 200, "{step}: {}", reply.text);
        game = reply.json();
    }
    let result = game.result.unwrap();
    assert!(result.draw);
    assert_eq!(result.termination, "ply limit");
}
