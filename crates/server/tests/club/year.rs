//! A class carried over to next year: the teacher's assignments come into
//! a new class (new code, new key), without the old class's children.

use quoridor_server::club::view::{ClassView, KeyView};
use serde_json::json;

use crate::classes::{get_as, join, new_class};
use crate::harness::Harness;

#[tokio::test]
async fn next_years_class_keeps_the_assignments_and_none_of_the_children() {
    let h = Harness::new().await;
    let key = new_class(&h, Some("2468")).await;
    let lea = join(&h, &key.code, "Léa").await;
    let given = h
        .post(
            &format!("/api/classes/{}/assignments", key.id),
            Some(&key.token),
            &json!({"title": "Labyrinthes", "level": 1, "count": 4, "seed": "42", "due": "2099-06-30", "pupils": [lea.player], "rules": {"until_right": true}}),
        )
        .await;
    assert_eq!(given.status, 201, "{}", given.text);
    let old: ClassView = given.json();
    let path = format!("/api/classes/{}/next-year", key.id);
    // Only the teacher carries it over.
    let refused = h.post(&path, Some(&lea.token), &json!({})).await;
    assert_eq!(refused.error(401), "unauthorized");
    let bad = h.post(&path, Some(&key.token), &json!({"name": 7})).await;
    assert_eq!(bad.status, 400, "{}", bad.text);
    let made = h
        .post(&path, Some(&key.token), &json!({"name": "CM1 B"}))
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let next: KeyView = made.json();
    assert_ne!((&next.id, &next.code), (&key.id, &key.code));
    let view: ClassView = get_as(&h, &format!("/api/classes/{}", next.id), &next.token)
        .await
        .json();
    assert_eq!((view.name.as_str(), view.has_pin), ("CM1 B", true));
    assert!(view.pupils.is_empty() && view.games.is_empty() && view.tournaments.is_empty());
    let (a, b) = (&old.assignments[0], &view.assignments[0]);
    assert_eq!((&b.title, b.count, &b.rules), (&a.title, a.count, &a.rules));
    assert_eq!((b.due.as_deref(), b.pupils.as_deref()), (None, None));
    assert!(b.work.is_empty());
    // Its exercises are the old ones (the same sheet).
    let ex = |class: &str, token: &str| {
        let path = format!("/api/classes/{class}/assignments/{}/exercises/0", a.id);
        let token = token.to_string();
        let h = &h;
        async move { get_as(h, &path, &token).await.json::<serde_json::Value>()["exercise"].clone() }
    };
    let newcomer = join(&h, &next.code, "Zoé").await;
    assert_eq!(
        ex(&next.id, &newcomer.token).await,
        ex(&key.id, &lea.token).await
    );
    // The old class is as it was; each key opens only its class.
    let still: ClassView = get_as(&h, &format!("/api/classes/{}", key.id), &key.token)
        .await
        .json();
    assert_eq!(
        (still.pupils.len(), still.assignments[0].due.as_deref()),
        (1, Some("2099-06-30"))
    );
    let other = get_as(&h, &format!("/api/classes/{}", next.id), &key.token).await;
    assert_eq!(other.error(401), "unauthorized");
    let moved = get_as(&h, &format!("/api/classes/{}/me", next.id), &lea.token).await;
    assert_eq!(moved.error(401), "unauthorized");
}
