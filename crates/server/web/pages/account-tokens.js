// @ts-check
// The account page's personal API tokens: a program that plays for the
// account (a bot) uses one. Made with a name, shown once to copy, listed
// by name and date only, deleted in one click (it stops at once). The
// server keeps only their hashes.

import { api } from '../lib/api.js';
import { $, el } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';

const t = (key, params) => I18n.t(key, params);

/** @typedef {{ id: number, label: string, created_ms: number }} TokenView */

/** @param {number} ms */
function day(ms) {
  return new Date(ms).toLocaleDateString(I18n.lang, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** @param {HTMLElement} box @param {any} e */
function fail(box, e) {
  box.hidden = false;
  box.textContent = e.code === 'network' ? t('acc.network') : (e.message || String(e));
}

/**
 * Fills the tokens' card (`#tokens-card`) and wires its form; the account
 * (`GET /api/account`) says whether it is a bot already.
 * @param {{ name: string, bot?: boolean }} me
 */
export async function tokensCard(me) {
  const list = $('#tok-list');
  const error = $('#tok-error');
  const made = $('#tok-made');
  const value = /** @type {HTMLInputElement} */ ($('#tok-value'));
  const label = /** @type {HTMLInputElement} */ ($('#tok-label'));

  const refresh = async () => {
    /** @type {TokenView[]} */
    const tokens = await api('GET', '/api/account/tokens');
    list.replaceChildren(...tokens.map((token) => el('li', { class: 'tok-item', 'data-id': token.id },
      el('span', { class: 'tok-name', text: token.label }),
      el('span', { class: 'hint', text: t('tok.made_on', { date: day(token.created_ms) }) }),
      el('button', {
        type: 'button',
        class: 'btn small danger',
        text: t('tok.delete'),
        'aria-label': t('tok.delete_named', { name: token.label }),
        onclick: async () => {
          if (!window.confirm(t('tok.delete_confirm', { name: token.label }))) return;
          error.hidden = true;
          try {
            await api('POST', `/api/account/tokens/${token.id}/delete`, {});
            await refresh();
          } catch (e) {
            fail(error, e);
          }
        },
      }))));
    $('#tok-none').hidden = tokens.length > 0;
  };

  $('#tok-form').onsubmit = async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    try {
      const token = await api('POST', '/api/account/tokens', { label: label.value });
      value.value = token.token;
      made.hidden = false;
      label.value = '';
      value.focus();
      value.select();
      await refresh();
    } catch (e) {
      fail(error, e);
    }
  };
  $('#tok-copy').onclick = async () => {
    try {
      await navigator.clipboard.writeText(value.value);
      $('#tok-copied').hidden = false;
    } catch (_) {
      // No clipboard here: the token stays selected to copy by hand.
      value.select();
    }
  };
  $('#tok-done').onclick = () => {
    // Gone from the page: it is never shown again.
    value.value = '';
    made.hidden = true;
    $('#tok-copied').hidden = true;
  };
  const botState = (/** @type {boolean} */ bot) => {
    $('#bot-is').hidden = !bot;
    $('#bot-become-row').hidden = bot;
  };
  botState(Boolean(me.bot));
  $('#bot-become').onclick = async () => {
    if (!window.confirm(t('tok.become_confirm', { name: me.name }))) return;
    error.hidden = true;
    try {
      const account = await api('POST', '/api/account/bot', {});
      botState(Boolean(account.bot));
    } catch (e) {
      fail(error, e);
    }
  };
  await refresh().catch((e) => fail(error, e));
}
