//! `quoridor-lab bench class`: the teacher's dashboard under a class's load. A
//! class of 30 pupils joins, the teacher starts 15 games (pupils paired at
//! random), every pupil's page and the dashboard stay open over WebSocket,
//! and the games are played at a pupil's pace over HTTP. Each move's
//! update is timed from sending the move until the dashboard's message
//! shows it; a finished game is followed by a new one for the same pair,
//! so 15 games stay live. The target: p99 under 50 ms.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use quoridor_rules::{Position, Seat};
use quoridor_server::view::GameView;
use serde_json::{json, Value};

use super::server::bot::choose;
use super::server::http::{connect, connect_from, http_as, Auth};
use super::server::process::cpu_of;
use super::server::report::Percentiles;
use super::server::{Target, ThinkTime};
use quoridor_rules::rng::SplitMix64;

/// The target for a dashboard update, p99.
pub const TARGET_P99_MS: f64 = 50.0;

#[derive(clap::Args, Clone, Debug)]
pub struct ClassArgs {
    /// Pupils in the class (two to a game).
    #[arg(long, default_value_t = 30)]
    pub pupils: usize,
    /// How long the games are played, in seconds.
    #[arg(long, default_value_t = 30.0)]
    pub seconds: f64,
    /// A pupil's time to move: T (ms), or LO-HI drawn for each move.
    #[arg(long, default_value = "500-1500")]
    pub think_ms: ThinkTime,
    /// Play against the server already running at HOST:PORT.
    #[arg(long)]
    pub addr: Option<String>,
    /// Connect from this local address (e.g. 127.0.0.2), so that several
    /// runs at once are several clients for the server's per-address
    /// limits (50 classes an address).
    #[arg(long)]
    pub from: Option<std::net::IpAddr>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object with every figure instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// The moves waiting to be seen on the dashboard: (game, ply) → sent.
type Pending = Arc<Mutex<HashMap<(String, u64), Instant>>>;

struct Class {
    id: String,
    teacher: String,
    /// Pupil id → token.
    tokens: HashMap<u64, String>,
}

async fn call(
    target: &Target,
    method: &str,
    path: &str,
    body: Value,
    token: Option<&str>,
) -> Result<Value, String> {
    let reply = http_as(
        target.addr,
        &target.host,
        method,
        path,
        &body.to_string(),
        token.map_or(Auth::None, Auth::Bearer),
    )
    .await?;
    if !(200..300).contains(&reply.status) {
        return Err(format!("{method} {path}: {} {}", reply.status, reply.body));
    }
    serde_json::from_str(&reply.body).map_err(|err| format!("{path}: {err}"))
}

async fn open_class(
    target: &Target,
    pupils: usize,
) -> Result<(Class, Vec<(String, Vec<u64>)>), String> {
    let key = call(
        target,
        "POST",
        "/api/classes",
        json!({"name": "Bench class"}),
        None,
    )
    .await?;
    let id = key["id"].as_str().unwrap_or_default().to_string();
    let code = key["code"].as_str().unwrap_or_default().to_string();
    let teacher = key["token"].as_str().unwrap_or_default().to_string();
    let mut tokens = HashMap::new();
    for i in 0..pupils {
        let joined = call(
            target,
            "POST",
            "/api/join",
            json!({"code": code, "name": format!("Pupil {i}")}),
            None,
        )
        .await?;
        tokens.insert(
            joined["player"].as_u64().unwrap_or(0),
            joined["token"].as_str().unwrap_or_default().to_string(),
        );
    }
    let path = format!("/api/classes/{id}/games");
    let view = call(
        target,
        "POST",
        &path,
        json!({"pair_by": "random", "game": {"size": 9}}),
        Some(&teacher),
    )
    .await?;
    let games = games_of(&view);
    Ok((
        Class {
            id,
            teacher,
            tokens,
        },
        games,
    ))
}

/// The games of a class view: id and pupils.
fn games_of(view: &Value) -> Vec<(String, Vec<u64>)> {
    view["games"]
        .as_array()
        .map(|games| {
            games
                .iter()
                .map(|g| {
                    let id = g["board"]["id"].as_str().unwrap_or_default().to_string();
                    let pupils = g["pupils"]
                        .as_array()
                        .map(|p| p.iter().filter_map(Value::as_u64).collect())
                        .unwrap_or_default();
                    (id, pupils)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A live page: counts its messages; the dashboard's also marks the moves seen.
async fn watch(
    target: &Target,
    path: String,
    token: String,
    pending: Option<Pending>,
    latencies: Arc<Mutex<Vec<u32>>>,
    messages: Arc<Mutex<u64>>,
    until: Instant,
) -> Result<(), String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{}{path}", target.addr)
        .into_client_request()
        .map_err(|err| format!("{path}: {err}"))?;
    let bearer = format!("Bearer {token}")
        .parse()
        .map_err(|_| format!("{path}: a token that is not a header"))?;
    request.headers_mut().insert("authorization", bearer);
    let stream = connect(target.addr)
        .await
        .map_err(|err| format!("{path}: {err}"))?;
    let (mut ws, _) = tokio_tungstenite::client_async(request, stream)
        .await
        .map_err(|err| format!("{path}: {err}"))?;
    loop {
        let left = until.saturating_duration_since(Instant::now()) + Duration::from_secs(2);
        let Ok(Some(Ok(message))) = tokio::time::timeout(left, ws.next()).await else {
            return Ok(());
        };
        let now = Instant::now();
        *messages.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        let Some(pending) = &pending else { continue };
        let Ok(text) = message.to_text() else {
            continue;
        };
        let Ok(view) = serde_json::from_str::<Value>(text) else {
            continue;
        };
        let mut waiting = pending.lock().unwrap_or_else(|e| e.into_inner());
        for game in view["class"]["games"].as_array().into_iter().flatten() {
            let id = game["board"]["id"].as_str().unwrap_or_default();
            let ply = game["board"]["ply"].as_u64().unwrap_or(0);
            let seen: Vec<(String, u64)> = waiting
                .keys()
                .filter(|(g, p)| g == id && *p <= ply)
                .cloned()
                .collect();
            for key in seen {
                if let Some(sent) = waiting.remove(&key) {
                    latencies.lock().unwrap_or_else(|e| e.into_inner()).push(
                        now.duration_since(sent)
                            .as_micros()
                            .min(u128::from(u32::MAX)) as u32,
                    );
                }
            }
        }
    }
}

/// One pair of pupils: plays its game at a pupil's pace, then a new one.
#[allow(clippy::too_many_arguments)]
async fn play_pair(
    target: Arc<Target>,
    class: Arc<Class>,
    mut game: String,
    pupils: Vec<u64>,
    think: ThinkTime,
    seed: u64,
    pending: Pending,
    until: Instant,
    moves: Arc<Mutex<u64>>,
) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    while Instant::now() < until {
        let view: GameView = serde_json::from_value(
            call(
                &target,
                "GET",
                &format!("/api/games/{game}"),
                Value::Null,
                None,
            )
            .await?,
        )
        .map_err(|e| e.to_string())?;
        if view.result.is_some() || view.legal.is_none() {
            let path = format!("/api/classes/{}/games", class.id);
            let next = call(
                &target,
                "POST",
                &path,
                json!({"pair_by": "hand", "groups": [pupils], "game": {"size": 9}}),
                Some(&class.teacher),
            )
            .await?;
            // The newest game of this pair (other pairs may have made one too).
            game = games_of(&next)
                .into_iter()
                .find(|(_, p)| *p == pupils)
                .map(|g| g.0)
                .ok_or("no new game")?;
            continue;
        }
        tokio::time::sleep(think.draw(&mut rng)).await;
        let pos: Position = view.position.parse().map_err(|e| format!("{e}"))?;
        let me: Seat = view.turn;
        let index = view
            .seats
            .iter()
            .position(|s| s.seat == me)
            .ok_or("no seat")?;
        let name = &view.seats[index].name;
        let pupil = pupils
            .iter()
            .find(|&&p| name == &format!("Pupil {}", p - 1))
            .copied()
            .ok_or_else(|| format!("no pupil named {name}"))?;
        let token = class.tokens.get(&pupil).ok_or("no token")?;
        let mv = choose(
            &pos,
            view.legal.as_ref().ok_or("no legal moves")?,
            me,
            &mut rng,
            40,
        );
        let ply = u64::from(view.ply) + 1;
        pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((game.clone(), ply), Instant::now());
        call(
            &target,
            "POST",
            &format!("/api/games/{game}/move"),
            json!({"move": mv.to_string()}),
            Some(token),
        )
        .await?;
        *moves.lock().unwrap_or_else(|e| e.into_inner()) += 1;
    }
    Ok(())
}

pub fn run(args: &ClassArgs) -> quoridor::CliResult {
    if args.pupils < 2 || args.pupils > quoridor_server::club::class::MAX_PUPILS {
        return Err(format!(
            "--pupils: from 2 to {}",
            quoridor_server::club::class::MAX_PUPILS
        )
        .into());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(bench(args))?;
    drop(runtime);
    if args.json {
        quoridor::output::print(&format!("{}\n", serde_json::to_string_pretty(&report)?))?;
    } else {
        quoridor::output::print(&render(&report))?;
    }
    let errors = report["errors"].as_array().map_or(0, Vec::len);
    if errors > 0 {
        return Err(format!("{errors} errors during the run (see the report)").into());
    }
    Ok(())
}

async fn bench(args: &ClassArgs) -> Result<Value, Box<dyn std::error::Error>> {
    if let Some(ip) = args.from {
        connect_from(ip);
    }
    let mut target = Target::start_at(args.addr.as_deref(), None).await?;
    let (class, games) = open_class(&target, args.pupils).await?;
    let process = target.process.take();
    let target = Arc::new(target);
    let class = Arc::new(class);
    let until = Instant::now() + Duration::from_secs_f64(args.seconds);
    let pending: Pending = Arc::default();
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let dashboard_messages = Arc::new(Mutex::new(0u64));
    let pupil_messages = Arc::new(Mutex::new(0u64));
    let moves = Arc::new(Mutex::new(0u64));
    let cpu_before = process.as_ref().and_then(|p| cpu_of(p.pid()));
    let started = Instant::now();
    let mut tasks = Vec::new();
    let dash = format!("/api/classes/{}/live", class.id);
    let teacher = class.teacher.clone();
    {
        let (t, p, l, m) = (
            target.clone(),
            pending.clone(),
            latencies.clone(),
            dashboard_messages.clone(),
        );
        tasks.push(tokio::spawn(async move {
            watch(&t, dash, teacher, Some(p), l, m, until).await
        }));
    }
    for token in class.tokens.values() {
        let path = format!("/api/classes/{}/live", class.id);
        let token = token.clone();
        let (t, l, m) = (target.clone(), latencies.clone(), pupil_messages.clone());
        tasks.push(tokio::spawn(async move {
            watch(&t, path, token, None, l, m, until).await
        }));
    }
    let progress = super::server::bar((args.seconds * 10.0) as u64, "class games (live)");
    for (i, (game, pupils)) in games.into_iter().enumerate() {
        let (t, c, p, m) = (
            target.clone(),
            class.clone(),
            pending.clone(),
            moves.clone(),
        );
        let seed = args.seed.wrapping_mul(1000).wrapping_add(i as u64);
        let think = args.think_ms;
        tasks.push(tokio::spawn(async move {
            play_pair(t, c, game, pupils, think, seed, p, until, m).await
        }));
    }
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(100)).await;
        progress.set_position((started.elapsed().as_secs_f64() * 10.0) as u64);
        progress.set_message(format!(
            "{} moves",
            *moves.lock().unwrap_or_else(|e| e.into_inner())
        ));
    }
    let mut errors = Vec::new();
    for task in tasks {
        match task.await {
            Ok(Ok(())) => {}
            Ok(Err(err)) => errors.push(err),
            Err(err) => errors.push(err.to_string()),
        }
    }
    progress.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = match (process.as_ref().and_then(|p| cpu_of(p.pid())), cpu_before) {
        (Some(after), Some(before)) => Some((after - before).as_secs_f64()),
        _ => None,
    };
    let unseen = pending.lock().unwrap_or_else(|e| e.into_inner()).len();
    let samples = std::mem::take(&mut *latencies.lock().unwrap_or_else(|e| e.into_inner()));
    let p = Percentiles::of(samples);
    let moves = *moves.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(mut process) = process {
        process.stop(Duration::from_secs(10));
    }
    Ok(json!({
        "benchmark": "quoridor bench class",
        "pupils": args.pupils,
        "games": args.pupils / 2,
        "seconds": elapsed,
        "think": args.think_ms.to_string(),
        "moves": moves,
        "dashboard_messages": *dashboard_messages.lock().unwrap_or_else(|e| e.into_inner()),
        "pupil_page_messages": *pupil_messages.lock().unwrap_or_else(|e| e.into_inner()),
        "update_ms": {"samples": p.count, "mean": p.mean_ms, "p50": p.p50_ms, "p90": p.p90_ms, "p99": p.p99_ms, "max": p.max_ms},
        "moves_not_seen": unseen,
        "server_cpu_s": cpu,
        "target_p99_ms": TARGET_P99_MS,
        "target_met": p.count > 0 && p.p99_ms < TARGET_P99_MS && unseen <= args.pupils,
        "errors": errors,
    }))
}

fn render(r: &Value) -> String {
    let u = &r["update_ms"];
    let mut out = format!(
        "quoridor bench class: {} pupils, {} games, think {}, {:.1} s\n",
        r["pupils"],
        r["games"],
        r["think"].as_str().unwrap_or(""),
        r["seconds"].as_f64().unwrap_or(0.0)
    );
    out += &format!("  moves played            {}\n", r["moves"]);
    out += &format!("  dashboard messages      {}\n", r["dashboard_messages"]);
    out += &format!("  pupils' page messages   {}\n", r["pupil_page_messages"]);
    out += &format!(
        "  dashboard update        p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms (mean {:.2} ms, {} moves)\n",
        u["p50"].as_f64().unwrap_or(0.0), u["p90"].as_f64().unwrap_or(0.0), u["p99"].as_f64().unwrap_or(0.0),
        u["max"].as_f64().unwrap_or(0.0), u["mean"].as_f64().unwrap_or(0.0), u["samples"]
    );
    out += &format!(
        "  moves not yet seen      {} (sent in the last instant)\n",
        r["moves_not_seen"]
    );
    if let Some(cpu) = r["server_cpu_s"].as_f64() {
        out += &format!(
            "  server CPU              {:.2} s ({:.1} % of one core)\n",
            cpu,
            100.0 * cpu / r["seconds"].as_f64().unwrap_or(1.0)
        );
    }
    out += &format!(
        "  target (p99 < {} ms)    {}\n",
        TARGET_P99_MS,
        if r["target_met"].as_bool() == Some(true) {
            "met"
        } else {
            "NOT met"
        }
    );
    for err in r["errors"].as_array().into_iter().flatten() {
        out += &format!("  error: {}\n", err.as_str().unwrap_or(""));
    }
    out
}
