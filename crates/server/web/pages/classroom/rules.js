// @ts-check
// The rules for children, and each variant as a game on this screen.

import { BoardView } from '../../lib/board/view.js';
import { $, el, svgEl } from '../../lib/dom.js';
import { canSpeak, speak, spokenText } from '../../lib/speech.js';
import { store } from '../../lib/store.js';
import { api, lang, t } from './state.js';

// ------------------------------------------------------------------
// The rules for children, and the games
// ------------------------------------------------------------------

// Each variant as a game on this screen (people taking turns).
// The small boards come in two sizes, each with its own button.
const VARIANT_GAMES = {
  classic: [{ size: 9, players: 2, variant: 'standard', theme: 'classic' }],
  small: [
    { size: 5, players: 2, variant: 'standard', theme: 'classic' },
    { size: 7, players: 2, variant: 'standard', theme: 'classic' },
  ],
  teams: [{ size: 9, players: 4, variant: 'teams', theme: 'classic' }],
  scoring: [{ size: 7, players: 2, variant: 'scoring', theme: 'classic' }],
  crab: [{ size: 9, players: 2, variant: 'standard', theme: 'crab' }],
};

// The rules' pictures, as on the printed sheet: a small board each,
// drawn by the shared board.
/**
 * @param {string} label what the picture shows, in words
 * @param {{pawns: Record<string, string>, fences?: string[], legal?: string[], path?: string[], arrow?: [string, string]}} show
 */
function picture(label, show) {
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { class: 'board mini cls-rule-board', role: 'img', 'aria-label': label }));
  const view = new BoardView(svg);
  const seats = /** @type {import('../../lib/views.js').Seat[]} */ (Object.keys(show.pawns));
  view.build({ size: 3, seats, theme: 'classic', mini: true });
  view.showPosition({ pawns: show.pawns, fences: show.fences || [], toMove: null });
  if (show.legal) view.markSquares(show.legal, 'legal');
  if (show.path) view.showPaths({ south: show.path });
  if (show.arrow) view.showMove(show.arrow[1], show.arrow[0]);
  return svg;
}

async function renderRules() {
  const box = $('#cls-pupil');
  const l = lang();
  $('#cls-pupil-print').href = '/classroom/pupil?lang=' + l;
  $('#cls-pupil-pdf').href = '/classroom/pupil.pdf?lang=' + l;
  let texts;
  try {
    texts = await api('GET', '/api/classroom/texts?lang=' + l);
  } catch (e) {
    box.textContent = e.message;
    return;
  }
  const p = texts.pupil;
  $('#cls-rules-title').textContent = p.title;
  box.textContent = '';
  box.append(
    el('p', { class: 'cls-big', text: p.goal }),
    el('p', { text: p.setup }),
    el('p', { class: 'cls-strong', text: p.turn }),
    el('div', { class: 'cls-rule-pictures' },
      el('figure', {}, picture(p.move_pawn, { pawns: { south: 'b2' }, legal: ['b1', 'a2', 'c2', 'b3'] }), el('figcaption', { text: p.move_pawn })),
      el('figure', {}, picture(p.place_fence, { pawns: { south: 'b1' }, fences: ['a1h'], path: ['b1', 'c1', 'c2', 'c3'] }), el('figcaption', { text: p.or + ' ' + p.place_fence }))),
    el('p', { text: p.fair_play }),
    el('div', { class: 'cls-rule-pictures' },
      el('figure', {}, picture(p.face_to_face, { pawns: { south: 'b1', north: 'b2' }, arrow: ['b1', 'b3'] }), el('figcaption', { text: p.face_to_face }))),
    el('p', { text: p.end }),
    el('p', { class: 'cls-tip', text: p.tip }),
    el('h2', { text: p.words_title }),
  );
  const words = el('dl', { class: 'cls-words' });
  for (const [word, meaning] of p.words) words.append(el('dt', { text: word }), el('dd', { text: meaning }));
  box.append(words);
  // The loudspeaker reads the rules aloud, for those who do not read yet.
  const read = $('#cls-rules-read');
  read.hidden = !canSpeak();
  read.onclick = () => speak(spokenText([p.title, p.goal, p.setup, p.turn, p.move_pawn, p.or + ' ' + p.place_fence, p.fair_play, p.face_to_face, p.end, p.tip]), l);
  const list = $('#cls-variants');
  list.textContent = '';
  for (const v of texts.variants) {
    const games = VARIANT_GAMES[v.id] || [];
    const buttons = games.map((g) => {
      const label = games.length > 1 ? t('cls.play') + ' ' + g.size + '×' + g.size : t('cls.play');
      const play = el('button', { type: 'button', class: 'btn primary', 'data-variant': v.id, 'data-size': String(g.size), text: label });
      play.addEventListener('click', () => playVariant(g, play));
      return play;
    });
    list.append(el('div', { class: 'card sub cls-variant' }, el('h3', { text: v.title }), el('p', { text: v.rule }), el('div', { class: 'actions' }, ...buttons)));
  }
}

async function playVariant(g, button) {
  const seats = Array.from({ length: g.players }, () => ({ kind: 'human', mine: true }));
  const body = Object.assign({}, g, { public: false, seats });
  button.disabled = true;
  $('#cls-variant-error').hidden = true;
  try {
    const res = await api('POST', '/api/games', body);
    // The game page finds its token where it keeps its own games.
    store.set('quoridor.game.' + res.id, { id: res.id, t: Date.now(), token: res.token, seats: res.seats, invites: null, creator: true, mode: 'hotseat', label: null, status: res.game && res.game.status });
    location.href = '/g/' + encodeURIComponent(res.id);
  } catch (e) {
    $('#cls-variant-error').textContent = e.message;
    $('#cls-variant-error').hidden = false;
  } finally {
    button.disabled = false;
  }
}

export {
  renderRules,
};
