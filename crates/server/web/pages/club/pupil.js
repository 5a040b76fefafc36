// @ts-check
// A pupil's side of a class or tournament: joining with the code on the
// board, a card or the picture pad, and then their own page (their work,
// their games, their tournament), live.

import { assignmentHref, rightCount } from '../../lib/assignment.js';
import { $, $$, el } from '../../lib/dom.js';
import { forgetPerson } from '../../lib/forget.js';
import { sayButton as sayScreen, speak } from '../../lib/speech.js';
import { I18n } from '../../lib/i18n.js';
import { store } from '../../lib/store.js';
import { picturePad } from './pictures.js';
import { cardText } from './roster.js';
import { api, boardCard, tournamentWords, dayWords, live, showError, showView, today } from './shared.js';

const t = (key, params) => I18n.t(key, params);

// ------------------------------------------------------------------
// The pupil: join, then their page.
// ------------------------------------------------------------------

export function pupilRec() {
  return store.get('quoridor.club.pupil', null);
}

// The loudspeaker of a pupil's screen (#join-say, #pupil-say): a tap says
// what the screen says, in its language, for a child who cannot read yet.
/** @param {string} id @param {() => Iterable<Element>} parts */
function sayButton(id, parts) {
  sayScreen($(id), parts, () => I18n.lang);
}

export async function joinView() {
  const params = new URLSearchParams(location.search);
  const rec = pupilRec();
  // The class's code comes in the address's fragment (/join#code=…), which
  // no server or proxy receives; an older link's ?code= is read the same
  // way. Either leaves this page's address once read.
  const inHash = /^#code=([\w-]{1,16})$/.exec(location.hash);
  const code = ((inHash && inHash[1]) || params.get('code') || '').toUpperCase();
  // A card's QR code opens /join#card=…: the card stays out of every
  // server's logs, and out of this page's address once read.
  const scanned = /^#card=([\w-]{1,16})$/.exec(location.hash);
  if (scanned || inHash || params.has('code')) history.replaceState(null, '', location.pathname);
  if (rec && !scanned && (!code || code === rec.code)) {
    openJoined(rec);
    return;
  }
  showView('club-join');
  sayButton('#join-say', () => $$('#club-join h1, #club-join h2, #club-join .field > span, #club-join .hint, #club-join .club-error'));
  // Why the pupil is back here: taken out of the class, or the class
  // deleted (said once).
  const notice = store.get('quoridor.club.notice', null);
  if (notice) {
    store.remove('quoridor.club.notice');
    showError($('#join-error'), { message: t('club.gone_' + notice) });
  }
  $('#join-code').value = code;
  // A pupil who left this tablet for another comes back with the card.
  (notice === 'moved_away' ? $('#card-code') : code ? $('#join-name') : $('#join-code')).focus();
  $('#join-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const box = $('#join-error');
    box.hidden = true;
    const body = { code: $('#join-code').value, name: $('#join-name').value };
    const old = pupilRec();
    try {
      const res = await api('POST', '/api/join', body, old ? old.token : undefined);
      const joined = { id: res.id, token: res.token, name: res.name, player: res.player, code: body.code.replace(/[\s-]/g, '').toUpperCase() };
      store.set('quoridor.club.pupil', joined);
      openJoined(joined);
    } catch (e) {
      showError(box, { message: joinError(e, body) });
    }
  });
  $('#card-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    comeBack({ card: $('#card-code').value }, $('#card-error'));
  });
  if (scanned) {
    $('#card-code').value = cardText(scanned[1].toUpperCase());
    comeBack({ card: scanned[1] }, $('#card-error'));
  }
  // A child who cannot read taps the pictures of their card; what went
  // wrong is said aloud too.
  picturePad($('#pictures-pad'), async (row) => {
    const box = $('#pictures-error');
    const code = $('#join-code').value;
    if (code.replace(/[\s-]/g, '').length !== 6) {
      showError(box, { message: t('club.pictures_code_first') });
      speak(box.textContent || '', I18n.lang);
      $('#join-code').focus();
      return false;
    }
    const opened = await comeBack({ code, pictures: row }, box);
    if (!opened) speak(box.textContent || '', I18n.lang);
    return opened;
  });
}

/**
 * Back to one's seat with a login card (typed or scanned), or the row of
 * pictures on it (with the class's code); what went wrong goes in `box`.
 * Says whether the seat opened.
 * @param {{card: string} | {code: string, pictures: string[]}} key @param {HTMLElement} box
 */
async function comeBack(key, box) {
  box.hidden = true;
  try {
    const res = await api('POST', '/api/join', key);
    const joined = { id: res.id, token: res.token, name: res.name, player: res.player, code: res.code };
    store.set('quoridor.club.pupil', joined);
    openJoined(joined);
    return true;
  } catch (e) {
    const said = {
      wrong_card: 'club.err_card', rate_limited: 'club.err_card_wait',
      wrong_pictures: 'err.wrong_pictures', pictures_shut: 'err.pictures_shut', not_found: 'club.err_code',
    }[e.code];
    showError(box, said ? { message: t(said) } : e);
    return false;
  }
}

// What went wrong, in the pupil's language and in simple words.
function joinError(e, body) {
  const m = e.serverMessage || '';
  if (e.status === 404) return t('club.err_code');
  if (e.code === 'full') return t('club.err_full');
  if (m.startsWith('code')) return t('club.err_code');
  if (m.includes('already')) return t('club.err_taken', { name: body.name.trim() });
  if (m.includes('started')) return t('club.err_started');
  if (m.startsWith('name')) return t('club.err_name');
  return e.message;
}

function openJoined(rec) {
  // A tournament's player goes to its page; a pupil to theirs.
  api('GET', '/api/classes/' + encodeURIComponent(rec.id) + '/me', undefined, rec.token)
    .then((me) => pupilPage(rec, me))
    .catch((e) => {
      if (e.status === 404) {
        api('GET', '/api/tournaments/' + encodeURIComponent(rec.id)).then(() => {
          store.set('quoridor.club.cups', Object.assign(store.get('quoridor.club.cups', {}), { [rec.id]: { token: rec.token, player: true } }));
          location.href = '/t/' + encodeURIComponent(rec.id);
        }).catch(() => leftClass('class_deleted'));
      } else if (e.status === 401) {
        leftClass(e.code === 'moved_away' ? 'moved_away' : 'removed');
      } else {
        showView('club-join');
        showError($('#join-error'), e);
      }
    });
}

// The pupil's seat is gone (`removed`, `class_deleted`): forget it and
// say so on the join form.
function leftClass(why) {
  store.remove('quoridor.club.pupil');
  store.set('quoridor.club.notice', why);
  location.href = '/join';
}

function pupilPage(rec, first) {
  showView('club-pupil');
  renderMe(rec, first);
  const conn = live('/api/classes/' + encodeURIComponent(rec.id) + '/live', rec.token,
    (msg) => {
      if (msg.type === 'me') renderMe(rec, msg.me);
      if (msg.type === 'gone') {
        conn.stop();
        leftClass(['class_deleted', 'moved_away'].includes(msg.why) ? msg.why : 'removed');
      }
    },
    (up) => { $('#pupil-status').textContent = up ? '' : t('club.reconnecting'); });
  $('#pupil-leave').onclick = () => {
    // A tap by mistake must not log a child out: asked first, by name.
    const name = $('#pupil-leave').dataset.name || '';
    if (name && !window.confirm(t('club.leave_confirm', { name }))) return;
    // The tablet goes to the next pupil with nothing of this one.
    forgetPerson();
    location.href = '/join';
  };
}

/** @param {{id: string, token: string}} rec @param {import('../../lib/views.js').MeView} me */
function renderMe(rec, me) {
  // A pupil who has not chosen a language gets the class's.
  let chosen = null;
  try { chosen = localStorage.getItem('quoridor.lang'); } catch (_) { /* private mode */ }
  if (!chosen && I18n.lang !== me.lang && I18n.langs.some((l) => l.code === me.lang)) {
    I18n.set(me.lang, false);
  }
  $('#pupil-title').textContent = t('club.hello', { name: me.name });
  sayButton('#pupil-say', () => $$('#pupil-title, #pupil-tournaments .club-work, #club-pupil h2, #pupil-games .club-line, #pupil-games .hint, #pupil-work .club-work, #pupil-work .hint'));
  $('#pupil-leave').dataset.name = me.name;
  $('#pupil-class').textContent = me.class_name;
  document.title = me.name + ' — ' + me.class_name;
  const games = me.games.map((g) => {
    const mine = g.board.status !== 'over';
    const href = '/g/' + encodeURIComponent(g.board.id) + '#t=' + encodeURIComponent(rec.token);
    const extra = el('span', { class: 'btn ' + (mine ? 'primary big' : 'small'), text: mine ? t('club.play') : t('club.see') });
    return boardCard(g.board, { href, extra });
  });
  $('#pupil-games').replaceChildren(...(games.length ? games : [el('p', { class: 'hint', text: t('club.no_games') })]));
  const work = me.assignments.map((a) => {
    const done = a.work.filter((w) => w.status !== 'skipped').length;
    const right = a.work.filter((w) => w.status === 'right').length;
    const href = assignmentHref(me.class, a);
    // What is due, and what is late, said in words a child reads.
    const solved = rightCount(a.work);
    const late = !!a.due && a.due < today() && solved < a.count;
    const due = a.due ? el('span', { class: 'club-due' + (late ? ' late' : ''), text: late ? t('club.late', { day: dayWords(a.due) }) : t('club.due', { day: dayWords(a.due) }) }) : null;
    // Every item tried, some not right: the button says so, and the
    // exercises then go from one mistake to the next. All right: a star.
    const tried = new Set(a.work.map((w) => w.index)).size;
    const action = solved === a.count ? t('club.again')
      : tried === a.count ? t('club.redo_mistakes', { n: a.count - solved })
        : t('club.start');
    const star = solved === a.count ? el('span', { class: 'club-star', role: 'img', 'aria-label': t('club.star'), text: '★' }) : null;
    return el('a', { class: 'card club-work' + (star ? ' all-right' : ''), href, 'data-assignment': a.id },
      el('strong', {}, star, star ? ' ' : '', a.title), due,
      el('progress', { max: a.count, value: done, 'aria-label': t('club.progress', { done, total: a.count }) }),
      el('span', { text: t('club.progress_right', { done, total: a.count, right }) }),
      el('span', { class: 'btn primary big', text: action }));
  });
  $('#pupil-work').replaceChildren(...(work.length ? work : [el('p', { class: 'hint', text: t('club.no_work') })]));
  $('#pupil-tournaments').replaceChildren(...me.tournaments.map((c) => tournamentCard(c, rec.token)));
}

// Where a pupil stands in their class's tournament: the game to play now
// as one big button, a bye, a wait for the next round, the place at the end.
/** @param {import('../../lib/views.js').TournamentLink} c @param {string} token */
function tournamentCard(c, token) {
  const page = '/t/' + encodeURIComponent(c.id);
  const said = tournamentWords(c);
  const card = el('div', { class: 'card club-work club-cup', 'data-tournament': c.id },
    el('strong', { text: c.name }),
    el('span', { class: 'club-cup-now', text: said || t('club.stage.' + c.stage) }));
  if (c.game) {
    card.append(el('a', { class: 'btn primary big', href: '/g/' + encodeURIComponent(c.game) + '#t=' + encodeURIComponent(token), text: t('club.cup_play') }));
  }
  card.append(el('a', { class: 'btn', href: page, text: t('club.cup_see') }));
  return card;
}
