// @ts-check
// Game records opened on the analysis board: a file chosen, dropped on the
// board or pasted is read on this device by the rules' WebAssembly
// (crates/wasm/src/records.rs; nothing is sent to the server), and each
// of its games can be opened: its start, its moves as the main line, and
// who played and how it ended said above the share field.

import { rulesCore } from '../lib/engine.js';
import { $, el } from '../lib/dom.js';
import { I18n } from '../lib/i18n.js';
import { MAX_RECORD_BYTES, choiceText, playersText, resultText, wordAt } from '../lib/records.js';

/** @typedef {import('../lib/records.js').ReadRecord} ReadRecord */

const t = (key, params) => I18n.t(key, params);

/**
 * The record controls of the page, wired: each game opened is handed to
 * `open`; `showError` says what went wrong (null: nothing). Answers what
 * the board calls back: `redraw` (the language changed) and `clear`
 * (another position was set up: the game opened is no longer shown).
 * @param {(record: ReadRecord) => void} open
 * @param {(text: string | null) => void} showError
 */
export function attachRecords(open, showError) {
  /** The games of the file read last, and the one shown (-1: none). */
  let read = /** @type {ReadRecord[]} */ ([]);
  let shown = -1;
  const pick = /** @type {HTMLSelectElement} */ ($('#ab-record-pick'));

  function drawChosen() {
    const record = read[shown];
    $('#ab-record').hidden = !record;
    $('#ab-record').textContent = record ? [playersText(record, t), resultText(record, t)].filter(Boolean).join(' · ') : '';
    $('#ab-record-pick-field').hidden = read.length < 2;
    pick.replaceChildren(...read.map((r, i) => el('option', { value: String(i), text: choiceText(r, i, t) })));
    if (shown >= 0) pick.value = String(shown);
  }

  /** @param {number} index */
  function choose(index) {
    if (!read[index]) return;
    shown = index;
    drawChosen();
    open(read[index]);
  }

  /** @param {string} text */
  async function readText(text) {
    if (new Blob([text]).size > MAX_RECORD_BYTES) {
      showError(t('board.record_too_big', { mb: MAX_RECORD_BYTES / (1024 * 1024) }));
      return;
    }
    const core = await rulesCore();
    if (!core) {
      showError(t('board.record_no_reader'));
      return;
    }
    const answer = core.readRecords(text);
    if (answer.error) {
      showError(t('board.record_bad', { line: answer.line, column: answer.column, word: wordAt(text, answer.line, answer.column) || '—' }));
      return;
    }
    if (!answer.records.length) {
      showError(t('board.record_none'));
      return;
    }
    read = answer.records;
    /** @type {HTMLDetailsElement} */ ($('#ab-records')).open = false;
    choose(0);
  }

  /** @param {File | undefined | null} file */
  async function readFile(file) {
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) {
      showError(t('board.record_too_big', { mb: MAX_RECORD_BYTES / (1024 * 1024) }));
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch {
      showError(t('board.record_unreadable'));
      return;
    }
    await readText(text);
  }

  const input = /** @type {HTMLInputElement} */ ($('#ab-record-file'));
  input.onchange = async () => {
    await readFile(input.files && input.files[0]);
    // The same file chosen again is read again.
    input.value = '';
  };
  $('#ab-record-open').onclick = () => readText(/** @type {HTMLTextAreaElement} */ ($('#ab-record-text')).value);
  pick.onchange = () => choose(Number(pick.value));

  // A file dropped anywhere on the board's side of the page.
  const area = /** @type {HTMLElement} */ ($('.board-page'));
  const carriesFile = (/** @type {DragEvent} */ ev) => Boolean(ev.dataTransfer && Array.from(ev.dataTransfer.types).includes('Files'));
  area.addEventListener('dragover', (ev) => {
    if (!carriesFile(ev)) return;
    ev.preventDefault();
    area.classList.add('dropping');
  });
  area.addEventListener('dragleave', (ev) => {
    if (ev.target === area || !area.contains(/** @type {Node | null} */ (ev.relatedTarget))) area.classList.remove('dropping');
  });
  area.addEventListener('drop', (ev) => {
    area.classList.remove('dropping');
    if (!carriesFile(ev)) return;
    ev.preventDefault();
    readFile(ev.dataTransfer && ev.dataTransfer.files[0]);
  });

  return {
    redraw: drawChosen,
    clear() {
      shown = -1;
      drawChosen();
    },
  };
}
