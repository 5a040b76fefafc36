//! The game driven by keys, drawn on ratatui's `TestBackend`: moves,
//! fences, forbidden fences, undo, hints, saving and loading, questions,
//! clocks, and snapshots of the screen (`tests/play/*.txt`; run with
//! `UPDATE_SNAPSHOTS=1` to rewrite them).
//!
//! Every AI here is a depth-limited level with a fixed seed, and time only
//! passes when a test says so (`tick`), so that nothing depends on the
//! machine's speed.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use quoridor_engine::Level;
use quoridor_rules::{Entry, Game, Move, Outcome, Ruleset, Seat, Termination, Variant};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::Terminal;

use super::app::{Action, App, Ask, Controller, Mode, Setup, Tone};
use super::i18n::Lang;
use super::store::{Saved, AUTOSAVE};
use super::ui::{self, Palette};
use super::{parse_keys, screenshot};

mod asks_and_clocks;

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

fn hotseat(size: u32, players: u32) -> Setup {
    let rules = Ruleset::new(size, players).unwrap();
    Setup::new(rules, vec![Controller::Human; players as usize])
}

/// A person (south) against the AI at level 3.
fn against_ai(size: u32) -> Setup {
    let rules = Ruleset::new(size, 2).unwrap();
    Setup::new(rules, vec![Controller::Human, Controller::Ai(level(3))])
}

fn start(setup: Setup) -> App {
    let mut app = App::new(setup, Instant::now(), None);
    app.settle();
    app
}

/// Presses keys (written as for `--keys`), letting the AI answer after each.
fn press(app: &mut App, keys: &str) -> Action {
    let mut action = Action::Continue;
    for key in parse_keys(keys).unwrap() {
        action = app.handle_key(key);
        app.settle();
    }
    action
}

fn moves(app: &App) -> Vec<String> {
    app.game().moves().map(|m| m.to_string()).collect()
}

fn message(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

fn screen_with(app: &App, width: u16, height: u16, pal: Palette) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::draw(frame, app, pal)).unwrap();
    terminal
}

fn screen(app: &App, width: u16, height: u16) -> String {
    let terminal = screen_with(app, width, height, Palette::new(true));
    ui::buffer_text(terminal.backend().buffer())
}

/// Compares with `tests/play/<name>.txt`, or writes it with UPDATE_SNAPSHOTS=1.
fn snapshot(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/play")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot {}: run with UPDATE_SNAPSHOTS=1 to write it\n{text}",
            path.display()
        )
    });
    assert!(
        expected == text,
        "the screen differs from {} (UPDATE_SNAPSHOTS=1 rewrites it)\n--- expected\n{expected}\n--- drawn\n{text}",
        path.display()
    );
}

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn arrows_and_enter_move_the_pawn() {
    let mut app = start(hotseat(9, 2));
    assert_eq!(app.cursor().to_string(), "e1");
    assert_eq!(app.targets().count_ones(), 3);
    press(&mut app, "<Up><Enter>");
    assert_eq!(moves(&app), ["e2"]);
    assert_eq!(message(&app), "south plays e2");
    // The cursor goes to the pawn of the next person to move.
    assert_eq!(app.cursor().to_string(), "e9");
    press(&mut app, "<Down><Left><Enter>");
    assert_eq!(moves(&app), ["e2"], "d8 is not a step from e9");
    assert_eq!(
        message(&app),
        "d8: forbidden, the pawn cannot go from e9 to d8 in one move"
    );
    press(&mut app, "<Right><Enter>");
    assert_eq!(moves(&app), ["e2", "e8"]);
}

#[test]
fn the_cursor_stays_on_the_board() {
    let mut app = start(hotseat(5, 2));
    press(&mut app, "<Left><Left><Left><Left><Down>");
    assert_eq!(app.cursor().to_string(), "a1");
    press(&mut app, "<Tab>");
    for _ in 0..6 {
        press(&mut app, "<Up><Right>");
    }
    // Fence anchors stop one short of the last row and column.
    assert_eq!(app.cursor().to_string(), "d4");
}

#[test]
fn typed_moves_and_commands() {
    let mut app = start(hotseat(9, 2));
    press(&mut app, "e2<Enter>");
    assert_eq!(moves(&app), ["e2"]);
    press(&mut app, "e7h<Enter>");
    assert_eq!(moves(&app), ["e2", "e7h"]);
    assert_eq!(app.game().position().fences_left(Seat::North), 9);
    // A typed line can be corrected and abandoned.
    press(&mut app, "e9<Backspace>3<Esc>");
    assert_eq!(app.input(), None);
    assert_eq!(moves(&app), ["e2", "e7h"]);
    press(&mut app, ":bogus<Enter>");
    assert_eq!(
        message(&app),
        "neither a move nor a command: bogus (help lists them)"
    );
    press(&mut app, ":undo<Enter>");
    assert_eq!(moves(&app), ["e2"]);
    assert_eq!(app.submit("e8"), Action::Continue);
    assert_eq!(moves(&app), ["e2", "e8"]);
}

#[test]
fn placing_a_fence_with_the_keyboard() {
    let mut app = start(hotseat(9, 2));
    press(&mut app, "<Tab>");
    assert_eq!(
        app.mode(),
        Mode::Fence(quoridor_rules::Orientation::Horizontal)
    );
    press(&mut app, "<Up><Up>");
    let (fence, check) = app.preview().unwrap();
    assert_eq!(fence.to_string(), "e3h");
    assert!(check.is_ok());
    assert_eq!(
        app.prompt().text,
        "e3h: Enter places it, r turns it, Tab back to the pawn"
    );
    press(&mut app, "r");
    assert_eq!(app.preview().unwrap().0.to_string(), "e3v");
    press(&mut app, "r<Enter>");
    assert_eq!(moves(&app), ["e3h"]);
    assert_eq!(app.game().position().fences_left(Seat::South), 9);
    assert_eq!(app.mode(), Mode::Pawn, "back to the pawn after a fence");
}

#[test]
fn a_forbidden_fence_shows_why_and_changes_nothing() {
    let mut app = start(hotseat(9, 2));
    press(&mut app, "e3h<Enter>e8<Enter>");
    let before = app.game().clone();
    // South's cursor is on e1: up to e3, vertical.
    press(&mut app, "<Tab><Up><Up>r");
    let (fence, check) = app.preview().unwrap();
    assert_eq!(fence.to_string(), "e3v");
    assert!(check.is_err());
    assert_eq!(
        app.prompt().text,
        "e3v: forbidden, this fence would cross the fence e3h"
    );
    assert_eq!(app.prompt().tone, Tone::Error);
    press(&mut app, "<Enter>");
    assert_eq!(
        message(&app),
        "e3v: forbidden, this fence would cross the fence e3h"
    );
    assert_eq!(app.game(), &before);
    // The same fence typed is refused the same way.
    press(&mut app, "<Esc>e3v<Enter>");
    assert_eq!(app.game(), &before);
    assert_eq!(app.message().unwrap().tone, Tone::Error);
}

#[test]
fn a_fence_that_would_close_a_path_is_refused_with_the_reason_on_screen() {
    let mut app = start(hotseat(5, 2));
    press(&mut app, "a4h<Enter>c4h<Enter>");
    let before = app.game().clone();
    press(&mut app, "<Tab><Right><Up><Up><Up>r");
    assert_eq!(
        app.prompt().text,
        "d4v: forbidden, this fence would shut north in"
    );
    snapshot("forbidden_fence_5x5", &screen(&app, 80, 24));
    press(&mut app, "<Enter>");
    assert_eq!(app.game(), &before);
    assert_eq!(
        message(&app),
        "d4v: forbidden, this fence would shut north in"
    );
}

#[test]
fn reasons_are_translated() {
    let mut setup = hotseat(5, 2);
    setup.lang = Lang::Fr;
    let mut app = start(setup);
    press(&mut app, "a4h<Enter>c4h<Enter><Tab><Right><Up><Up><Up>r");
    assert_eq!(
        app.prompt().text,
        "d4v : interdit, cette barrière enfermerait nord"
    );
    snapshot("forbidden_fence_5x5_fr", &screen(&app, 80, 24));
    let mut setup = hotseat(5, 2);
    setup.lang = Lang::Ro;
    let mut app = start(setup);
    press(&mut app, "c2<Enter>");
    assert_eq!(message(&app), "sud mută c2");
}

#[test]
fn the_ai_answers_and_undo_takes_back_both_moves() {
    let mut app = start(against_ai(5));
    press(&mut app, "<Up><Enter>");
    assert_eq!(app.game().entries().len(), 2, "the AI has answered");
    assert!(!app.is_thinking());
    let reply = moves(&app)[1].clone();
    assert!(message(&app).starts_with("north plays "));
    press(&mut app, "u");
    assert_eq!(app.game().entries().len(), 0);
    assert_eq!(message(&app), format!("taken back: c2 {reply}"));
    press(&mut app, "u");
    assert_eq!(message(&app), "nothing to undo");
    // Against people, one move at a time.
    let mut app = start(hotseat(5, 2));
    press(&mut app, "c2<Enter>c4<Enter>u");
    assert_eq!(moves(&app), ["c2"]);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let play = || {
        let mut setup = against_ai(5);
        setup.seats[1] = Controller::Ai(level(1));
        let mut app = start(setup);
        press(&mut app, "c2<Enter>c3<Enter>");
        moves(&app)
    };
    let first = play();
    // Two moves of each side: the AI answered both times.
    assert_eq!(first.len(), 4, "{first:?}");
    assert_eq!(first, play());
}

#[test]
fn the_ai_moves_first_when_it_sits_south() {
    let rules = Ruleset::new(5, 2).unwrap();
    let setup = Setup::new(rules, vec![Controller::Ai(level(3)), Controller::Human]);
    let app = start(setup);
    assert_eq!(app.game().entries().len(), 1);
    assert_eq!(app.cursor(), app.game().position().pawn(Seat::North));
}

#[test]
fn a_hint_suggests_a_move_and_draws_the_shortest_path() {
    let mut app = start(against_ai(5));
    press(&mut app, "?");
    let hint = app.hint().expect("a hint").clone();
    assert_eq!(hint.seat, Seat::South);
    assert!(app.game().position().is_legal(hint.best));
    let path: Vec<String> = hint.path.iter().map(|s| s.to_string()).collect();
    assert_eq!(path, ["c2", "c3", "c4", "c5"]);
    assert!(
        message(&app).starts_with("hint for south: "),
        "{}",
        message(&app)
    );
    let text = screen(&app, 80, 24);
    assert_eq!(
        text.matches('•').count(),
        3,
        "c5 holds north's pawn\n{text}"
    );
    // The hint goes away with the next move.
    press(&mut app, "c2<Enter>");
    assert!(app.hint().is_none());
}

#[test]
fn saving_and_loading_a_game_and_replaying_it() {
    let dir = temp_dir("save");
    let file = dir.join("game.txt");
    let mut app = start(hotseat(5, 2));
    press(&mut app, "c2<Enter>c4<Enter>b2h<Enter>");
    press(&mut app, &format!(":save<Space>{}<Enter>", file.display()));
    assert_eq!(message(&app), format!("saved to {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[South \"human\"]"), "{text}");
    assert!(text.ends_with("1. c2 c4 2. b2h\n"), "{text}");
    // `s` offers the same file again.
    press(&mut app, "s");
    assert_eq!(
        app.input(),
        Some(format!("save {}", file.display()).as_str())
    );
    press(&mut app, "<Esc>");

    let mut other = start(against_ai(5));
    press(
        &mut other,
        &format!(":load<Space>{}<Enter>", file.display()),
    );
    assert!(
        message(&other).starts_with("loaded "),
        "{}",
        message(&other)
    );
    assert_eq!(other.replay(), Some(3));
    assert_eq!(other.seats(), [Controller::Human, Controller::Human]);
    press(&mut other, "<Left><Left>");
    assert_eq!(other.replay(), Some(1));
    assert_eq!(other.shown().ply(), 1);
    assert_eq!(other.game().entries().len(), 3, "replaying changes nothing");
    // The same, under a name that does not change from run to run.
    let mut shown = start(against_ai(5));
    shown.load_saved(Saved::read(&file).unwrap(), "game.txt");
    press(&mut shown, "<Left><Left>");
    snapshot("replay_5x5", &screen(&shown, 80, 24));
    // Enter plays on from the position shown.
    press(&mut other, "<Enter>");
    assert_eq!(other.replay(), None);
    assert_eq!(moves(&other), ["c2"]);
    // Loading a missing file says why.
    press(&mut other, ":load<Space>/nonexistent/x.txt<Enter>");
    assert!(message(&other).starts_with("could not load /nonexistent/x.txt: "));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unfinished_game_is_kept_and_offered_again() {
    let dir = temp_dir("autosave");
    let mut setup = against_ai(5);
    setup.data_dir = Some(dir.clone());
    let mut app = start(setup.clone());
    press(&mut app, "c2<Enter>");
    let played = moves(&app);
    assert_eq!(press(&mut app, "<C-c>"), Action::Quit);
    assert!(app.has_quit());
    let file = dir.join(AUTOSAVE);
    assert_eq!(app.kept(), Some(file.as_path()));
    drop(app);

    let kept = Saved::read(&file).unwrap();
    let mut app = App::new(setup.clone(), Instant::now(), Some(kept.clone()));
    assert!(matches!(app.ask(), Some(Ask::Resume(_))));
    assert_eq!(
        app.prompt().text,
        "a game in progress was kept (5×5, 2 moves). Continue it? (y/n)"
    );
    press(&mut app, "y");
    assert_eq!(moves(&app), played);
    assert_eq!(message(&app), "game resumed");
    drop(app);

    // Declined, the kept game is forgotten.
    let mut app = App::new(setup.clone(), Instant::now(), Some(kept));
    press(&mut app, "n");
    assert!(app.game().entries().is_empty());
    assert!(!file.exists());
    // A finished game is not kept.
    press(&mut app, "c2<Enter>x");
    assert!(file.exists());
    press(&mut app, "y");
    assert!(app.game().is_over());
    assert!(!file.exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn four_players_with_people_and_ai_players() {
    let rules = Ruleset::new(5, 4).unwrap();
    let setup = Setup::new(
        rules,
        vec![
            Controller::Human,
            Controller::Ai(level(2)),
            Controller::Ai(level(3)),
            Controller::Human,
        ],
    );
    let mut app = start(setup);
    press(&mut app, "c2<Enter>");
    // West and north (AI) answered; east (a person) is to move.
    assert_eq!(app.game().entries().len(), 3);
    assert_eq!(app.human_to_move(), Some(Seat::East));
    assert_eq!(app.cursor(), app.game().position().pawn(Seat::East));
    // Undo goes back to the last person to move: south.
    press(&mut app, "u");
    assert_eq!(app.game().entries().len(), 0);
}

#[test]
fn a_game_between_ai_players_plays_itself_to_the_end() {
    let rules = Ruleset::new(5, 2).unwrap();
    let app = start(Setup::new(
        rules,
        vec![Controller::Ai(level(3)), Controller::Ai(level(4))],
    ));
    assert!(app.game().is_over());
    assert!(app.prompt().text.starts_with("game over: "));
}

#[test]
fn snapshot_nine_by_nine_with_four_pawns_and_fences() {
    let mut app = start(hotseat(9, 4));
    press(
        &mut app,
        "e2<Enter>b5<Enter>e8<Enter>h5<Enter>d3h<Enter>c4v<Enter>e6h<Enter>f5v<Enter>",
    );
    press(&mut app, "<Tab><Up><Up><Up>");
    snapshot("four_players_9x9", &screen(&app, 80, 24));
}

#[test]
fn snapshot_eleven_by_eleven_fits_80_by_24() {
    let mut app = start(hotseat(11, 2));
    press(&mut app, "f2<Enter>f10<Enter>e5h<Enter>f6v<Enter>");
    snapshot("eleven_compact", &screen(&app, 80, 24));
}

#[test]
fn snapshot_the_scoring_game_shows_its_score_sheet() {
    let rules = Ruleset::new(5, 2)
        .unwrap()
        .with_variant(Variant::Scoring)
        .unwrap();
    let mut app = start(Setup::new(rules, vec![Controller::Human; 2]));
    press(&mut app, "c2<Enter>c4<Enter>b2<Enter>b4h<Enter>b1<Enter>");
    let text = screen(&app, 80, 24);
    assert!(text.contains("Score sheet"), "{text}");
    assert!(text.contains("c2 +1"), "{text}");
    assert!(text.contains("b2 0 "), "{text}");
    assert!(text.contains("b1 -1"), "{text}");
    snapshot("scoring_5x5", &text);
}

#[test]
fn without_colours_the_screen_has_the_same_text_and_no_colour() {
    let mut app = start(hotseat(5, 2));
    press(&mut app, "c2<Enter>b3h<Enter><Tab>");
    let colour = screen_with(&app, 80, 24, Palette::new(true));
    let plain = screen_with(&app, 80, 24, Palette::new(false));
    let (colour, plain) = (colour.backend().buffer(), plain.backend().buffer());
    assert_eq!(ui::buffer_text(colour), ui::buffer_text(plain));
    assert!(colour.content().iter().any(|c| c.fg != Color::Reset));
    assert!(plain
        .content()
        .iter()
        .all(|c| c.fg == Color::Reset && c.bg == Color::Reset));
}

#[test]
fn help_and_small_terminals() {
    let mut app = start(hotseat(9, 2));
    press(&mut app, "<F1>");
    assert!(app.help_shown());
    assert!(screen(&app, 80, 24).contains("Keys (F1 or Esc closes)"));
    press(&mut app, "<Esc>");
    assert!(!app.help_shown());
    let text = screen(&app, 40, 10);
    assert!(
        text.starts_with("terminal too small: 69×20 needed"),
        "{text}"
    );
}

#[test]
fn replay_mode_from_the_keyboard() {
    let mut app = start(against_ai(5));
    press(&mut app, "c2<Enter><PgUp>");
    assert_eq!(app.replay(), Some(1));
    press(&mut app, "<Home>");
    assert_eq!(app.shown().ply(), 0);
    press(&mut app, "<End><Esc>");
    assert_eq!(app.replay(), None);
    assert_eq!(app.game().entries().len(), 2);
}

#[test]
fn the_screenshot_option_draws_after_a_script() {
    let text = screenshot(hotseat(5, 2), None, "80x24", "c2<Enter>", true).unwrap();
    assert!(text.contains("south plays c2"), "{text}");
    assert!(screenshot(hotseat(5, 2), None, "80", "", true).is_err());
    assert!(parse_keys("<Nope>").is_err());
    assert_eq!(
        parse_keys("a <C-c>").unwrap()[1],
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)
    );
}

#[test]
fn a_loaded_game_from_a_set_up_position_keeps_its_move_numbers() {
    let game: Game = quoridor_rules::parse_game_line("5 c3,c4 - 3,3 south 6 moves b3 c5").unwrap();
    let mut app = start(hotseat(5, 2));
    app.load_saved(
        Saved {
            game,
            seats: None,
            time: None,
            clocks: None,
        },
        "setup.txt",
    );
    let text = screen(&app, 80, 24);
    assert!(text.contains("  4. b3   c5"), "{text}");
    assert_eq!(app.game().start().ply(), 6);
}

#[test]
fn players_are_named_on_the_command_line() {
    use clap::Parser;
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        play: super::PlayArgs,
    }
    let setup_of = |args: &[&str]| {
        let mut words = vec!["play"];
        words.extend_from_slice(args);
        super::setup(&Cli::try_parse_from(words).unwrap().play)
    };
    let setup = setup_of(&["--seats", "human,ai:5,ai:3,human", "--seed", "1"]).unwrap();
    assert_eq!(setup.rules.players(), 4);
    assert!(
        setup.rules.repetition(),
        "four players: a third repetition draws"
    );
    assert_eq!(
        setup.seats,
        [
            Controller::Human,
            Controller::Ai(level(5)),
            Controller::Ai(level(3)),
            Controller::Human
        ]
    );
    let setup = setup_of(&["--variant", "teams", "--hotseat"]).unwrap();
    assert_eq!(setup.rules.variant(), Variant::Teams);
    assert_eq!(setup.seats, [Controller::Human; 4]);
    let setup = setup_of(&["--ai", "2", "--color", "north", "--size", "7"]).unwrap();
    assert_eq!(setup.seats, [Controller::Ai(level(2)), Controller::Human]);
    assert!(!setup.rules.repetition());
    assert_eq!(setup.rules.size(), 7);
    for _ in 0..20 {
        // A draw decides who moves first; the first mover sits south.
        let setup = setup_of(&["--color", "random"]).unwrap();
        assert_eq!(setup.seats.iter().filter(|c| c.is_human()).count(), 1);
    }
    let setup = setup_of(&["--clock", "5m+3s", "--fences", "4", "--lang", "ro"]).unwrap();
    assert_eq!(setup.time, Some("5m+3s".parse().unwrap()));
    assert_eq!(setup.rules.fences(), 4);
    assert_eq!(setup.lang, Lang::Ro);
    assert!(Cli::try_parse_from(["play", "--clock", "5m", "--move-time", "10s"]).is_err());
    assert!(setup_of(&["--players", "4", "--seats", "human,ai"]).is_err());
    assert_eq!("AI:7".parse::<Controller>(), Ok(Controller::Ai(level(7))));
    assert_eq!("ai".parse::<Controller>(), Ok(Controller::Ai(level(5))));
    assert_eq!(Controller::Ai(level(7)).to_string(), "ai:7");
    assert!("robot".parse::<Controller>().is_err());
}

#[test]
fn a_team_game_ends_when_a_partner_arrives() {
    let rules = Ruleset::new(5, 4)
        .unwrap()
        .with_variant(Variant::Teams)
        .unwrap();
    let app = start(Setup::new(
        rules,
        vec![
            Controller::Ai(level(3)),
            Controller::Ai(level(2)),
            Controller::Ai(level(3)),
            Controller::Ai(level(2)),
        ],
    ));
    assert!(app.game().is_over());
    let text = app.prompt().text;
    assert!(
        text == "game over: south+west win" || text == "game over: north+east win",
        "{text}"
    );
}

#[test]
fn four_on_one_terminal_are_drawn_by_a_third_repetition() {
    let rules = Ruleset::new(9, 4).unwrap().with_repetition(true);
    let mut app = start(Setup::new(rules, vec![Controller::Human; 4]));
    let round = "e2<Enter>b5<Enter>e8<Enter>h5<Enter>e1<Enter>a5<Enter>e9<Enter>i5<Enter>";
    press(&mut app, round);
    press(&mut app, round);
    assert_eq!(app.game().outcome(), Some(Outcome::Draw));
    assert_eq!(
        app.prompt().text,
        "game over: draw, the same position a third time"
    );
}
