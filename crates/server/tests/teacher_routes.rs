//! Every route of a class that needs its teacher refuses every other key
//! (issue 42): no token, a pupil's token of the class, another class's
//! teacher, another class's pupil. Then the teacher's own token works on
//! each, so that the refusals are not refusals of a broken request.

mod harness;

use harness::{Harness, Reply};
use reqwest::Method;
use serde_json::{json, Value};

struct Class {
    id: String,
    teacher: String,
    pupil: String,
    pupil_id: u64,
}

async fn class(h: &Harness, name: &str) -> Class {
    let key: Value = h
        .post("/api/classes", None, &json!({"name": name}))
        .await
        .json();
    let joined: Value = h
        .post(
            "/api/join",
            None,
            &json!({"code": key["code"], "name": "Léa"}),
        )
        .await
        .json();
    // A second pupil, so that games can be made.
    h.post(
        "/api/join",
        None,
        &json!({"code": key["code"], "name": "Tom"}),
    )
    .await;
    Class {
        id: key["id"].as_str().unwrap().to_string(),
        teacher: key["token"].as_str().unwrap().to_string(),
        pupil: joined["token"].as_str().unwrap().to_string(),
        pupil_id: joined["player"].as_u64().unwrap(),
    }
}

async fn call(
    h: &Harness,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Reply {
    let mut req = h.http.request(method, format!("{}{path}", h.base()));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    if let Some(body) = body {
        req = req.json(body);
    }
    h.send(req).await
}

/// A sheet assigned to the class: its assignment's id.
async fn assign(h: &Harness, class: &Class) -> u64 {
    let assigned: Value = call(
        h,
        Method::POST,
        &format!("/api/classes/{}/assignments", class.id),
        Some(&class.teacher),
        Some(&json!({"level": 1, "count": 2, "seed": "3"})),
    )
    .await
    .json();
    assigned["assignments"][0]["id"].as_u64().unwrap()
}

#[tokio::test]
async fn only_the_teacher_opens_the_teachers_routes() {
    let h = Harness::new().await;
    let mine = class(&h, "CE2").await;
    let other = class(&h, "CM1").await;
    let n = assign(&h, &mine).await;
    let id = &mine.id;
    let p = mine.pupil_id;
    // (method, path, body), the teacher's success status; deletions last.
    let routes: Vec<(Method, String, Option<Value>, u16)> = vec![
        (Method::GET, format!("/api/classes/{id}"), None, 200),
        (
            Method::GET,
            format!("/api/classes/{id}/results.csv"),
            None,
            200,
        ),
        (
            Method::POST,
            format!("/api/classes/{id}/assignments"),
            Some(json!({"level": 2, "count": 1, "seed": "4"})),
            201,
        ),
        (
            Method::GET,
            format!("/api/classes/{id}/assignments/{n}/exercises/0/work/{p}"),
            None,
            200,
        ),
        (
            Method::POST,
            format!("/api/classes/{id}/games"),
            Some(json!({"pair_by": "random", "game": {"size": 5}})),
            201,
        ),
        (
            Method::POST,
            "/api/tournaments".to_string(),
            Some(
                json!({"name": "TournamentRoom", "format": "round_robin", "size": 5, "class": id}),
            ),
            201,
        ),
        (Method::GET, format!("/api/classes/{id}/qr.svg"), None, 200),
        (
            Method::GET,
            format!("/api/classes/{id}/results.xlsx"),
            None,
            200,
        ),
        (
            Method::GET,
            format!("/api/classes/{id}/progress"),
            None,
            200,
        ),
        (
            Method::GET,
            format!("/api/classes/{id}/progress.csv"),
            None,
            200,
        ),
        (Method::GET, format!("/api/classes/{id}/cards"), None, 200),
        (
            Method::POST,
            format!("/api/classes/{id}/pupils"),
            Some(json!({"names": ["Zoé"]})),
            201,
        ),
        (
            Method::POST,
            format!("/api/classes/{id}/pupils/{p}"),
            Some(json!({"name": "Léa B"})),
            200,
        ),
        (
            Method::POST,
            format!("/api/classes/{id}/pupils/{p}/card"),
            Some(json!({})),
            200,
        ),
        (
            Method::POST,
            format!("/api/classes/{id}/pictures"),
            Some(json!({"open": true})),
            200,
        ),
        (
            Method::POST,
            format!("/api/classes/{id}/groups"),
            Some(json!({"name": "Les Verts", "pupils": [p]})),
            201,
        ),
        (Method::GET, format!("/api/classes/{id}/chat"), None, 200),
        (
            Method::POST,
            format!("/api/classes/{id}/chat"),
            Some(json!({"on": true})),
            200,
        ),
        (Method::DELETE, format!("/api/classes/{id}/chat"), None, 204),
        (
            Method::POST,
            format!("/api/classes/{id}/next-year"),
            Some(json!({"name": "CM1"})),
            201,
        ),
        (
            Method::DELETE,
            format!("/api/classes/{id}/assignments/{n}"),
            None,
            204,
        ),
        (
            Method::DELETE,
            format!("/api/classes/{id}/pupils/{p}"),
            None,
            204,
        ),
        (Method::DELETE, format!("/api/classes/{id}"), None, 204),
    ];
    let strangers = [
        ("no token", None),
        ("a pupil of the class", Some(mine.pupil.as_str())),
        ("another class's teacher", Some(other.teacher.as_str())),
        ("another class's pupil", Some(other.pupil.as_str())),
    ];
    for (method, path, body, _) in &routes {
        for (who, token) in &strangers {
            let reply = call(&h, method.clone(), path, *token, body.as_ref()).await;
            assert_eq!(
                reply.status, 401,
                "{method} {path} as {who}: {}",
                reply.text
            );
            assert_eq!(reply.json::<Value>()["error"]["code"], "unauthorized");
        }
    }
    // Nothing was changed by the refused requests.
    let view: Value = call(
        &h,
        Method::GET,
        &format!("/api/classes/{id}"),
        Some(&mine.teacher),
        None,
    )
    .await
    .json();
    assert_eq!(view["pupils"].as_array().unwrap().len(), 2);
    assert_eq!(view["assignments"].as_array().unwrap().len(), 1);
    assert!(view["games"].as_array().unwrap().is_empty());
    for (method, path, body, status) in &routes {
        let reply = call(&h, method.clone(), path, Some(&mine.teacher), body.as_ref()).await;
        assert_eq!(reply.status, *status, "{method} {path}: {}", reply.text);
    }
    // The other class is untouched.
    let theirs = call(
        &h,
        Method::GET,
        &format!("/api/classes/{}", other.id),
        Some(&other.teacher),
        None,
    )
    .await;
    assert_eq!(theirs.status, 200);
}

#[tokio::test]
async fn a_pupils_routes_refuse_other_pupils_and_strangers() {
    let h = Harness::new().await;
    let mine = class(&h, "CE1").await;
    let other = class(&h, "CP").await;
    let n = assign(&h, &mine).await;
    let me = format!("/api/classes/{}/me", mine.id);
    let answer = format!("/api/classes/{}/assignments/{n}/answers", mine.id);
    let skip = json!({"index": 0, "skip": true});
    for token in [
        None,
        Some(other.pupil.as_str()),
        Some(other.teacher.as_str()),
    ] {
        assert_eq!(call(&h, Method::GET, &me, token, None).await.status, 401);
        assert_eq!(
            call(&h, Method::POST, &answer, token, Some(&skip))
                .await
                .status,
            401
        );
    }
    // The teacher does not answer for a pupil.
    assert_eq!(
        call(&h, Method::POST, &answer, Some(&mine.teacher), Some(&skip))
            .await
            .status,
        401
    );
    assert_eq!(
        call(&h, Method::GET, &me, Some(&mine.pupil), None)
            .await
            .status,
        200
    );
    assert_eq!(
        call(&h, Method::POST, &answer, Some(&mine.pupil), Some(&skip))
            .await
            .status,
        200
    );
}
