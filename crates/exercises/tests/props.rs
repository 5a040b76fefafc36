//! Property tests of the exercises: every generated exercise of every
//! kind, level and seed is valid and solvable, its answer key passes the
//! checker, and an independent solver and checker written here (plain
//! breadth-first search over the grid) agree with the library's.

use std::collections::VecDeque;

use proptest::prelude::*;
use quoridor_exercises::{
    check, generate, solve, Answer, Color, Dir, Exercise, Item, Kind, Mistake, Side, Step, Target,
    Task,
};
use quoridor_rules::{Fence, Orientation, Square};

// ----- An independent model of the grid -----

/// Whether a fence stands between two orthogonal neighbours, from the
/// notation's definition: `e3h` separates e3|e4 and f3|f4, `e3v` e3|f3 and e4|f4.
fn walled(fences: &[Fence], a: (i32, i32), b: (i32, i32)) -> bool {
    fences.iter().any(|f| {
        let (c, r) = (f.anchor().col() as i32, f.anchor().row() as i32);
        let pairs = match f.orientation() {
            Orientation::Horizontal => [((c, r), (c, r + 1)), ((c + 1, r), (c + 1, r + 1))],
            Orientation::Vertical => [((c, r), (c + 1, r)), ((c, r + 1), (c + 1, r + 1))],
        };
        pairs
            .iter()
            .any(|&(p, q)| (p, q) == (a, b) || (q, p) == (a, b))
    })
}

fn xy(sq: Square) -> (i32, i32) {
    (sq.col() as i32, sq.row() as i32)
}

/// Steps from `from` to every square, avoiding `avoid`.
fn bfs(ex: &Exercise, from: Square, avoid: &[Square]) -> Vec<Vec<Option<usize>>> {
    let n = ex.board.size as i32;
    let mut dist = vec![vec![None; n as usize]; n as usize];
    let (x0, y0) = xy(from);
    dist[x0 as usize][y0 as usize] = Some(0);
    let mut queue = VecDeque::from([(x0, y0)]);
    while let Some((x, y)) = queue.pop_front() {
        let d = dist[x as usize][y as usize].unwrap();
        for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= n || ny >= n || walled(&ex.board.fences, (x, y), (nx, ny))
            {
                continue;
            }
            if avoid.iter().any(|s| xy(*s) == (nx, ny)) || dist[nx as usize][ny as usize].is_some()
            {
                continue;
            }
            dist[nx as usize][ny as usize] = Some(d + 1);
            queue.push_back((nx, ny));
        }
    }
    dist
}

fn at(dist: &[Vec<Option<usize>>], sq: Square) -> Option<usize> {
    dist[sq.col() as usize][sq.row() as usize]
}

fn items(ex: &Exercise, item: Item) -> Vec<Square> {
    ex.board
        .items
        .iter()
        .filter(|(_, i)| **i == item)
        .map(|(s, _)| *s)
        .collect()
}

fn edge_squares(side: Side, n: u8) -> Vec<Square> {
    (0..n)
        .map(|i| match side {
            Side::Top => Square::new(i, n - 1),
            Side::Bottom => Square::new(i, 0),
            Side::Left => Square::new(0, i),
            Side::Right => Square::new(n - 1, i),
        })
        .collect()
}

/// The fewest steps through every star in some order (all orders tried).
fn fewest_through(
    ex: &Exercise,
    start: Square,
    end: Square,
    stars: &[Square],
    fish: &[Square],
) -> Option<usize> {
    fn orders(items: &[Square]) -> Vec<Vec<Square>> {
        if items.is_empty() {
            return vec![Vec::new()];
        }
        let mut all = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.to_vec();
            let first = rest.remove(i);
            for mut tail in orders(&rest) {
                tail.insert(0, first);
                all.push(tail);
            }
        }
        all
    }
    orders(stars)
        .into_iter()
        .filter_map(|order| {
            let mut total = 0;
            let mut at_sq = start;
            for &next in order.iter().chain([end].iter()) {
                total += at(&bfs(ex, at_sq, fish), next)?;
                at_sq = next;
            }
            Some(total)
        })
        .min()
}

/// The independent answer: the length of the shortest route, the objects,
/// or the race.
#[derive(Debug, PartialEq)]
enum Expected {
    Steps(usize),
    Objects(Vec<quoridor_exercises::Object>),
    Arrows(Vec<Square>),
    Race(usize, usize, Color),
}

fn expected(ex: &Exercise) -> Option<Expected> {
    let n = ex.board.size;
    match &ex.task {
        Task::Maze { start, exit, .. } => at(&bfs(ex, *start, &[]), *exit).map(Expected::Steps),
        Task::Route { start, end, .. } => fewest_through(
            ex,
            *start,
            *end,
            &items(ex, Item::Star),
            &items(ex, Item::Fish),
        )
        .map(Expected::Steps),
        Task::ShortestPath { start, goal } => {
            let dist = bfs(ex, *start, &[]);
            edge_squares(*goal, n)
                .iter()
                .filter_map(|s| at(&dist, *s))
                .min()
                .map(Expected::Steps)
        }
        Task::Race { green, red, first } => {
            let g = edge_squares(Side::Top, n)
                .iter()
                .filter_map(|s| at(&bfs(ex, *green, &[]), *s))
                .min()?;
            let r = edge_squares(Side::Bottom, n)
                .iter()
                .filter_map(|s| at(&bfs(ex, *red, &[]), *s))
                .min()?;
            let winner = match first {
                Color::Green => {
                    if g <= r {
                        Color::Green
                    } else {
                        Color::Red
                    }
                }
                _ => {
                    if r <= g {
                        Color::Red
                    } else {
                        Color::Green
                    }
                }
            };
            Some(Expected::Race(g, r, winner))
        }
        Task::FollowArrows { walkers } => {
            let mut objects = Vec::new();
            for w in walkers {
                let (mut x, mut y) = xy(w.start);
                for step in &w.steps {
                    let (dx, dy) = step.dir.delta();
                    x += dx as i32 * step.count as i32;
                    y += dy as i32 * step.count as i32;
                }
                match ex.board.items.get(&Square::new(x as u8, y as u8)) {
                    Some(Item::Object(o)) => objects.push(*o),
                    _ => return None,
                }
            }
            Some(Expected::Objects(objects))
        }
        Task::WriteArrows { route, .. } => Some(Expected::Arrows(route.clone())),
    }
}

/// The squares that arrows walk from `start`, or `None` off the board.
fn follow(start: Square, steps: &[Step], n: u8) -> Option<Vec<Square>> {
    let (mut x, mut y) = xy(start);
    let mut out = Vec::new();
    for step in steps {
        let (dx, dy) = step.dir.delta();
        for _ in 0..step.count {
            x += dx as i32;
            y += dy as i32;
            if x < 0 || y < 0 || x >= n as i32 || y >= n as i32 {
                return None;
            }
            out.push(Square::new(x as u8, y as u8));
        }
    }
    Some(out)
}

fn kind_strategy() -> impl Strategy<Value = Kind> {
    prop::sample::select(Kind::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Every generated exercise is valid and the same for the same seed;
    /// it has an answer key that the checker accepts; the independent
    /// solver agrees on every length, object and race.
    #[test]
    fn generated_exercises_are_solvable_and_their_keys_pass(kind in kind_strategy(), level in 1u8..=5, seed in any::<u64>()) {
        let ex = generate(kind, level, seed);
        prop_assert_eq!(&generate(kind, level, seed), &ex);
        prop_assert_eq!(ex.kind(), kind);
        prop_assert_eq!(ex.validate(), Ok(()), "{}", ex);
        let key = solve(&ex).expect("an answer");
        let verdict = check(&ex, &key.answer);
        prop_assert!(verdict.is_right(), "{:?}\n{}", verdict, ex);
        let independent = expected(&ex).expect("the independent solver finds an answer");
        match (&key.answer, independent) {
            (Answer::Route { squares }, Expected::Steps(n)) => prop_assert_eq!(squares.len(), n, "{}", ex),
            (Answer::Objects { objects }, Expected::Objects(want)) => {
                prop_assert_eq!(objects.iter().map(|o| o.unwrap()).collect::<Vec<_>>(), want)
            }
            (Answer::Arrows { steps }, Expected::Arrows(route)) => {
                let Task::WriteArrows { start, .. } = &ex.task else { unreachable!() };
                prop_assert_eq!(follow(*start, steps, ex.board.size), Some(route));
            }
            (Answer::Race { winner, green, red }, Expected::Race(g, r, w)) => {
                prop_assert_eq!((*green, *red, *winner), (Some(g as u16), Some(r as u16), w));
            }
            (answer, want) => prop_assert!(false, "{:?} against {:?}", answer, want),
        }
    }

    /// Mazes are built of real fences: on the board, none overlapping or
    /// crossing (checked here from scratch), at most one box of 20.
    #[test]
    fn mazes_use_legal_fences(level in 1u8..=5, seed in any::<u64>()) {
        let ex = generate(Kind::Maze, level, seed);
        let n = ex.board.size;
        prop_assert!(ex.board.fences.len() <= 20);
        let fences = &ex.board.fences;
        for (i, a) in fences.iter().enumerate() {
            prop_assert!(a.anchor().col() + 1 < n && a.anchor().row() + 1 < n, "{}", a);
            for b in &fences[..i] {
                let (ac, ar, bc, br) = (a.anchor().col(), a.anchor().row(), b.anchor().col(), b.anchor().row());
                let clash = if a.orientation() == b.orientation() {
                    match a.orientation() {
                        Orientation::Horizontal => ar == br && ac.abs_diff(bc) < 2,
                        Orientation::Vertical => ac == bc && ar.abs_diff(br) < 2,
                    }
                } else {
                    (ac, ar) == (bc, br)
                };
                prop_assert!(!clash, "{} and {}", a, b);
            }
        }
    }

    /// Any route, even nonsense, gets the verdict of an independent
    /// checker: the first step that jumps, goes diagonally, crosses a
    /// fence or lands on a fish; else every star missed, a wrong end, and
    /// too many steps when the fewest were asked.
    #[test]
    fn routes_are_graded_like_the_independent_checker(
        kind in prop::sample::select(vec![Kind::Maze, Kind::Routes, Kind::Shortest]),
        level in 1u8..=5,
        seed in any::<u64>(),
        walk in prop::collection::vec((0u8..11, 0u8..11, 0u8..6), 0..30),
    ) {
        let ex = generate(kind, level, seed);
        if !ex.task.wants_route() {
            return Ok(());
        }
        let n = ex.board.size;
        // Mostly steps from the key route, sometimes a random square.
        let key = match solve(&ex).unwrap().answer { Answer::Route { squares } => squares, _ => unreachable!() };
        let mut route: Vec<Square> = Vec::new();
        for (i, &(c, r, how)) in walk.iter().enumerate() {
            let sq = match how {
                0 => Square::new(c % (n + 1).min(11), r % (n + 1).min(11)),
                1 if !key.is_empty() => key[(c as usize) % key.len()],
                _ if i < key.len() => key[i],
                _ => Square::new(c % n, r % n),
            };
            route.push(sq);
        }
        let verdict = check(&ex, &Answer::Route { squares: route.clone() });
        let (start, fish): (Square, Vec<Square>) = match &ex.task {
            Task::Route { start, .. } => (*start, items(&ex, Item::Fish)),
            Task::Maze { start, .. } | Task::ShortestPath { start, .. } => (*start, Vec::new()),
            _ => unreachable!(),
        };
        let mut cleaned: Vec<Square> = Vec::new();
        for sq in route {
            if cleaned.last().copied().unwrap_or(start) != sq {
                cleaned.push(sq);
            }
        }
        let mut want: Vec<Mistake> = Vec::new();
        let mut prev = start;
        for &sq in &cleaned {
            let (px, py) = xy(prev);
            let (x, y) = xy(sq);
            let mistake = if x >= n as i32 || y >= n as i32 {
                Some(Mistake::OffBoard { square: sq })
            } else if (px - x).abs() > 1 || (py - y).abs() > 1 {
                Some(Mistake::Jump { from: prev, to: sq })
            } else if px != x && py != y {
                Some(Mistake::Diagonal { from: prev, to: sq })
            } else if walled(&ex.board.fences, (px, py), (x, y)) {
                let fence = *ex.board.fences.iter().find(|f| f.blocks(prev, sq)).unwrap();
                Some(Mistake::ThroughFence { from: prev, to: sq, fence })
            } else if fish.contains(&sq) {
                Some(Mistake::OnFish { square: sq })
            } else {
                None
            };
            if let Some(m) = mistake {
                want.push(m);
                break;
            }
            prev = sq;
        }
        if cleaned.is_empty() {
            want.push(Mistake::Empty);
        } else if want.is_empty() {
            if let Task::Route { .. } = ex.task {
                for star in items(&ex, Item::Star) {
                    if !cleaned.contains(&star) {
                        want.push(Mistake::MissedStar { square: star });
                    }
                }
            }
            let (ok_end, target) = match &ex.task {
                Task::Maze { exit, .. } => (prev == *exit, Target::Exit),
                Task::Route { end, .. } => (prev == *end, Target::BluePawn),
                Task::ShortestPath { goal, .. } => (edge_squares(*goal, n).contains(&prev), Target::Edge { side: *goal }),
                _ => unreachable!(),
            };
            if !ok_end {
                want.push(Mistake::EndsElsewhere { at: prev, target });
            }
            let fewest = matches!(ex.task, Task::Route { fewest: true, .. } | Task::ShortestPath { .. });
            if want.is_empty() && fewest && cleaned.len() > key.len() {
                want.push(Mistake::TooLong { steps: cleaned.len(), fewest: key.len() });
            }
        }
        prop_assert_eq!(verdict.mistakes, want, "{}", ex);
    }

    /// Written arrows are right exactly when they trace the drawn route.
    #[test]
    fn written_arrows_are_right_when_they_trace_the_route(
        level in 3u8..=5,
        seed in any::<u64>(),
        changes in prop::collection::vec((0usize..12, 0u8..3, 0usize..8), 0..3),
    ) {
        let ex = generate(Kind::Arrows, level, seed);
        let Task::WriteArrows { start, route } = &ex.task else { return Ok(()) };
        let Answer::Arrows { steps } = solve(&ex).unwrap().answer else { unreachable!() };
        let mut answer = steps.clone();
        for &(i, what, dir) in &changes {
            let i = i % answer.len();
            match what {
                0 => answer[i].count = (answer[i].count % 9) + 1,
                1 => answer[i].dir = Dir::ALL[dir],
                _ => { answer.remove(i); if answer.is_empty() { break; } }
            }
        }
        let traced = follow(*start, &answer, ex.board.size);
        let right = traced.as_ref() == Some(route);
        prop_assert_eq!(check(&ex, &Answer::Arrows { steps: answer.clone() }).is_right(), right, "{:?}", answer);
    }

    /// Each pawn's object is graded alone; leaving one out is said.
    #[test]
    fn objects_are_graded_per_pawn(level in 1u8..=5, seed in any::<u64>(), wrong in 0usize..3) {
        let ex = generate(Kind::Arrows, level, seed);
        let Task::FollowArrows { walkers } = &ex.task else { return Ok(()) };
        let Answer::Objects { mut objects } = solve(&ex).unwrap().answer else { unreachable!() };
        let i = wrong % walkers.len();
        let right = objects[i].unwrap();
        let other = quoridor_exercises::Object::ALL.into_iter().find(|o| *o != right).unwrap();
        objects[i] = Some(other);
        let verdict = check(&ex, &Answer::Objects { objects: objects.clone() });
        prop_assert_eq!(verdict.mistakes, vec![Mistake::WrongObject { pawn: walkers[i].color, said: other }]);
        objects[i] = None;
        let verdict = check(&ex, &Answer::Objects { objects });
        prop_assert_eq!(verdict.mistakes, vec![Mistake::MissingObject { pawn: walkers[i].color }]);
    }

    /// Exercises read back from their text and JSON forms.
    #[test]
    fn text_and_json_forms_read_back(kind in kind_strategy(), level in 1u8..=5, seed in any::<u64>()) {
        let ex = generate(kind, level, seed);
        prop_assert_eq!(ex.to_string().parse::<Exercise>().unwrap(), ex.clone());
        prop_assert_eq!(Exercise::from_json(&ex.to_json()).unwrap(), ex);
    }
}

#[test]
fn the_race_counts_and_winner_are_checked() {
    let text =
        "quoridor exercise 1\ntask: race\nsize: 5\nfences: a3h\ngreen: a1\nred: e5\nfirst: red\n";
    let ex: Exercise = text.parse().unwrap();
    // Green: round a3h (a3|a4 and b3|b4) by column c: 6 steps; red: 4.
    let key = solve(&ex).unwrap().answer;
    assert_eq!(
        key,
        Answer::Race {
            winner: Color::Red,
            green: Some(6),
            red: Some(4)
        }
    );
    let said = |winner, green, red| check(&ex, &Answer::Race { winner, green, red }).mistakes;
    assert_eq!(said(Color::Red, None, None), vec![]);
    assert_eq!(
        said(Color::Green, None, None),
        vec![Mistake::WrongWinner { said: Color::Green }]
    );
    assert_eq!(
        said(Color::Red, Some(5), Some(4)),
        vec![Mistake::WrongCount {
            pawn: Color::Green,
            said: 5
        }]
    );
    assert_eq!(
        check(&ex, &Answer::Route { squares: vec![] }).mistakes,
        vec![Mistake::WrongAnswerKind]
    );
}
