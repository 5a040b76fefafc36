// @ts-check
// A procedural wood texture: growth rings distorted by value noise, and
// fine fibres along the grain. It is made a few rows at a time while the
// browser is idle (all at once it kept a phone busy for over a second);
// until it is ready the board is plain wood colour.
const WOOD_SIZE = 400;
/** @type {{url: string | null, waiting: ((url: string) => void)[], started: boolean}} */
const wood = { url: null, waiting: [], started: false };

/** Makes a function that fills one row of the texture's pixels. */
function woodRows() {
  const size = WOOD_SIZE;
  const hash = (/** @type {number} */ x, /** @type {number} */ y) => {
    let h = Math.imul(x, 374761393) + Math.imul(y, 668265263) + 1013904223;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967295;
  };
  const noise = (/** @type {number} */ x, /** @type {number} */ y) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const u = xf * xf * (3 - 2 * xf);
    const v = yf * yf * (3 - 2 * yf);
    const a = hash(xi, yi);
    const b = hash(xi + 1, yi);
    const c = hash(xi, yi + 1);
    const e = hash(xi + 1, yi + 1);
    return a + (b - a) * u + (c - a) * v + (a - b - c + e) * u * v;
  };
  const light = [238, 199, 143];
  const dark = [168, 104, 50];
  const smooth = (/** @type {number} */ a, /** @type {number} */ b, /** @type {number} */ x) => {
    const u = Math.min(1, Math.max(0, (x - a) / (b - a)));
    return u * u * (3 - 2 * u);
  };
  // Fills row y of the image data `d`.
  return (/** @type {Uint8ClampedArray} */ d, /** @type {number} */ y) => {
    const ny = y / size;
    for (let x = 0; x < size; x++) {
      const nx = x / size;
      // Long, gently waving growth rings along x.
      const warp = noise(nx * 1.6, ny * 3.5) * 1.1 + noise(nx * 3.5, ny * 9) * 0.35;
      const v = ny * 24 + warp * 2.2;
      const f = v - Math.floor(v);
      const late = Math.exp(-((f - 0.12) * (f - 0.12)) / 0.006); // dark thin band
      const early = smooth(0.15, 1, f) * 0.25;
      const fibre = noise(nx * 4, ny * 420) * 0.6 + noise(nx * 18, ny * 700) * 0.4;
      const tone = noise(nx * 1.3 + 11, ny * 1.3 + 5);
      let k = 0.42 * late + early + 0.2 * fibre + 0.22 * tone - 0.08;
      k = Math.min(1, Math.max(0, k));
      const i = (y * size + x) * 4;
      d[i] = light[0] + (dark[0] - light[0]) * k;
      d[i + 1] = light[1] + (dark[1] - light[1]) * k;
      d[i + 2] = light[2] + (dark[2] - light[2]) * k;
      d[i + 3] = 255;
    }
  };
}

/** @param {() => void} f */
function whenIdle(f) {
  if (globalThis.requestIdleCallback) globalThis.requestIdleCallback(f, { timeout: 400 });
  else setTimeout(f, 16);
}

/**
 * The texture's URL once made, else null; `onReady` is called with it
 * when it is.
 * @param {(url: string) => void} [onReady]
 * @returns {string | null}
 */
export function woodTexture(onReady) {
  if (wood.url) return wood.url;
  if (onReady) wood.waiting.push(onReady);
  if (wood.started) return null;
  wood.started = true;
  const cv = document.createElement('canvas');
  cv.width = WOOD_SIZE;
  cv.height = WOOD_SIZE;
  const ctx = cv.getContext('2d');
  if (!ctx) return null;
  const img = ctx.createImageData(WOOD_SIZE, WOOD_SIZE);
  const row = woodRows();
  let y = 0;
  const step = () => {
    // Short slices: no task long enough to delay a tap.
    const end = performance.now() + 8;
    while (y < WOOD_SIZE && performance.now() < end) row(img.data, y++);
    if (y < WOOD_SIZE) {
      whenIdle(step);
      return;
    }
    ctx.putImageData(img, 0, 0);
    cv.toBlob((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      wood.url = url;
      for (const f of wood.waiting.splice(0)) f(url);
    });
  };
  whenIdle(step);
  return null;
}
