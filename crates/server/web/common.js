// The helpers every page shares (the game's app.js, the classroom's
// classroom.js, learning's learn.js): building elements, the browser's
// storage, the API with its errors, the language picker. Loaded before either, as window.Common.
'use strict';

window.Common = (() => {
  const SVGNS = 'http://www.w3.org/2000/svg';

  // An element: `class`, `text` (its text), `on<event>` (a listener), other
  // attributes (false, null and undefined left out); children, nested
  // arrays flattened, strings as text.
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === null || v === undefined || v === false) continue;
        if (k === 'class') node.className = v;
        else if (k === 'text') node.textContent = v;
        else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
        else node.setAttribute(k, v === true ? '' : String(v));
      }
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  function svgEl(tag, attrs, ...children) {
    const node = document.createElementNS(SVGNS, tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === null || v === undefined || v === false) continue;
        if (k === 'class') node.setAttribute('class', v);
        else if (k === 'text') node.textContent = v;
        else node.setAttribute(k, String(v));
      }
    }
    for (const c of children.flat()) if (c) node.append(c);
    return node;
  }

  // localStorage, which a private window or a full disk may refuse: the
  // page still works, it only forgets.
  const store = {
    get(key, fallback) {
      try {
        const raw = localStorage.getItem(key);
        return raw === null ? fallback : JSON.parse(raw);
      } catch (_) {
        return fallback;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch (_) { /* private mode or full: the page still works */ }
    },
    remove(key) {
      try {
        localStorage.removeItem(key);
      } catch (_) { /* ignore */ }
    },
    keys(prefix) {
      const out = [];
      try {
        for (let i = 0; i < localStorage.length; i++) {
          const k = localStorage.key(i);
          if (k && k.startsWith(prefix)) out.push(k);
        }
      } catch (_) { /* ignore */ }
      return out;
    },
  };

  // A refusal of the server ({code, message, reason}) or a network failure
  // (code 'network', status 0).
  class ApiError extends Error {
    constructor(err, status) {
      super((err && err.message) || 'error');
      this.code = (err && err.code) || 'unknown';
      this.reason = (err && err.reason) || null;
      this.serverMessage = (err && err.message) || '';
      this.status = status || 0;
    }
  }

  // One call of the API (API.md): JSON in and out, the token as a bearer.
  async function api(method, path, body, token) {
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
      throw new ApiError({ code: 'network', message: String(e && e.message || e) }, 0);
    }
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

  // A file of the API that needs a token (a class's results): fetched with
  // the token as a bearer, never in the address, then handed to the browser
  // as a download named `filename`.
  async function download(path, token, filename) {
    let res;
    try {
      res = await fetch(path, { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
    } catch (e) {
      throw new ApiError({ code: 'network', message: String(e && e.message || e) }, 0);
    }
    if (!res.ok) {
      let err = { code: 'http', message: String(res.status) };
      try { err = (await res.json()).error || err; } catch (_) { /* not JSON */ }
      throw new ApiError(err, res.status);
    }
    const url = URL.createObjectURL(await res.blob());
    const link = el('a', { href: url, download: filename });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  // An image of the API that needs a token, as an object URL for <img>.
  async function imageUrl(path, token) {
    const res = await fetch(path, { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
    if (!res.ok) throw new ApiError({ code: 'http', message: String(res.status) }, res.status);
    return URL.createObjectURL(await res.blob());
  }

  // The protocols a WebSocket offers: ours, and the token (a page cannot
  // set headers on a WebSocket, and tokens never go in addresses).
  function socketProtocols(token) {
    return token ? ['quoridor', 'bearer.' + token] : ['quoridor'];
  }

  // The top bar's language picker (#lang): filled with the languages,
  // following and setting I18n's; after each change the page's marked
  // texts are filled again and `changed()` redoes the rest.
  function languagePicker(changed) {
    const sel = document.querySelector('#lang');
    for (const l of window.I18n.langs) sel.append(el('option', { value: l.code, lang: l.code, text: l.name }));
    sel.value = window.I18n.lang;
    sel.addEventListener('change', () => window.I18n.set(sel.value, true));
    window.I18n.onChange(() => {
      sel.value = window.I18n.lang;
      window.I18n.apply(document);
      changed();
    });
  }

  // The top bar's account link (#account-link, where a page has one): the
  // user name once logged in, else "Log in".
  async function accountLink() {
    const link = document.querySelector('#account-link');
    if (!link) return;
    try {
      const me = await api('GET', '/api/account');
      link.removeAttribute('data-i18n');
      link.textContent = me.name;
    } catch (_) {
      link.setAttribute('data-i18n', 'acc.nav_login');
      link.textContent = window.I18n.t('acc.nav_login');
    }
  }

  return { SVGNS, el, svgEl, store, ApiError, api, download, imageUrl, socketProtocols, languagePicker, accountLink };
})();
