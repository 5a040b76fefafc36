// @ts-check
// One live connection to the server (a game, the lobby, a class, a
// tournament): a WebSocket that reconnects by itself, waiting longer after
// each failure (with a little randomness, so that a restarted server is
// not hit by every page at once), at once when a sleeping tablet wakes
// up, and that can keep itself alive with pings. It closes when the page
// is left (`pagehide`: another address in the tab, the page kept in the
// back-forward cache), so that the server sees the player gone, and opens
// again if the page comes back from that cache (`pageshow`).

/**
 * The protocols a WebSocket offers: ours, and the token (a page cannot set
 * headers on a WebSocket, and tokens never go in addresses).
 * @param {string | null | undefined} token
 */
export function socketProtocols(token) {
  return token ? ['quoridor', 'bearer.' + token] : ['quoridor'];
}

/** The address of the server's WebSocket route `path`, for this page's host. */
export function socketUrl(/** @type {string} */ path, loc = globalThis.location) {
  const proto = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return proto + '//' + loc.host + path;
}

/**
 * How long to wait before the `failures`-th try again: `base`, doubling
 * with each failure up to `max`, plus up to `jitter` of itself.
 * @param {number} failures tries that failed in a row (0 for the first retry)
 * @param {{base?: number, max?: number, jitter?: number}} [opts]
 * @param {() => number} [random]
 */
export function backoff(failures, opts = {}, random = Math.random) {
  const { base = 500, max = 15000, jitter = 0.25 } = opts;
  const wait = Math.min(max, base * 2 ** Math.max(0, failures));
  return Math.round(wait * (1 + jitter * random()));
}

/**
 * @typedef {object} LiveOptions
 * @property {string | null} [token] the bearer token, sent as a protocol
 * @property {(message: any) => void} [onMessage] each JSON message (others are ignored)
 * @property {() => void} [onOpen] connected (again)
 * @property {() => void} [onClose] the connection dropped; it will try again unless stopped
 * @property {number} [pingEvery] ms between `{"type":"ping"}` messages (none if 0)
 * @property {{base?: number, max?: number, jitter?: number}} [backoff]
 * @property {{setTimeout: typeof setTimeout, clearTimeout: typeof clearTimeout, setInterval: typeof setInterval, clearInterval: typeof clearInterval}} [timers]
 * @property {any} [WebSocket] the WebSocket class (tests give a fake one)
 * @property {() => number} [random]
 * @property {{addEventListener: (type: string, f: (ev: any) => void) => void} | null} [page] where `pagehide` and `pageshow` are heard (the window; tests give a fake one)
 */

/** A reconnecting WebSocket carrying JSON messages. */
export class LiveSocket {
  /** @param {string | (() => string)} url the address, or a function giving it at each try @param {LiveOptions} [opts] */
  constructor(url, opts = {}) {
    this.url = url;
    this.opts = opts;
    this.timers = opts.timers || globalThis;
    this.WebSocket = opts.WebSocket || globalThis.WebSocket;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.failures = 0;
    this.stopped = true;
    /** @type {any} */
    this.retryTimer = null;
    /** @type {any} */
    this.pingTimer = null;
    /** Closed because the page was left; opened again if it comes back. */
    this.suspended = false;
    const page = opts.page !== undefined ? opts.page
      : typeof globalThis.addEventListener === 'function' ? globalThis : null;
    if (page) {
      page.addEventListener('pagehide', () => this.suspend());
      page.addEventListener('pageshow', (ev) => {
        if (ev && ev.persisted) this.resume();
      });
    }
  }

  /** The page is left: closed now (no retry), to come back with it. */
  suspend() {
    if (this.stopped) return;
    this.suspended = true;
    this.drop();
  }

  /** The page came back from the back-forward cache: connects again. */
  resume() {
    if (!this.suspended) return;
    this.suspended = false;
    if (this.stopped) return;
    this.failures = 0;
    this.open();
  }

  /** Connects (again at once, if it was connected or waiting). */
  start() {
    this.stopped = false;
    this.suspended = false;
    this.failures = 0;
    this.open();
    return this;
  }

  /** Closes for good (until `start`). */
  stop() {
    this.stopped = true;
    this.drop();
  }

  /** Whether a message sent now goes out. */
  get isOpen() {
    return !!this.socket && this.socket.readyState === 1;
  }

  /** Sends `message` as JSON; false when not connected (nothing is queued). @param {unknown} message */
  send(message) {
    if (!this.isOpen) return false;
    /** @type {WebSocket} */ (this.socket).send(JSON.stringify(message));
    return true;
  }

  /** Reconnects at once if the connection is down (a page shown again). */
  wake() {
    if (this.stopped || this.suspended || this.isOpen || (this.socket && this.socket.readyState === 0)) return;
    this.failures = 0;
    this.open();
  }

  /** @private Closes the current socket, without a retry. */
  drop() {
    this.timers.clearTimeout(this.retryTimer);
    this.timers.clearInterval(this.pingTimer);
    const old = this.socket;
    this.socket = null;
    if (old) {
      try { old.close(); } catch (_) { /* already closed */ }
    }
  }

  /** @private */
  open() {
    this.drop();
    const url = typeof this.url === 'function' ? this.url() : this.url;
    /** @type {WebSocket} */
    let socket;
    try {
      socket = new this.WebSocket(url, socketProtocols(this.opts.token));
    } catch (_) {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.failures = 0;
      const every = this.opts.pingEvery || 0;
      if (every > 0) this.pingTimer = this.timers.setInterval(() => this.send({ type: 'ping' }), every);
      this.opts.onOpen?.();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      let message;
      try {
        message = JSON.parse(ev.data);
      } catch (_) {
        return;
      }
      this.opts.onMessage?.(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.timers.clearInterval(this.pingTimer);
      this.socket = null;
      this.opts.onClose?.();
      this.retry();
    };
  }

  /** @private */
  retry() {
    if (this.stopped) return;
    const wait = backoff(this.failures, this.opts.backoff, this.opts.random);
    this.failures++;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => this.open(), wait);
  }
}

/**
 * Wakes `live` whenever the page is shown again (a tablet waking up).
 * @param {LiveSocket} live
 */
export function wakeWhenShown(live) {
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) live.wake();
  });
  return live;
}
