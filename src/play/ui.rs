//! The screen: the board drawn with box-drawing characters on the left,
//! the players, clocks and move list on the right, the message and prompt
//! lines below. Everything is read from the [`App`]; nothing here changes
//! the game.
//!
//! The board grid follows [`Diagram::cell`]: squares three characters wide,
//! grooves one, posts where grooves meet. Empty grooves are thin lines,
//! placed fences double lines (`═══╪═══`, `║ ╫ ║`), the fence under the
//! cursor heavy lines (`━━━┿━━━`) or crosses (`×××`) when it is forbidden.
//! Pawns are their seat's initial in the seat's colour, the squares the
//! pawn may go to a dot `·`, the hint's shortest path bullets `•`, the
//! cursor brackets `[ ]`. Without colours every one of these still differs.

use quoridor_rules::{Cell, Diagram, Entry, Fence, Move, Orientation, Seat, Square, Variant};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::app::{App, Mode, Tone};
use super::clock::clock_text;
use super::i18n::{Lang, Msg};
use super::keys::{self, Context};

/// Styles, or none of them without colours.
#[derive(Copy, Clone, Debug)]
pub struct Palette {
    color: bool,
}

impl Palette {
    pub fn new(color: bool) -> Palette {
        Palette { color }
    }

    fn fg(self, color: Color) -> Style {
        if self.color {
            Style::default().fg(color)
        } else {
            Style::default()
        }
    }

    fn seat(self, seat: Seat) -> Style {
        let color = match seat {
            Seat::South => Color::LightRed,
            Seat::West => Color::LightGreen,
            Seat::North => Color::LightBlue,
            Seat::East => Color::LightMagenta,
        };
        self.fg(color).add_modifier(Modifier::BOLD)
    }

    fn frame(self) -> Style {
        self.fg(Color::Gray)
    }

    fn grid(self) -> Style {
        self.fg(Color::DarkGray)
    }

    fn fence(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    fn preview(self, legal: bool) -> Style {
        let color = if legal { Color::LightGreen } else { Color::Red };
        self.fg(color).add_modifier(Modifier::BOLD)
    }

    fn target(self) -> Style {
        self.fg(Color::Green)
    }

    fn hint(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    fn cursor(self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }

    fn label(self) -> Style {
        self.fg(Color::Gray)
    }

    fn key(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    fn title(self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }

    fn tone(self, tone: Tone) -> Style {
        match tone {
            Tone::Info => Style::default(),
            Tone::Good => self.fg(Color::LightGreen).add_modifier(Modifier::BOLD),
            Tone::Error => self.fg(Color::LightRed).add_modifier(Modifier::BOLD),
        }
    }
}

/// Columns and lines the board takes: row labels, the grid, the column
/// letters on their own line (or in the bottom frame when `compact`).
pub fn board_size(size: u8, compact: bool) -> (u16, u16) {
    let side = 2 * size as u16 + 1;
    (3 + 4 * size as u16 + 1, side + u16::from(!compact))
}

/// The smallest panel beside the board.
const MIN_PANEL: u16 = 28;

/// The smallest screen for a board size.
pub fn min_screen(size: u8) -> (u16, u16) {
    let (w, h) = board_size(size, true);
    (w + 1 + MIN_PANEL, h + 1)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App, pal: Palette) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    draw_screen(buf, area, app, pal);
    if let Some(input) = app.input() {
        // The terminal cursor at the end of the typed text.
        let x = (area.x + 2 + input.chars().count() as u16).min(area.right().saturating_sub(1));
        frame.set_cursor_position(ScreenPosition::new(x, area.bottom().saturating_sub(1)));
    }
}

/// Draws the screen into a buffer (the tests draw without a terminal).
pub fn draw_screen(buf: &mut Buffer, area: Rect, app: &App, pal: Palette) {
    let lang = app.lang();
    let size = app.shown().size();
    let (min_w, min_h) = min_screen(size);
    if area.width < min_w || area.height < min_h {
        let text = lang.f(Msg::TooSmall, &[&min_w, &min_h]);
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .render_to(area, buf);
        return;
    }
    let side = 2 * size as u16 + 1;
    // The letters get a line of their own when two lines stay below.
    let compact = area.height < side + 1 + 2;
    let (board_w, board_h) = board_size(size, compact);
    let bottom_h = (area.height - board_h).min(2);
    let board = Rect::new(area.x, area.y, board_w, board_h);
    let panel = Rect::new(
        area.x + board_w + 1,
        area.y,
        area.width - board_w - 1,
        area.height - bottom_h,
    );
    let bottom = Rect::new(area.x, area.bottom() - bottom_h, area.width, bottom_h);
    draw_board(buf, board, app, pal, compact);
    draw_panel(buf, panel, app, pal);
    draw_bottom(buf, bottom, app, pal);
    if app.help_shown() {
        draw_help(buf, area, lang, pal);
    }
}

trait RenderTo {
    fn render_to(self, area: Rect, buf: &mut Buffer);
}

impl<W: ratatui::widgets::Widget> RenderTo for W {
    fn render_to(self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
}

// ----- The board -----

/// What covers a groove or post besides placed fences.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Overlay {
    None,
    Preview(bool),
    Hint,
}

/// Grid cells (x, y) a fence covers, with the centre post second.
fn fence_cells(fence: Fence, size: u8) -> [(usize, usize); 3] {
    let n = size as usize;
    let (c, r) = (fence.anchor().col() as usize, fence.anchor().row() as usize);
    match fence.orientation() {
        Orientation::Horizontal => {
            let y = 2 * (n - 1 - r);
            [(2 * c + 1, y), (2 * c + 2, y), (2 * c + 3, y)]
        }
        Orientation::Vertical => {
            let x = 2 * c + 2;
            let y = 2 * (n - 1 - r) + 1;
            [(x, y), (x, y - 1), (x, y - 2)]
        }
    }
}

fn draw_board(buf: &mut Buffer, area: Rect, app: &App, pal: Palette, compact: bool) {
    let pos = app.shown();
    let lang = app.lang();
    let size = pos.size();
    let n = size as usize;
    let side = 2 * n + 1;
    let diagram = Diagram::new(pos);
    let live = app.replay().is_none() && !app.game().is_over();
    let targets = if live { app.targets() } else { 0 };
    let cursor = (live && app.mode() == Mode::Pawn).then(|| app.cursor());
    let mut overlay = vec![Overlay::None; side * side];
    if let Some((fence, check)) = app.preview() {
        for (x, y) in fence_cells(fence, size) {
            overlay[y * side + x] = Overlay::Preview(check.is_ok());
        }
    }
    let mut path = 0u128;
    if let Some(hint) = app.hint().filter(|_| live) {
        for sq in &hint.path {
            path |= sq.bit();
        }
        if let Move::Fence(fence) = hint.best {
            for (x, y) in fence_cells(fence, size) {
                if overlay[y * side + x] == Overlay::None {
                    overlay[y * side + x] = Overlay::Hint;
                }
            }
        }
    }
    let screen_x = |gx: usize| area.x + 3 + (gx / 2) as u16 * 4 + (gx % 2) as u16;
    let put = |buf: &mut Buffer, gx: usize, gy: usize, text: &str, style: Style| {
        let y = area.y + gy as u16;
        if y < area.bottom() {
            buf.set_string(screen_x(gx), y, text, style);
        }
    };
    for gy in 0..side {
        if gy % 2 == 1 {
            let label = format!("{:>2}", n - gy / 2);
            buf.set_string(area.x, area.y + gy as u16, label, pal.label());
        }
        for gx in 0..side {
            let over = overlay[gy * side + gx];
            let wide = gx % 2 == 1;
            match diagram.cell(gx, gy) {
                Cell::Square(pawn) => {
                    let col = (gx / 2) as u8;
                    let row = (n - 1 - gy / 2) as u8;
                    let sq = Square::new(col, row);
                    let (mark, style) = match pawn {
                        Some(seat) => (lang.initial(seat), pal.seat(seat)),
                        None if path & sq.bit() != 0 => ("•", pal.hint()),
                        None if targets & sq.bit() != 0 => ("·", pal.target()),
                        None => (" ", Style::default()),
                    };
                    if cursor == Some(sq) {
                        put(buf, gx, gy, &format!("[{mark}]"), style.patch(pal.cursor()));
                    } else {
                        put(buf, gx, gy, &format!(" {mark} "), style);
                    }
                }
                Cell::Groove(fenced) => {
                    let (text, style) = match (over, fenced, wide) {
                        (Overlay::Preview(true) | Overlay::Hint, _, true) => {
                            ("━━━", over_style(over, pal))
                        }
                        (Overlay::Preview(true) | Overlay::Hint, _, false) => {
                            ("┃", over_style(over, pal))
                        }
                        (Overlay::Preview(false), _, true) => ("×××", pal.preview(false)),
                        (Overlay::Preview(false), _, false) => ("×", pal.preview(false)),
                        (Overlay::None, true, true) => ("═══", pal.fence()),
                        (Overlay::None, true, false) => ("║", pal.fence()),
                        (Overlay::None, false, true) => ("───", pal.grid()),
                        (Overlay::None, false, false) => ("│", pal.grid()),
                    };
                    put(buf, gx, gy, text, style);
                }
                Cell::Post(centre) => {
                    let preview_dir = |app: &App| app.preview().map(|(f, _)| f.orientation());
                    let hint_dir = || match app.hint().map(|h| h.best) {
                        Some(Move::Fence(f)) => Some(f.orientation()),
                        _ => None,
                    };
                    let (text, style) = match over {
                        Overlay::Preview(false) => ("×", pal.preview(false)),
                        Overlay::Preview(true) => match preview_dir(app) {
                            Some(Orientation::Vertical) => ("╂", pal.preview(true)),
                            _ => ("┿", pal.preview(true)),
                        },
                        Overlay::Hint => match hint_dir() {
                            Some(Orientation::Vertical) => ("╂", pal.hint()),
                            _ => ("┿", pal.hint()),
                        },
                        Overlay::None => match centre {
                            Some(Orientation::Horizontal) => ("╪", pal.fence()),
                            Some(Orientation::Vertical) => ("╫", pal.fence()),
                            None => ("┼", pal.grid()),
                        },
                    };
                    put(buf, gx, gy, text, style);
                }
                Cell::Edge => {
                    put(buf, gx, gy, edge_glyph(gx, gy, side), pal.frame());
                    if compact && gy + 1 == side && wide {
                        let letter = (b'a' + (gx / 2) as u8) as char;
                        buf.set_string(
                            screen_x(gx) + 1,
                            area.y + gy as u16,
                            letter.to_string(),
                            pal.label(),
                        );
                    }
                }
            }
        }
    }
    if !compact {
        let y = area.y + side as u16;
        for c in 0..n {
            let letter = (b'a' + c as u8) as char;
            buf.set_string(screen_x(2 * c + 1) + 1, y, letter.to_string(), pal.label());
        }
    }
}

fn over_style(over: Overlay, pal: Palette) -> Style {
    match over {
        Overlay::Hint => pal.hint(),
        Overlay::Preview(legal) => pal.preview(legal),
        Overlay::None => pal.grid(),
    }
}

/// The frame: corners, T-junctions where grooves meet it, lines.
fn edge_glyph(gx: usize, gy: usize, side: usize) -> &'static str {
    let last = side - 1;
    let (left, right, top, bottom) = (gx == 0, gx == last, gy == 0, gy == last);
    let wide = gx % 2 == 1;
    match (left, right, top, bottom) {
        (true, _, true, _) => "┌",
        (_, true, true, _) => "┐",
        (true, _, _, true) => "└",
        (_, true, _, true) => "┘",
        (_, _, true, _) | (_, _, _, true) if wide => "───",
        (_, _, true, _) => "┬",
        (_, _, _, true) => "┴",
        (true, ..) | (_, true, ..) if gy % 2 == 1 => "│",
        (true, ..) => "├",
        _ => "┤",
    }
}

// ----- The panel -----

fn draw_panel(buf: &mut Buffer, area: Rect, app: &App, pal: Palette) {
    let lang = app.lang();
    let rules = app.game().rules();
    let mut lines: Vec<Line> = Vec::new();
    let mut title = lang.f(Msg::Title, &[&rules.size()]);
    let variant = match rules.variant() {
        Variant::Standard => "",
        Variant::Teams => lang.t(Msg::VariantTeams),
        Variant::Scoring => lang.t(Msg::VariantScoring),
    };
    if !variant.is_empty() {
        title.push_str(" · ");
        title.push_str(variant);
    }
    lines.push(Line::from(Span::styled(title, pal.title())));
    lines.extend(seat_table(app, pal, area.width as usize));
    lines.push(Line::default());
    let keys = key_lines(app, pal, area.width as usize);
    let title = if rules.variant() == Variant::Scoring {
        Msg::ScoreSheetTitle
    } else {
        Msg::MovesTitle
    };
    lines.push(Line::from(Span::styled(lang.t(title), pal.title())));
    let room = (area.height as usize).saturating_sub(lines.len() + keys.len() + 1);
    lines.extend(move_lines(app, pal, room));
    let used = lines.len();
    for _ in used..(area.height as usize).saturating_sub(keys.len()) {
        lines.push(Line::default());
    }
    lines.extend(keys);
    Paragraph::new(lines).render_to(area, buf);
}

/// One line per seat: turn marker, pawn, name, player, fences left, path
/// length, score (scoring game) and clock; columns that do not fit are left
/// out, the path first.
fn seat_table(app: &App, pal: Palette, width: usize) -> Vec<Line<'static>> {
    let lang = app.lang();
    let pos = app.shown();
    let over = app.replay().is_none() && app.game().is_over();
    let scoring = pos.rules().variant() == Variant::Scoring;
    let clocks = app.clock(Seat::South).is_some();
    struct Row {
        seat: Seat,
        name: String,
        player: String,
        fences: String,
        path: String,
        score: String,
        clock: String,
    }
    let mut rows: Vec<Row> = pos
        .seats()
        .iter()
        .map(|&seat| {
            let out = pos.is_out(seat);
            Row {
                seat,
                name: lang.seat(seat).to_string(),
                player: app.player_label(seat),
                fences: if out {
                    lang.t(Msg::Out).to_string()
                } else {
                    lang.f(Msg::FencesLeft, &[&pos.fences_left(seat)])
                },
                path: match pos.distance(seat) {
                    Some(d) if !out => lang.f(Msg::Steps, &[&d]),
                    _ => String::new(),
                },
                score: lang.f(Msg::ScoreOf, &[&pos.score(seat)]),
                clock: app.clock(seat).map(clock_text).unwrap_or_default(),
            }
        })
        .collect();
    let widest = |rows: &[Row], f: &dyn Fn(&Row) -> usize| rows.iter().map(f).max().unwrap_or(0);
    let w_name = widest(&rows, &|r| r.name.chars().count());
    let w_player = widest(&rows, &|r| r.player.chars().count());
    let w_path = widest(&rows, &|r| r.path.chars().count());
    let w_score = widest(&rows, &|r| r.score.chars().count());
    let w_clock = widest(&rows, &|r| r.clock.chars().count());
    let mut total = 4 + w_name + 1 + w_player + 1;
    if scoring {
        total += 1 + w_score;
    }
    if clocks {
        total += 1 + w_clock;
    }
    if total + widest(&rows, &|r| r.fences.chars().count()) > width {
        // Too narrow for the word: the number of fences alone.
        for row in &mut rows {
            if !pos.is_out(row.seat) {
                row.fences = pos.fences_left(row.seat).to_string();
            }
        }
    }
    let w_fences = widest(&rows, &|r| r.fences.chars().count());
    total += w_fences;
    let show_path = total + 1 + w_path <= width;
    rows.into_iter()
        .map(|row| {
            let to_move = !over && app.replay().is_none() && pos.turn() == row.seat;
            let marker = if to_move { "▶ " } else { "  " };
            let mut spans = vec![
                Span::styled(marker, pal.title()),
                Span::styled(lang.initial(row.seat), pal.seat(row.seat)),
                Span::raw(format!(
                    " {:<w_name$} {:<w_player$} {:>w_fences$}",
                    row.name, row.player, row.fences
                )),
            ];
            if show_path {
                spans.push(Span::styled(format!(" {:>w_path$}", row.path), pal.label()));
            }
            if scoring {
                spans.push(Span::raw(format!(" {:>w_score$}", row.score)));
            }
            if clocks {
                let low = app
                    .clock(row.seat)
                    .is_some_and(|t| t.as_secs() < 10 && to_move);
                let style = if low {
                    pal.tone(Tone::Error)
                } else {
                    pal.title()
                };
                spans.push(Span::styled(format!(" {:>w_clock$}", row.clock), style));
            }
            Line::from(spans)
        })
        .collect()
}

/// The move list by rounds (`12. e5  e4h`), with each pawn move's points
/// in the scoring game; the last `room` rounds, or those around the move
/// shown in replay mode.
fn move_lines(app: &App, pal: Palette, room: usize) -> Vec<Line<'static>> {
    let game = app.game();
    let players = game.rules().players() as usize;
    let start_ply = game.start().ply() as usize;
    let scoring = game.rules().variant() == Variant::Scoring;
    let cells: Vec<String> = game
        .entries()
        .iter()
        .enumerate()
        .map(|(i, &entry)| {
            let mut text = app.entry_text(entry);
            if let (true, Entry::Move(Move::Pawn(_))) = (scoring, entry) {
                let before = game.position_at(i).expect("a position before each entry");
                let after = game
                    .position_at(i + 1)
                    .expect("a position after each entry");
                let seat = before.turn();
                let points = after.score(seat) - before.score(seat);
                if points == 0 {
                    text.push_str(" 0");
                } else {
                    text.push_str(&format!(" {points:+}"));
                }
            }
            text
        })
        .collect();
    let cell_w = cells
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let rounds = (start_ply + cells.len()).div_ceil(players).max(1);
    let first_round = start_ply / players;
    let highlight = match app.replay() {
        Some(i) => i.checked_sub(1),
        None => cells.len().checked_sub(1),
    };
    let mut lines: Vec<Line> = Vec::new();
    for round in first_round..rounds {
        let mut spans = vec![Span::styled(format!("{:>3}.", round + 1), pal.label())];
        for slot in 0..players {
            let ply = round * players + slot;
            let Some(i) = ply.checked_sub(start_ply).filter(|&i| i < cells.len()) else {
                spans.push(Span::raw(format!(" {:cell_w$}", "")));
                continue;
            };
            let style = if Some(i) == highlight {
                if app.replay().is_some() {
                    Style::default().add_modifier(Modifier::REVERSED)
                } else {
                    pal.title()
                }
            } else {
                Style::default()
            };
            spans.push(Span::raw(" "));
            spans.push(Span::styled(format!("{:<cell_w$}", cells[i]), style));
        }
        lines.push(Line::from(spans));
    }
    if cells.is_empty() {
        lines.clear();
    }
    // Keep the highlighted round in view, as low as it goes.
    let focus = highlight
        .map(|i| (start_ply + i) / players - first_round)
        .unwrap_or(0);
    let end = (focus + 1).max(room.min(lines.len())).min(lines.len());
    let begin = end.saturating_sub(room);
    lines.drain(..begin);
    lines.truncate(room);
    lines
}

/// The keys of the moment, packed into lines of the panel's width.
fn key_lines(app: &App, pal: Palette, width: usize) -> Vec<Line<'static>> {
    let lang = app.lang();
    let context = if app.replay().is_some() {
        Context::Replay
    } else {
        Context::Board
    };
    let scoring = app.game().rules().variant() == Variant::Scoring;
    let items = keys::status_keys(context, scoring);
    let mut lines = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    let mut used = 0;
    for (key, msg) in items {
        let word = lang.t(msg);
        let len = key.chars().count() + 1 + word.chars().count();
        let sep = if used == 0 { 0 } else { 2 };
        if used > 0 && used + sep + len > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if used > 0 {
            spans.push(Span::raw("  "));
            used += 2;
        }
        spans.push(Span::styled(key.to_string(), pal.key()));
        spans.push(Span::raw(format!(" {word}")));
        used += len;
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

// ----- Message, prompt, help -----

fn draw_bottom(buf: &mut Buffer, area: Rect, app: &App, pal: Palette) {
    let input_line = app.input().map(|text| {
        Line::from(vec![
            Span::styled(": ", pal.key()),
            Span::raw(text.to_string()),
        ])
    });
    let prompt = app.prompt();
    let prompt_line = Line::from(Span::styled(prompt.text.clone(), pal.tone(prompt.tone)));
    let message_line = app
        .message()
        .map(|m| Line::from(Span::styled(m.text.clone(), pal.tone(m.tone))));
    let lines: Vec<Line> = if area.height >= 2 {
        vec![
            message_line.unwrap_or_default(),
            input_line.unwrap_or(prompt_line),
        ]
    } else {
        // One line: what needs an answer first, else the latest news.
        let urgent = app.ask().is_some() || app.mode() != Mode::Pawn || app.replay().is_some();
        vec![input_line.unwrap_or(if urgent {
            prompt_line
        } else {
            message_line.unwrap_or(prompt_line)
        })]
    };
    Paragraph::new(lines).render_to(area, buf);
}

fn draw_help(buf: &mut Buffer, area: Rect, lang: Lang, pal: Palette) {
    let mut lines: Vec<Line> = keys::help_lines()
        .map(|(key, msg)| {
            Line::from(vec![
                Span::styled(format!("{key:<10}"), pal.key()),
                Span::raw(lang.t(msg)),
            ])
        })
        .collect();
    lines.push(Line::from(lang.t(Msg::HelpCommands)));
    let width = area.width.min(78);
    let height = area.height.min(lines.len() as u16 + 4);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render_to(rect, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(lang.t(Msg::HelpTitle), pal.title())),
        )
        .render_to(rect, buf);
}

/// The text of a buffer, line by line, without trailing spaces: what the
/// snapshot tests compare and what a screenshot prints.
pub fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        for x in area.left()..area.right() {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
