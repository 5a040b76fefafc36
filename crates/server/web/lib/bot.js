// @ts-check
// The mark beside a bot's name (an account a program plays for): the same
// words and look wherever a name shows (a game's players, a challenge,
// a player's page, the leaderboard).

import { el } from './dom.js';
import { I18n } from './i18n.js';

/** The "bot" badge, its longer words as its title. */
export function botBadge() {
  return el('span', { class: 'badge bot', text: I18n.t('player.bot'), title: I18n.t('player.bot_title') });
}
