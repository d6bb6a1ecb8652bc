// The console's triage of the relay's alerts: what needs the arbiter now, apart from each board's
// own history. What an alert asks of the arbiter is the relay's word (Alert.severity, decided in
// relay.arbiter.AlertSeverities); the console only adds the clock for a condition that needs the
// arbiter once it lasts (a board still disconnected after Alert.actionAfterSeconds). Pure: no DOM.

/** The types that start or end a lasting condition, by the condition's type. */
const LASTING = { BOARD_DISCONNECTED: new Set(['BOARD_DISCONNECTED', 'BOARD_RECONNECTED']) };

/** Newest first: by the relay's time, then by id (the relay numbers alerts in order). */
export function newestFirst(alerts) {
  return [...alerts].sort((a, b) => (b.at ?? 0) - (a.at ?? 0) || Number(b.id) - Number(a.id));
}

/**
 * Whether an alert needs the arbiter now: open, and the relay says so; or an information alert
 * whose condition has lasted its actionAfterMs without a later alert ending it.
 * `later(alert)` tells whether a newer alert of the same board ended or restated the condition.
 */
export function needsAction(alert, now, later = () => false) {
  if (alert.acknowledged) return false;
  if (alert.severity !== 'info') return true;
  if (!alert.actionAfterMs || !alert.at || !LASTING[alert.type]) return false;
  return now - alert.at >= alert.actionAfterMs && !later(alert);
}

/**
 * The console's view of the alerts: {count, groups, boards}. groups: the boards with alerts that
 * need action, by board number, each {gameId, board, alerts (newest first), upTo (the newest
 * alert id shown for the board, for "acknowledge all")}; boards: per game id {all (newest first),
 * open, action, upTo}. `only` (a game id) filters to one board.
 */
export function triage(alerts, boardOf, now, only = null) {
  const byGame = new Map();
  for (const a of alerts) {
    if (only && a.gameId !== only) continue;
    if (!byGame.has(a.gameId)) byGame.set(a.gameId, []);
    byGame.get(a.gameId).push(a);
  }
  const boards = new Map();
  const groups = [];
  let count = 0;
  for (const [gameId, list] of byGame) {
    const all = newestFirst(list);
    const ended = a => all.some(b => b !== a && LASTING[a.type]?.has(b.type) && isNewer(b, a));
    const action = all.filter(a => needsAction(a, now, ended));
    const upTo = all.reduce((m, a) => Math.max(m, Number(a.id)), 0);
    boards.set(gameId, { all, open: all.filter(a => !a.acknowledged).length, action: action.length, upTo });
    count += action.length;
    if (action.length) groups.push({ gameId, board: boardOf(gameId), alerts: action, upTo });
  }
  groups.sort((a, b) => (a.board ?? Infinity) - (b.board ?? Infinity) || a.gameId.localeCompare(b.gameId));
  return { count, groups, boards };
}

function isNewer(b, a) {
  return (b.at ?? 0) > (a.at ?? 0) || ((b.at ?? 0) === (a.at ?? 0) && Number(b.id) > Number(a.id));
}

/** The ids of action alerts not seen before: what the cue (sound, flash, announcement) is for. */
export function freshActions(groups, seen) {
  const fresh = [];
  for (const g of groups) for (const a of g.alerts) if (!seen.has(a.id)) fresh.push(a);
  return fresh;
}
