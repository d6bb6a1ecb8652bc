// A PDN/PGN TimeControl tag in words: "5400+60" → "90 min + 60 s", "40/7200:3600+30" →
// "40 zetten in 120 min, dan 60 min + 30 s". Periods are separated by ':'; each is "moves/seconds",
// "seconds" or "*seconds", with an optional "+increment" (seconds per move). A tag that does not
// parse is shown as written; "?", "-" and empty mean no time control is known ('').
import { t } from './i18n.js';

/** The periods of a tag: [{moves|null, seconds, increment}], null when it does not parse, [] when unknown. */
export function parseTimeControl(tag) {
  const s = String(tag ?? '').trim();
  if (s === '' || s === '?' || s === '-') return [];
  const periods = [];
  for (const part of s.split(':')) {
    const m = /^(?:(\d+)\/)?\*?(\d+)(?:\+(\d+))?$/.exec(part.trim());
    if (!m) return null;
    periods.push({ moves: m[1] ? Number(m[1]) : null, seconds: Number(m[2]), increment: m[3] ? Number(m[3]) : 0 });
  }
  return periods;
}

/** "90 min", "45 s", "1 min 30 s". */
export function durationText(seconds) {
  const min = Math.floor(seconds / 60), sec = seconds % 60;
  if (min === 0) return t('tc.seconds', { n: sec });
  return sec ? t('tc.minSec', { m: min, s: sec }) : t('tc.minutes', { n: min });
}

function periodText(p) {
  const time = p.increment ? t('tc.plus', { base: durationText(p.seconds), inc: t('tc.seconds', { n: p.increment }) })
    : durationText(p.seconds);
  return p.moves ? t('tc.movesIn', { n: p.moves, time }) : time;
}

/** The tag in the reader's words; the tag as written when it does not parse. */
export function timeControlText(tag) {
  const periods = parseTimeControl(tag);
  if (periods === null) return String(tag).trim();
  if (!periods.length) return '';
  return periods.map(periodText).reduce((first, next) => t('tc.then', { first, next }));
}
