// @ts-check
// The server's API (API.md): JSON in and out, tokens as bearers (never in
// addresses), and its refusals as texts in the page's language, chosen by
// their `code` (the server's own words are English, for programs).

import { I18n } from './i18n.js';
import { serverReached } from './offline.js';

/** @typedef {import('./views.js').ReasonView} ReasonView */
/** @typedef {{code?: string, message?: string, reason?: ReasonView | null}} ErrorView */

/**
 * Why a move was refused, in the page's language: the rules' reason by
 * its code, else the server's words.
 * @param {ReasonView | null | undefined} reason
 */
export function reasonText(reason) {
  if (!reason) return '';
  const params = {
    fence: reason.fence || '',
    seat: reason.seat ? I18n.t('seat.' + reason.seat) : '',
    from: reason.from || '',
    to: reason.to || '',
    size: reason.size ? String(reason.size) : '',
    square: reason.square || '',
  };
  const key = 'reason.' + reason.code;
  if (I18n.has(key)) return I18n.t(key, params);
  return reason.text || reason.code;
}

/**
 * A refusal in the page's language: the text for its code (`err.<code>`),
 * an illegal move with its reason, a bad request with the server's words
 * (they name the field), and for a code we do not know, the server's words.
 * @param {ErrorView} err
 */
export function errorText(err) {
  const text = errorWords(err);
  // A sentence, whatever filled it (a reason, the server's words).
  return text.charAt(0).toLocaleUpperCase(I18n.lang) + text.slice(1);
}

/** @param {ErrorView} err */
function errorWords(err) {
  const code = err.code || 'unknown';
  if (code === 'illegal_move' && err.reason) return I18n.t('err.illegal_move_reason', { reason: reasonText(err.reason) });
  // A position set up that breaks a rule (the analysis board) says which.
  if (code === 'bad_request' && err.reason) return I18n.t('err.bad_position', { reason: reasonText(err.reason) });
  const key = 'err.' + code;
  if (I18n.has(key)) {
    if (code === 'bad_request' && err.message) return I18n.t(key) + ' (' + err.message + ')';
    return I18n.t(key);
  }
  return I18n.t('err.unknown', { message: err.message || code });
}

/**
 * A refusal of the server, or a network failure (code `network`, status
 * 0). Its `message` is the text for the page (`errorText`); the server's
 * own words stay in `serverMessage`.
 */
export class ApiError extends Error {
  /** @param {ErrorView | null | undefined} err @param {number} [status] */
  constructor(err, status) {
    const view = err || {};
    super(errorText(view));
    this.code = view.code || 'unknown';
    this.reason = view.reason || null;
    this.serverMessage = view.message || '';
    this.status = status || 0;
  }
}

/** @param {unknown} e */
function networkError(e) {
  return new ApiError({ code: 'network', message: String((e && /** @type {Error} */ (e).message) || e) }, 0);
}

/** Where the requests the page may answer itself lie (the module says which it answers). */
const OFFLINE_PREFIXES = ['/api/learn/', '/api/classroom/'];

/**
 * The answer the page makes itself, for a request it can answer without
 * the server (lib/offline-api.js, loaded only when the server fails).
 * @param {string} method @param {string} path @param {unknown} body
 * @returns {Promise<{status: number, body: any} | null>}
 */
async function onDevice(method, path, body) {
  if (!OFFLINE_PREFIXES.some((prefix) => path.startsWith(prefix))) return null;
  try {
    const { answerOnDevice } = await import('./offline-api.js');
    return await answerOnDevice(method, path, body);
  } catch (_) {
    return null;
  }
}

/**
 * One call of the API. Resolves to the answer's JSON (null when empty);
 * rejects with an `ApiError`. When the server cannot be reached, the
 * tutorial's, the puzzles' and the classroom's requests are answered by
 * the page itself (`onDevice`).
 * @param {string} method @param {string} path @param {unknown} [body] @param {string | null} [token]
 * @returns {Promise<any>}
 */
export async function api(method, path, body, token) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (e) {
    serverReached(false);
    const local = await onDevice(method, path, body);
    if (!local) throw networkError(e);
    if (local.status >= 400) throw new ApiError(local.body && local.body.error, local.status);
    return local.body;
  }
  serverReached(true);
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (_) {
    data = null;
  }
  if (!res.ok) {
    const err = data && data.error ? data.error : { code: 'http', message: res.status + ' ' + (text || res.statusText).slice(0, 200) };
    throw new ApiError(err, res.status);
  }
  return data;
}

/**
 * `api` with a page's own words for a network failure (the children's
 * pages say to check the Wi-Fi).
 * @param {() => string} networkText
 * @returns {typeof api}
 */
export function apiSaying(networkText) {
  return async (method, path, body, token) => {
    try {
      return await api(method, path, body, token);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'network') e.message = networkText();
      throw e;
    }
  };
}

/**
 * The name the server gives a file it sends (`filename*=UTF-8''…`, else
 * `filename="…"`), or `fallback`.
 * @param {string | null} disposition @param {string} fallback
 */
export function savedName(disposition, fallback) {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition);
  if (utf8) {
    try { return decodeURIComponent(utf8[1]); } catch (_) { /* a bad escape: the plain name */ }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * A file of the API that needs a token (a class's results): fetched with
 * the token as a bearer, then handed to the browser as a download named
 * `filename`.
 * @param {string} path @param {string} token @param {string} filename
 */
export async function download(path, token, filename) {
  let res;
  try {
    res = await fetch(path, { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
  } catch (e) {
    throw networkError(e);
  }
  if (!res.ok) {
    let err = { code: 'http', message: String(res.status) };
    try { err = (await res.json()).error || err; } catch (_) { /* not JSON */ }
    throw new ApiError(err, res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = savedName(res.headers.get('Content-Disposition'), filename);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/**
 * An image of the API that needs a token, as an object URL for <img>.
 * @param {string} path @param {string} token
 */
export async function imageUrl(path, token) {
  let res;
  try {
    res = await fetch(path, { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
  } catch (e) {
    throw networkError(e);
  }
  if (!res.ok) throw new ApiError({ code: 'http', message: String(res.status) }, res.status);
  return URL.createObjectURL(await res.blob());
}
