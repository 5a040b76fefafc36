//! A whole lesson as its teacher lives it (issue 56, "done when"), in
//! French on a 768 px tablet: the roster of 25 pasted before the lesson,
//! the login cards printed, 22 pupils in with their cards and 3 absent, an
//! assignment done, a Swiss of the class with the absent taken out on the
//! tournament's page, one pupil removed from the Pupils tab in the middle
//! of round 1 (the round goes on without them, and their name is
//! forgotten), and the exports read the way LibreOffice Calc reads them.

use quoridor_exercises::{solve, Answer, Exercise};
use serde_json::{json, Value};

use super::post;
use crate::e2e;

const NAMES: [&str; 25] = [
    "Léa", "Hugo", "Inès", "Jade", "Karim", "Zoé", "Maëlys", "Théo", "Chloé", "Noé", "Ana", "Ben",
    "Cléo", "Dan", "Eva", "Fay", "Gaël", "Ilan", "Jules", "Lina", "Manon", "Nina", "Oscar", "Paul",
    "Rose",
];
const ABSENT: [&str; 3] = ["Ben", "Eva", "Ilan"];
const REMOVED: &str = "Hugo";

/// How LibreOffice Calc (fr_FR) reads a field of a CSV file on import: its
/// default options detect booleans (VRAI, FAUX, TRUE, FALSE in any case)
/// and numbers; with "detect special numbers", dates and times too.
/// Quoting a field does not make it text (that is another option, off).
#[derive(Debug, PartialEq, Eq)]
enum Read {
    Text,
    Boolean,
    Number,
    Date,
}

fn calc_reads(field: &str) -> Read {
    let t = field.trim();
    let lower = t.to_lowercase();
    if ["vrai", "faux", "true", "false"].contains(&lower.as_str()) {
        return Read::Boolean;
    }
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let plain: String = t
        .chars()
        .filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}'))
        .collect();
    let unsigned = plain.trim_start_matches(['+', '-']).trim_end_matches('%');
    let mut parts = unsigned.splitn(2, [',', '.']);
    let whole = parts.next().unwrap_or_default();
    if digits(whole) && parts.next().is_none_or(digits) {
        return Read::Number;
    }
    let pieces: Vec<&str> = t.split(['/', '-', '.', ':']).collect();
    if (2..=3).contains(&pieces.len()) && pieces.iter().all(|p| digits(p) && p.len() <= 4) {
        return Read::Date;
    }
    Read::Text
}

/// The fields of a CSV line with `;` between them (quotes kept apart).
fn fields(line: &str) -> Vec<String> {
    let (mut out, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ';' if !quoted => out.push(std::mem::take(&mut field)),
            c => field.push(c),
        }
    }
    out.push(field);
    out
}

async fn get(base: &str, path: &str, token: &str) -> reqwest::Response {
    let res = reqwest::Client::new()
        .get(format!("{base}{path}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_of_25_pupils_with_3_absent() {
    e2e::run("club-lesson", |env| async move {
        let base = env.base().to_string();
        let teacher = env.browser_in("teacher", "fr").await;
        teacher.client.set_window_size(768, 1024).await.unwrap();
        teacher.open("/class").await;
        teacher.type_into("#new-class-name", "CE2 B").await;
        teacher.click("#new-class-form button[type=submit]").await;
        teacher.js_until("const c = document.querySelector('#dash-code'); return !!c && c.textContent.length === 6;", |v| v.as_bool() == Some(true)).await;
        let class: Value = teacher.js("return JSON.parse(localStorage.getItem('quoridor.club.classes'))[0];").await;
        let (id, key) = (class["id"].as_str().unwrap().to_string(), class["token"].as_str().unwrap().to_string());

        // Before the lesson: the roster pasted, one name a line.
        teacher.click(".club-tab[data-tab=pupils]").await;
        teacher.type_into("#add-pupils-names", &NAMES.join("\n")).await;
        teacher.click("#add-pupils-form button[type=submit]").await;
        teacher.js_until("return document.querySelectorAll('.club-pupil').length;", |v| v.as_u64() == Some(25)).await;
        // The cards, printed: one per pupil.
        teacher.open(&format!("/class?cards={id}")).await;
        teacher.js_until("return document.querySelectorAll('.club-login-card').length;", |v| v.as_u64() == Some(25)).await;
        teacher.shot("cards").await;
        let cards: Value = get(&base, &format!("/api/classes/{id}/cards"), &key).await.json().await.unwrap();

        // The lesson: 22 come in with their cards; 3 are absent.
        let mut tokens = std::collections::HashMap::new();
        for card in cards["cards"].as_array().unwrap() {
            let name = card["name"].as_str().unwrap();
            if ABSENT.contains(&name) {
                continue;
            }
            let joined = post(&base, "/api/join", None, json!({"card": card["card"]})).await;
            assert_eq!(joined["name"], name);
            tokens.insert(name.to_string(), joined["token"].as_str().unwrap().to_string());
        }
        assert_eq!(tokens.len(), 22);
        // An assignment: half right, Fay wrong then skipping, the rest nothing.
        let given = post(&base, &format!("/api/classes/{id}/assignments"), Some(&key), json!({"level": 1, "count": 4, "seed": "42"})).await;
        let n = given["assignments"][0]["id"].as_u64().unwrap();
        let answers = format!("/api/classes/{id}/assignments/{n}/answers");
        for name in &NAMES[..10] {
            let Some(token) = tokens.get(*name) else { continue };
            for i in 0..4 {
                let ex: Value = get(&base, &format!("/api/classes/{id}/assignments/{n}/exercises/{i}"), token).await.json().await.unwrap();
                let ex: Exercise = serde_json::from_value(ex["exercise"].clone()).unwrap();
                post(&base, &answers, Some(token), json!({"index": i, "answer": solve(&ex).unwrap().answer})).await;
            }
        }
        let fay = &tokens["Fay"];
        post(&base, &answers, Some(fay), json!({"index": 0, "answer": Answer::Route { squares: Vec::new() }})).await;
        post(&base, &answers, Some(fay), json!({"index": 1, "skip": true})).await;

        // A Swiss of the whole class; the absent are taken out on its page.
        let cup = post(&base, "/api/tournaments", Some(&key), json!({"name": "Coupe", "format": "swiss", "rounds": 3, "size": 5, "class": id})).await;
        let cup = cup["id"].as_str().unwrap().to_string();
        teacher.open(&format!("/t/{cup}")).await;
        teacher.js_until("return document.querySelectorAll('#cup-players li button').length;", |v| v.as_u64() == Some(25)).await;
        teacher.js("window.confirm = () => true; return null;").await;
        for (k, name) in ABSENT.iter().enumerate() {
            teacher.js(&format!("const li = Array.from(document.querySelectorAll('#cup-players li')).find((l) => l.firstChild.textContent === '{name}'); li.querySelector('button').click(); return null;")).await;
            teacher.js_until("return document.querySelectorAll('#cup-players li').length;", |v| v.as_u64() == Some(24 - k as u64)).await;
        }
        teacher.click("#cup-start").await;
        let t = teacher.js_until("return document.querySelectorAll('.club-round').length;", |v| v.as_u64() == Some(1)).await;
        assert_eq!(t, json!(1));
        let read = |base: String, cup: String, key: String| async move {
            get(&base, &format!("/api/tournaments/{cup}"), &key).await.json::<Value>().await.unwrap()
        };
        let t = read(base.clone(), cup.clone(), key.clone()).await;
        let players: Vec<String> = t["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect();
        assert_eq!(players.len(), 22);
        assert!(ABSENT.iter().all(|a| !players.contains(&a.to_string())), "{players:?}");
        assert_eq!(t["rounds"][0].as_array().unwrap().len(), 11);

        // Hugo is removed from the Pupils tab in the middle of round 1.
        let hugo = players.iter().position(|p| p == REMOVED).unwrap();
        teacher.open(&format!("/class#{id}")).await;
        teacher.click(".club-tab[data-tab=pupils]").await;
        teacher.js("window.confirm = () => true; return null;").await;
        teacher.js(&format!("const row = Array.from(document.querySelectorAll('.club-pupil')).find((r) => r.querySelector('strong').textContent === '{REMOVED}'); Array.from(row.querySelectorAll('button')).find((b) => b.textContent === 'Retirer').click(); return null;")).await;
        teacher.js_until("return document.querySelectorAll('.club-pupil').length;", |v| v.as_u64() == Some(24)).await;
        // The rest of round 1 is played (each first player resigns).
        for p in t["rounds"][0].as_array().unwrap() {
            let (first, second) = (p["first"].as_u64().unwrap() as usize, p["second"].as_u64().unwrap() as usize);
            if first == hugo || second == hugo {
                continue;
            }
            let token = &tokens[&players[first]];
            post(&base, &format!("/api/games/{}/resign", p["game"].as_str().unwrap()), Some(token), json!({})).await;
        }
        // Round 2 is paired at once, without Hugo: 21 players, one bye.
        teacher.open(&format!("/t/{cup}")).await;
        teacher.js_until("return document.querySelectorAll('.club-round').length;", |v| v.as_u64() == Some(2)).await;
        let t = read(base.clone(), cup.clone(), key.clone()).await;
        let round2 = t["rounds"][1].as_array().unwrap();
        assert_eq!(round2.len(), 11);
        assert_eq!(round2.iter().filter(|p| p["second"].is_null()).count(), 1);
        assert!(round2.iter().all(|p| p["first"] != json!(hugo) && p["second"] != json!(hugo)));
        let shown = teacher.js("return Array.from(document.querySelectorAll('#cup-players li')).map((l) => l.firstChild.textContent);").await;
        assert!(shown.to_string().contains("Un élève parti") && !shown.to_string().contains(REMOVED), "{shown}");
        let wide = teacher.js("return document.documentElement.scrollWidth <= document.documentElement.clientWidth;").await;
        assert_eq!(wide, json!(true), "the tournament page fits 768 px");
        teacher.shot("tournament-round-2").await;

        // The exports, read as LibreOffice Calc reads them.
        let results = get(&base, &format!("/api/classes/{id}/results.csv"), &key).await.text().await.unwrap();
        let lines: Vec<Vec<String>> = results.trim_start_matches('\u{feff}').lines().map(fields).collect();
        assert_eq!(lines[0], ["élève", "devoir", "exercice", "résultat", "essais", "réponse"]);
        assert!(!results.contains(REMOVED), "a removed pupil leaves the results");
        let statuses: std::collections::BTreeSet<&str> = lines[1..].iter().map(|l| l[3].as_str()).collect();
        assert!(statuses.contains("pas juste") && statuses.contains("passé") && statuses.contains("juste"), "{statuses:?}");
        for line in &lines {
            assert_eq!(line.len(), 6, "{line:?}");
            for column in [0, 1, 3, 5] {
                let field = &line[column];
                assert!(field.is_empty() || calc_reads(field) == Read::Text, "Calc reads {field:?} as {:?}", calc_reads(field));
            }
        }
        let progress = get(&base, &format!("/api/classes/{id}/progress.csv"), &key).await.text().await.unwrap();
        let lines: Vec<Vec<String>> = progress.trim_start_matches('\u{feff}').lines().map(fields).collect();
        assert!(lines[0].iter().all(|h| calc_reads(h) == Read::Text), "{:?}", lines[0]);
        for line in &lines[1..] {
            assert_eq!(calc_reads(&line[0]), Read::Text, "{line:?}");
            assert!(line[2..].iter().all(|f| f.is_empty() || calc_reads(f) == Read::Number), "{line:?}");
        }
    })
    .await;
}

#[test]
fn calc_reads_as_libreoffice_does() {
    assert_eq!(calc_reads("FAUX"), Read::Boolean);
    assert_eq!(calc_reads("faux"), Read::Boolean);
    assert_eq!(calc_reads("3"), Read::Number);
    assert_eq!(calc_reads("-1,5"), Read::Number);
    assert_eq!(calc_reads("12/11"), Read::Date);
    assert_eq!(calc_reads("2026-11-30"), Read::Date);
    assert_eq!(calc_reads("pas juste"), Read::Text);
    assert_eq!(calc_reads("c1 c2 c3"), Read::Text);
    assert_eq!(fields("a;\"b;c\";\"d\"\"e\""), ["a", "b;c", "d\"e"]);
}
