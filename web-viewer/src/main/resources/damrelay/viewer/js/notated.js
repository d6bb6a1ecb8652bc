// How a notated board (docs/notation.md) is marked on the spectators' pages: "notated" while a
// player enters the moves on a phone, "continues on paper" once digital notation stopped.
import { h } from './ui.js';

/** The badge for a game, or null for a sensor board. */
export function notationBadge(game) {
  if (game.notation === 'NOTATED') {
    return h('span', { class: 'notation-badge notated', title: game.notator ? `notated by ${game.notator}` : 'notated on a phone' },
      game.notator ? `notated (${game.notator})` : 'notated');
  }
  if (game.notation === 'ON_PAPER') {
    return h('span', { class: 'notation-badge on-paper' }, 'digital notation stopped: the game continues on paper');
  }
  return null;
}
