// @ts-check
// Games read from a record file (crates/wasm/src/records.rs), said in the
// page's language: who played which seat, and how the game ended. Pure,
// so that Node's tests run it.

/**
 * @typedef {{ tags: [string, string][], position: string, moves: string[],
 *   result: string, termination: string | null }} ReadRecord
 * @typedef {(key: string, params?: Record<string, unknown>) => string} Translate
 */

/** The largest file read (a player's page exports 500 games in far less). */
export const MAX_RECORD_BYTES = 4 * 1024 * 1024;

/** The seats, in the order of play, as the record's tags name them. */
const SEATS = ['South', 'West', 'North', 'East'];

/**
 * The players named by the record, in the order of play: a name `?` (or
 * none) is unknown.
 * @param {ReadRecord} record
 * @returns {{ seat: string, name: string | null }[]}
 */
export function playersOf(record) {
  const out = [];
  for (const tag of SEATS) {
    const found = record.tags.find(([name]) => name.toLowerCase() === tag.toLowerCase());
    if (!found) continue;
    const name = found[1].trim();
    out.push({ seat: tag.toLowerCase(), name: name && name !== '?' ? name : null });
  }
  return out;
}

/**
 * How the game ended, in words: who won and how, a draw, or not finished.
 * @param {ReadRecord} record @param {Translate} t
 */
export function resultText(record, t) {
  if (!record.result || record.result === '*') return t('board.record_unfinished');
  const how = record.termination ? t('term.' + record.termination.replace(/ /g, '_')) : '';
  if (record.result === 'draw') return t('result.draw', { how });
  const players = playersOf(record);
  const winners = record.result.split('+').map((seat) => {
    const named = players.find((p) => p.seat === seat);
    return named && named.name ? named.name : t('seat.' + seat);
  });
  return winners.length > 1
    ? t('result.win_many', { winners: winners.join(', '), how })
    : t('result.win', { winner: winners[0], how });
}

/**
 * The players in words (`South: Ana · North: Bo`), empty where the
 * record names none.
 * @param {ReadRecord} record @param {Translate} t
 */
export function playersText(record, t) {
  return playersOf(record)
    .map((p) => t('board.record_player', { seat: t('seat.' + p.seat), name: p.name || '?' }))
    .join(' · ');
}

/**
 * A game of a file of several, for the list to choose from:
 * `2. Ana – Bo · Ana wins, by resignation.`
 * @param {ReadRecord} record @param {number} index @param {Translate} t
 */
export function choiceText(record, index, t) {
  const names = playersOf(record).map((p) => p.name || t('seat.' + p.seat));
  return `${index + 1}. ${names.length ? names.join(' – ') + ' · ' : ''}${resultText(record, t)}`;
}

/**
 * The word of `text` at `line` and `column` (from 1, counted in
 * characters as the rules count them), cut to 24 characters: what a
 * refusal points at, in the file's own letters.
 * @param {string} text @param {number} line @param {number} column
 */
export function wordAt(text, line, column) {
  const lineText = text.split('\n')[line - 1] || '';
  const rest = Array.from(lineText).slice(Math.max(0, column - 1)).join('');
  const word = rest.split(/\s/)[0] || '';
  return Array.from(word).slice(0, 24).join('');
}
