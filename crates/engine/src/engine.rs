//! The engine: one object per player, keeping its table between moves.

use std::sync::atomic::{AtomicBool, Ordering};

use quoridor_rules::{Game, Move, Position};

use crate::book::Book;
use crate::level::{Level, LevelSettings};
use crate::limit::SearchLimit;
use crate::maxn::{is_free_for_all, MaxnSearcher};
use crate::race::RaceTable;
use crate::report::{Reporter, Silent};
use crate::rng::Rng;
use crate::score::Score;
use crate::search::{SearchResult, Searcher};
use crate::tt::TranspositionTable;

/// Default size of the transposition table.
pub const DEFAULT_HASH_MB: usize = 32;

/// The table of the searches that must answer the same on the server and
/// in the page (its AI seats, the analysis board): a search to a fixed
/// depth and seed from an empty table of this size gives the same move
/// natively and in WebAssembly, on a phone as on a desktop.
pub const SHARED_HASH_MB: usize = 4;

/// A Quoridor player: give it a position and a limit, it answers a move.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use quoridor_engine::{Engine, SearchLimit, Silent};
/// use quoridor_rules::{Position, Ruleset};
///
/// let mut engine = Engine::new();
/// let pos = Position::new(Ruleset::new(5, 2).unwrap());
/// let stop = AtomicBool::new(false);
/// let result = engine.search(&pos, SearchLimit::Depth(3), &stop, &mut Silent).unwrap();
/// assert!(pos.is_legal(result.best));
/// ```
pub struct Engine {
    tt: TranspositionTable,
    level: Level,
    rng: Rng,
    seed: u64,
    /// Whether the levels that search selectively search full width instead.
    full_width: bool,
    /// Whether the levels that use the learned evaluation keep to the
    /// hand-made one instead.
    hand_eval: bool,
    /// Whether the levels that play the opening book do.
    book: bool,
    /// The last race solved: the fences no longer change in a race, so
    /// one table serves the rest of the game.
    race: Option<RaceTable>,
}

impl Engine {
    /// Full strength, a table of [`DEFAULT_HASH_MB`], seed 0.
    pub fn new() -> Engine {
        Engine::with_hash(DEFAULT_HASH_MB)
    }

    pub fn with_hash(megabytes: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(megabytes),
            level: Level::MAX,
            rng: Rng::new(0),
            seed: 0,
            full_width: false,
            hand_eval: false,
            book: true,
            race: None,
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Whether the search stays full width (no quiescence, no null-move
    /// pruning) with the hand-made evaluation at every level: what a proof
    /// needs, whose every line within its depth must be searched (and the
    /// search the shipped puzzles were proved by).
    pub fn full_width(&self) -> bool {
        self.full_width
    }

    pub fn set_full_width(&mut self, on: bool) {
        self.full_width = on;
    }

    /// Whether the levels that use the learned evaluation
    /// ([`crate::net`]) keep to the hand-made one: to measure what the
    /// network brings.
    pub fn hand_eval(&self) -> bool {
        self.hand_eval
    }

    pub fn set_hand_eval(&mut self, on: bool) {
        self.hand_eval = on;
    }

    /// Whether the levels that play the opening book ([`crate::book`])
    /// do (on by default): off to measure the search alone, for analysis
    /// (which searches every position and shows the book beside), and for
    /// training data.
    pub fn book(&self) -> bool {
        self.book
    }

    pub fn set_book(&mut self, on: bool) {
        self.book = on;
    }

    /// The level's settings, full width or hand-made evaluation if asked.
    fn settings(&self) -> LevelSettings {
        let mut settings = self.level.settings();
        settings.selective &= !self.full_width;
        settings.learned &= !self.full_width && !self.hand_eval;
        settings.book &= !self.full_width && self.book;
        settings.exact_races &= !self.full_width;
        settings
    }

    /// The move of a race without fences in hand, from its exact solution,
    /// if the level plays races so and the race is decided.
    fn race_move(
        &mut self,
        pos: &Position,
        settings: LevelSettings,
        reporter: &mut dyn Reporter,
    ) -> Option<SearchResult> {
        if !settings.exact_races || !RaceTable::applies(pos) {
            return None;
        }
        let start = crate::clock::Instant::now();
        if !self.race.as_ref().is_some_and(|t| t.fits(pos)) {
            self.race = RaceTable::solve(pos);
        }
        let table = self.race.as_ref()?;
        let solved = table.best(pos)?;
        let line = |after: &Position| table.line(after, 40);
        let (depth, elapsed) = (solved.score.plies_to_end().unwrap_or(0), start.elapsed());
        Some(known_move(
            pos,
            (solved.best, solved.score, depth),
            elapsed,
            line,
            reporter,
        ))
    }

    /// A move from the opening book, as a search's result, if the level
    /// plays the book and `pos` is in it.
    fn book_move(
        &mut self,
        pos: &Position,
        settings: LevelSettings,
        reporter: &mut dyn Reporter,
    ) -> Option<SearchResult> {
        if !settings.book {
            return None;
        }
        let book = Book::shipped();
        let chosen = book.choose(pos, &mut self.rng)?;
        let line = |after: &Position| book.line(after, 20);
        let known = (chosen.mv, chosen.score, chosen.depth);
        Some(known_move(pos, known, Default::default(), line, reporter))
    }

    /// Seeds the randomness of the low levels (the same seed, position and
    /// depth limit give the same move).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = Rng::new(seed);
    }

    /// Forgets what earlier searches learned (a new game).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.rng = Rng::new(self.seed);
    }

    /// Searches `pos` within `limit` (tightened by the level) and returns the
    /// move to play, or `None` if the game is over. `stop` may be set from
    /// another thread to end the search early; the answer is still legal.
    pub fn search(
        &mut self,
        pos: &Position,
        limit: SearchLimit,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> Option<SearchResult> {
        self.search_after(pos, &[], limit, stop, reporter)
    }

    /// [`Self::search`] of a position reached in a game whose positions
    /// so far were `earlier`, oldest first, `pos` itself last or not (those
    /// since the last fence suffice: [`Game::since_last_fence`]). A move
    /// that brings one of them back is valued as a draw: the side ahead
    /// breaks out of a walk to and fro. With four players each for
    /// themselves, the draw is shared by all and seen along the whole line
    /// ([`crate::maxn`]); with two sides, among the root's moves.
    pub fn search_after(
        &mut self,
        pos: &Position,
        earlier: &[Position],
        limit: SearchLimit,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> Option<SearchResult> {
        if pos.is_over() {
            return None;
        }
        if is_free_for_all(pos) {
            let settings = self.level.free_for_all_settings();
            let limit = self.level.limit_with(settings, limit);
            let mut searcher = MaxnSearcher::new(limit, stop, settings).after(earlier);
            return Some(searcher.run(pos, &mut self.rng, reporter));
        }
        let limit = self.level.limit(limit);
        let settings = self.settings();
        if let Some(result) = self.book_move(pos, settings, reporter) {
            return Some(result);
        }
        if let Some(result) = self.race_move(pos, settings, reporter) {
            return Some(result);
        }
        let mut searcher = Searcher::new(&mut self.tt, pos, limit, stop, settings);
        searcher.after(earlier);
        Some(searcher.run(pos, &mut self.rng, reporter))
    }

    /// The best move other than `excluded`, with its value: how much better
    /// the best move is than every other, for puzzles and the review of a
    /// game. `None` when the game is over, every legal move is excluded, or
    /// four play each for themselves (the exclusion needs two sides).
    pub fn search_excluding(
        &mut self,
        pos: &Position,
        limit: SearchLimit,
        excluded: &[Move],
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> Option<SearchResult> {
        if pos.is_over() || is_free_for_all(pos) {
            return None;
        }
        if pos.legal_moves().iter().all(|mv| excluded.contains(mv)) {
            return None;
        }
        let limit = self.level.limit(limit);
        let settings = self.settings();
        let mut searcher = Searcher::new(&mut self.tt, pos, limit, stop, settings);
        searcher.exclude(excluded);
        Some(searcher.run(pos, &mut self.rng, reporter))
    }

    /// The best `count` moves of `pos`, best first, each with its own line
    /// (multi-PV, for the analysis board): the search, then a search
    /// excluding the moves found so far, and so on, each within `limit`.
    /// `found` hears each line once it is searched; the reporter hears the
    /// iterations of the first. Fewer lines where fewer moves are legal, and
    /// one where four play each for themselves (see [`Self::search_excluding`]).
    pub fn search_lines(
        &mut self,
        pos: &Position,
        limit: SearchLimit,
        count: usize,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
        found: &mut dyn FnMut(&[SearchResult]),
    ) -> Vec<SearchResult> {
        let mut lines: Vec<SearchResult> = Vec::new();
        let Some(first) = self.search(pos, limit, stop, reporter) else {
            return lines;
        };
        lines.push(first);
        found(&lines);
        while lines.len() < count && !stop.load(Ordering::Relaxed) {
            let excluded: Vec<Move> = lines.iter().map(|r| r.best).collect();
            match self.search_excluding(pos, limit, &excluded, stop, &mut Silent) {
                Some(next) => lines.push(next),
                None => break,
            }
            // Best first: a later search may value its move above an
            // earlier one (each search sees what the others did not).
            // Stable: equal values keep the order they were found in.
            lines.sort_by_key(|line| std::cmp::Reverse(line.score));
            found(&lines);
        }
        lines
    }

    /// Searches the current position of a game.
    pub fn search_game(
        &mut self,
        game: &Game,
        limit: SearchLimit,
        stop: &AtomicBool,
        reporter: &mut dyn Reporter,
    ) -> Option<SearchResult> {
        if game.is_over() {
            return None;
        }
        let earlier = game.since_last_fence();
        self.search_after(game.position(), earlier, limit, stop, reporter)
    }
}

/// The answer of a move known without searching (the book, a solved race):
/// `known` is the move, its value and the depth it stands for; `line` the
/// expected continuation from the position after it.
fn known_move(
    pos: &Position,
    known: (Move, Score, u32),
    elapsed: std::time::Duration,
    line: impl FnOnce(&Position) -> Vec<Move>,
    reporter: &mut dyn Reporter,
) -> SearchResult {
    let (best, score, depth) = known;
    let mut after = *pos;
    after.play_unchecked(best);
    let mut pv = vec![best];
    pv.extend(line(&after));
    let result = SearchResult {
        best,
        score,
        depth,
        nodes: 0,
        elapsed,
        pv,
    };
    reporter.iteration(&result.info());
    result
}

/// A legal move found without searching, for when a search failed: the
/// pawn step that gets closest to the goal line, else any legal move;
/// `None` when the game is over.
///
/// ```
/// use quoridor_engine::safe_move;
/// use quoridor_rules::{Position, Ruleset};
/// let pos = Position::new(Ruleset::STANDARD);
/// assert_eq!(safe_move(&pos).unwrap().to_string(), "e2");
/// ```
pub fn safe_move(pos: &Position) -> Option<Move> {
    if pos.is_over() {
        return None;
    }
    let distances = pos.distance_map(pos.turn());
    let moves = pos.legal_moves();
    let step = moves
        .iter()
        .filter_map(|&mv| match mv {
            Move::Pawn(to) => distances.get(to).map(|d| (d, mv)),
            _ => None,
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, mv)| mv);
    step.or_else(|| moves.iter().next().copied())
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}
