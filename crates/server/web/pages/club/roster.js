// @ts-check
// The Pupils tab of the teacher's dashboard: the roster the teacher owns.
// Pupils added by name before the lesson, renamed, two seats of one child
// merged, taken out; each pupil's login card (its letters and pictures,
// hidden until asked: the dashboard is often on the class's screen) and a
// new one; the way in by pictures opened for a lesson; each pupil's page.

import { $, el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';
import { pictureRow, renderDoor } from './pictures.js';

const t = (key, params) => I18n.t(key, params);

/** @typedef {import('../../lib/views.js').ClassView} ClassView */
/** @typedef {ClassView['pupils'][number]} PupilView */

/** A login card's code as printed: `ABCD-EFGH`. @param {string} card */
export function cardText(card) {
  return card.length === 8 ? card.slice(0, 4) + '-' + card.slice(4) : card;
}

/**
 * The Pupils tab.
 * @param {{ticked: Set<number>, cardsShown: Set<number>}} state the pupils ticked (for groups and games), the cards shown
 * @param {{call: (method: string, rest: string, body?: object) => Promise<any>, shown: (v: ClassView) => void,
 *   onError: (e: any) => void, openSheet: (id: number) => void}} io
 *   `call`: the class's API as its teacher (`rest` after `/api/classes/ID`);
 *   `shown`: a new view of the class to draw
 */
export function rosterTab(state, io) {
  /** Calls the API; a view it answers is drawn. */
  async function change(method, rest, body) {
    try {
      const v = await io.call(method, rest, body);
      if (v && v.pupils) io.shown(v);
      return true;
    } catch (e) {
      io.onError(e);
      return false;
    }
  }

  /** @param {PupilView} p */
  function cardShown(p) {
    const box = el('span', { class: 'club-card-shown' });
    const button = el('button', { type: 'button', class: 'btn ghost small club-card-code', title: t('club.card_of', { name: p.name }) });
    const draw = () => {
      const shown = state.cardsShown.has(p.id);
      button.textContent = shown ? cardText(p.card) : t('club.card_show');
      button.setAttribute('aria-pressed', String(shown));
      const row = shown && p.pictures && p.pictures.length ? pictureRow(p.pictures) : null;
      if (row) row.setAttribute('aria-label', t('club.card_pictures_of', { name: p.name, list: row.getAttribute('aria-label') || '' }));
      box.replaceChildren(button, ...(row ? [row] : []));
    };
    button.addEventListener('click', () => {
      if (state.cardsShown.has(p.id)) state.cardsShown.delete(p.id); else state.cardsShown.add(p.id);
      draw();
    });
    draw();
    return box;
  }

  /** @param {PupilView} p */
  function replaceCard(p) {
    if (window.confirm(t('club.card_new_confirm', { name: p.name }))) change('POST', '/pupils/' + p.id + '/card', {});
  }

  /** @param {PupilView} p */
  function renamePupil(p) {
    const name = window.prompt(t('club.rename_prompt', { name: p.name }), p.name);
    if (name && name.trim() !== p.name) change('POST', '/pupils/' + p.id, { name: name.trim() });
  }

  /** @param {PupilView} p */
  function removePupil(p) {
    if (window.confirm(t('club.remove_confirm', { name: p.name }))) change('DELETE', '/pupils/' + p.id);
  }

  // Two seats of one child ("Léa" and "Léa M"): the teacher picks the seat
  // to keep; the other's work, games, groups and tournament places go to it.
  /** @param {PupilView} p @param {ClassView} v @param {HTMLElement} button */
  function mergeForm(p, v, button) {
    const row = /** @type {HTMLElement} */ (button.closest('li'));
    const open = row.querySelector('.club-merge');
    if (open) { open.remove(); return; }
    const others = v.pupils.filter((x) => x.id !== p.id);
    const select = el('select', { class: 'club-merge-into', 'aria-label': t('club.merge_into', { name: p.name }) },
      ...others.map((x) => el('option', { value: String(x.id), text: x.name })));
    const form = el('form', { class: 'club-merge' },
      el('label', {}, el('span', { text: t('club.merge_into', { name: p.name }) }), ' ', select),
      el('button', { type: 'submit', class: 'btn small primary', text: t('club.merge_go') }),
      el('button', { type: 'button', class: 'btn ghost small', text: t('common.cancel'), onclick: () => form.remove() }));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const into = others.find((x) => String(x.id) === /** @type {HTMLSelectElement} */ (select).value);
      if (into && window.confirm(t('club.merge_confirm', { name: p.name, into: into.name }))) change('POST', '/pupils/' + p.id + '/merge', { into: into.id });
    });
    row.append(form);
    /** @type {HTMLElement} */ (select).focus();
  }

  /** @param {ClassView} v @param {PupilView} p */
  function pupilRow(v, p) {
    return el('li', { class: 'club-pupil' + (p.online ? ' online' : '') },
      el('label', {}, el('input', { type: 'checkbox', checked: state.ticked.has(p.id), onchange: (e) => { if (e.target.checked) state.ticked.add(p.id); else state.ticked.delete(p.id); } }),
        el('span', { class: 'club-dot', 'aria-label': p.online ? t('club.online') : t('club.offline') }), ' ', el('strong', { text: p.name })),
      el('span', { class: 'hint', text: t('club.pupil_score', { right: p.right, done: p.done }) }),
      cardShown(p),
      el('button', { type: 'button', class: 'btn ghost small club-sheet-open', text: t('club.sheet_open'), onclick: () => io.openSheet(p.id) }),
      el('button', { type: 'button', class: 'btn ghost small', text: t('club.card_new'), onclick: () => replaceCard(p) }),
      el('button', { type: 'button', class: 'btn ghost small', text: t('club.rename'), onclick: () => renamePupil(p) }),
      v.pupils.length > 1 ? el('button', { type: 'button', class: 'btn ghost small', text: t('club.merge'), onclick: (e) => mergeForm(p, v, /** @type {HTMLElement} */ (e.currentTarget)) }) : null,
      el('button', { type: 'button', class: 'btn ghost small', text: t('club.remove'), onclick: () => removePupil(p) }));
  }

  // The roster the teacher owns: first names added before the lesson (one
  // a line, or separated by commas), all or none.
  $('#add-pupils-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const names = $('#add-pupils-names').value.split(/[\n,;]/).map((n) => n.trim()).filter(Boolean);
    if (names.length && await change('POST', '/pupils', { names })) $('#add-pupils-names').value = '';
  });

  return {
    /** @param {ClassView} v */
    render(v) {
      const rows = v.pupils.map((p) => pupilRow(v, p));
      $('#dash-pupils').replaceChildren(...(rows.length ? rows : [el('li', { class: 'hint', text: t('club.no_pupils', { code: v.code }) })]));
      renderDoor($('#dash-pictures'), v, (open) => change('POST', '/pictures', { open }));
    },
  };
}
