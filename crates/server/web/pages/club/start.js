// @ts-check
// The teacher's start screen (/class): the classes kept on this device and
// in the account, a new class, a class opened with its code and PIN, and a
// new tournament's form (also on a class's dashboard).

import { $, el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';
import { store } from '../../lib/store.js';
import { api, showError, showView } from './shared.js';

const t = (key, params) => I18n.t(key, params);

/** The classes this device holds, the latest first. */
export function myClasses() {
  return store.get('quoridor.club.classes', []);
}

/** Keeps a class's key on this device (the latest first, at most 30). */
export function saveClass(rec) {
  const list = myClasses().filter((c) => c.id !== rec.id);
  list.unshift(rec);
  store.set('quoridor.club.classes', list.slice(0, 30));
}

/**
 * The teacher's start: the class of the address's hash opens (`dashboard`),
 * else the classes of this device and of the account, a new class, a class
 * opened with its code and PIN, and a club's tournament.
 * @param {(rec: {id: string, code: string, token: string, name: string}) => void} dashboard
 */
export function teacherStart(dashboard) {
  const hash = location.hash.slice(1);
  const rec = myClasses().find((c) => c.id === hash);
  if (rec) {
    dashboard(rec);
    return;
  }
  showView('club-start');
  document.title = t('club.start_title');
  $('#new-class-lang').value = I18n.lang;
  const list = myClasses().map((c) => el('li', {}, el('a', { class: 'btn', href: '/class#' + encodeURIComponent(c.id), text: c.name + ' · ' + c.code })));
  $('#my-classes').replaceChildren(...(list.length ? list : [el('li', { class: 'hint', text: t('club.none_yet') })]));
  accountClasses();
  const err = $('#start-error');
  $('#new-class-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.hidden = true;
    const body = { name: $('#new-class-name').value, lang: $('#new-class-lang').value };
    const pin = $('#new-class-pin').value.trim();
    if (pin) body.pin = pin;
    try {
      const key = await api('POST', '/api/classes', body);
      saveClass({ id: key.id, code: key.code, token: key.token, name: body.name });
      location.hash = key.id;
    } catch (e) {
      showError(err, e);
    }
  });
  $('#open-class-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.hidden = true;
    try {
      const key = await api('POST', '/api/classes/open', { code: $('#open-code').value, pin: $('#open-pin').value });
      saveClass({ id: key.id, code: key.code, token: key.token, name: key.code });
      location.hash = key.id;
    } catch (e) {
      // The server's words are English: say these in the page's language.
      const said = { wrong_pin: 'club.err_pin', rate_limited: 'club.err_pin_wait' }[e.code];
      showError(err, said ? { message: t(said) } : e);
    }
  });
  tournamentForm($('#club-cup-slot'), null, 9, (e) => showError(err, e));
}

// The classes kept in the teacher's account, when logged in: opened on
// this device without the PIN (a new teacher screen for it).
async function accountClasses() {
  /** @type {{id: string, code: string, name: string, pupils: number}[]} */
  let owned;
  try {
    owned = await api('GET', '/api/classes/mine');
  } catch (e) {
    $('#account-hint').hidden = e.status !== 401;
    return;
  }
  $('#account-classes-box').hidden = false;
  $('#account-classes').replaceChildren(...(owned.length ? owned.map((c) => el('li', {},
    el('button', { type: 'button', class: 'btn', text: c.name + ' · ' + c.code + ' · ' + I18n.tn('club.pupils_n', c.pupils), onclick: () => openOwned(c) }))) : [el('li', { class: 'hint', text: t('club.none_yet') })]));
}

/** @param {{id: string, code: string, name: string}} c */
async function openOwned(c) {
  if (!myClasses().some((x) => x.id === c.id)) {
    try {
      const key = await api('POST', '/api/classes/' + encodeURIComponent(c.id) + '/teacher', {});
      saveClass({ id: key.id, code: key.code, token: key.token, name: c.name });
    } catch (e) {
      showError($('#start-error'), e);
      return;
    }
  }
  location.hash = c.id;
}

// The new tournament's form (from its template) in `slot`: for the class
// `classId` (its pupils play, and the teacher's `token` opens it), or a
// club's (players join with the code).
export function tournamentForm(slot, classId, size, fail, token = undefined) {
  const form = $('#cup-form-template').content.firstElementChild.cloneNode(true);
  I18n.apply(form);
  form.elements.size.value = String(size);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const f = form.elements;
    const [initial, inc] = f.clock.value.split('+').map(Number);
    const ai = Math.max(0, Math.min(8, Number(f.ai.value) || 0));
    const body = {
      name: f.name.value,
      format: f.format.value,
      size: Number(f.size.value),
      clock: { initial_ms: initial, increment_ms: inc },
      ai: Array.from({ length: ai }, () => Number(f.level.value)),
    };
    if (body.format === 'swiss') body.rounds = Number(f.rounds.value) || 3;
    if (classId) body.class = classId;
    try {
      const key = await api('POST', '/api/tournaments', body, classId ? token : undefined);
      rememberTournament(key);
      if (classId) window.open('/t/' + encodeURIComponent(key.id), '_blank');
      else location.href = '/t/' + encodeURIComponent(key.id);
    } catch (e) {
      fail(e);
    }
  });
  slot.replaceChildren(form);
}

export function rememberTournament(key) {
  store.set('quoridor.club.cups', Object.assign(store.get('quoridor.club.cups', {}), { [key.id]: { token: key.token, organiser: true } }));
}
