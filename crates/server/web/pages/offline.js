// @ts-check
// The page the service worker shows without a connection in place of a
// page it does not keep (the lobby, the leaderboard, the account, a
// class): it says so in the person's language, at the address they asked
// for, and opens that page by itself as soon as the server answers again.

import { languagePicker } from '../lib/topbar.js';

/** How often the server is asked again while it cannot be reached. */
const RETRY_MS = 3000;

/** Whether the server answers now (the API is never kept by the worker). */
async function reachable() {
  try {
    const answer = await fetch('/api/health', { cache: 'no-store' });
    return answer.ok;
  } catch (_) {
    return false;
  }
}

let trying = false;

/** The page asked for, once the server answers. */
async function tryAgain() {
  if (trying) return;
  trying = true;
  try {
    if (await reachable()) location.reload();
  } finally {
    trying = false;
  }
}

async function init() {
  await languagePicker(() => {});
  window.addEventListener('online', tryAgain);
  setInterval(tryAgain, RETRY_MS);
}

init();
