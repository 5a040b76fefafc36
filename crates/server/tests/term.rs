//! A class of 25 over a term of four weeks, on the real server: pupils come
//! back on other tablets with their login cards (one card replaced), four
//! assignments with due days and rules (one for half the class, one of
//! rules lessons and puzzles played on `/learn`'s board), the
//! solution-first path recorded as such, games played to their end, a
//! restart of the server in the middle; then each pupil's progress, week
//! by week, against a count the test keeps itself, and both exports read
//! back by a CSV parser.
//!
//! The weeks pass by moving the server's wall clock forward
//! (`advance_wall_clock`): this file is its own test binary, so no other
//! test sees the clock move.

mod harness;

use std::collections::BTreeMap;

use harness::Harness;
use quoridor_exercises::{solve, Answer, Exercise};
use quoridor_server::club::view::{ClassView, JoinedView, KeyView};
use serde_json::{json, Value};

const DAY_MS: u64 = 86_400_000;

const NAMES: [&str; 25] = [
    "Léa", "Hugo", "Inès", "Jade", "Karim", "Zoé", "Louis", "Emma", "Nathan", "Chloé", "Adam",
    "Manon", "Yanis", "Camille", "Lucas", "Sarah", "Noé", "Lina", "Tom", "Anaïs", "Rayan", "Elsa",
    "Théo", "Maëlys", "Ilyes",
];

/// How an exercise went, as the progress counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Went {
    FirstTry,
    AfterTries,
    AfterSolution,
    Wrong,
    Skipped,
}

/// The test's own record: (assignment, pupil, exercise) → how it went
/// and the week it was last touched.
type Record = BTreeMap<(u32, usize, u32), (Went, usize)>;

struct Term {
    h: Harness,
    class: KeyView,
    tokens: Vec<String>,
    ids: Vec<u32>,
    week: usize,
    record: Record,
}

impl Term {
    async fn post(&self, path: &str, token: &str, body: Value) -> harness::Reply {
        self.h.post(path, Some(token), &body).await
    }

    async fn get(&self, path: &str, token: &str) -> harness::Reply {
        self.h
            .send(
                self.h
                    .http
                    .get(format!("{}{path}", self.h.base()))
                    .bearer_auth(token),
            )
            .await
    }

    fn at(&self, path: &str) -> String {
        format!("/api/classes/{}{path}", self.class.id)
    }

    async fn give(&self, body: Value) -> u32 {
        let reply = self
            .post(&self.at("/assignments"), &self.class.token, body)
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let view: ClassView = reply.json();
        view.assignments.iter().map(|a| a.id).max().unwrap()
    }

    async fn exercise(&self, n: u32, i: u32, p: usize) -> Exercise {
        let reply = self
            .get(
                &self.at(&format!("/assignments/{n}/exercises/{i}")),
                &self.tokens[p],
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        serde_json::from_value(reply.json::<Value>()["exercise"].clone()).unwrap()
    }

    async fn answer(&mut self, n: u32, i: u32, p: usize, right: bool) -> Value {
        let answer = if right {
            solve(&self.exercise(n, i, p).await).unwrap().answer
        } else {
            Answer::Route {
                squares: Vec::new(),
            }
        };
        let reply = self
            .post(
                &self.at(&format!("/assignments/{n}/answers")),
                &self.tokens[p].clone(),
                json!({"index": i, "answer": answer}),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let res: Value = reply.json();
        self.count(n, i, p, right);
        res
    }

    /// The test's own count of an answer: the first answer is kept, then a
    /// right one.
    fn count(&mut self, n: u32, i: u32, p: usize, right: bool) {
        let went = match self.record.get(&(n, p, i)) {
            None | Some((Went::Skipped, _)) if right => Went::FirstTry,
            None | Some((Went::Skipped, _)) => Went::Wrong,
            Some((Went::Wrong, _)) if right => Went::AfterTries,
            Some((Went::AfterSolution, _)) => Went::AfterSolution,
            Some((done, _)) => *done,
        };
        self.record.insert((n, p, i), (went, self.week));
    }

    async fn skip(&mut self, n: u32, i: u32, p: usize) {
        let reply = self
            .post(
                &self.at(&format!("/assignments/{n}/answers")),
                &self.tokens[p].clone(),
                json!({"index": i, "skip": true}),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let week = self.week;
        self.record
            .entry((n, p, i))
            .or_insert((Went::Skipped, week))
            .1 = week;
    }

    /// The solution after a wrong try, then the right answer.
    async fn solution_then_right(&mut self, n: u32, i: u32, p: usize) {
        self.answer(n, i, p, false).await;
        let reply = self
            .post(
                &self.at(&format!("/assignments/{n}/exercises/{i}/solution")),
                &self.tokens[p].clone(),
                json!({}),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        self.record
            .insert((n, p, i), (Went::AfterSolution, self.week));
        let res = self.answer(n, i, p, true).await;
        assert_eq!(res["status"], "right_after_solution");
    }

    /// A move on item `i` of an assignment of `/learn`: the right one, or
    /// a legal one that is not.
    async fn play(&mut self, n: u32, i: u32, p: usize, item: &Item, right: bool) {
        let mv = if right { item.right() } else { item.wrong() };
        let reply = self
            .post(
                &self.at(&format!("/assignments/{n}/moves")),
                &self.tokens[p].clone(),
                json!({"index": i, "move": mv}),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let res: Value = reply.json();
        assert_eq!(res["outcome"] == "right", right, "{res}");
        self.count(n, i, p, right);
    }

    /// The next week, Monday morning.
    fn next_week(&mut self) {
        quoridor_server::advance_wall_clock(7 * DAY_MS);
        self.week += 1;
    }

    /// The day `days` after this week's Monday, `YYYY-MM-DD` (a due day).
    fn day(&self, days: u64) -> String {
        quoridor_server::calendar::day_of(quoridor_server::wall_ms() + days * DAY_MS)
    }
}

/// An item of an assignment of `/learn`.
enum Item {
    Lesson(&'static quoridor_learn::Lesson),
    Puzzle(&'static quoridor_learn::Puzzle),
}

impl Item {
    fn right(&self) -> String {
        match self {
            Item::Lesson(l) => l.answers()[0].to_string(),
            Item::Puzzle(p) => p.best().to_string(),
        }
    }

    fn wrong(&self) -> String {
        let (start, right) = match self {
            Item::Lesson(l) => (l.start(), l.answers()),
            Item::Puzzle(p) => (p.start(), vec![p.best()]),
        };
        start
            .legal_moves()
            .iter()
            .find(|m| !right.contains(m))
            .unwrap()
            .to_string()
    }
}

/// How pupil `p`'s items of assignment `n` went: (item, how).
fn mine_d(record: &Record, n: u32, p: usize) -> Vec<(u32, Went)> {
    record
        .iter()
        .filter(|((a, q, _), _)| *a == n && *q == p)
        .map(|((_, _, i), (w, _))| (*i, *w))
        .collect()
}

/// A tally as the progress view writes it.
fn tally(list: &[Went]) -> Value {
    let n = |w: Went| list.iter().filter(|x| **x == w).count();
    json!({
        "first_try": n(Went::FirstTry),
        "after_tries": n(Went::AfterTries),
        "after_solution": n(Went::AfterSolution),
        "wrong": n(Went::Wrong),
        "skipped": n(Went::Skipped),
    })
}

#[tokio::test]
async fn a_class_of_25_over_a_term_of_four_weeks() {
    let h = Harness::new().await;
    // Monday morning, 8 o'clock (UTC), of next week: the weeks of the test
    // never cross a Sunday night.
    let now = quoridor_server::wall_ms();
    let days = now / DAY_MS;
    let monday = days - (days + 3) % 7 + 7;
    quoridor_server::advance_wall_clock(monday * DAY_MS + 8 * 3_600_000 - now);

    let reply = h
        .post(
            "/api/classes",
            None,
            &json!({"name": "CE2 B", "lang": "fr", "pin": "2468"}),
        )
        .await;
    let class: KeyView = reply.json();
    let mut tokens = Vec::new();
    let mut ids = Vec::new();
    for name in NAMES {
        let reply = h
            .post(
                "/api/join",
                None,
                &json!({"code": class.code, "name": name}),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let joined: JoinedView = reply.json();
        tokens.push(joined.token);
        ids.push(joined.player);
    }
    let mut t = Term {
        h,
        class,
        tokens,
        ids,
        week: 0,
        record: Record::new(),
    };

    // Week 1: four exercises for everyone, due on Friday.
    let due = t.day(4);
    let a = t.give(json!({"title": "Labyrinthes", "kind": "maze", "level": 1, "count": 4, "seed": "101", "due": due})).await;
    for p in 0..25 {
        match p % 5 {
            0 => {
                for i in 0..4 {
                    t.answer(a, i, p, true).await;
                }
            }
            1 => {
                t.answer(a, 0, p, false).await;
                for i in 0..4 {
                    t.answer(a, i, p, true).await;
                }
            }
            2 => {
                t.solution_then_right(a, 0, p).await;
                t.skip(a, 1, p).await;
            }
            3 => {
                for i in 0..4 {
                    t.skip(a, i, p).await;
                }
            }
            _ => {}
        }
    }

    // Week 2: everyone back on other tablets with their cards; Nathan's
    // card was lost and replaced.
    t.next_week();
    let view: ClassView = t.get(&t.at(""), &t.class.token.clone()).await.json();
    let mut cards: Vec<String> = t
        .ids
        .iter()
        .map(|id| {
            view.pupils
                .iter()
                .find(|p| p.id == *id)
                .unwrap()
                .card
                .clone()
        })
        .collect();
    let nathan = 8;
    let reply = t
        .post(
            &t.at(&format!("/pupils/{}/card", t.ids[nathan])),
            &t.class.token.clone(),
            json!({}),
        )
        .await;
    let lost = std::mem::replace(
        &mut cards[nathan],
        reply.json::<Value>()["card"].as_str().unwrap().to_string(),
    );
    assert_eq!(
        t.h.post("/api/join", None, &json!({"card": lost}))
            .await
            .error(401),
        "wrong_card"
    );
    let old_tokens = t.tokens.clone();
    for p in 0..25 {
        let reply =
            t.h.post("/api/join", None, &json!({"card": cards[p]}))
                .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let back: JoinedView = reply.json();
        assert_eq!((back.player, back.name.as_str()), (t.ids[p], NAMES[p]));
        t.tokens[p] = back.token;
    }
    let old = t.get(&t.at("/me"), &old_tokens[0]).await;
    assert_eq!(old.error(401), "moved_away");
    // Due Friday, for the first 13, each right before the next, no skip.
    let due = t.day(4);
    let chosen: Vec<u32> = t.ids[..13].to_vec();
    let b = t
        .give(json!({"title": "Chemins", "kind": "routes", "level": 1, "count": 3, "seed": "202", "due": due, "pupils": chosen,
            "rules": {"until_right": true, "no_skip": true}}))
        .await;
    for p in 0..13 {
        if p % 2 == 0 {
            for i in 0..3 {
                t.answer(b, i, p, true).await;
            }
        } else {
            let skip = t
                .post(
                    &t.at(&format!("/assignments/{b}/answers")),
                    &t.tokens[p].clone(),
                    json!({"index": 0, "skip": true}),
                )
                .await;
            assert_eq!(skip.error(409), "no_skip");
            let ex = t.exercise(b, 1, p).await;
            let early = t
                .post(
                    &t.at(&format!("/assignments/{b}/answers")),
                    &t.tokens[p].clone(),
                    json!({"index": 1, "answer": solve(&ex).unwrap().answer}),
                )
                .await;
            assert_eq!(early.error(409), "until_right");
            t.answer(b, 0, p, true).await;
            t.answer(b, 1, p, false).await;
            t.answer(b, 1, p, true).await;
            t.answer(b, 2, p, true).await;
        }
    }
    let late = t
        .get(
            &t.at(&format!("/assignments/{b}/exercises/0")),
            &t.tokens[20].clone(),
        )
        .await;
    assert_eq!(late.error(404), "not_found", "not given to the others");
    // Games in class: paired at random; in every game of two pupils the
    // first to move resigns.
    let reply = t
        .post(
            &t.at("/games"),
            &t.class.token.clone(),
            json!({"pair_by": "random", "game": {"size": 5}}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    let view: ClassView = reply.json();
    let mut games: BTreeMap<usize, (u32, u32)> = BTreeMap::new();
    for g in view.games.iter().filter(|g| !g.pupils.contains(&None)) {
        let first = t
            .ids
            .iter()
            .position(|id| Some(*id) == g.pupils[0])
            .unwrap();
        let second = t
            .ids
            .iter()
            .position(|id| Some(*id) == g.pupils[1])
            .unwrap();
        let reply = t
            .post(
                &format!("/api/games/{}/resign", g.board.id),
                &t.tokens[first].clone(),
                json!({}),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        games.entry(first).or_default().0 += 1;
        let e = games.entry(second).or_default();
        e.0 += 1;
        e.1 += 1;
    }
    assert_eq!(games.len(), 24, "twelve games of two pupils");

    // The server restarts between two weeks.
    t.h.restart().await;

    // Week 3: two exercises for everyone.
    t.next_week();
    let due = t.day(4);
    let c = t
        .give(json!({"title": "Flèches", "kind": "arrows", "level": 2, "count": 2, "seed": "303", "due": due}))
        .await;
    for p in 0..25 {
        if p % 3 == 0 {
            t.answer(c, 0, p, true).await;
            t.answer(c, 1, p, true).await;
        } else {
            t.answer(c, 0, p, false).await;
        }
    }
    // Also two rules lessons, then two puzzles, on /learn's board; the
    // solution at any time.
    let d = t
        .give(json!({"lessons": ["step", "jump"], "puzzles": {"theme": "race", "difficulty": 1}, "count": 2, "seed": "404", "due": due,
            "rules": {"solution_after_try": false}}))
        .await;
    let view: Value = t.get(&t.at(""), &t.class.token.clone()).await.json();
    let source = &view["assignments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == d)
        .unwrap()["source"];
    let items: Vec<Item> =
        ["step", "jump"]
            .into_iter()
            .map(|id| Item::Lesson(quoridor_learn::lesson(id).unwrap()))
            .chain(
                source["puzzles"].as_array().unwrap().iter().map(|id| {
                    Item::Puzzle(quoridor_learn::find_puzzle(id.as_str().unwrap()).unwrap())
                }),
            )
            .collect();
    assert_eq!(items.len(), 4);
    for p in 0..25 {
        match p % 4 {
            0 => {
                for (i, item) in items.iter().enumerate() {
                    t.play(d, i as u32, p, item, true).await;
                }
            }
            1 => {
                t.play(d, 0, p, &items[0], false).await;
                t.play(d, 0, p, &items[0], true).await;
                t.skip(d, 2, p).await;
                t.skip(d, 3, p).await;
            }
            2 => {
                let reply = t
                    .post(
                        &t.at(&format!("/assignments/{d}/tasks/2/solution")),
                        &t.tokens[p].clone(),
                        json!({}),
                    )
                    .await;
                assert_eq!(reply.status, 200, "{}", reply.text);
                t.record.insert((d, p, 2), (Went::AfterSolution, t.week));
                t.play(d, 2, p, &items[2], true).await;
                t.play(d, 3, p, &items[3], false).await;
            }
            _ => {}
        }
    }
    // Week 4: a third of them come back to it and get it right.
    t.next_week();
    for p in (0..25).filter(|p| p % 3 == 1) {
        t.answer(c, 0, p, true).await;
    }

    // Each pupil's progress against the test's own count.
    let progress: Value = t
        .get(&t.at("/progress"), &t.class.token.clone())
        .await
        .json();
    let weeks: Vec<&str> = progress["weeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["monday"].as_str().unwrap())
        .collect();
    assert_eq!(weeks.len(), 4, "{weeks:?}");
    for (p, name) in NAMES.iter().enumerate() {
        let mine: Vec<(Went, usize)> = t
            .record
            .iter()
            .filter(|((_, q, _), _)| *q == p)
            .map(|(_, v)| *v)
            .collect();
        let shown = progress["pupils"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["pupil"] == t.ids[p])
            .unwrap();
        let all: Vec<Went> = mine.iter().map(|(w, _)| *w).collect();
        assert_eq!(shown["exercises"], tally(&all), "{}", name);
        for week in shown["weeks"].as_array().unwrap() {
            let k = weeks.iter().position(|m| *m == week["monday"]).unwrap();
            let that: Vec<Went> = mine
                .iter()
                .filter(|(_, w)| *w == k)
                .map(|(w, _)| *w)
                .collect();
            assert_eq!(
                week["exercises"],
                tally(&that),
                "{} in week {}",
                name,
                k + 1
            );
        }
        // The lessons and the puzzles, apart.
        let of_d = |lessons: bool| -> Vec<Went> {
            mine_d(&t.record, d, p)
                .into_iter()
                .filter(|(i, _)| (*i < 2) == lessons)
                .map(|(_, w)| w)
                .collect()
        };
        assert_eq!(shown["lessons"], tally(&of_d(true)), "{}", name);
        assert_eq!(shown["puzzles"], tally(&of_d(false)), "{}", name);
        let tried = t
            .record
            .iter()
            .any(|((n, q, i), (w, _))| *n == d && *q == p && *i >= 2 && *w != Went::Skipped);
        assert_eq!(shown["puzzle_rating"].is_i64(), tried, "{}", name);
        let (played, won) = games.get(&p).copied().unwrap_or((0, 0));
        assert_eq!(
            (
                shown["games"]["played"].as_u64(),
                shown["games"]["won"].as_u64()
            ),
            (Some(u64::from(played)), Some(u64::from(won))),
            "{}",
            name
        );
    }

    // The results' export, read back by a CSV parser: a BOM, `;`, French.
    let file = t
        .get(&t.at("/results.csv"), &t.class.token.clone())
        .await
        .text;
    let body = file.strip_prefix('\u{feff}').expect("a byte-order mark");
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(body.as_bytes());
    let headers = reader.headers().unwrap().clone();
    assert_eq!(&headers[0], "élève");
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(
        rows.len(),
        25 * (4 + 2 + 4) + 13 * 3,
        "each pupil's exercises, once"
    );
    let status = |name: &str, title: &str, index: &str| {
        rows.iter()
            .find(|r| &r[0] == name && &r[1] == title && &r[2] == index)
            .map(|r| r[3].to_string())
    };
    assert_eq!(
        status("Inès", "Labyrinthes", "1").as_deref(),
        Some("juste après la solution")
    );
    assert_eq!(status("Jade", "Labyrinthes", "2").as_deref(), Some("passé"));
    assert_eq!(
        status("Karim", "Labyrinthes", "1").as_deref(),
        Some("pas fait")
    );
    assert_eq!(status("Sarah", "Chemins", "1"), None, "not given to Sarah");
    // The progress's export: each pupil's term on its last line.
    let file = t
        .get(&t.at("/progress.csv"), &t.class.token.clone())
        .await
        .text;
    let body = file.strip_prefix('\u{feff}').expect("a byte-order mark");
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(body.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    for (p, name) in NAMES.iter().enumerate() {
        let whole = rows
            .iter()
            .find(|r| &r[0] == *name && r[1].is_empty())
            .unwrap();
        let right: u32 = (2..5).map(|k| whole[k].parse::<u32>().unwrap()).sum();
        let counted = t
            .record
            .iter()
            .filter(|((_, q, _), (w, _))| {
                *q == p && matches!(w, Went::FirstTry | Went::AfterTries | Went::AfterSolution)
            })
            .count() as u32;
        assert_eq!(right, counted, "{}", name);
    }
    // The same as a spreadsheet file: two sheets, in French.
    let res =
        t.h.http
            .get(format!("{}{}", t.h.base(), t.at("/results.xlsx")))
            .bearer_auth(&t.class.token)
            .send()
            .await
            .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("spreadsheetml"));
    let bytes = res.bytes().await.unwrap();
    let mut file = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut workbook = String::new();
    std::io::Read::read_to_string(&mut file.by_name("xl/workbook.xml").unwrap(), &mut workbook)
        .unwrap();
    assert!(
        workbook.contains("Résultats") && workbook.contains("Progrès"),
        "{workbook}"
    );
}
