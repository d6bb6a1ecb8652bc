// How a notated board (docs/notation.md) is marked on the spectators' pages: "notated" while a
// player enters the moves on a phone, "continues on paper" once digital notation stopped, and
// "being restored" from the arbiter's switch back to the sensor board until the board took over.
import { h } from './ui.js';
import { t } from './i18n.js';

/** The badge for a game, or null for a sensor board. */
export function notationBadge(game) {
  if (game.restoring) {
    return h('span', { class: 'notation-badge restoring', role: 'status', title: t('notated.restoringTitle') }, t('notated.restoring'));
  }
  if (game.notation === 'NOTATED') {
    const notator = game.notator;
    return h('span', { class: 'notation-badge notated', title: notator ? t('notated.titleBy', { notator }) : t('notated.title') },
      notator ? t('notated.badgeBy', { notator }) : t('notated.badge'));
  }
  if (game.notation === 'ON_PAPER') {
    return h('span', { class: 'notation-badge on-paper' }, t('notated.onPaper'));
  }
  return null;
}
