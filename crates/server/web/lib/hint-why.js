// @ts-check
// Why a hint is good, in path terms: what the move does to the mover's
// shortest path and to the most dangerous opponent's (the one nearest its
// goal after the move). Pure: the words come from `t`, so that it is
// unit-tested (test/hint-why.test.js).

/** @typedef {{seat: string, before: number, after: number}} Steps */

/**
 * The reason for a hint, or '' where the steps say nothing.
 * @param {{move: string, steps?: Steps[]}} hint
 * @param {string} mover the seat to move
 * @param {(seat: string) => string} name a seat's name for the reader
 * @param {(key: string, params?: Record<string, string | number>) => string} t
 */
export function hintWhy(hint, mover, name, t) {
  const steps = hint.steps || [];
  const mine = steps.find((s) => s.seat === mover);
  const others = steps.filter((s) => s.seat !== mover);
  if (!mine || !others.length) return '';
  if (mine.after === 0) return t('hint.why_win');
  const fence = /^[a-z]\d+[hv]$/i.test(hint.move);
  if (fence) {
    // The opponent slowed the most.
    const hit = others.reduce((a, b) => (b.after - b.before > a.after - a.before ? b : a));
    if (hit.after <= hit.before) return t('hint.why_prepares');
    const params = { them: name(hit.seat), before: hit.before, after: hit.after, mine: mine.after, mine_before: mine.before };
    return t(mine.after > mine.before ? 'hint.why_fence_both' : 'hint.why_fence', params);
  }
  // The opponent nearest its goal.
  const near = others.reduce((a, b) => (b.after < a.after ? b : a));
  const params = { mine: mine.after, them: name(near.seat), theirs: near.after };
  return t(mine.after < mine.before ? 'hint.why_step' : 'hint.why_around', params);
}
