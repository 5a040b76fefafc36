//! What the players are asked (resign, a draw, a new game), the passes
//! nobody can refuse, and the clocks: the game crate's rules as the
//! terminal plays them.

use super::*;

#[test]
fn resigning_against_the_ai() {
    let mut app = start(against_ai(5));
    press(&mut app, "x");
    assert_eq!(app.prompt().text, "south: resign this game? (y/n)");
    press(&mut app, "n");
    assert!(!app.game().is_over());
    press(&mut app, "xy");
    assert_eq!(app.game().outcome(), Some(Outcome::Winner(Seat::North)));
    assert_eq!(app.game().termination(), Some(Termination::Resignation));
    assert_eq!(app.prompt().text, "game over: north wins, south resigns");
    // Undo takes the resignation back.
    press(&mut app, "u");
    assert!(!app.game().is_over());
}

#[test]
fn a_draw_is_agreed_by_the_people_and_by_a_computer_that_does_not_lead() {
    // The computer answers as on the server: at the start it does not
    // lead, and agrees.
    let mut app = start(against_ai(5));
    press(&mut app, "o");
    assert_eq!(app.game().entries().last(), Some(&Entry::DrawAgreed));
    // South walks back: the computer leads the race and declines.
    let mut app = start(against_ai(5));
    press(&mut app, "c2<Enter>c1<Enter>");
    let before = app.game().entries().len();
    press(&mut app, "o");
    assert_eq!(message(&app), "north declines the draw: it leads the race");
    assert_eq!(app.game().entries().len(), before);
    let mut app = start(hotseat(5, 2));
    press(&mut app, "c2<Enter>o");
    assert_eq!(
        app.prompt().text,
        "north offers a draw. south: accept? (y/n)"
    );
    press(&mut app, "n");
    assert_eq!(message(&app), "draw declined");
    press(&mut app, "oy");
    assert_eq!(app.game().outcome(), Some(Outcome::Draw));
    assert_eq!(app.game().entries().last(), Some(&Entry::DrawAgreed));
    assert_eq!(app.prompt().text, "game over: draw agreed");
}

#[test]
fn a_pass_nobody_can_refuse_is_played_at_once() {
    // The scoring game without fences: south arrives, and from then on
    // its only move is to pass, which the game plays for it.
    let rules = Ruleset::new(5, 2)
        .unwrap()
        .with_fences(0)
        .unwrap()
        .with_variant(Variant::Scoring)
        .unwrap();
    let mut app = start(Setup::new(rules, vec![Controller::Human; 2]));
    press(
        &mut app,
        "c2<Enter>b5<Enter>c3<Enter>a5<Enter>c4<Enter>b5<Enter>c5<Enter>b4<Enter>",
    );
    assert_eq!(app.game().position().turn(), Seat::North);
    assert_eq!(app.game().entries().last(), Some(&Entry::Move(Move::Pass)));
    press(&mut app, "b3<Enter>");
    assert_eq!(app.game().position().turn(), Seat::North);
}

#[test]
fn a_new_game_is_asked_for_while_one_is_going() {
    let mut app = start(hotseat(5, 2));
    press(&mut app, "c2<Enter>n");
    assert_eq!(app.ask(), Some(&Ask::NewGame));
    press(&mut app, "<Esc>");
    assert_eq!(moves(&app), ["c2"]);
    press(&mut app, "ny");
    assert!(app.game().entries().is_empty());
    assert_eq!(message(&app), "new game");
}

#[test]
fn clocks_run_for_the_side_to_move_and_a_flag_loses() {
    // The game crate's clocks, as on the server and the page: a seat's
    // clock runs from its second move on (its first is not charged, but
    // earns the increment).
    let t0 = Instant::now();
    let s = Duration::from_secs;
    let mut setup = hotseat(5, 2);
    setup.time = Some("1m+2s".parse().unwrap());
    let mut app = App::new(setup, t0, None);
    app.tick(t0 + s(10));
    assert_eq!(app.clock(Seat::South), Some(s(60)), "a first move is free");
    press(&mut app, "c2<Enter>");
    assert_eq!(app.clock(Seat::South), Some(s(62)));
    app.tick(t0 + s(20));
    press(&mut app, "c4<Enter>");
    app.tick(t0 + s(30));
    assert_eq!(app.clock(Seat::North), Some(s(62)));
    assert_eq!(app.clock(Seat::South), Some(s(52)));
    assert!(screen(&app, 80, 24).contains(" 0:52"));
    app.tick(t0 + s(82));
    assert_eq!(app.game().outcome(), Some(Outcome::Winner(Seat::North)));
    assert_eq!(app.game().termination(), Some(Termination::Timeout));
    assert_eq!(message(&app), "game over: north wins, south loses on time");

    let mut setup = hotseat(5, 2);
    setup.time = Some("10s/move".parse().unwrap());
    let mut app = App::new(setup, t0, None);
    app.tick(t0 + s(9));
    press(&mut app, "c2<Enter>");
    app.tick(t0 + s(18));
    press(&mut app, "c4<Enter>");
    app.tick(t0 + s(27));
    assert_eq!(app.clock(Seat::South), Some(s(1)));
    assert_eq!(app.clock(Seat::North), Some(s(10)));
    app.tick(t0 + s(28));
    assert_eq!(app.game().outcome(), Some(Outcome::Winner(Seat::North)));
}

#[test]
fn the_clock_stands_still_while_the_players_look_back_and_a_late_move_loses() {
    let t0 = Instant::now();
    let s = Duration::from_secs;
    let mut setup = hotseat(5, 2);
    setup.time = Some("1m".parse().unwrap());
    let mut app = App::new(setup, t0, None);
    press(&mut app, "c2<Enter>c4<Enter>");
    app.tick(t0 + s(10));
    press(&mut app, "<PgUp>");
    assert_eq!(app.replay(), Some(1));
    app.tick(t0 + s(500));
    assert_eq!(app.clock(Seat::South), Some(s(50)));
    assert!(
        !app.game().is_over(),
        "a clock looked back at does not fall"
    );
    press(&mut app, "<Esc>");
    assert_eq!(app.replay(), None);
    app.tick(t0 + s(540));
    assert_eq!(app.clock(Seat::South), Some(s(10)));
    // A move typed after the time ran out (no tick between) loses on time.
    app.set_now(t0 + s(551));
    press(&mut app, "c3<Enter>");
    assert_eq!(app.game().termination(), Some(Termination::Timeout));
    assert_eq!(moves(&app), ["c2", "c4"], "the late move is not played");
    assert_eq!(message(&app), "game over: north wins, south loses on time");
}
