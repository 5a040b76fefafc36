// @ts-check
// What the home and game pages share: texts that depend on a game (names,
// seats, results, times), what this browser keeps about its games, and the
// announcements, toasts and confirmations.

import { ApiError, errorText as apiErrorText } from '../lib/api.js';
import { timeLeft } from '../lib/challenge.js';
import { $, announce, el } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { SEATS4, squareName } from '../lib/position.js';
import { store } from '../lib/store.js';

const t = (key, params) => I18n.t(key, params);
const tn = (key, n, params) => I18n.tn(key, n, params);

// ------------------------------------------------------------------
// Small helpers
// ------------------------------------------------------------------

function show(node, visible) {
  if (node) node.hidden = !visible;
}

// What this browser knows about a game: its token, the seats it holds,
// the invite links (creator only) and a label for the recent-games list.
const GAME_PREFIX = 'quoridor.game.';
function loadRec(id) {
  return store.get(GAME_PREFIX + id, null);
}
function saveRec(id, patch) {
  const rec = Object.assign({ id, t: Date.now() }, loadRec(id) || {}, patch, { t: Date.now() });
  store.set(GAME_PREFIX + id, rec);
  pruneRecs();
  return rec;
}
function allRecs() {
  return store.keys(GAME_PREFIX)
    .map((k) => store.get(k, null))
    .filter((r) => r && r.id)
    .sort((a, b) => (b.t || 0) - (a.t || 0));
}
function pruneRecs() {
  const recs = allRecs();
  for (const r of recs.slice(60)) store.remove(GAME_PREFIX + r.id);
}

// ------------------------------------------------------------------
// Notation
// ------------------------------------------------------------------

const sqName = squareName;

// ------------------------------------------------------------------
// Texts that depend on the game
// ------------------------------------------------------------------

const seatLabel = (seat) => t('seat.' + seat);
function seatInfo(game, seat) {
  return (game && game.seats || []).find((s) => s.seat === seat) || null;
}
function playerName(game, seat) {
  const info = seatInfo(game, seat);
  if (!info) return seatLabel(seat);
  if (info.kind === 'ai') {
    const m = /^AI (\d)$/.exec(info.name || '');
    if (!info.name || m) return t('kind.ai', { level: info.level || (m && m[1]) || '?' });
    return info.name;
  }
  if (!info.taken) return t('player.free');
  // A default name is a seat name (a rematch carries it to another seat).
  if (!info.name || SEATS4.includes(info.name.toLowerCase())) return seatLabel(seat);
  return info.name;
}

// A refusal (an ApiError, or an error a socket message carries) in the
// page's language.
function errorText(err) {
  if (!err) return '';
  return err instanceof ApiError ? err.message : apiErrorText(err);
}

function terminationText(term) {
  const key = 'term.' + String(term || '').replace(/\s+/g, '_');
  return I18n.has(key) ? t(key) : String(term || '');
}

function formatClockSetting(clock) {
  if (!clock) return t('clock.none');
  if (clock.per_move_ms >= 86400000) {
    const d = Math.round(clock.per_move_ms / 86400000);
    return t(d === 1 ? 'clock.day' : 'clock.days', { d });
  }
  if (clock.per_move_ms) return t('clock.per_move', { s: Math.round(clock.per_move_ms / 1000) });
  if (clock.initial_ms < 60000) {
    return t('clock.fischer_s', { t: Math.round(clock.initial_ms / 1000), s: Math.round((clock.increment_ms || 0) / 1000) });
  }
  const min = clock.initial_ms / 60000;
  const minText = Number.isInteger(min) ? String(min) : min.toFixed(1);
  return t('clock.fischer', { m: minText, s: Math.round((clock.increment_ms || 0) / 1000) });
}

// The decimal separator of the page's language (8.1 s, 8,1 s).
function decimalSeparator() {
  try {
    return (1.5).toLocaleString(I18n.lang).charAt(1) || '.';
  } catch (_) {
    return '.';
  }
}

/**
 * A clock as a game of `clock` shows it: a days-a-move clock in words
 * ("23 h 59 min", "1 day"), any other as a clock does ("4:05", "9.8").
 * @param {number} ms @param {any} [clock]
 */
function formatClock(ms, clock) {
  return clock && clock.per_move_ms >= 86400000 ? timeLeft(ms, t) : formatMs(ms);
}

function formatMs(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return Math.floor(tenths / 10) + decimalSeparator() + (tenths % 10);
  }
  const total = Math.floor(ms / 1000);
  // Days are said as a turn-based game says them: "2 d 5 h", "1 day".
  if (total >= 86400) return timeLeft(ms, t);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h ? h + ':' + String(m).padStart(2, '0') + ':' + ss : m + ':' + ss;
}

/**
 * How long a move took, in one unit whatever its length: `7.7 s`, `17 s`,
 * `1 min 05 s` (a clock's `0:17` style is for clocks).
 * @param {number} ms
 */
function moveDuration(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return Math.floor(tenths / 10) + decimalSeparator() + (tenths % 10) + '\u00a0s';
  }
  const total = Math.floor(ms / 1000);
  if (total < 60) return total + '\u00a0s';
  return Math.floor(total / 60) + '\u00a0min ' + String(total % 60).padStart(2, '0') + '\u00a0s';
}

function variantText(settings) {
  return t('variant.' + (settings.variant || 'standard'));
}

// ------------------------------------------------------------------
// HTTP
// ------------------------------------------------------------------

// ------------------------------------------------------------------
// Announcements, toasts, confirmation
// ------------------------------------------------------------------

let toastTimer = 0;
function toast(text) {
  const node = $('#toast');
  node.textContent = text;
  node.hidden = false;
  node.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    node.classList.remove('show');
    setTimeout(() => { node.hidden = true; }, 300);
  }, 2600);
}

/**
 * Asks before an action: `danger` (the default) for one that loses
 * something (resign, abort), red; an offer is asked in the usual colour.
 * @param {string} text @param {string} yesLabel @param {boolean} [danger]
 */
function confirmDialog(text, yesLabel, danger = true) {
  const dlg = $('#confirm-dialog');
  $('#confirm-text').textContent = text;
  $('#confirm-yes').textContent = yesLabel;
  $('#confirm-yes').className = 'btn ' + (danger ? 'danger' : 'primary');
  return new Promise((resolve) => {
    if (typeof dlg.showModal !== 'function') {
      resolve(window.confirm(text));
      return;
    }
    const done = () => {
      dlg.removeEventListener('close', done);
      resolve(dlg.returnValue === 'yes');
    };
    dlg.returnValue = '';
    dlg.addEventListener('close', done);
    dlg.showModal();
    $('#confirm-no').focus();
  });
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('common.copied'));
    return;
  } catch (_) { /* fall back below */ }
  const area = /** @type {HTMLTextAreaElement} */ (el('textarea', { class: 'sr-only' }));
  area.value = text;
  document.body.append(area);
  area.select();
  try {
    document.execCommand('copy');
    toast(t('common.copied'));
  } catch (_) {
    toast(t('common.copy_failed'));
  }
  area.remove();
}

// What the list of recent games keeps of a game: who, the board, the
// clock (written again in the language of the day it is shown).
function gameLabel(g) {
  const st = g.settings || g;
  const names = (g.seats || []).map((s) => playerName(g, s.seat));
  return {
    names,
    // Kept as they are, so that the list is written in the language of
    // the day it is shown, not of the day it was saved.
    seats: (g.seats || []).map((s) => ({ seat: s.seat, kind: s.kind, name: s.name, level: s.level, taken: s.taken })),
    size: st.size,
    players: st.players || (g.seats || []).length,
    variant: st.variant || 'standard',
    clock: st.clock || null,
    theme: st.theme || 'classic',
  };
}

/**
 * This browser's session, shared by the home and game pages.
 * @type {{account: {name: string, ratings?: any} | null}}
 */
const session = { account: null };

export {
  gameLabel,
  session,
  GAME_PREFIX,
  allRecs,
  announce,
  confirmDialog,
  copyText,
  errorText,
  formatClockSetting,
  formatClock,
  formatMs,
  moveDuration,
  loadRec,
  playerName,
  saveRec,
  seatInfo,
  seatLabel,
  show,
  sqName,
  t,
  terminationText,
  tn,
  toast,
  variantText,
};
