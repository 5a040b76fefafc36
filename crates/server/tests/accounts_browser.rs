//! Accounts in a real headless Chromium: two players sign up on the
//! account page, one posts a rated seek in the lobby, the other plays it,
//! both pages open the game, they play by clicking until one resigns, the
//! result shows both rating changes, and the winner's public page shows
//! the new rating and its chart.

mod e2e;

use e2e::{closest_to_goal, moves, Browser, Waiter};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accounts_play_a_rated_game_and_the_profile_shows_the_rating() {
    e2e::run("accounts-rated", |env| async move {
        let alice = env.browser("alice").await;
        let bob = env.browser("bob").await;
        for (browser, name) in [(&alice, "alice"), (&bob, "bob")] {
            browser.open("/account?signup").await;
            browser.type_into("#auth-name", name).await;
            browser.type_into("#auth-password", "a good password").await;
            browser.click("#auth-go").await;
            let hello = format!("Hello {name}");
            browser.js_until("const h = document.querySelector('#home-title'); return h && h.textContent;",
                |v| v.as_str() == Some(hello.as_str()),
            )
            .await;
        }
        alice.shot("account").await;

        // Alice posts a rated blitz seek in the lobby; Bob, in the lobby
        // too, sees it and plays it: both pages open the game.
        alice.open("/lobby").await;
        alice.shown("#seek-rated-row").await;
        alice.select("#seek-clock", "180+2").await;
        alice.click("#post-seek").await;
        alice.shown("#lobby-status").await;
        bob.open("/lobby").await;
        bob.shown("#seeks [data-accept]").await;
        bob.shot("lobby").await;
        bob.click("#seeks [data-accept]").await;
        let id = bob.game_page().await;
        assert_eq!(alice.game_page().await, id, "both pages open the paired game");
        let game = env.game(&id).await;
        assert_eq!(game["settings"]["rated"], true, "{}", game["settings"]);
        assert_eq!(game["status"], "playing");
        let names = [&game["seats"][0]["name"], &game["seats"][1]["name"]];
        assert!(names.contains(&&Value::from("alice")) && names.contains(&&Value::from("bob")), "{names:?}");
        let alice_seat = if game["seats"][0]["name"] == "alice" { "south" } else { "north" };
        // The game says it is rated, and each player's rating is beside
        // their name (new accounts: 1500, provisional).
        let status = alice.js_until("return document.querySelector('#status').textContent;", |v| v.as_str().is_some_and(|s| s.contains("Rated"))).await;
        assert!(status.as_str().unwrap().contains("Rated · Blitz"), "{status}");
        let shown = bob.js_until("const r = Array.from(document.querySelectorAll('.p-rating')).map((n) => n.textContent); return r.length === 2 && r;", |v| v.is_array()).await;
        assert_eq!(shown, json!(["1500?", "1500?"]));
        alice.shot("paired").await;

        // They chat: off until each turns it on; the line is shown as text.
        for browser in [&alice, &bob] {
            browser.shown("#chat").await;
            browser.click("#chat-on").await;
            browser.shown("#chat-input").await;
        }
        alice.type_into("#chat-input", "good luck <b>bob</b>").await;
        alice.click("#chat-form button[type=submit]").await;
        let heard = bob.js_until("const l = document.querySelector('#chat-lines .chat-line'); return l && [l.textContent, l.querySelectorAll('b').length];",
            |v| v.is_array(),
        )
        .await;
        assert_eq!(heard[0], "alice: good luck <b>bob</b>", "{heard}");
        assert_eq!(heard[1], 0, "markup shown as text: {heard}");

        // Alice on another computer: logged in there, she plays her moves
        // from that browser (it has no token: her session acts).
        let elsewhere = env.browser("alice-elsewhere").await;
        elsewhere.open("/account").await;
        elsewhere.type_into("#auth-name", "alice").await;
        elsewhere.type_into("#auth-password", "a good password").await;
        elsewhere.click("#auth-go").await;
        elsewhere.shown("#home-games").await;
        elsewhere.click(&format!("#home-games a[href=\"/g/{id}\"]")).await;
        elsewhere.game_page().await;
        let (south, north) = if alice_seat == "south" {
            (&elsewhere, &bob)
        } else {
            (&bob, &elsewhere)
        };

        // Four moves by clicking, then Bob resigns.
        for ply in 0..4 {
            let (mover, seat) = if ply % 2 == 0 {
                (south, "south")
            } else {
                (north, "north")
            };
            let wait = Waiter::new(format!("{seat} to move after {ply} moves"));
            let (page, game) = loop {
                let page = mover.page().await;
                let game = env.game(&id).await;
                if game["turn"] == seat && moves(&game).len() == ply && !page.legal.is_empty() {
                    break (page, game);
                }
                wait.tick(&(&game["turn"], &page.legal)).await;
            };
            let square = closest_to_goal(&game, seat, &page.legal);
            mover.click(&format!("[data-square=\"{square}\"]")).await;
        }
        let wait = Waiter::new("four moves stored");
        while moves(&env.game(&id).await).len() < 4 {
            wait.tick(&"fewer than four moves").await;
        }
        bob.click("#resign").await;
        bob.click("#confirm-yes").await;

        // Both pages show the rating changes of the result.
        for browser in [&alice, &bob] {
            let changes = browser.js_until("return Array.from(document.querySelectorAll('#result .rating-change')).map((e) => e.textContent);",
                |v| v.as_array().is_some_and(|a| a.len() == 2),
            )
            .await;
            let text = changes.to_string();
            assert!(text.contains("alice: 1500 → 1662?") && text.contains("(+162)"), "{text}");
            assert!(text.contains("bob: 1500 → 1338?") && text.contains("(-162)"), "{text}");
        }
        let game = env.game(&id).await;
        let alice_change = game["rating_changes"]
            .as_array()
            .and_then(|c| c.iter().find(|c| c["name"] == "alice"))
            .cloned();
        assert_eq!(alice_change.map(|c| c["after"].clone()), Some(Value::from(1662)), "{}", game["rating_changes"]);
        alice.shot("rated-result").await;

        // Alice's public page: the blitz rating, its chart, the game.
        alice.open("/@/alice").await;
        alice.js_until("const r = document.querySelector('#profile-ratings [data-speed=\"blitz\"] .acc-value'); return r && r.textContent;",
            |v| v.as_str() == Some("1662?"),
        )
        .await;
        let chart = alice
            .js("return document.querySelectorAll('#profile-chart polyline[data-speed=\"blitz\"], #profile-chart circle').length;")
            .await;
        assert!(chart.as_u64().unwrap_or(0) >= 2, "the chart's line and dot: {chart}");
        let record = alice.js("return document.querySelector('#profile-record').textContent;").await;
        assert_eq!(record.as_str(), Some("1 won · 0 lost · 0 drawn"));
        let line = alice
            .js("const a = document.querySelector('#profile-games tbody tr a'); return a && a.getAttribute('href');")
            .await;
        assert_eq!(line.as_str(), Some(format!("/g/{id}").as_str()));
        alice.shot("profile").await;
        // On a phone: nothing wider than the screen, the chart whole.
        alice.client.set_window_size(390, 844).await.unwrap();
        alice.client.refresh().await.unwrap();
        alice.shown("#profile-chart svg").await;
        let widths = alice
            .js("return [document.documentElement.clientWidth, document.documentElement.scrollWidth, document.querySelector('#profile-chart svg').getBoundingClientRect().right];")
            .await;
        let [client, scroll, chart_right] = [0, 1, 2].map(|i| widths[i].as_f64().unwrap());
        assert!(scroll <= client && chart_right <= client, "wider than the phone: {widths}");
        // The games are cards of labelled lines there: every one whole.
        let cut = alice
            .js("const w = document.documentElement.clientWidth; return [...document.querySelectorAll('#profile-games td')].filter((td) => td.getBoundingClientRect().right > w + 0.5 || td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent);")
            .await;
        assert_eq!(cut, serde_json::json!([]), "cut on a phone");
        alice.shot("profile-phone").await;

        // Bob, logged in, finds the game again from his account page.
        bob.open("/account").await;
        bob.js_until("const a = document.querySelector('#home-games tbody tr a'); return a && a.getAttribute('href');",
            |v| v.as_str() == Some(format!("/g/{id}").as_str()),
        )
        .await;
    })
    .await;
}

/// The texts a person sees on the page (visible text, titles, labels,
/// placeholders and the tab's title) that hold a common English word;
/// the language picker's names are left out.
const ENGLISH_LEFT: &str = r#"
const words = /\b(the|and|your|you|with|Log in|Sign up|Play|Home|Lobby|Leaderboard|Password|Language|Learn|Board|Fences?|Games?|Rating|Analysis|Analyse|Settings|Players?|Moves?|Computer|Join|Class|Exercises|Search|Loading|Cancel|Delete|Share|Copy|Back|Next|Start|Level|Size|Name|Rated|Casual|Waiting|South|North|West|East|Nobody|None|Draw|Resign|Undo)\b/;
const found = [];
const seen = (node) => {
  for (let e = node; e; e = e.parentElement) {
    if (e.matches('#lang, script, style, template, [hidden]')) return false;
  }
  return node.getClientRects().length > 0;
};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const text = n.textContent.trim();
  if (text && words.test(text) && seen(n.parentElement)) found.push(text);
}
for (const e of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
  if (!seen(e)) continue;
  for (const a of ['title', 'aria-label', 'placeholder', 'alt']) {
    const v = e.getAttribute(a);
    if (v && words.test(v)) found.push(a + ': ' + v);
  }
}
if (words.test(document.title) || /\b(players|lobby|board|classroom|learn|analysis|class)\b/i.test(document.title)) found.push('tab: ' + document.title);
return { lang: document.documentElement.lang, ready: document.readyState, found };
"#;

/// Waits until `path` is open in `lang` and settled, and returns the
/// English found on it.
async fn english_left_on(b: &Browser, path: &str, lang: &str) -> Vec<String> {
    b.open(path).await;
    let wait = Waiter::new(format!("{}: {path} in {lang}", b.label));
    let mut last: Option<Value> = None;
    let mut same = 0;
    loop {
        let now = b.js(ENGLISH_LEFT).await;
        let settled = now["lang"] == lang && now["ready"] == "complete";
        // The page's data comes after it loads: read it until it stops
        // changing (three readings alike).
        same = if settled && last.as_ref() == Some(&now) {
            same + 1
        } else {
            0
        };
        if same >= 2 {
            return now["found"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
        }
        last = Some(now.clone());
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        wait.tick(&now).await;
    }
}

const PLAYER_PAGES: &[&str] = &[
    "/",
    "/lobby",
    "/account",
    "/account?signup",
    "/leaderboard",
    "/@/ioana",
    "/analysis",
    "/learn",
    "/classroom",
    "/join",
    "/class",
    "/offline",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_speaks_the_browsers_language_and_keeps_a_chosen_one() {
    e2e::run("languages", |env| async move {
        // A player with a public page.
        let ro = env.browser_in("ro", "ro-RO").await;
        ro.open("/account?signup").await;
        ro.type_into("#auth-name", "ioana").await;
        ro.type_into("#auth-password", "o parolă bună").await;
        ro.click("#auth-go").await;
        ro.shown("#home-title").await;
        // A Romanian browser: every page opens in Romanian, with no English.
        let mut english = Vec::new();
        for path in PLAYER_PAGES {
            for text in english_left_on(&ro, path, "ro").await {
                english.push(format!("ro {path}: {text}"));
            }
        }
        // An English browser whose user chose French once, on the lobby:
        // every page after that, and after a reload, is French.
        let fr = env.browser("fr").await;
        fr.open("/lobby").await;
        fr.select("#lang", "fr").await;
        fr.shot("lobby-french").await;
        for path in PLAYER_PAGES {
            for text in english_left_on(&fr, path, "fr").await {
                english.push(format!("fr {path}: {text}"));
            }
        }
        fr.client.refresh().await.unwrap();
        assert_eq!(
            english_left_on(&fr, "/lobby", "fr").await,
            Vec::<String>::new()
        );
        ro.shot("public-page-romanian").await;
        assert!(english.is_empty(), "English left:\n{}", english.join("\n"));
    })
    .await;
}

/// Issue 39: Ana challenges Bob from his page to a turn-based game; Bob's
/// account page (in French) shows it at once, he accepts, and both pages
/// open the game, whose clocks count days. Ana moves from her account (no
/// seat token), and Bob's home page, open meanwhile, lists the game as his
/// turn at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_by_name_opens_a_turn_based_game_for_both() {
    e2e::run("challenge", |env| async move {
        let ana = env.browser("ana").await;
        let bob = env.browser_in("bob", "fr").await;
        ana.sign_up("ana").await;
        bob.sign_up("bob").await;
        ana.open("/@/bob").await;
        ana.shown("#ch-form").await;
        ana.select("#ch-clock", "d3").await;
        ana.select("#ch-color", "south").await;
        // Rated, with takebacks offered (the choice shows once rated is).
        assert!(!ana.is_shown("#ch-takebacks-field").await);
        ana.click("#ch-rated").await;
        ana.click("#ch-takebacks").await;
        ana.click("#ch-send").await;
        let sent = ana.js_until("const s = document.querySelector('#ch-status'); return s && !s.hidden && s.textContent;", |v| v.is_string()).await;
        assert!(sent.as_str().unwrap().contains("Waiting for bob"), "{sent}");
        ana.shot("challenge-sent").await;

        // Bob's page hears of it without a reload, in French.
        bob.shown("#home-challenges [data-accept]").await;
        let line = bob.js("return document.querySelector('#home-challenges [data-challenge]').textContent;").await;
        let line = line.as_str().unwrap();
        assert!(line.contains("ana (1500?) vous défie") && line.contains("3 jours par coup") && line.contains("Vous jouez Nord"), "{line}");
        assert!(line.contains("reprises permises"), "{line}");
        bob.shot("challenge-received").await;
        bob.click("#home-challenges [data-accept]").await;
        let id = bob.game_page().await;
        assert_eq!(ana.game_page().await, id, "the challenger is taken to the game");
        let game = env.game(&id).await;
        assert_eq!(game["seats"][0]["name"], "ana");
        assert_eq!(game["speed"], "correspondence");
        assert_eq!((game["settings"]["rated"].clone(), game["settings"]["rated_takebacks"].clone()), (true.into(), true.into()));

        // The clocks count days and hours (in each page's language).
        let clock = ana.js_until("const c = document.querySelector('#clock-south'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.contains(" d "))).await;
        assert!(clock.as_str().unwrap().starts_with("2 d 23 h") || clock.as_str().unwrap().starts_with("3 d 0 h"), "{clock}");
        bob.js_until("const c = document.querySelector('#clock-south'); return c && c.textContent;", |v| v.as_str().is_some_and(|s| s.contains(" j "))).await;
        // On a phone the days stay on one line and nothing runs off the
        // side (the first move's countdown, the players' cards).
        bob.client.set_window_size(390, 844).await.unwrap();
        let fits = bob.js_until("const c = document.querySelector('#clock-south').getBoundingClientRect(); return [document.scrollingElement.scrollWidth <= window.innerWidth, c.height < 40];", |v| v == &serde_json::json!([true, true])).await;
        assert_eq!(fits, serde_json::json!([true, true]));
        bob.shot("phone-game").await;
        bob.client.set_window_size(1200, 900).await.unwrap();
        // Bob goes to his home page while Ana thinks: the game is there,
        // not his turn.
        bob.open("/").await;
        let line = format!("#your-turn [data-playing=\"{id}\"]");
        let waiting = bob.shown(&line).await.text().await.unwrap();
        assert!(waiting.contains("ana"), "{waiting}");
        assert!(!bob.is_shown(&format!("{line}.my-turn")).await);

        // Ana moves by clicking (her session holds South, no token).
        let wait = Waiter::new("ana can move");
        let page = loop {
            let page = ana.page().await;
            if !page.legal.is_empty() {
                break page;
            }
            wait.tick(&page.legal).await;
        };
        let square = closest_to_goal(&game, "south", &page.legal);
        ana.click(&format!("[data-square=\"{square}\"]")).await;
        let wait = Waiter::new("the move stored");
        while moves(&env.game(&id).await).is_empty() {
            wait.tick(&"no move").await;
        }
        // The rated game's takebacks, agreed to: Ana may ask for one.
        ana.shown("#takeback").await;
        // Bob's home page, open all along, lists it as his turn at once:
        // the challenges' socket says a game of his moved on (the list is
        // otherwise asked again only each minute, later than this waits).
        bob.shown(&format!("{line}.my-turn")).await;
        let turn = bob.js("return document.querySelector('#your-turn').textContent;").await;
        assert!(turn.as_str().unwrap().contains("À vous de jouer"), "{turn}");
        bob.shot("your-turn").await;

        // From his account page, Bob challenges Ana back by typing her
        // name: his list of sent challenges shows it at once; the game in
        // progress is listed there too, as his turn.
        bob.open("/account").await;
        bob.shown(&format!("#home-playing [data-playing=\"{id}\"]")).await;
        bob.type_into("#ch-to", "Ana").await;
        bob.select("#ch-clock", "5+3").await;
        bob.click("#ch-send").await;
        bob.shown("#home-challenges [data-cancel]").await;
        let sent = bob.js("return document.querySelector('#home-challenges [data-challenge]').textContent;").await;
        assert!(sent.as_str().unwrap().contains("À ana") && sent.as_str().unwrap().contains("5 min + 3 s"), "{sent}");
        bob.shot("challenge-by-name").await;
        // Ana's home page lists the game too, Bob to move: a challenger
        // who was away when it was accepted finds it there.
        ana.open("/").await;
        let hers = ana.shown(&line).await.text().await.unwrap();
        assert!(hers.contains("bob"), "{hers}");
        assert!(!ana.is_shown(&format!("{line}.my-turn")).await);
    })
    .await;
}

/// The account page's card of personal API tokens: one made with a name
/// is shown once to copy and works from a program, the list shows its
/// name only, and deleting it stops it at once; the account made a bot,
/// its public page marks it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_for_a_bot_is_made_shown_once_and_deleted_on_the_account_page() {
    e2e::run("account-tokens", |env| async move {
        let robo = env.browser("robo").await;
        robo.sign_up("robo").await;
        robo.shown("#home-title").await;
        robo.click("#tokens-card > summary").await;
        robo.shown("#tok-none").await;
        robo.type_into("#tok-label", "my engine").await;
        robo.click("#tok-form button[type=submit]").await;
        let token = robo
            .js_until("const v = document.querySelector('#tok-value').value; return v.startsWith('qdr_') && v;", |v| v.is_string())
            .await;
        let token = token.as_str().unwrap().to_string();
        robo.js_until("return document.querySelectorAll('#tok-list .tok-item').length;", |v| v == 1).await;
        let listed = robo.js("return document.querySelector('#tok-list').textContent;").await;
        assert!(listed.as_str().unwrap().contains("my engine"), "{listed}");
        assert!(!robo.is_shown("#tok-none").await);
        robo.shot("token-made").await;

        // A program plays for robo with it.
        let playing = |token: String| {
            let req = env.http().get(format!("{}/api/account/playing", env.base()));
            async move { req.bearer_auth(token).send().await.unwrap().status().as_u16() }
        };
        assert_eq!(playing(token.clone()).await, 200);

        // Kept: the token leaves the page, never to be shown again.
        robo.click("#tok-done").await;
        assert!(!robo.is_shown("#tok-made").await);
        robo.open("/account").await;
        robo.shown("#home-title").await;
        let page = robo.js("return document.body.innerHTML;").await;
        assert!(!page.as_str().unwrap().contains(&token[4..]), "the token shown again");

        // Deleted: it stops at once.
        robo.click("#tokens-card > summary").await;
        robo.js("window.confirm = () => true; return null;").await;
        robo.click("#tok-list .tok-item button").await;
        robo.shown("#tok-none").await;
        assert_eq!(playing(token).await, 401);

        // The account made a bot (it has played no game): its page says so.
        assert!(robo.is_shown("#bot-become").await);
        robo.click("#bot-become").await;
        robo.shown("#bot-is").await;
        assert!(!robo.is_shown("#bot-become").await);
        robo.open("/@/robo").await;
        robo.shown("#profile-title .badge.bot").await;
        robo.shot("bot-profile").await;
    })
    .await;
}
