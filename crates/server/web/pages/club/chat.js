// @ts-check
// The teacher's side of the chat in the class's games (Games tab): off
// until the teacher turns it on; then every line a pupil writes is read
// here, with the game it was said in, and the teacher can delete them all.
// The lines are read again whenever the live view says one was said.

import { el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';

const t = (key, params) => I18n.t(key, params);

/** @typedef {import('../../lib/views.js').ClassView} ClassView */
/** @typedef {import('../../lib/views.js').ClassChatView} ClassChatView */

/** The time of a line, as the teacher's clock says it ("14:05"). */
export function lineTime(atMs, lang) {
  return new Date(atMs).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
}

/**
 * Who played a game, for the line's heading ("Léa – Hugo"), from the
 * class's games; a game no longer listed is named by its number.
 * @param {ClassView} view @param {string} game
 */
export function gameLabel(view, game) {
  const g = (view.games || []).find((x) => x.board && x.board.id === game);
  const names = g ? g.board.names.filter((n) => n) : [];
  return names.length ? names.join(' – ') : t('club.chat_game', { id: game });
}

/**
 * The chat panel of the dashboard.
 * @param {{box: HTMLElement, toggle: HTMLInputElement, list: HTMLElement, clear: HTMLButtonElement, empty: HTMLElement}} parts
 * @param {{api: (method: string, path: string, body?: object | null) => Promise<any>, path: string, onError: (e: any) => void, confirm: (text: string) => boolean}} io
 */
export function chatPanel(parts, io) {
  /** @type {{said: number | null, view: ClassView | null, lines: ClassChatView['lines']}} */
  const S = { said: null, view: null, lines: [] };

  function draw() {
    const view = S.view;
    if (!view) return;
    parts.toggle.checked = !!view.chat;
    const lang = I18n.lang || 'en';
    const items = S.lines.map((l) => el('li', { class: 'club-chat-line' },
      el('span', { class: 'hint', text: lineTime(l.at_ms, lang) + ' · ' + gameLabel(view, l.game) }), ' ',
      el('strong', { text: l.name }), ': ',
      el('span', { class: 'chat-text', text: l.text })));
    parts.list.replaceChildren(...items);
    parts.list.hidden = !items.length;
    parts.empty.hidden = !!items.length;
    parts.empty.textContent = view.chat ? t('club.chat_none') : t('club.chat_off');
    parts.clear.hidden = !items.length;
  }

  async function read() {
    try {
      /** @type {ClassChatView} */
      const got = await io.api('GET', io.path);
      S.lines = got.lines || [];
      draw();
    } catch (e) {
      io.onError(e);
    }
  }

  parts.toggle.addEventListener('change', async () => {
    const on = parts.toggle.checked;
    try {
      const view = await io.api('POST', io.path, { on });
      render(view);
    } catch (e) {
      parts.toggle.checked = !on;
      io.onError(e);
    }
  });
  parts.clear.addEventListener('click', async () => {
    if (!io.confirm(t('club.chat_clear_confirm'))) return;
    try {
      await io.api('DELETE', io.path);
      S.lines = [];
      draw();
    } catch (e) {
      io.onError(e);
    }
  });

  /** @param {ClassView} view */
  function render(view) {
    S.view = view;
    const said = view.chat_said_ms || 0;
    if (S.said !== said) {
      S.said = said;
      read();
    }
    draw();
  }

  return { render };
}
