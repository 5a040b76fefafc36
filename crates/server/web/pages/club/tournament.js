// @ts-check
// A tournament's page (/t/<id>): its pairings round by round with their
// live boards, the standings with their tie-breaks, the player's own game
// now, and for its organiser the start, the players, forfeits and draws.
// Printable.

import { $, el } from '../../lib/dom.js';
import { I18n } from '../../lib/i18n.js';
import { api, boardCard, tournamentWords, live, shownName } from './shared.js';

const t = (key, params) => I18n.t(key, params);

/**
 * The page of tournament `id`, opened with the first of `tokens` that is
 * one of its players' or its organiser's (its own, a class's pupil's, a
 * teacher's).
 * @param {string} id @param {string[]} tokens
 */
export function tournamentPage(id, tokens) {
  /** @type {string | null} */
  let token = null;
  (async () => {
    for (const candidate of tokens) {
      try {
        const v = await api('GET', '/api/tournaments/' + encodeURIComponent(id), undefined, candidate);
        if (v.you !== null || v.organiser) { token = candidate; break; }
      } catch (_) { /* try the next */ }
    }
    if (!token) {
      // A class's tournament is for its class only: say so, and stop.
      try {
        await api('GET', '/api/tournaments/' + encodeURIComponent(id));
      } catch (e) {
        if (e.status === 401) {
          $('#cup-title').textContent = t('club.cup_class_only');
          $('#cup-status').textContent = '';
          return;
        }
      }
    }
    live('/api/tournaments/' + encodeURIComponent(id) + '/live', token,
      (msg) => { if (msg.type === 'tournament') renderCup(msg.tournament, token); },
      (up) => { $('#cup-status').textContent = up ? '' : t('club.reconnecting'); });
  })();
  $('#cup-print').addEventListener('click', () => window.print());
  $('#cup-start').addEventListener('click', async () => {
    try {
      await api('POST', '/api/tournaments/' + encodeURIComponent(id) + '/start', {}, token);
    } catch (e) {
      window.alert(e.message);
    }
  });
  $('#cup-add-ai').addEventListener('click', async () => {
    try {
      await api('POST', '/api/tournaments/' + encodeURIComponent(id) + '/players', { ai: Number($('#cup-add-level').value) }, token);
    } catch (e) {
      window.alert(e.message);
    }
  });
}

function points(x) {
  return x % 1 ? (Math.floor(x) ? Math.floor(x) : '') + '½' : String(x);
}

function renderCup(v, token) {
  const name = (i) => (i === null || i === undefined ? t('club.bye') : shownName(v.players[i].name, v.players[i].ai));
  document.title = v.name;
  $('#cup-title').textContent = v.name;
  const clock = v.clock ? Math.round((v.clock.initial_ms || v.clock.per_move_ms) / 60000) + ' min' + (v.clock.increment_ms ? ' + ' + v.clock.increment_ms / 1000 + ' s' : '') : t('club.no_clock');
  // The rounds are known once it starts (a round robin's depend on who entered).
  const roundsLine = v.stage === 'open' ? [] : [t('club.rounds_of', { n: v.rounds.length, total: v.total_rounds })];
  $('#cup-info').textContent = [t('club.format.' + v.format), ...roundsLine, v.size + '×' + v.size, clock, t('club.stage.' + v.stage)].join(' · ');
  $('#cup-organiser').hidden = !(v.organiser && v.stage === 'open');
  // Only the organiser is given the code to share.
  $('#cup-code-line').hidden = !v.code;
  $('#cup-code-line').textContent = v.code ? t('club.cup_code', { code: v.code, url: v.join_url || location.origin + '/join' }) : '';
  // The player's own game now, a bye, a wait, or their place at the end.
  const you = $('#cup-you');
  you.replaceChildren();
  if (v.you !== null && v.you !== undefined) {
    const round = v.stage === 'running' && v.rounds.length ? v.rounds[v.rounds.length - 1] : [];
    // Player 0 is an opponent like any other: a bye is a `second` of null.
    const p = round.find((x) => x.first === v.you || x.second === v.you);
    const row = v.standings.find((r) => r.player === v.you);
    const said = tournamentWords({
      stage: v.stage, playing: true, players: v.players.length,
      game: p && p.game && !p.outcome ? p.game : null,
      bye: !!p && p.second === null,
      place: v.stage === 'finished' && row ? row.rank : null,
    });
    if (p && p.game && !p.outcome) {
      you.append(el('a', { class: 'btn primary big', href: '/g/' + encodeURIComponent(p.game) + '#t=' + encodeURIComponent(token), text: t('club.play_your_game', { name: name(p.first === v.you ? p.second : p.first) }) }));
    } else if (said) {
      you.append(el('p', { class: 'club-status club-cup-now', text: said }));
    }
  }
  const head = el('tr', {}, ...['club.rank', 'club.player', 'club.points', 'club.buchholz', 'club.sb', 'club.wdl'].map((k) => el('th', { text: t(k) })));
  const rows = v.standings.map((r) => el('tr', { class: r.player === v.you ? 'you' : '' },
    el('td', { text: String(r.rank) }), el('td', { text: name(r.player) }), el('td', { text: points(r.points) }),
    el('td', { text: points(r.buchholz) }), el('td', { text: points(r.sonneborn_berger) }),
    el('td', { text: `${r.wins}/${r.draws}/${r.losses}` + (r.byes ? ' · ' + t('club.byes', { n: r.byes }) : '') })));
  $('#cup-standings').replaceChildren(el('thead', {}, head), el('tbody', {}, rows));
  const rounds = v.rounds.map((round, k) => {
    const items = round.map((p, table) => {
      const result = p.second === null ? t('club.bye') : p.outcome === 'first_wins' ? '1 – 0' : p.outcome === 'second_wins' ? '0 – 1' : p.outcome === 'draw' ? '½ – ½' : '';
      const current = k === v.rounds.length - 1;
      // The organiser may end a game of the round being played: an absent
      // player forfeits, or a draw.
      const decide = v.organiser && v.stage === 'running' && current && p.game && !p.outcome && p.second !== null
        ? el('div', { class: 'club-decide no-print' }, ...[
          ['first_wins', t('club.decide_wins', { name: name(p.first) })],
          ['draw', t('club.decide_draw')],
          ['second_wins', t('club.decide_wins', { name: name(p.second) })],
        ].map(([outcome, label]) => el('button', { type: 'button', class: 'btn ghost small', text: label, onclick: () => decideGame(v, p.game, outcome, label, token) })))
        : null;
      return el('tr', {}, el('td', { text: String(table + 1) }), el('td', { text: name(p.first) }), el('td', { text: p.second === null ? '' : name(p.second) }), el('td', {}, result, decide || ''),
        el('td', { class: 'no-print' }, p.board && current ? boardCard(p.board, { href: '/g/' + encodeURIComponent(p.game), target: '_blank' }) : ''));
    });
    return el('div', { class: 'club-round' + (k === v.rounds.length - 1 ? ' current' : '') },
      el('h2', { text: t('club.round_n', { n: k + 1 }) }),
      el('div', { class: 'club-table-wrap' }, el('table', { class: 'club-table' }, el('thead', {}, el('tr', {}, ...['club.table', 'club.first', 'club.second', 'club.result', ''].map((x) => el('th', { text: x ? t(x) : '' })))), el('tbody', {}, items))));
  }).reverse();
  $('#cup-rounds').replaceChildren(...rounds);
  // Before the start, an absent player is taken out; after it, withdrawn.
  const manage = v.organiser && v.stage !== 'finished';
  $('#cup-players').replaceChildren(...v.players.map((p) => el('li', { class: p.withdrawn ? 'withdrawn' : '' },
    shownName(p.name, p.ai) + (p.ai && shownName(p.name, p.ai) === p.name ? ' (' + t('club.computer', { level: p.ai }) + ')' : ''),
    manage && !p.withdrawn ? el('button', { type: 'button', class: 'btn ghost small no-print', text: t('club.withdraw'), onclick: () => withdraw(v, p, token) }) : null)));
  $('#cup-delete').hidden = !v.organiser;
  $('#cup-delete').onclick = () => deleteCup(v, token);
}

async function withdraw(v, p, token) {
  const ask = v.stage === 'open' ? 'club.withdraw_confirm_open' : 'club.withdraw_confirm';
  if (!window.confirm(t(ask, { name: p.name }))) return;
  try {
    await api('POST', '/api/tournaments/' + encodeURIComponent(v.id) + '/withdraw', { player: p.index }, token);
  } catch (e) {
    window.alert(e.message);
  }
}

async function decideGame(v, game, outcome, label, token) {
  if (!window.confirm(t('club.decide_confirm', { result: label }))) return;
  try {
    await api('POST', '/api/tournaments/' + encodeURIComponent(v.id) + '/decide', { game, outcome }, token);
  } catch (e) {
    window.alert(e.message);
  }
}

async function deleteCup(v, token) {
  if (!window.confirm(t('club.delete_cup_confirm', { name: v.name }))) return;
  try {
    await api('DELETE', '/api/tournaments/' + encodeURIComponent(v.id), undefined, token);
    location.href = v.class ? '/class#' + encodeURIComponent(v.class) : '/class';
  } catch (e) {
    window.alert(e.message);
  }
}
