//! `quoridor-lab train-eval`: the learned evaluation's training pipeline
//! ([`quoridor_engine::net`]). `play` plays self-play games and writes every
//! position with its search's value and its result; `fit` trains the network
//! on such files and writes its weights. `scripts/train-eval.sh` runs both
//! and checks the new weights in a match; it made the shipped ones
//! (`crates/engine/data/eval-net.bin`).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use quoridor_engine::net::train::{self, game_positions, Epoch, Labelled, Sample, Settings};
use quoridor_engine::net::Network;
use quoridor_engine::{Engine, Level, Score, SearchLimit, Silent};
use quoridor_rules::{Game, Position, Ruleset};

use quoridor::matches::opening::Openings;
use quoridor::progress_lines::ProgressLines;

#[derive(clap::Args)]
pub struct TrainEvalArgs {
    #[command(subcommand)]
    step: Step,
}

#[derive(clap::Subcommand)]
enum Step {
    /// Play self-play games (full strength, a fixed number of nodes a move,
    /// random opening plies) and write their positions, one a line: the
    /// position, the search's value for the side to move, 1 if it won.
    Play(PlayArgs),
    /// Label the games of match records (`quoridor match --records`, games
    /// against other programs) as `play` labels its own: every position
    /// after the opening searched to a fixed number of nodes, and who won.
    Label(LabelArgs),
    /// Train the network on files of `play` and write its weights.
    Fit(FitArgs),
}

#[derive(clap::Args)]
struct PlayArgs {
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Search nodes a move.
    #[arg(long, default_value_t = 10_000)]
    nodes: u64,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 6)]
    opening_plies: usize,
    /// Seed of the openings (the same seed gives the same games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (each plays its own games).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The evaluation that plays the games: `hand` (the hand-made one, so
    /// the data does not depend on any weights) or `learned` (the shipped
    /// network: a next generation trained on its own games).
    #[arg(long, value_enum, default_value_t = PlayEval::Hand)]
    eval: PlayEval,
    #[arg(short, long)]
    output: PathBuf,
}

#[derive(clap::Args)]
struct LabelArgs {
    /// Files of game records; games that did not end at a goal, or not on
    /// the standard two-player board, are left out.
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// Search nodes a position.
    #[arg(long, default_value_t = 10_000)]
    nodes: u64,
    /// Plies at the start of each game that are not labelled (a match's
    /// random opening).
    #[arg(long, default_value_t = 2)]
    opening_plies: usize,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    #[arg(long, value_enum, default_value_t = PlayEval::Learned)]
    eval: PlayEval,
    #[arg(short, long)]
    output: PathBuf,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum PlayEval {
    Hand,
    Learned,
}

#[derive(clap::Args)]
struct FitArgs {
    /// Files written by `play`; every tenth game's positions are held out
    /// to choose the epoch and to report the gain.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Hidden units.
    #[arg(long, default_value_t = 32)]
    hidden: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 12)]
    epochs: usize,
    #[arg(long, default_value_t = 1e-3)]
    learning_rate: f32,
    /// How much of a label is the game's result (the rest is the search's
    /// value), from 0 to 1.
    #[arg(long, default_value_t = 0.3)]
    outcome_weight: f32,
    /// Seed of the first weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Weights to train further (a next generation starting from the last
    /// one; its hidden units are kept) instead of starting afresh.
    #[arg(long)]
    from: Option<PathBuf>,
    #[arg(short, long)]
    output: PathBuf,
}

pub fn run(args: &TrainEvalArgs) -> quoridor::CliResult {
    match &args.step {
        Step::Play(args) => play(args),
        Step::Label(args) => label(args),
        Step::Fit(args) => fit(args),
    }
}

pub(crate) fn progress_bar(len: usize, template: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len as u64)
        .with_style(indicatif::ProgressStyle::with_template(template).expect("a valid template"));
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar
}

/// The ply after which a self-play game is given up (drawn: no positions).
const PLY_LIMIT: u32 = 300;

/// One self-play game from `game`'s opening: its positions, labelled.
fn self_play(engine: &mut Engine, mut game: Game, nodes: u64) -> Vec<Labelled> {
    let stop = AtomicBool::new(false);
    engine.new_game();
    let mut scores: Vec<Option<Score>> = vec![None; game.entries().len()];
    while !game.is_over() && game.position().ply() < PLY_LIMIT {
        let Some(result) = engine.search(
            game.position(),
            SearchLimit::Nodes(nodes),
            &stop,
            &mut Silent,
        ) else {
            break;
        };
        scores.push(Some(result.score));
        if game.play(result.best).is_err() {
            break;
        }
    }
    // The opening's random plies were not searched: left out.
    let opening = scores.iter().take_while(|s| s.is_none()).count();
    game_positions(&game, &scores)
        .into_iter()
        .filter(|l| l.position.ply() as usize >= opening)
        .collect()
}

fn play(args: &PlayArgs) -> quoridor::CliResult {
    let rules = Ruleset::STANDARD;
    let openings = Openings::Random(args.opening_plies);
    let (games, positions) = label_games(
        "self-play",
        args.games,
        args.threads,
        args.eval,
        &args.output,
        |engine, index| self_play(engine, openings.game(rules, args.seed, index), args.nodes),
    )?;
    println!(
        "{games} games, {positions} positions written to {}",
        args.output.display()
    );
    Ok(())
}

/// Every position of a game already played searched to `nodes`, after its
/// first `opening` plies.
fn label_game(engine: &mut Engine, game: &Game, nodes: u64, opening: usize) -> Vec<Labelled> {
    let stop = AtomicBool::new(false);
    engine.new_game();
    let mut scores: Vec<Option<Score>> = Vec::with_capacity(game.entries().len());
    for index in 0..game.entries().len() {
        let score = game
            .position_at(index)
            .filter(|pos| index >= opening && !pos.is_over())
            .and_then(|pos| engine.search(pos, SearchLimit::Nodes(nodes), &stop, &mut Silent))
            .map(|result| result.score);
        scores.push(score);
    }
    game_positions(game, &scores)
        .into_iter()
        .filter(|l| l.position.ply() as usize >= opening)
        .collect()
}

fn label(args: &LabelArgs) -> quoridor::CliResult {
    let mut games = Vec::new();
    for path in &args.records {
        let text =
            quoridor::game_file::read_text(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let records =
            quoridor_rules::parse_records(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        games.extend(
            records
                .into_iter()
                .map(|r| r.into_game())
                .filter(Game::is_over),
        );
    }
    let (labelled, positions) = label_games(
        "labelled",
        games.len(),
        args.threads,
        args.eval,
        &args.output,
        |engine, index| label_game(engine, &games[index], args.nodes, args.opening_plies),
    )?;
    println!(
        "{labelled} games of {} labelled, {positions} positions written to {}",
        games.len(),
        args.output.display()
    );
    Ok(())
}

/// Labels `count` games on `threads` threads, each game's positions given by
/// `game(engine, index)`, and writes them in order to `output`: the games
/// with positions, and the positions written. `what` names the progress
/// lines.
fn label_games(
    what: &str,
    count: usize,
    threads: usize,
    eval: PlayEval,
    output: &Path,
    game: impl Fn(&mut Engine, usize) -> Vec<Labelled> + Sync,
) -> Result<(usize, usize), String> {
    let bar = progress_bar(
        count,
        "{bar:40} {pos}/{len} games, {msg} positions, {elapsed} (about {eta} left)",
    );
    let lines = ProgressLines::new(what, count);
    let mut out = InOrder::create(output, count)?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut failure = None;
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<(usize, Vec<Labelled>)>();
        for _ in 0..threads.clamp(1, 64) {
            let sender = sender.clone();
            let (next, stop, game) = (&next, &stop, &game);
            scope.spawn(move || {
                let mut engine = Engine::new();
                engine.set_level(Level::MAX);
                engine.set_hand_eval(eval == PlayEval::Hand);
                engine.set_book(false);
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count {
                        break;
                    }
                    if sender.send((index, game(&mut engine, index))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (index, positions) in receiver {
            if let Err(err) = out.add(index, positions) {
                stop.store(true, Ordering::Relaxed);
                failure.get_or_insert(err);
            }
            bar.set_message(out.positions.to_string());
            bar.inc(1);
            lines.done(out.received, || {
                format!("games, {} positions", out.positions)
            });
        }
    });
    bar.finish_and_clear();
    if let Some(err) = failure {
        return Err(err);
    }
    let counts = (out.games, out.positions);
    out.finish()?;
    Ok(counts)
}

/// The games of `play` written as they end, in the order of their numbers
/// (the same seed gives the same file), to `<output>.partial`: a run that
/// is stopped keeps every game written so far there, and an older file at
/// `<output>` is replaced only when the run is whole.
struct InOrder {
    path: PathBuf,
    partial: PathBuf,
    file: std::io::BufWriter<std::fs::File>,
    waiting: Vec<Option<Vec<Labelled>>>,
    written: usize,
    received: usize,
    /// Games with at least one position, and positions, received so far.
    games: usize,
    positions: usize,
}

impl InOrder {
    fn create(path: &Path, games: usize) -> Result<InOrder, String> {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let file =
            std::fs::File::create(&partial).map_err(|e| format!("{}: {e}", partial.display()))?;
        Ok(InOrder {
            path: path.to_owned(),
            partial,
            file: std::io::BufWriter::new(file),
            waiting: vec![None; games],
            written: 0,
            received: 0,
            games: 0,
            positions: 0,
        })
    }

    fn add(&mut self, index: usize, positions: Vec<Labelled>) -> Result<(), String> {
        use std::io::Write;
        self.received += 1;
        self.games += usize::from(!positions.is_empty());
        self.positions += positions.len();
        self.waiting[index] = Some(positions);
        let mut wrote = false;
        while let Some(positions) = self.waiting.get_mut(self.written).and_then(Option::take) {
            for l in &positions {
                writeln!(
                    self.file,
                    "{}\t{}\t{}\t{}",
                    self.written,
                    l.position,
                    l.score.0,
                    u8::from(l.won)
                )
                .map_err(|e| self.error(e))?;
            }
            self.written += 1;
            wrote = true;
        }
        if wrote {
            self.file.flush().map_err(|e| self.error(e))?;
        }
        Ok(())
    }

    fn finish(mut self) -> Result<(), String> {
        use std::io::Write;
        self.file.flush().map_err(|e| self.error(e))?;
        std::fs::rename(&self.partial, &self.path)
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }

    fn error(&self, err: std::io::Error) -> String {
        format!(
            "{}: {err} (the games written so far are kept there)",
            self.partial.display()
        )
    }
}

/// The positions of a file of `play`, each with its game's number.
fn read_data(path: &Path) -> Result<Vec<(usize, Labelled)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = |what: &str| format!("{}:{}: {what}", path.display(), n + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        let [game, position, score, won] = fields[..] else {
            return Err(bad(
                "expected game number, position, score and result, tab-separated",
            ));
        };
        let game = game
            .parse()
            .map_err(|_| bad("the game number is not a number"))?;
        let position: Position = position.parse().map_err(|e| bad(&format!("{e}")))?;
        let score = Score(
            score
                .parse()
                .map_err(|_| bad("the score is not a number"))?,
        );
        let won = match won {
            "1" => true,
            "0" => false,
            _ => return Err(bad("the result is not 1 or 0")),
        };
        out.push((
            game,
            Labelled {
                position,
                score,
                won,
            },
        ));
    }
    Ok(out)
}

fn fit(args: &FitArgs) -> quoridor::CliResult {
    if !(1..=256).contains(&args.hidden) {
        return Err("--hidden: expected 1 to 256 units".into());
    }
    if !(0.0..=1.0).contains(&args.outcome_weight) {
        return Err("--outcome-weight: expected 0 to 1".into());
    }
    let start = match &args.from {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let mut data = Vec::new();
    for (file, path) in args.data.iter().enumerate() {
        data.extend(
            read_data(path)?
                .into_iter()
                .map(|(game, l)| ((file, game), l)),
        );
    }
    // Held out: every tenth game, whole (its positions are alike).
    let held = |&(file, game): &(usize, usize)| (file * 7 + game) % 10 == 9;
    // The scale that turns hand-made values into win chances, from the results.
    let results: Vec<Sample> = data
        .iter()
        .filter(|(key, _)| !held(key))
        .filter_map(|(_, l)| Sample::new(&l.position, if l.won { 1.0 } else { 0.0 }))
        .collect();
    if results.is_empty() {
        return Err("no positions to train on".into());
    }
    // Trained further, the network keeps its scale: the search's margins
    // are in its units, and a scale fitted afresh to other games (against
    // another program, say) would stretch every value it gives.
    let scale = start
        .as_ref()
        .map_or_else(|| train::fit_scale(&results), Network::scale);
    let (mut train_set, mut valid_set) = (Vec::new(), Vec::new());
    for (key, l) in &data {
        let set = if held(key) {
            &mut valid_set
        } else {
            &mut train_set
        };
        set.extend(l.samples(scale, args.outcome_weight));
    }
    if valid_set.is_empty() {
        return Err("no positions held out: give at least ten games".into());
    }
    println!(
        "{} positions to train on, {} held out (with mirror images); logistic scale {scale:.3} per step ({})",
        train_set.len(),
        valid_set.len(),
        if start.is_some() {
            format!(
                "the starting weights'; {:.3} would fit these games",
                train::fit_scale(&results)
            )
        } else {
            "fitted to these games".to_string()
        }
    );
    let hand = train::loss(&valid_set, None, scale);
    if let Some(start) = &start {
        let before = train::loss(&valid_set, Some(start), scale);
        println!(
            "held-out loss of the starting weights {before:.4} ({:+.2} % on hand-made)",
            (before / hand - 1.0) * 100.0
        );
    }
    let bar = progress_bar(
        args.epochs,
        "{bar:40} epoch {pos}/{len}, {msg}, {elapsed} (about {eta} left)",
    );
    let settings = Settings {
        hidden: args.hidden,
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        seed: args.seed,
        ..Settings::default()
    };
    let from = start.as_ref();
    let net = train::train(
        &train_set,
        &valid_set,
        scale,
        settings,
        from,
        &mut |e: Epoch| {
            bar.set_message(format!("held-out loss {:.4}", e.valid_loss));
            bar.inc(1);
            bar.suspend(|| {
                println!(
                    "epoch {:>3}: training loss {:.4}, held-out loss {:.4}",
                    e.number, e.train_loss, e.valid_loss
                )
            });
        },
    );
    bar.finish_and_clear();
    let learned = train::loss(&valid_set, Some(&net), scale);
    println!(
        "held-out loss: hand-made {hand:.4}, learned {learned:.4} ({:+.2} %)",
        (learned / hand - 1.0) * 100.0
    );
    quoridor::game_file::write_whole(&args.output, &net.to_bytes())
        .map_err(|e| format!("{}: {e}", args.output.display()))?;
    println!("weights written to {}", args.output.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(n: usize, won: bool) -> Vec<Labelled> {
        let position = Position::new(Ruleset::STANDARD);
        (0..n)
            .map(|i| Labelled {
                position,
                score: Score(i as i32),
                won,
            })
            .collect()
    }

    #[test]
    fn a_played_game_is_labelled_after_its_opening_with_its_winner() {
        // South walks straight up; north walks to and fro: south wins.
        let mut game = Game::new(Ruleset::STANDARD);
        for mv in "e2 e8 e3 e9 e4 e8 e5 e9 e6 e8 e7 e9 e8 d9 e9".split(' ') {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert!(game.is_over());
        let mut engine = Engine::new();
        engine.set_book(false);
        let labelled = label_game(&mut engine, &game, 200, 2);
        // Plies 2 to 14 (the last position is over): 13 positions.
        assert_eq!(labelled.len(), 13);
        assert_eq!(labelled[0].position.ply(), 2);
        for l in &labelled {
            assert_eq!(l.won, l.position.turn() == quoridor_rules::Seat::South);
        }
        // South a step from its goal with north far from its own: a win.
        assert!(labelled.last().unwrap().score.0 > 0);
        // A game that did not end gives nothing.
        let mut unfinished = Game::new(Ruleset::STANDARD);
        unfinished.play("e2".parse().unwrap()).unwrap();
        assert!(label_game(&mut engine, &unfinished, 200, 0).is_empty());
    }

    #[test]
    fn weights_trained_further_keep_their_scale() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("games.tsv");
        let mut out = InOrder::create(&data, 20).unwrap();
        for game in 0..20 {
            out.add(game, positions(4, game % 3 == 0)).unwrap();
        }
        out.finish().unwrap();
        let start = dir.path().join("start.bin");
        std::fs::write(&start, Network::zero(4, 0.5).to_bytes()).unwrap();
        let args = |from: Option<PathBuf>, output: &str| FitArgs {
            data: vec![data.clone()],
            hidden: 4,
            epochs: 1,
            learning_rate: 1e-3,
            outcome_weight: 0.3,
            seed: 1,
            from,
            output: dir.path().join(output),
        };
        let scale = |name: &str| {
            let bytes = std::fs::read(dir.path().join(name)).unwrap();
            Network::from_bytes(&bytes).unwrap().scale()
        };
        fit(&args(Some(start), "further.bin")).unwrap();
        assert_eq!(scale("further.bin"), 0.5);
        // Afresh, the scale is fitted to the games (the same position won a
        // third of the time: not 0.5).
        fit(&args(None, "afresh.bin")).unwrap();
        assert_ne!(scale("afresh.bin"), 0.5);
    }

    #[test]
    fn games_are_written_in_order_as_they_end_and_kept_when_stopped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.tsv");
        std::fs::write(&path, "an older file\n").unwrap();
        let partial = dir.path().join("games.tsv.partial");
        let mut out = InOrder::create(&path, 3).unwrap();
        // Game 1 ends first: it waits for game 0.
        out.add(1, positions(2, true)).unwrap();
        assert_eq!(std::fs::read_to_string(&partial).unwrap(), "");
        out.add(0, positions(1, false)).unwrap();
        let games: Vec<String> = std::fs::read_to_string(&partial)
            .unwrap()
            .lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect();
        assert_eq!(games, ["0", "1", "1"]);
        // Stopped here: the older file is untouched, the games are kept.
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "an older file\n");
        out.add(2, Vec::new()).unwrap();
        assert_eq!((out.games, out.positions, out.received), (2, 3, 3));
        out.finish().unwrap();
        assert!(!partial.exists());
        assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 3);
    }
}
