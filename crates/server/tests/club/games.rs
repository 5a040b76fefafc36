//! A class's games on the real server: followed live on the dashboard,
//! and a removed pupil's name taken off them.

use super::*;

#[tokio::test]
async fn class_games_are_followed_live_on_the_dashboard() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let mut pupils = Vec::new();
    for name in ["Léa", "Hugo", "Inès", "Jade", "Karim"] {
        pupils.push(join(&h, &key.code, name).await);
    }
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &json!({"pair_by": "random", "game": {"size": 5}}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    // Two games of two pupils, and the fifth plays the AI.
    assert_eq!(view.games.len(), 3);
    let with_ai = view
        .games
        .iter()
        .filter(|g| g.pupils.contains(&None))
        .count();
    assert_eq!(with_ai, 1);
    // The dashboard's live page, then a pupil's move.
    // As a page opens it: the token as a WebSocket protocol.
    let mut request = format!("ws://{}/api/classes/{}/live", h.addr(), key.id)
        .into_client_request()
        .unwrap();
    let protocols = format!("quoridor, bearer.{}", key.token).parse().unwrap();
    request
        .headers_mut()
        .insert("sec-websocket-protocol", protocols);
    let (mut ws, answer) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(answer.headers()["sec-websocket-protocol"], "quoridor");
    let first = ws.next().await.unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("\"type\":\"class\""));
    let game = view
        .games
        .iter()
        .find(|g| !g.pupils.contains(&None))
        .unwrap();
    let mover = game.pupils[0].unwrap();
    let token = &pupils.iter().find(|p| p.player == mover).unwrap().token;
    let to = if game.board.pawns[0] == "c1" {
        "c2"
    } else {
        "c4"
    };
    let sent = std::time::Instant::now();
    let played = h.play(&game.board.id, token, to).await;
    assert_eq!(played.status, 200, "{}", played.text);
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(1), ws.next())
            .await
            .expect("within a second")
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        let seen = v["class"]["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["board"]["id"] == game.board.id && g["board"]["ply"] == 1);
        if seen {
            break;
        }
    }
    assert!(sent.elapsed() < Duration::from_secs(1));
    // The pupil's own page lists their game; another class's pupil's token
    // does not open it.
    let me: MeView = get_as(&h, &format!("/api/classes/{}/me", key.id), token)
        .await
        .json();
    assert_eq!(me.games.len(), 1);
    let other = new_class(&h, None).await;
    let stranger = join(&h, &other.code, "Zoé").await;
    let refused = get_as(&h, &format!("/api/classes/{}/me", key.id), &stranger.token).await;
    assert_eq!(refused.error(401), "unauthorized");
    let refused = get_as(&h, &format!("/api/classes/{}", key.id), &other.token).await;
    assert_eq!(refused.error(401), "unauthorized");
    // A class tournament: round robin of its pupils and an AI.
    let reply = h
        .post("/api/tournaments", Some(&key.token), &json!({"name": "Class cup", "format": "round_robin", "size": 5, "class": key.id, "ai": [1]}))
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let cup: KeyView = reply.json();
    // A class's tournament holds children's names: a stranger reads nothing
    // of it, nor joins it with its code; its teacher reads it all, and a
    // pupil reads it without its code or its class.
    let path = format!("/api/tournaments/{}", cup.id);
    assert_eq!(h.get(&path).await.error(401), "unauthorized");
    let t: TournamentView = get_as(&h, &path, &key.token).await.json();
    assert_eq!(t.players.len(), 6);
    assert_eq!(t.total_rounds, 5);
    assert_eq!(
        (t.code.as_str(), t.class.as_deref()),
        (cup.code.as_str(), Some(key.id.as_str()))
    );
    assert!(t.organiser);
    let seen: TournamentView = get_as(&h, &path, &pupils[0].token).await.json();
    assert_eq!(
        (seen.code.as_str(), seen.class.as_deref(), seen.organiser),
        ("", None, false)
    );
    assert_eq!(seen.players.len(), 6);
    let stranger = h
        .post(
            "/api/join",
            None,
            &json!({"code": cup.code, "name": "Stranger"}),
        )
        .await;
    assert_eq!(stranger.error(403), "not_allowed");
    let started = h
        .post(
            &format!("/api/tournaments/{}/start", cup.id),
            Some(&key.token),
            &json!({}),
        )
        .await;
    assert_eq!(started.status, 200, "{}", started.text);
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_eq!(view.tournaments.len(), 1);
    // Two against two, the teams chosen by hand; a pupil in two games is refused.
    let ids: Vec<u32> = pupils.iter().map(|p| p.player).collect();
    let teams = json!({"pair_by": "hand", "groups": [[ids[0], ids[1], ids[2], ids[3]]], "game": {"size": 9, "players": 4, "variant": "teams"}});
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &teams,
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    assert_eq!(view.games[0].board.seats.len(), 4);
    let twice = json!({"pair_by": "hand", "groups": [[ids[0], ids[0]]], "game": {"size": 5}});
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &twice,
        )
        .await;
    assert_eq!(reply.error(400), "bad_request");
    // Each pupil against the computer at level 3.
    let reply = h
        .post(
            &format!("/api/classes/{}/games", key.id),
            Some(&key.token),
            &json!({"pair_by": "random", "pupils": [ids[4]], "ai_level": 3, "game": {"size": 7}}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    let against_ai = view
        .games
        .iter()
        .find(|g| g.pupils == [Some(ids[4]), None])
        .expect("the game of pupil 4 against the AI");
    assert_eq!(against_ai.board.size, 7);
    assert!(against_ai.board.names.contains(&"AI 3".to_string()));
    // Deleting the class deletes its games and its tournament.
    assert_eq!(
        delete(&h, &format!("/api/classes/{}", key.id), &key.token)
            .await
            .status,
        204
    );
    assert_eq!(
        h.get(&format!("/api/games/{}", game.board.id)).await.status,
        404
    );
    assert_eq!(
        h.get(&format!("/api/tournaments/{}", cup.id)).await.status,
        404
    );
}

/// A pupil removed from the class leaves no name behind in the games they
/// played: their game in progress is lost, and its page, kept over a
/// restart, names their seat no more; the other pupil's name stays.
#[tokio::test]
async fn a_removed_pupils_name_leaves_their_class_games() {
    let mut h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    let hugo = join(&h, &key.code, "Hugo").await;
    let game = game_of_two(&h, &key, lea.player, hugo.player).await;
    let lea_seat = game
        .pupils
        .iter()
        .position(|p| *p == Some(lea.player))
        .unwrap();
    // A game the teacher paired is not the pupils' to abort, even before
    // anyone has moved.
    let shown: Value = h.get(&format!("/api/games/{}", game.board.id)).await.json();
    assert_eq!(shown["abort_allowed"], false, "{shown}");
    let refused = h
        .post(
            &format!("/api/games/{}/abort", game.board.id),
            Some(&hugo.token),
            &json!({}),
        )
        .await;
    assert_eq!(refused.error(403), "not_allowed");
    let reply = delete(
        &h,
        &format!("/api/classes/{}/pupils/{}", key.id, lea.player),
        &key.token,
    )
    .await;
    assert_eq!(reply.status, 204, "{}", reply.text);
    for restarted in [false, true] {
        if restarted {
            h.restart().await;
        }
        let text = h.get(&format!("/api/games/{}", game.board.id)).await.text;
        assert!(!text.contains("Léa"), "restarted {restarted}: {text}");
        let shown: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(shown["status"], "over", "{shown}");
        let names: Vec<&str> = shown["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert_eq!(names[lea_seat], "");
        assert_eq!(names[1 - lea_seat], "Hugo");
    }
}
