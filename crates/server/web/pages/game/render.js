// @ts-check
// The game page drawn from its state: the board's pieces, the status,
// the players and clocks, the buttons, the result, and any position of
// the game replayed.

import { api } from '../../lib/api.js';
import { botBadge } from '../../lib/bot.js';
import { SQUARE } from '../../lib/board/geometry.js';
import { seatColours } from '../../lib/board/pieces.js';
import { $, $$, announce, el, svgEl } from '../../lib/dom.js';
import { icon } from '../../lib/icons.js';
import { parseFence, parsePosition, parseSquare, positionAt, seatOrder } from '../../lib/position.js';
import * as Analysis from './analysis.js';
import * as Chat from './chat.js';
import { renderScoreSheet, renderShare, renderTools, renderWaiting } from './panels.js';
import { CLAIM_MS, G, board, centerOf, clock, goneKey, goneSeats, defaultRotation, fenceShape, fenceVerdict, holdsSeat, isLive, isMine, keys, mySeats, myTurn, net, playsHere, pointer, savedRotation, seatsAreAllMine, shownGame } from './state.js';
import { hintLine, moveAnnouncement, moveLabel, replayLabel, resultInfo, roundOf, verdictText } from './words.js';
import { formatClock, moveDuration, playerName, seatInfo, seatLabel, show, t, tn } from '../ui.js';

// ------------------------------------------------------------------
// Game page rendering
// ------------------------------------------------------------------

function renderGame() {
  const g = G.game;
  if (!g || !G.active) return;
  show($('#game-loading'), false);
  show($('#game-error'), false);
  show($('#game-layout'), true);
  const rot = savedRotation() ?? defaultRotation();
  if (rot !== board.rot) {
    board.rot = rot;
    board.key = '';
  }
  board.build({ size: g.settings.size, seats: seatOrder(g), theme: g.settings.theme === 'crab' ? 'crab' : 'classic' });
  renderBoard();
  renderStatus();
  renderPlayers();
  renderActions();
  renderMoves();
  Analysis.render(g, { replayTo: setReplay, current: G.replay, seatName: (seat) => playerName(g, seat) });
  Chat.render(g, !holdsSeat(), holdsSeat() && seatsAreAllMine());
  renderScoreSheet();
  renderWaiting();
  renderShare();
  renderTools();
  tickClocks();
  clearInterval(clock.timer);
  const counting = (g.clock && g.clock.running) || typeof g.first_move_ms === 'number' || goneSeats(g).length > 0;
  if (counting && g.status === 'playing') clock.timer = setInterval(tickClocks, 100);
}

function shownPosition() {
  const g = shownGame();
  const k = G.replay === null ? g.moves.length : G.replay;
  const pos = positionAt(g, g.moves, k);
  if (G.replay === null && g.position) {
    // The live position is the server's own (the history gives the last move).
    const live = parsePosition(g.position, seatOrder(g));
    Object.assign(pos, { pawns: live.pawns, fences: live.fences, fencesLeft: live.fencesLeft, scores: live.scores, out: live.out });
  }
  return pos;
}

function renderBoard() {
  const g = shownGame();
  const L = board.layers;
  const svg = board.svg;
  const pos = shownPosition();
  const interactive = myTurn() && !net.pending;
  svg.classList.toggle('interactive', interactive);
  svg.classList.toggle('fence-mode', keys.fenceMode && interactive);
  svg.classList.toggle('replaying', !isLive());
  svg.setAttribute('aria-label', t('board.label', { n: board.n }));

  // Squares: highlight the legal pawn moves.
  for (const node of $$('.sq', L.squares)) {
    const legal = interactive && !keys.fenceMode && G.legalPawn.has(node.dataset.square);
    node.classList.toggle('legal', legal);
    if (legal) node.setAttribute('data-legal', 'true');
    else node.removeAttribute('data-legal');
  }

  // Marks: last move, legal dots.
  L.marks.textContent = '';
  const last = pos.last;
  if (last && last.kind === 'pawn') {
    for (const [name, cls] of [[last.from, 'last-from'], [last.move, 'last-to']]) {
      const p = parseSquare(name);
      const at = p && board.geom.squareAt(p.c, p.r);
      if (at) L.marks.append(svgEl('rect', { class: cls, x: at.x, y: at.y, width: SQUARE, height: SQUARE, rx: 7 }));
    }
  }
  if (interactive && !keys.fenceMode) {
    for (const name of G.legalPawn) {
      const c = centerOf(name);
      if (c) L.marks.append(svgEl('circle', { class: 'legal-dot seat-' + g.turn, cx: c.x, cy: c.y, r: 15 }));
    }
  }

  // Fences.
  const fences = pos.fences || [];
  const current = new Set(fences);
  L.fences.textContent = '';
  for (const name of fences) {
    if (!parseFence(name)) continue;
    const isNew = board.shownFences.size > 0 || (g.moves || []).length > 0 ? !board.shownFences.has(name) : false;
    const node = fenceShape(name, 'fence' + (last && last.kind === 'fence' && last.move === name ? ' last' : '') + (isNew && board.ready ? ' new' : ''));
    if (!node) continue;
    node.setAttribute('data-placed', name);
    node.setAttribute('filter', board.ref('shadow'));
    L.fences.append(node);
  }
  board.shownFences = current;

  // Pawns.
  const toMove = g.status === 'playing' && isLive() ? g.turn : null;
  for (const [seat, node] of Object.entries(board.pawnNodes)) {
    const sq = pos.pawns[seat];
    const c = sq ? centerOf(sq) : null;
    if (!c) {
      node.style.display = 'none';
      continue;
    }
    node.style.display = '';
    node.style.transform = `translate(${c.x}px, ${c.y}px)`;
    node.classList.toggle('to-move', seat === toMove);
    node.classList.toggle('mine', isMine(seat) && holdsSeat());
  }
  board.ready = true;

  renderHint();
  renderPreview();
  keys.draw();
  $('#board-desc').textContent = describePosition(pos);
}

function describePosition(pos) {
  const g = shownGame();
  const parts = [];
  for (const seat of seatOrder(g)) {
    const where = pos.pawns[seat] || t('desc.out');
    const left = pos.fencesLeft && pos.fencesLeft[seat] !== undefined && pos.fencesLeft[seat] !== null ? tn('desc.fences_left', pos.fencesLeft[seat]) : '';
    parts.push(t('desc.seat', { seat: seatLabel(seat), name: playerName(g, seat), square: where }) + (left ? ', ' + left : ''));
  }
  const f = pos.fences && pos.fences.length ? t('desc.fences', { list: pos.fences.join(', ') }) : t('desc.no_fences');
  return parts.join('. ') + '. ' + f + '.';
}

function renderHint() {
  const L = board.layers;
  L.hint.textContent = '';
  const h = G.hint;
  if (!h || !isLive()) return;
  const path = (h.path || []).slice();
  const g = shownGame();
  const from = g.pawns && g.turn ? g.pawns[g.turn] : null;
  if (from && path.length && path[0] !== from) path.unshift(from);
  const pts = path.map(centerOf).filter((p) => p !== null);
  if (pts.length > 1) {
    L.hint.append(svgEl('polyline', { class: 'hint-path', points: pts.map((p) => p.x + ',' + p.y).join(' ') }));
    for (const p of pts.slice(1)) L.hint.append(svgEl('circle', { class: 'hint-step', cx: p.x, cy: p.y, r: 9 }));
  }
  const fence = fenceShape(h.move, 'hint-fence');
  if (fence) {
    L.hint.append(fence);
  } else if (parseSquare(h.move)) {
    const c = centerOf(h.move);
    if (c) L.hint.append(svgEl('circle', { class: 'hint-target', cx: c.x, cy: c.y, r: 40 }));
  }
}



function renderPreview() {
  const L = board.layers;
  L.preview.textContent = '';
  const name = pointer.preview;
  const err = $('#fence-error');
  // A pawn move waiting for its confirmation: the pawn shown there.
  const square = pointer.pendingSquare;
  const at = square && myTurn() ? centerOf(square) : null;
  if (at) {
    L.preview.append(svgEl('circle', { class: 'ghost pending seat-' + shownGame().turn, cx: at.x, cy: at.y, r: 33, 'data-pending': square }));
  }
  if (!name || !myTurn()) {
    if (!pointer.stickyFenceError) err.textContent = '';
    return;
  }
  const v = fenceVerdict(name);
  const node = fenceShape(name, 'preview ' + (v.ok ? 'ok' : 'bad') + (pointer.pendingSlot === name ? ' pending' : ''));
  if (!node) return;
  node.setAttribute('data-preview', name);
  L.preview.append(node);
  err.textContent = v.ok ? '' : verdictText(name, v);
  err.classList.toggle('ok', false);
  pointer.stickyFenceError = false;
}

function renderStatus() {
  const g = shownGame();
  const turn = $('#turn');
  const status = $('#status');
  turn.className = 'turn';
  let turnText = '';
  if (g.status === 'waiting') {
    turnText = t('turn.waiting');
  } else if (g.status === 'over') {
    turnText = t('turn.over');
  } else if (g.turn) {
    const info = seatInfo(g, g.turn);
    if (myTurn() || (isMine(g.turn) && holdsSeat())) {
      turnText = seatsAreAllMine() && seatOrder(g).filter((s) => seatInfo(g, s).kind === 'human').length > 1
        ? (playerName(g, g.turn) === seatLabel(g.turn)
          ? t('turn.yours_seat_only', { seat: seatLabel(g.turn) })
          : t('turn.yours_seat', { seat: seatLabel(g.turn), name: playerName(g, g.turn) }))
        : t('turn.yours');
      turn.classList.add('mine');
    } else if (info && info.kind === 'ai') {
      turnText = t('turn.ai_thinking', { name: playerName(g, g.turn) });
      turn.classList.add('thinking');
    } else {
      turnText = playerName(g, g.turn) === seatLabel(g.turn)
        ? t('turn.other_seat_only', { seat: seatLabel(g.turn) })
        : t('turn.other', { name: playerName(g, g.turn), seat: seatLabel(g.turn) });
    }
    turn.classList.add('seat-' + g.turn);
  }
  turn.hidden = g.status === 'over' && !!g.result;
  // A live region: rewrite it only when its text changes.
  const turnKey = turnText + '|' + (g.status === 'playing' ? g.turn : '');
  if (turn.dataset.key !== turnKey) {
    turn.dataset.key = turnKey;
    turn.textContent = '';
    if (g.turn && g.status === 'playing') turn.append(el('span', { class: 'swatch seat-' + g.turn, 'aria-hidden': 'true' }));
    turn.append(el('span', { text: turnText }));
  }

  const n = g.settings.size;
  const parts = [t('status.' + g.status)];
  // A rated game says so, with its speed (the ratings are beside the names).
  if (g.settings.rated) parts.push(g.speed ? t('game.rated_speed', { speed: t('acc.speed_' + g.speed) }) : t('game.rated'));
  if (!isLive()) parts.push(t('replay.viewing', { pos: replayLabel(G.replay) }));
  else if (g.status === 'playing') parts.push(t('status.round', { n: roundOf(g.moves.length) }));
  status.textContent = parts.join(' · ');
  status.dataset.status = g.status;
  const titleTurn = myTurn() ? '● ' + t('turn.yours') + ' — ' : '';
  document.title = titleTurn + t('title.game_n', { n });

  // Result banner.
  const res = $('#result');
  if (g.status === 'over' && g.result) {
    const info = resultInfo(g);
    const iconName = { win: 'trophy', over: 'trophy', draw: 'draw', loss: 'flag', aborted: 'cancel' }[info.outcome];
    res.textContent = '';
    res.append(el('span', { class: 'result-icon', 'aria-hidden': 'true' }, icon(iconName)),
      el('span', { class: 'result-text', text: info.text }));
    res.dataset.outcome = info.outcome;
    res.dataset.draw = g.result.draw ? 'true' : 'false';
    res.dataset.winners = (g.result.winners || []).join(',');
    res.dataset.termination = g.result.termination || '';
    // A rated game: each player's rating before and after.
    for (const c of g.rating_changes || []) {
      const d = c.after - c.before;
      res.append(el('span', { class: 'rating-change', 'data-seat': c.seat },
        t('game.rating_change', { name: c.name, before: c.before, after: c.after + (c.provisional ? '?' : '') })
        + ' (' + (d >= 0 ? '+' : '') + d + ')'));
    }
    res.hidden = false;
  } else {
    res.hidden = true;
    res.textContent = '';
  }
}

function renderPlayers() {
  const g = shownGame();
  const list = $('#players-list');
  list.setAttribute('aria-label', t('game.players'));
  const pos = shownPosition();
  list.textContent = '';
  const hotseat = (g.seats || []).filter((s) => s.kind === 'human').length > 1 && seatsAreAllMine();
  const team = (seat) => (g.settings.variant === 'teams' ? (seat === 'south' || seat === 'west' ? 'A' : 'B') : null);
  for (const seat of seatOrder(g)) {
    const info = seatInfo(g, seat) || { seat, kind: 'human' };
    const mine = holdsSeat() && isMine(seat) && mySeats() !== null;
    const toMove = g.status === 'playing' && g.turn === seat;
    const out = (g.out || []).includes(seat);
    const arrived = (g.arrived || []).includes(seat);
    const kindText = info.kind === 'ai' ? t('kind.ai_long', { level: info.level }) : t('kind.human');
    const connected = info.kind === 'ai' || info.connected;
    // Reconnecting: nobody's presence is known, not even our own.
    const unknown = !net.inTouch && g.status === 'playing' && info.kind !== 'ai' && info.taken !== false;
    const dotState = info.taken === false ? 'free' : unknown ? 'unknown' : connected ? 'on' : 'off';
    const dotText = t({ free: 'player.free', unknown: 'player.unknown', on: 'player.connected', off: 'player.disconnected' }[dotState]);
    // Partners share their team's colour (a chip and the row's edge).
    const teamOf = team(seat);
    const sub = el('span', { class: 'p-sub' },
      playerName(g, seat) === seatLabel(seat) ? null : el('span', { class: 'p-seat', text: seatLabel(seat) }),
      playerName(g, seat) === seatLabel(seat) ? null : ' · ', kindText,
      teamOf ? ' · ' : null,
      teamOf ? el('span', { class: 'team-chip team-' + teamOf.toLowerCase(), 'data-team': teamOf, text: t('player.team', { team: t(teamOf === 'A' ? 'team.a' : 'team.b') }) }) : null);
    const dot = el('span', {
      class: 'dot ' + dotState,
      role: 'img',
      'aria-label': dotText,
      title: dotText,
    });
    const left = pos.fencesLeft ? pos.fencesLeft[seat] : null;
    const fenceBox = el('span', { class: 'p-fences', title: typeof left === 'number' ? tn('player.fences_left', left) : '' });
    if (typeof left === 'number') {
      const bars = el('span', { class: 'fence-bars', 'aria-hidden': 'true' });
      const total = Math.max(left, g.settings.fences || left);
      for (let k = 0; k < Math.min(total, 15); k++) bars.append(el('i', { class: k < left ? 'on' : '' }));
      fenceBox.append(bars, el('span', { class: 'p-fence-count', 'data-fences-left': seat, text: String(left) }),
        el('span', { class: 'sr-only', text: ' ' + tn('player.fences_left', left) }));
    }
    const clock = el('span', { class: 'p-clock', id: 'clock-' + seat, hidden: !g.clock });
    const score = g.settings.variant === 'scoring'
      ? el('span', { class: 'p-score', 'data-score': seat, text: t('player.score', { n: (pos.scores && pos.scores[seat]) || 0 }) })
      : null;
    const badges = [];
    if (mine && !hotseat) badges.push(el('span', { class: 'badge you', text: t('player.you') }));
    if (info.bot) badges.push(botBadge());
    if (out) badges.push(el('span', { class: 'badge out', text: t('player.out') }));
    if (arrived) badges.push(el('span', { class: 'badge arrived', text: t('player.arrived') }));
    if (g.result && (g.result.winners || []).includes(seat)) badges.push(el('span', { class: 'badge winner', text: t('player.winner') }));
    const li = el('li', {
      class: 'player seat-' + seat + (toMove ? ' to-move' : '') + (mine ? ' me' : '') + (out ? ' out' : '') + (teamOf ? ' team-' + teamOf.toLowerCase() : ''),
      'data-seat': seat,
      'aria-current': toMove ? 'true' : null,
    },
    el('span', { class: 'p-pawn', 'aria-hidden': 'true' }, miniPawn(seat)),
    el('span', { class: 'p-main' },
      el('span', { class: 'p-name' }, dot,
        info.account
          ? el('a', { class: 'p-name-text', href: '/@/' + encodeURIComponent(info.name), target: '_blank', rel: 'noopener', text: playerName(g, seat) })
          : el('span', { class: 'p-name-text', text: playerName(g, seat) }),
        ratingOf(g, info),
        ...badges),
      sub),
    el('span', { class: 'p-side' }, clock, fenceBox, score));
    list.append(li);
  }
}

/** Each account's rating at a speed, as its public page gives it ('' while asked). @type {Map<string, string>} */
const ratings = new Map();

// A rated game's player's rating at its speed, beside their name; asked
// once from their public page (a rating changes only when a game ends).
/** @param {import('../../lib/views.js').GameView} g @param {any} info */
function ratingOf(g, info) {
  if (!g.settings.rated || !info.account || !g.speed) return null;
  const key = info.name + '|' + g.speed;
  if (!ratings.has(key)) {
    ratings.set(key, '');
    const speed = g.speed;
    api('GET', '/api/players/' + encodeURIComponent(info.name)).then((p) => {
      const r = (p.ratings || []).find((x) => x.speed === speed);
      ratings.set(key, r ? String(r.rating) + (r.provisional ? '?' : '') : '1500?');
      if (G.game) renderPlayers();
    }).catch(() => ratings.delete(key));
  }
  const text = ratings.get(key);
  return text ? el('span', { class: 'p-rating', 'data-rating': info.seat, title: t('game.rating'), text }) : null;
}

function miniPawn(seat) {
  const svg = svgEl('svg', { viewBox: '-50 -50 100 100', class: 'mini-pawn' });
  if (G.game && G.game.settings.theme === 'crab') {
    svg.append(svgEl('ellipse', { cx: 0, cy: 6, rx: 34, ry: 24, fill: seatColours(seat).main, stroke: seatColours(seat).dark, 'stroke-width': 4 }));
    for (const side of [-1, 1]) {
      svg.append(svgEl('circle', { cx: side * 13, cy: -22, r: 9, fill: '#fff', stroke: seatColours(seat).dark, 'stroke-width': 3 }));
      svg.append(svgEl('circle', { cx: side * 13 + 2, cy: -21, r: 4, fill: '#111' }));
    }
  } else {
    svg.append(svgEl('circle', { r: 40, fill: seatColours(seat).main, stroke: seatColours(seat).dark, 'stroke-width': 6 }));
    svg.append(svgEl('circle', { r: 24, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.35, 'stroke-width': 5 }));
  }
  return svg;
}

// An online game with a clock aborts by itself when a first move waits
// 30 s: both players see the seconds left (said aloud once, at the start
// and at 10 s).
function tickFirstMove(elapsed) {
  const g = G.game;
  const box = $('#first-move');
  const left = g && g.status === 'playing' && typeof g.first_move_ms === 'number' ? Math.max(0, g.first_move_ms - elapsed) : null;
  box.hidden = left === null;
  if (!g || left === null) return;
  const s = Math.ceil(left / 1000);
  // Until the server says which seats this page holds (a seat link
  // without them), the seat to move is named, never taken for this page's.
  // A turn-based game's first move has days, said as such.
  const yours = mySeats() !== null && isMine(g.turn) && holdsSeat();
  const long = left >= 60000;
  const time = formatClock(left, g.settings.clock);
  const text = yours
    ? (long ? t('first_move.yours_time', { time }) : t('first_move.yours', { s }))
    : (long ? t('first_move.other_time', { name: playerName(g, g.turn), time }) : t('first_move.other', { name: playerName(g, g.turn), s }));
  box.textContent = text;
  box.classList.toggle('low', s <= 10);
  const said = g.id + ':' + g.ply + ':' + (s <= 10 ? 'low' : long ? 'days' : 'start');
  if (box.dataset.said !== said) {
    box.dataset.said = said;
    announce(text);
  }
}

// A player whose page closed: the others see for how long, and after
// 20 s may claim the win or a draw, or wait (until that player comes
// back and goes again).
function tickGone(elapsed) {
  const g = G.game;
  const panel = $('#gone-panel');
  // Reconnecting: who has gone is not known.
  const gone = g && net.inTouch ? goneSeats(g) : [];
  panel.hidden = gone.length === 0;
  if (!g || !gone.length) return;
  const names = gone.map((s) => playerName(g, s.seat)).join(t('common.and'));
  const longest = Math.max(...gone.map((s) => s.gone_ms || 0)) + elapsed;
  const left = Math.ceil((CLAIM_MS - longest) / 1000);
  const player = holdsSeat() && !seatsAreAllMine();
  $('#gone-text').textContent = !player ? t('gone.left', { name: names })
    : left > 0 ? t('gone.left_wait', { name: names, s: left }) : t('gone.left_claim', { name: names });
  $('#gone-actions').hidden = !player || left > 0 || G.waiting === goneKey(g);
  const said = g.id + ':' + names + ':' + (left > 0 ? 'wait' : 'claim');
  if (panel.dataset.said !== said) {
    panel.dataset.said = said;
    announce($('#gone-text').textContent);
  }
}

function tickClocks() {
  const g = G.game;
  const elapsed = performance.now() - clock.base;
  tickFirstMove(elapsed);
  tickGone(elapsed);
  if (!g || !g.clock || !g.clock.remaining_ms) return;
  for (const seat of seatOrder(g)) {
    const node = document.getElementById('clock-' + seat);
    if (!node) continue;
    let ms = g.clock.remaining_ms[seat];
    if (typeof ms !== 'number') {
      node.textContent = '';
      continue;
    }
    const running = g.status === 'playing' && g.clock.running === seat;
    if (running) ms -= elapsed;
    ms = Math.max(0, ms);
    const text = formatClock(ms, g.settings.clock);
    node.textContent = text;
    node.classList.toggle('running', running);
    node.classList.toggle('low', ms < 10000);
    // With a time per move, a clock not running holds the next move's
    // whole time, not a count going down.
    const perMove = !!g.settings.clock && !!g.settings.clock.per_move_ms && !running;
    node.classList.toggle('per-move', perMove);
    node.setAttribute('aria-label', t(perMove ? 'player.clock_next' : 'player.clock', { time: text }));
    node.title = perMove ? t('player.clock_next', { time: text }) : '';
  }
}

function renderActions() {
  const g = shownGame();
  const playing = g.status === 'playing';
  const holds = playsHere();
  const mine = mySeats();
  const humans = (g.seats || []).filter((s) => s.kind === 'human');
  const myLiveSeats = seatOrder(g).filter((s) => isMine(s) && !(g.out || []).includes(s));
  show($('#undo'), holds && playing && g.undo_allowed && (g.moves || []).length > 0);
  show($('#hint'), holds && playing && g.hint_allowed !== false && myTurn());
  const pass = myTurn() && g.legal && (g.legal.pawn || []).length === 0 &&
    ((g.legal.fences || []).length === 0 || (g.arrived || []).includes(g.turn));
  show($('#pass'), !!pass);
  // An arrived pawn that still has fences may place one or pass (when it
  // has none, the server passes for it).
  const note = $('#pass-note');
  note.textContent = pass && (g.arrived || []).includes(g.turn) ? t('pass.arrived') : '';
  note.hidden = !note.textContent;
  const offer = g.draw_offer;
  // Offers go to the other people (an AI answers at once by its own
  // judgement); people sharing one screen have nobody to offer to.
  const others = (g.seats || []).filter((s) => !isMine(s.seat) && !(g.out || []).includes(s.seat));
  const canOffer = holds && playing && !offer && myLiveSeats.length > 0 && others.length > 0;
  show($('#draw-offer'), canOffer);
  show($('#abort'), holds && g.abort_allowed && g.status !== 'over' && humans.length > 0);
  const waitingMine = offer && (offer.waiting || []).some((s) => isMine(s));
  show($('#draw-accept'), holds && playing && !!waitingMine);
  show($('#draw-decline'), holds && playing && !!waitingMine);
  const ds = $('#draw-status');
  if (playing && offer) {
    ds.textContent = offer.by && isMine(offer.by) && !waitingMine
      ? t('draw.waiting')
      : t('draw.offered_by', { name: playerName(g, offer.by), seat: seatLabel(offer.by) });
    ds.hidden = false;
  } else {
    ds.hidden = true;
  }
  // A takeback: asked of the other players in a casual game between people
  // (the server says which games allow it), after a move of one's own.
  const back = g.takeback_offer;
  const movedOnce = (g.moves || []).some((m) => isMine(m.seat));
  show($('#takeback'), holds && playing && !!g.takeback_allowed && !back && myLiveSeats.length > 0 && movedOnce);
  const backMine = !!back && (back.waiting || []).some((s) => isMine(s));
  show($('#takeback-accept'), holds && playing && backMine);
  show($('#takeback-decline'), holds && playing && backMine);
  const bs = $('#takeback-status');
  bs.hidden = !(playing && back);
  if (playing && back) {
    bs.textContent = isMine(back.by) && !backMine
      ? t('takeback.waiting')
      : t('takeback.asked_by', { name: playerName(g, back.by) });
  }
  show($('#resign'), holds && playing && myLiveSeats.length > 0);
  // A tournament's game has no rematch: the tournament pairs the next one,
  // and its page is one click away, larger once the game is over.
  const cup = g.settings.tournament;
  const askedAlready = (g.rematch_asked || []).some((s) => isMine(s));
  show($('#rematch'), !cup && holds && g.status === 'over' && !g.rematch && !askedAlready && !(g.rematch_asked || []).length && (mine === null || mine.length > 0));
  const toCup = /** @type {HTMLAnchorElement} */ ($('#back-to-cup'));
  if (cup) toCup.href = '/t/' + encodeURIComponent(cup);
  toCup.classList.toggle('primary', g.status === 'over');
  show(toCup, !!cup);
  // Out of touch with the server, nothing is sent: the buttons wait for
  // the connection, and say so.
  for (const id of ['#undo', '#hint', '#pass', '#draw-offer', '#draw-accept', '#draw-decline', '#takeback', '#takeback-accept', '#takeback-decline', '#resign', '#abort', '#rematch', '#claim-win', '#claim-draw']) {
    const button = $(id);
    if (button) button.disabled = net.pending || !net.inTouch;
  }
  $('#touch-note').hidden = net.inTouch || !holds || g.status === 'over'
    || [...$$('#actions .btn')].every((b) => b.hidden);

  const banner = $('#rematch-banner');
  const go = $('#rematch-go');
  // A rematch is an offer the others accept (or decline).
  const asked = g.rematch_asked || [];
  const iAsked = holds && asked.some((s) => isMine(s));
  show($('#rematch-accept'), !g.rematch && asked.length > 0 && holds && !iAsked);
  show($('#rematch-decline'), !g.rematch && asked.length > 0 && holds && !iAsked);
  if (g.rematch) {
    $('#rematch-text').textContent = holds ? t('rematch.ready') : t('rematch.ready_watch');
    go.href = '/g/' + encodeURIComponent(g.rematch);
    go.textContent = holds ? t('rematch.go') : t('rematch.watch');
    go.hidden = false;
    banner.hidden = false;
  } else if (asked.length && g.status === 'over') {
    const by = asked.map((s) => playerName(g, s)).join(t('common.and'));
    $('#rematch-text').textContent = iAsked ? t('rematch.offered_waiting') : holds ? t('rematch.offered_by', { name: by }) : t('rematch.offered_watch', { name: by });
    go.hidden = true;
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }

  const hintText = $('#hint-text');
  if (G.hint && isLive()) {
    hintText.textContent = hintLine(G.hint);
    hintText.hidden = false;
  } else {
    hintText.hidden = true;
  }

  const form = $('#move-form');
  const canType = holds && playing;
  form.hidden = !canType;
  $('#move-input').disabled = !myTurn() || net.pending;
  $('#move-submit').disabled = !myTurn() || net.pending;
}

function renderMoves() {
  const g = shownGame();
  const box = $('#moves');
  const moves = g.moves || [];
  const per = seatOrder(g).length;
  box.textContent = '';
  if (!moves.length) {
    box.append(el('span', { class: 'empty', text: t('moves.none') }));
  }
  const current = G.replay === null ? moves.length : G.replay;
  for (let i = 0; i < moves.length; i += per) {
    const round = el('span', { class: 'round' });
    round.append(el('span', { class: 'num', text: (i / per + 1) + '.' }));
    for (let k = i; k < Math.min(i + per, moves.length); k++) {
      const m = moves[k];
      const label = moveLabel(m);
      round.append(' ');
      const b = el('button', {
        type: 'button',
        class: 'mv seat-' + m.seat + (k + 1 === current ? ' current' : ''),
        'data-ply': k + 1,
        'aria-label': moveAnnouncement(m),
        'aria-current': k + 1 === current ? 'step' : null,
        title: moveAnnouncement(m) + (typeof m.ms === 'number' ? ' · ' + moveDuration(m.ms) : ''),
        text: label,
      });
      round.append(b);
    }
    box.append(round, ' ');
  }
  const pos = $('#replay-pos');
  pos.textContent = isLive() ? '' : replayLabel(G.replay);
  $('#replay-start').disabled = current === 0;
  $('#replay-prev').disabled = current === 0;
  $('#replay-next').disabled = isLive();
  $('#replay-end').disabled = isLive();
  // Keep the current move in view.
  const cur = box.querySelector('.current');
  if (cur && isLive()) box.scrollTop = box.scrollHeight;
  else if (cur) cur.scrollIntoView({ block: 'nearest' });
}

function setReplay(k) {
  const n = (shownGame().moves || []).length;
  k = Math.max(0, Math.min(n, k));
  G.replay = k >= n ? null : k;
  pointer.preview = null;
  pointer.pendingSlot = null;
  renderGame();
  const pos = shownPosition();
  if (G.replay === null) announce(t('replay.live'));
  else announce(replayLabel(k) + (pos.last ? ': ' + moveAnnouncement(pos.last) : ''));
}

export {
  renderGame,
  renderPreview,
  setReplay,
  shownPosition,
};
