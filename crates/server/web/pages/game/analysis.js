// @ts-check
// The computer's analysis of a finished game, on the game page: a button
// asks for it (POST /api/games/<id>/analysis), its progress is shown while
// the server works, then a graph of South's expected outcome over the game
// (click a point to see that position), each player's accuracy and
// mistakes, and the judged moves marked in the move list (?! ? ??) with the
// better move and its line. app.js calls Analysis.render after every
// render of the game.

import { api } from '../../lib/api.js';
import { $, el, svgEl } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';
import { gameLine } from '../../lib/position.js';
import { isLocal, keptAnalysis, reviewLocal } from './local.js';

const t = (key, params) => I18n.t(key, params);
const MARK = { inaccuracy: '?!', mistake: '?', blunder: '??' };
/**
 * The analysis of the game on the page, and what the page lends it.
 * @type {{
 *   id: string | null, status: string | null, data: any,
 *   progress: {done: number, total: number} | null, error: string | null, timer: any,
 *   game: import('../../lib/views.js').GameView | null,
 *   hooks: {current: number | null, replayTo: (ply: number) => void, seatName?: (seat: string) => string} | null,
 * }}
 */
const A = { id: null, status: null, data: null, progress: null, error: null, timer: null, game: null, hooks: null };

function stopPolling() {
  clearInterval(A.timer);
  A.timer = null;
}

async function load(ask) {
  const id = A.id;
  if (isLocal(id)) {
    await loadLocal(ask);
    return;
  }
  try {
    const path = '/api/games/' + encodeURIComponent(String(id)) + '/analysis';
    const res = ask ? await api('POST', path, {}) : await api('GET', path);
    if (id === A.id) apply(res);
  } catch (e) {
    if (id !== A.id) return;
    stopPolling();
    A.status = e.status === 404 ? 'none' : 'error';
    A.error = e.status === 404 ? null : e.message;
    draw();
  }
}

/**
 * A game of this device: its review is made on the page, its progress
 * shown as it goes, and kept in this browser.
 * @param {boolean} ask
 */
async function loadLocal(ask) {
  const id = /** @type {string} */ (A.id);
  const kept = keptAnalysis(id);
  if (kept || !ask) {
    apply(kept ? { status: 'done', analysis: kept } : { status: 'none' });
    return;
  }
  A.status = 'running';
  A.progress = { done: 0, total: ((A.game && A.game.moves) || []).length + 1 };
  draw();
  try {
    const analysis = await reviewLocal((progress) => {
      if (id !== A.id) return;
      A.progress = progress;
      draw();
    });
    if (id === A.id) apply({ status: 'done', analysis });
  } catch (e) {
    if (id !== A.id) return;
    A.status = 'error';
    // The engine's own words are for the console; the page says it plainly.
    console.warn('the review failed', e);
    A.error = t('analysis.failed');
    draw();
  }
}

function apply(res) {
  A.status = res.status;
  if (res.status === 'done') {
    A.data = res.analysis;
    stopPolling();
  } else if (res.status === 'queued' || res.status === 'running') {
    A.progress = res;
    if (!A.timer) A.timer = setInterval(() => load(false), 700);
  } else if (res.status === 'failed') {
    console.warn('the analysis failed:', res.message);
    A.error = t('analysis.failed');
    stopPolling();
  }
  draw();
}

function render(game, hooks) {
  const box = $('#analysis');
  if (!box) return;
  const eligible = game.status === 'over' && (game.seats || []).length === 2
    && !(game.result && game.result.termination === 'aborted');
  box.hidden = !eligible;
  A.game = game;
  A.hooks = hooks;
  if (!eligible) return;
  if (A.id !== game.id) {
    stopPolling();
    Object.assign(A, { id: game.id, status: null, data: null, progress: null, error: null });
    load(false);
  }
  draw();
}

function graph(data) {
  const W = 320, H = 96, n = data.graph.length;
  const x = (i) => (n <= 1 ? W / 2 : (i * W) / (n - 1));
  const y = (v) => (1 - v) * H;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'analysis-graph', role: 'img', 'aria-label': t('analysis.graph') });
  svg.append(svgEl('rect', { x: 0, y: 0, width: W, height: H, class: 'analysis-bg' }));
  svg.append(svgEl('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'analysis-mid' }));
  const pts = data.graph.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  svg.append(svgEl('polygon', { points: `0,${H} ${pts.join(' ')} ${W},${H}`, class: 'analysis-area' }));
  svg.append(svgEl('polyline', { points: pts.join(' '), class: 'analysis-line', fill: 'none' }));
  for (const m of data.moves) {
    if (!m.judgement) continue;
    const i = m.ply + 1;
    const dot = svgEl('circle', { cx: x(i), cy: y(data.graph[i]), r: 4.5, class: 'analysis-dot ' + m.judgement, 'data-ply': i });
    const tip = svgEl('title');
    tip.textContent = `${m.move}${MARK[m.judgement]} ${t('analysis.' + m.judgement)}`;
    dot.append(tip);
    svg.append(dot);
  }
  const current = A.hooks && A.hooks.current;
  if (current !== null && current !== undefined) {
    svg.append(svgEl('line', { x1: x(current), x2: x(current), y1: 0, y2: H, class: 'analysis-now' }));
  }
  svg.addEventListener('click', (ev) => {
    const r = svg.getBoundingClientRect();
    const i = Math.round(((ev.clientX - r.left) / r.width) * (n - 1));
    if (A.hooks) A.hooks.replayTo(Math.max(0, Math.min(n - 1, i)));
  });
  return svg;
}

function markMoves(data) {
  for (const m of data.moves) {
    if (m.book) {
      const b = /** @type {HTMLElement | null} */ (document.querySelector(`#moves [data-ply="${m.ply + 1}"]`));
      if (b && !b.dataset.book) {
        b.dataset.book = '1';
        b.title = (b.title ? b.title + ' · ' : '') + t('analysis.book');
      }
    }
    if (!m.judgement) continue;
    const b = /** @type {HTMLElement | null} */ (document.querySelector(`#moves [data-ply="${m.ply + 1}"]`));
    if (!b || b.dataset.judgement) continue;
    b.dataset.judgement = m.judgement;
    b.classList.add('judged', m.judgement);
    b.append(el('span', { class: 'mark', 'aria-hidden': 'true', text: MARK[m.judgement] }));
    const better = m.best ? ' · ' + t('analysis.best', { move: m.best, line: m.line.join(' ') }) : '';
    b.title = (b.title ? b.title + ' · ' : '') + t('analysis.' + m.judgement) + better;
  }
}

// The move that led to the position shown, with its judgement.
function moveNote(data) {
  const current = A.hooks && A.hooks.current;
  const ply = (current === null || current === undefined ? data.graph.length - 1 : current) - 1;
  const m = data.moves.find((x) => x.ply === ply);
  if (!m) return '';
  const verdict = m.judgement ? `${m.move}${MARK[m.judgement]} ${t('analysis.' + m.judgement)}` : t('analysis.good', { move: m.move });
  const book = m.book ? ' · ' + t('analysis.book') : '';
  const better = m.best ? ' · ' + t('analysis.best', { move: m.best, line: m.line.join(' ') }) : '';
  return verdict + book + better;
}

// The analysis board opens the whole game, at the position shown (live,
// or the one being replayed).
function boardLink(game) {
  const current = A.hooks && A.hooks.current;
  const { root, moves } = gameLine(game, game.moves || []);
  const at = current === null || current === undefined ? moves.length : Math.min(current, moves.length);
  const line = moves.slice(0, at).join(' ');
  $('#board-link').href = '/analysis?pos=' + encodeURIComponent(root)
    + (moves.length > at ? '&tree=' + encodeURIComponent(moves.join(' ')) : '')
    + (line ? '&line=' + encodeURIComponent(line) : '');
}

function draw() {
  const game = A.game;
  if (!game || $('#analysis').hidden) return;
  boardLink(game);
  const busy = A.status === 'queued' || A.status === 'running';
  const ask = $('#analysis-ask');
  ask.hidden = A.status === 'done' || busy;
  ask.onclick = () => { ask.disabled = true; load(true).finally(() => { ask.disabled = false; }); };
  const progress = $('#analysis-progress');
  progress.hidden = !(busy || A.error);
  if (A.error) progress.textContent = A.error;
  else if (A.status === 'running') progress.textContent = t('analysis.running', A.progress ? { done: A.progress.done, total: A.progress.total } : {});
  else if (A.status === 'queued') progress.textContent = t('analysis.queued');
  const box = $('#analysis-graph');
  const players = $('#analysis-players');
  box.replaceChildren();
  players.replaceChildren();
  $('#analysis-move').textContent = '';
  if (A.status !== 'done' || !A.data) return;
  const data = A.data;
  box.append(graph(data));
  for (const p of data.players) {
    const name = A.hooks && A.hooks.seatName ? A.hooks.seatName(p.seat) : p.seat;
    players.append(el('p', { class: 'analysis-player', 'data-seat': p.seat },
      el('strong', { text: name }), ' ',
      t('analysis.accuracy', { accuracy: Math.round(p.accuracy) }), ' · ',
      [I18n.tn('analysis.inaccuracies', p.inaccuracies), I18n.tn('analysis.mistakes', p.mistakes), I18n.tn('analysis.blunders', p.blunders)].join(', ')));
  }
  $('#analysis-move').textContent = moveNote(data);
  markMoves(data);
}

export { render };
