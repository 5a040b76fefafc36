// @ts-check
// Picture cards, for children who cannot read yet: five pictures in a row
// on each pupil's login card (the stars, fish and objects of the
// exercises). On the class's join page the child taps the same pictures;
// the teacher opens that way in for a lesson, on the Pupils tab.

import { el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';

const t = (key, params) => I18n.t(key, params);

/** The pictures a row is made of (`club::pictures::PICTURES`). */
export const PICTURES = ['apple', 'ball', 'key', 'flower', 'tree', 'house', 'heart', 'moon', 'sun', 'boat', 'star', 'fish'];
/** Pictures in a row. */
export const ROW_LEN = 5;

/** A picture's name in the page's language ("soleil"). @param {string} name */
export function pictureName(name) {
  return t(name === 'star' || name === 'fish' ? 'club.picture_' + name : 'cls.object.' + name);
}

/** One picture. @param {string} name @param {string} [alt] */
export function pictureImg(name, alt) {
  return el('img', { class: 'club-picture', src: '/join/pictures/' + encodeURIComponent(name) + '.svg', alt: alt === undefined ? pictureName(name) : alt, draggable: 'false', 'data-picture': name });
}

/**
 * A pupil's row as printed or shown: each picture with its number under
 * it, so that a child taps them in order.
 * @param {string[]} names
 */
export function pictureRow(names) {
  return el('ol', { class: 'club-picture-row', 'aria-label': names.map(pictureName).join(', ') },
    ...names.map((name, i) => el('li', {}, pictureImg(name, ''), el('span', { class: 'club-picture-n', 'aria-hidden': 'true', text: String(i + 1) }))));
}

/**
 * The join page's pad: the twelve pictures to tap, the row being made
 * (a rubber takes the last one back), sent once it has [`ROW_LEN`].
 * @param {HTMLElement} box
 * @param {(row: string[]) => Promise<boolean>} send says whether the row opened a seat
 */
export function picturePad(box, send) {
  /** @type {string[]} */
  let row = [];
  let sending = false;
  const slots = el('ol', { class: 'club-picture-row club-picture-slots', 'aria-live': 'polite' });
  const rub = el('button', { type: 'button', class: 'btn big club-picture-rub', 'aria-label': t('club.pictures_rub'), title: t('club.pictures_rub'), text: '⌫' });
  const grid = el('div', { class: 'club-picture-grid', role: 'group', 'aria-label': t('club.pictures_tap') });
  function draw() {
    slots.replaceChildren(...Array.from({ length: ROW_LEN }, (_, i) => el('li', { class: row[i] ? 'filled' : '' },
      row[i] ? pictureImg(row[i]) : el('span', { class: 'club-picture-empty', 'aria-label': t('club.pictures_slot', { n: i + 1 }) }),
      el('span', { class: 'club-picture-n', 'aria-hidden': 'true', text: String(i + 1) }))));
    rub.disabled = sending || row.length === 0;
    for (const b of grid.querySelectorAll('button')) /** @type {HTMLButtonElement} */ (b).disabled = sending;
  }
  for (const name of PICTURES) {
    grid.append(el('button', {
      type: 'button', class: 'btn club-picture-key', 'data-picture': name, 'aria-label': pictureName(name),
      onclick: async () => {
        if (sending || row.length >= ROW_LEN) return;
        row.push(name);
        draw();
        if (row.length < ROW_LEN) return;
        sending = true;
        draw();
        const opened = await send(row.slice()).catch(() => false);
        sending = false;
        // A wrong row starts again from the first picture.
        if (!opened) row = [];
        draw();
      },
    }, pictureImg(name, '')));
  }
  rub.addEventListener('click', () => {
    row.pop();
    draw();
  });
  box.replaceChildren(el('div', { class: 'club-picture-made' }, slots, rub), grid);
  draw();
}

/**
 * The Pupils tab's control of the way in by pictures: open for a lesson,
 * until when, how many wrong rows are left, or shut (and why).
 * @param {HTMLElement} box
 * @param {import('../../lib/views.js').ClassView} v
 * @param {(open: boolean) => void} set
 */
export function renderDoor(box, v, set) {
  const door = v.picture_door || { open: false, until_ms: 0, tries_left: 0, shut_by_misses: false };
  const open = door.open && door.until_ms > Date.now();
  const until = new Date(door.until_ms).toLocaleTimeString(I18n.lang, { hour: '2-digit', minute: '2-digit' });
  const said = open
    ? t('club.pictures_open_until', { time: until, n: door.tries_left })
    : door.shut_by_misses ? t('club.pictures_shut_misses') : t('club.pictures_shut');
  box.replaceChildren(
    el('h3', { text: t('club.pictures_title') }),
    el('p', { class: 'hint', text: t('club.pictures_hint') }),
    el('p', { class: 'club-door-state' + (open ? ' open' : ''), 'data-open': String(open), text: said }),
    el('button', { type: 'button', class: 'btn' + (open ? '' : ' primary'), id: 'dash-pictures-door', text: t(open ? 'club.pictures_shut_now' : 'club.pictures_open'), onclick: () => set(!open) }));
}
