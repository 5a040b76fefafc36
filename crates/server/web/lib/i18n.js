// @ts-check
// The page's language: which one (the one chosen once, kept across pages
// and reloads, else the browser's), its texts with placeholders and plural
// forms, and the page's marked elements filled in it. Only the language
// shown is loaded (each is a module of its own). A text missing in a
// language falls back to English when English is loaded, else to its key
// (the unit tests require every text in every language).

/** @typedef {'en' | 'fr' | 'ro'} Lang */
/** @typedef {Record<string, string | number | null | undefined>} Params */

/** The languages, in the order the pickers list them. */
export const LANGS = /** @type {const} */ ([
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'ro', name: 'Română' },
]);

/** Where the chosen language is kept. */
export const STORAGE_KEY = 'quoridor.lang';

/** French typography: a non-breaking space before : ; ! ? » and after «. */
export function frenchSpaces(/** @type {string} */ text) {
  return text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}

/** Each language's texts, as a module loaded when first needed. */
const LOADERS = {
  en: () => import('./i18n/en.js'),
  fr: () => import('./i18n/fr.js'),
  ro: () => import('./i18n/ro.js'),
};

/** The languages loaded so far, by code. @type {Partial<Record<Lang, Record<string, string>>>} */
const loaded = {};

/** Whether `code` is a language the pages speak. */
export function isLang(/** @type {unknown} */ code) {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(LOADERS, code);
}

/**
 * A language's texts (loaded once; French with its non-breaking spaces).
 * @param {Lang} lang @returns {Promise<Record<string, string>>}
 */
export async function loadMessages(lang) {
  const have = loaded[lang];
  if (have) return have;
  /** @type {Record<string, string>} */
  const table = (await LOADERS[lang]()).default;
  const ready = lang === 'fr' ? Object.fromEntries(Object.entries(table).map(([k, v]) => [k, frenchSpaces(v)])) : table;
  loaded[lang] = ready;
  return ready;
}

/**
 * The language to open in: the one saved, else the first of the browser's
 * languages we speak (by its main part: `fr-CA` is `fr`), else English.
 * @param {string | null} saved
 * @param {readonly string[]} wanted the browser's languages, preferred first
 * @returns {Lang}
 */
export function pick(saved, wanted) {
  if (isLang(saved)) return /** @type {Lang} */ (saved);
  for (const l of wanted) {
    const code = String(l || '').toLowerCase().split(/[-_]/)[0];
    if (isLang(code)) return /** @type {Lang} */ (code);
  }
  return 'en';
}

/**
 * `{name}` placeholders filled from `params`; one without a value stays.
 * @param {string} text
 * @param {Params} [params]
 */
export function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name) => (params[name] === undefined || params[name] === null ? m : String(params[name])));
}

/** Texts in one language, falling back to English (when loaded). */
export class Texts {
  /** @param {Lang} lang @param {Record<string, string>} table its texts */
  constructor(lang, table) {
    /** @type {Lang} */
    this.lang = lang;
    this.table = table;
    this.plural = new Intl.PluralRules(lang);
    this.ordinal = new Intl.PluralRules(lang, { type: 'ordinal' });
  }

  /** @param {string} key @returns {string | null} */
  lookup(key) {
    if (Object.prototype.hasOwnProperty.call(this.table, key)) return this.table[key];
    const en = loaded.en;
    if (en && Object.prototype.hasOwnProperty.call(en, key)) return en[key];
    return null;
  }

  /** @param {string} key @param {Params} [params] */
  t(key, params) {
    const text = this.lookup(key);
    return text === null ? key : fill(text, params);
  }

  /**
   * The form of `key` for the number `n` (`key_one`, `key_few`, `key_other`
   * as the language's plural rules say), `{n}` filled with `n`.
   * @param {string} key @param {number} n @param {Params} [params]
   */
  tn(key, n, params) {
    const form = this.plural.select(n);
    const text = this.lookup(`${key}_${form}`) ?? this.lookup(`${key}_other`) ?? this.lookup(key) ?? key;
    return fill(text, { n, ...params });
  }

  /**
   * The form of `key` for the ordinal `n` (1st, 2nd, 3rd…: `key_one`,
   * `key_two`, `key_few`, `key_other` as the language's ordinal rules
   * say), `{n}` filled with `n`.
   * @param {string} key @param {number} n @param {Params} [params]
   */
  tord(key, n, params) {
    const form = this.ordinal.select(n);
    const text = this.lookup(`${key}_${form}`) ?? this.lookup(`${key}_other`) ?? key;
    return fill(text, { n, ...params });
  }

  /** @param {string} key */
  has(key) {
    return this.lookup(key) !== null;
  }
}

/** The browser's storage, or nothing where it is refused. */
function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch (_) {
    return null;
  }
}

/** @type {((lang: Lang) => void)[]} */
const listeners = [];
/** Language switches asked for so far. */
let switches = 0;
/** Until a language is loaded, texts are their keys (pages wait for `init`). */
let current = new Texts('en', {});

/** The page's language and texts. */
export const I18n = {
  langs: LANGS,
  get lang() {
    return current.lang;
  },
  /** Opens the page in the language saved or the browser's, once it is loaded. */
  async init() {
    const saved = remembered();
    const nav = globalThis.navigator;
    const wanted = nav ? (nav.languages?.length ? nav.languages : [nav.language || 'en']) : [];
    try {
      await set(pick(saved, wanted), false);
    } catch (_) {
      // Its file did not come (the network): English, else the page's
      // own words stay.
      await set('en', false).catch(() => {});
    }
  },
  set,
  /** @param {string} key @param {Params} [params] */
  t: (key, params) => current.t(key, params),
  /** @param {string} key @param {number} n @param {Params} [params] */
  tn: (key, n, params) => current.tn(key, n, params),
  /** @param {string} key @param {number} n @param {Params} [params] */
  tord: (key, n, params) => current.tord(key, n, params),
  /** @param {string} key */
  has: (key) => current.has(key),
  apply,
  /** Calls `f` each time the language changes. @param {(lang: Lang) => void} f */
  onChange(f) {
    listeners.push(f);
  },
};

/**
 * Switches the page to `code` (English if it is not one of ours) once its
 * texts are loaded; with `remember`, every page opens in it from now on.
 * The choice is saved at once, so that a page left before the texts came
 * still opens the next one in it; a file that does not come puts the
 * previous choice back.
 * @param {string} code @param {boolean} [remember]
 */
async function set(code, remember) {
  const lang = isLang(code) ? /** @type {Lang} */ (code) : 'en';
  const ticket = ++switches;
  const before = remember ? remembered() : null;
  if (remember) saveChoice(lang);
  let table;
  try {
    table = await loadMessages(lang);
  } catch (err) {
    if (remember && ticket === switches) saveChoice(before);
    throw err;
  }
  // A later choice made while this one loaded wins.
  if (ticket !== switches) return;
  current = new Texts(lang, table);
  if (globalThis.document) document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

/** The language saved for every page, if any. */
function remembered() {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? null;
  } catch (_) {
    return null;
  }
}

/** Saves `lang` for every page (nothing: forgets it). @param {string | null} lang */
function saveChoice(lang) {
  try {
    if (lang === null) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, lang);
  } catch (_) { /* private mode or full: only this page changes */ }
}

/**
 * Fills every element under `root` marked with data-i18n (its text),
 * data-i18n-aria (aria-label), data-i18n-title (title) and
 * data-i18n-placeholder.
 * @param {ParentNode} root
 */
function apply(root) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = I18n.t(/** @type {HTMLElement} */ (node).dataset.i18n ?? '');
  for (const node of root.querySelectorAll('[data-i18n-aria]')) node.setAttribute('aria-label', I18n.t(/** @type {HTMLElement} */ (node).dataset.i18nAria ?? ''));
  for (const node of root.querySelectorAll('[data-i18n-title]')) node.setAttribute('title', I18n.t(/** @type {HTMLElement} */ (node).dataset.i18nTitle ?? ''));
  for (const node of root.querySelectorAll('[data-i18n-placeholder]')) node.setAttribute('placeholder', I18n.t(/** @type {HTMLElement} */ (node).dataset.i18nPlaceholder ?? ''));
}
