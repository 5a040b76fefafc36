// @ts-check
// Printing worksheets: the sheet's settings and its PDF.

import { $, $$ } from '../../lib/dom.js';
import { S, lang } from './state.js';

// ------------------------------------------------------------------
// Printing
// ------------------------------------------------------------------

// A sheet number of its own until the teacher gives one, so that the
// print view and the PDF are the same sheet.
function fillSeed() {
  const seedBox = $('#pr-seed');
  if (!seedBox.value) seedBox.value = String(Math.floor(Math.random() * 1000000));
  return seedBox;
}

function printParams() {
  const seedBox = $('#pr-seed');
  const count = Math.min(40, Math.max(1, Number($('#pr-count').value) || 6));
  return new URLSearchParams({
    kind: $('#pr-kind').value,
    level: $('#pr-level').value,
    count: String(count),
    seed: seedBox.value,
    lang: $('#pr-lang').value,
  });
}

function printOpen() {
  if (!$('#pr-form').dataset.ready) {
    $('#pr-form').dataset.ready = '1';
    $('#pr-lang').value = lang();
    $('#pr-level').value = String(S.level);
    $('#pr-form').addEventListener('submit', (e) => {
      e.preventDefault();
      fillSeed();
      window.open('/classroom/sheet?' + printParams(), '_blank', 'noopener');
    });
    for (const input of $$('#pr-form select, #pr-form input')) {
      input.addEventListener('input', refreshPdfLink);
      input.addEventListener('change', refreshPdfLink);
    }
    fillSeed();
  }
  refreshPdfLink();
}

function refreshPdfLink() {
  const params = printParams();
  if (!$('#pr-seed').value) params.delete('seed');
  $('#pr-pdf').href = '/classroom/sheet.pdf?' + params;
}

export {
  printOpen,
};
