//! Picture cards on the real server: a child who cannot read taps the
//! five pictures of their card on the class's join page, while the
//! teacher has the way in open; wrong rows are counted per address and
//! per opening.

use quoridor_server::club::pictures::{PICTURES, PICTURE_LEN, PICTURE_MISSES};
use quoridor_server::club::view::{ClassView, JoinedView, MeView};
use serde_json::{json, Value};

use crate::classes::{get_as, join, new_class};
use crate::harness::Harness;

/// The teacher opens or shuts the way in by pictures.
async fn door(h: &Harness, id: &str, token: &str, open: bool) -> ClassView {
    let path = format!("/api/classes/{id}/pictures");
    let reply = h.post(&path, Some(token), &json!({ "open": open })).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

/// A row that no pupil of `view` has.
fn nobodys_row(view: &ClassView) -> Vec<String> {
    (0..)
        .map(|n: usize| {
            (0..PICTURE_LEN)
                .map(|i| PICTURES[(n >> (i * 2)) % PICTURES.len()].to_owned())
                .collect::<Vec<_>>()
        })
        .find(|row| view.pupils.iter().all(|p| p.pictures != *row))
        .unwrap()
}

#[tokio::test]
async fn a_child_comes_back_by_tapping_the_pictures_of_their_card() {
    let mut h = Harness::new().await;
    let key = new_class(&h, None).await;
    let added = h
        .post(
            &format!("/api/classes/{}/pupils", key.id),
            Some(&key.token),
            &json!({"names": ["Léa", "Hugo", "Inès"]}),
        )
        .await;
    let view: ClassView = added.json();
    // Each pupil has five pictures of their own, the teacher's to see.
    for p in &view.pupils {
        assert_eq!(p.pictures.len(), PICTURE_LEN, "{:?}", p.pictures);
        assert!(p.pictures.iter().all(|x| PICTURES.contains(&x.as_str())));
    }
    let rows: std::collections::HashSet<_> = view.pupils.iter().map(|p| &p.pictures).collect();
    assert_eq!(rows.len(), 3);
    let lea = &view.pupils[0];
    // The printed cards show them.
    let sheet: Value = get_as(&h, &format!("/api/classes/{}/cards", key.id), &key.token)
        .await
        .json();
    assert_eq!(sheet["cards"][0]["pictures"], json!(lea.pictures));
    // Every picture is served, and nothing else.
    for name in PICTURES {
        let reply = h.get(&format!("/join/pictures/{name}.svg")).await;
        assert_eq!(reply.status, 200, "{name}");
        assert!(reply.text.starts_with("<svg"), "{name}");
    }
    assert_eq!(h.get("/join/pictures/dragon.svg").await.status, 404);
    assert_eq!(h.get("/join/pictures/..%2Fstyle.css").await.status, 404);
    // Shut until the teacher opens it.
    let tap = |row: &Vec<String>| json!({"code": key.code, "pictures": row});
    let shut = h.post("/api/join", None, &tap(&lea.pictures)).await;
    assert_eq!(shut.error(403), "pictures_shut");
    // Only the teacher opens it.
    let refused = h
        .post(
            &format!("/api/classes/{}/pictures", key.id),
            None,
            &json!({"open": true}),
        )
        .await;
    assert_eq!(refused.error(401), "unauthorized");
    let opened = door(&h, &key.id, &key.token, true).await;
    assert!(opened.picture_door.open);
    assert_eq!(opened.picture_door.tries_left, PICTURE_MISSES);
    // Léa taps her row: her seat, her name.
    let reply = h.post("/api/join", None, &tap(&lea.pictures)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let back: JoinedView = reply.json();
    assert_eq!(
        (back.id.as_str(), back.player, back.name.as_str()),
        (key.id.as_str(), lea.id, "Léa")
    );
    let me: MeView = get_as(&h, &format!("/api/classes/{}/me", key.id), &back.token)
        .await
        .json();
    assert_eq!(me.name, "Léa");
    // Pictures in another order, too few, unknown, or another class's
    // code open nothing; a wrong row uses up a try of the opening.
    let mut turned = lea.pictures.clone();
    turned.rotate_left(1);
    if !view.pupils.iter().any(|p| p.pictures == turned) {
        let wrong = h.post("/api/join", None, &tap(&turned)).await;
        assert_eq!(wrong.error(401), "wrong_pictures");
    }
    let short = h
        .post("/api/join", None, &tap(&lea.pictures[..4].to_vec()))
        .await;
    assert_eq!(short.error(401), "wrong_pictures");
    let other = new_class(&h, None).await;
    let elsewhere = h
        .post(
            "/api/join",
            None,
            &json!({"code": other.code, "pictures": lea.pictures}),
        )
        .await;
    assert_eq!(elsewhere.error(403), "pictures_shut");
    let seen: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert!(seen.picture_door.tries_left < PICTURE_MISSES);
    // The door and the rows outlive a restart.
    h.restart().await;
    let hugo = &view.pupils[1];
    let reply = h.post("/api/join", None, &tap(&hugo.pictures)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json::<JoinedView>().player, hugo.id);
    // A new card from the teacher brings new pictures: the old row opens
    // nothing.
    let reply = h
        .post(
            &format!("/api/classes/{}/pupils/{}/card", key.id, hugo.id),
            Some(&key.token),
            &json!({}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let now: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_ne!(now.pupils[1].pictures, hugo.pictures);
    let old = h.post("/api/join", None, &tap(&hugo.pictures)).await;
    assert_eq!(old.error(401), "wrong_pictures");
    // Shut by the teacher: nothing opens.
    let shut = door(&h, &key.id, &key.token, false).await;
    assert!(!shut.picture_door.open && !shut.picture_door.shut_by_misses);
    let reply = h
        .post("/api/join", None, &tap(&now.pupils[2].pictures))
        .await;
    assert_eq!(reply.error(403), "pictures_shut");
}

/// A stranger with the class's code guesses rows from several addresses:
/// each address is held to the card limit, and the opening shuts itself
/// after [`PICTURE_MISSES`] wrong rows in all, even for the right row.
#[tokio::test]
async fn guessed_rows_shut_the_way_in_until_the_teacher_opens_it_again() {
    let h = Harness::new().await;
    let key = new_class(&h, None).await;
    let lea = join(&h, &key.code, "Léa").await;
    door(&h, &key.id, &key.token, true).await;
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    let wrong = nobodys_row(&view);
    let guess = json!({"code": key.code, "pictures": wrong});
    let mut statuses = Vec::new();
    for address in ["127.0.0.21", "127.0.0.22"] {
        let guesser = h.client_from(address);
        // A burst: the address's tries are counted before they are looked
        // at.
        let tries = (0..12).map(|_| {
            let (h, guesser, guess) = (&h, &guesser, &guess);
            async move { h.post_with(guesser, "/api/join", None, guess).await }
        });
        for reply in futures_util::future::join_all(tries).await {
            statuses.push(reply.status);
        }
    }
    let wrong_tries = statuses.iter().filter(|s| **s == 401).count();
    let shut = statuses.iter().filter(|s| **s == 403).count();
    let waited = statuses.iter().filter(|s| **s == 429).count();
    assert_eq!(wrong_tries, PICTURE_MISSES as usize, "{statuses:?}");
    assert_eq!(
        (shut, waited),
        (20 - PICTURE_MISSES as usize, 4),
        "{statuses:?}"
    );
    // Léa's own row is refused now, on a tablet that made no mistake.
    let row = view.pupils[0].pictures.clone();
    let tablet = h.client_from("127.0.0.23");
    let tap = json!({"code": key.code, "pictures": row});
    let reply = h.post_with(&tablet, "/api/join", None, &tap).await;
    assert_eq!(reply.error(403), "pictures_shut");
    let seen: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert!(!seen.picture_door.open && seen.picture_door.shut_by_misses);
    // Opened again: every try given back, and Léa is in.
    let opened = door(&h, &key.id, &key.token, true).await;
    assert_eq!(opened.picture_door.tries_left, PICTURE_MISSES);
    let reply = h.post_with(&tablet, "/api/join", None, &tap).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json::<JoinedView>().player, lea.player);
}
