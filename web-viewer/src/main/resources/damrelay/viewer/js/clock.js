// Chess-clock display: the last reading counts down on the running side only.

/**
 * Remaining time in ms for each side at wall time `now`.
 * reading: {white, black: ms left; running: 'W'|'B'|null; at: ms wall time the reading was received}
 */
export function remaining(reading, now) {
  if (!reading) return null;
  const elapsed = Math.max(0, now - (reading.at ?? now));
  const white = reading.running === 'W' ? reading.white - elapsed : reading.white;
  const black = reading.running === 'B' ? reading.black - elapsed : reading.black;
  return { white: Math.max(0, white), black: Math.max(0, black) };
}

/** "1:19:58" above an hour, "4:05" below, "0:09.4" in the last ten seconds. */
export function formatClock(ms) {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return '–:––';
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(clamped / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
