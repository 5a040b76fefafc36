// @ts-check
// A game's chat on the game page: the players talk among themselves, the
// spectators among themselves (neither sees the other). Off until the
// reader turns it on (the choice is kept in this browser); lines are shown
// as text, never as HTML; a logged-in reader blocks a player from their
// profile page and no longer sees their lines. app.js calls Chat.render
// after each render of the game, Chat.connected when its WebSocket opens
// and Chat.receive for the chat messages.

import { $, el } from '../../lib/dom.js';
import { botBadge } from '../../lib/bot.js';
import { I18n } from '../../lib/i18n.js';
import { store } from '../../lib/store.js';
import { currentAccount } from '../../lib/topbar.js';

const t = (key, params) => I18n.t(key, params);
const KEY = 'quoridor.chat';
/**
 * The chat's state; `mute`: this reader watches without an account, and
 * spectators talk only under an account's name (they read all the same).
 * @type {{send: ((message: object) => boolean) | null, lines: {from: string, text: string, seat?: string}[], id: string | null, wired: boolean, mute: boolean}}
 */
const C = { send: null, lines: [], id: null, wired: false, mute: false };

function on() {
  return store.get(KEY, false) === true;
}

function line(l) {
  const who = l.account
    ? el('a', { href: '/@/' + encodeURIComponent(l.name), target: '_blank', rel: 'noopener', class: 'chat-name', text: l.name })
    : el('span', { class: 'chat-name', text: l.name });
  return el('li', { class: 'chat-line' + (l.seat ? ' seat-' + l.seat : '') }, who, l.bot ? [' ', botBadge()] : null, ': ', el('span', { class: 'chat-text', text: l.text }));
}

function draw() {
  const list = $('#chat-lines');
  if (!list) return;
  list.replaceChildren(...C.lines.map(line));
  list.scrollTop = list.scrollHeight;
  $('#chat-form').hidden = !on() || C.mute;
  $('#chat-login').hidden = !on() || !C.mute;
  list.hidden = !on();
}

function wire() {
  if (C.wired) return;
  C.wired = true;
  $('#chat-on').addEventListener('change', () => {
    store.set(KEY, $('#chat-on').checked);
    C.lines = [];
    if (C.send) C.send({ type: 'chat_on', on: on() });
    draw();
  });
  $('#chat-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const input = $('#chat-input');
    const text = input.value.trim();
    if (!text || !C.send) return;
    if (C.send({ type: 'chat', text })) input.value = '';
  });
}

// The game page shows the chat in games with someone else in them: not
// against the computer, nor where every seat is played on this screen.
function render(game, watching, oneScreen) {
  const box = $('#chat');
  if (!box) return;
  const others = ((game.seats || []).filter((s) => s.kind === 'human').length > 1 && !oneScreen) || watching;
  // A class's game has no chat unless its teacher turned it on (API.md);
  // then only its players talk.
  const allowed = !(game.settings && game.settings.chat_off);
  const classWatcher = watching && !!(game.settings && game.settings.teacher_reads);
  box.hidden = !(others && !game.undo_allowed && allowed) || classWatcher;
  if (box.hidden) return;
  wire();
  if (C.id !== game.id) {
    C.id = game.id;
    C.lines = [];
  }
  $('#chat-on').checked = on();
  $('#chat-title').textContent = t(watching ? 'chat.spectators' : 'chat.players');
  if (!watching) C.mute = false;
  else {
    currentAccount().then((me) => {
      if (C.mute !== !me) {
        C.mute = !me;
        draw();
      }
    }).catch(() => {});
  }
  // A class's game: the pupils know their teacher reads what they write.
  $('#chat-teacher').hidden = !(game.settings && game.settings.teacher_reads);
  draw();
}

function connected(send) {
  C.send = send;
  C.lines = [];
  if (on()) send({ type: 'chat_on', on: true });
  draw();
}

function receive(message) {
  if (message.type === 'chat_history') C.lines = message.lines || [];
  else if (message.type === 'chat' && message.line) C.lines.push(message.line);
  C.lines = C.lines.slice(-100);
  draw();
}

export { render, connected, receive };
