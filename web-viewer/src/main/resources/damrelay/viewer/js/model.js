// The viewer's own data model: what the pages render. connection.js translates relay frames into
// these calls, so a protocol change touches that one module. Pure: no DOM, no network.
import { parseFen, diff, START_FEN } from './fen.js';
import { pathOf, isCapture } from './notation.js';
import { legalMoves } from './rules.js';

/**
 * Game: {id, board, white: {name, team, rating, fed}, black: {…}, startFen,
 *        moves: [{ply, notation, fen, clock?: {white, black}, set?, corrected?}], result, clock, status,
 *        corrections: [{kind, ply, reason, arbiter, notation, at}] (seen live),
 *        joined: {move, fen, ply} | null (a driver joined mid-game: "joined at move N"; ply = the ply without a move
 *                that stands for the moves it did not see, or the one before the first when the record starts there)}
 * clock: {white, black (ms left), running: 'W'|'B'|null, at (local ms when received)}
 * status: {link: 'connected'|'waiting'|'disconnected', outOfStep, uncrowned: [squares], rolledBack (the relay lost moves shown),
 *          draws: [{rule, label, article, count, limit, startPly}] (the draw counts running)}
 * Alert: {id, gameId, board, ply, type, subtype, severity, article, text, at, acknowledged}
 */
export function createStore() {
  const state = {
    round: { event: '', name: '', teams: [] },
    games: new Map(),
    alerts: new Map(),
    versions: new Map(), // highest version applied, per game: sent back as `known` on reconnect
    epochs: new Map(), // the epoch of that version (GameUpdate.epoch), per game: sent back as `knownEpochs`
    relayEpoch: null, // the spectator stream's relay run (Subscribed.epoch): a live update without an epoch has it
    connection: { state: 'connecting', retryInMs: 0, error: null },
    arbiterLink: null, // the arbiter stream, on the console only
    delaySeconds: 0,
    pendingStatus: new Map(), // board status learned before the game's snapshot arrived
    awaitingSnapshot: new Set(), // games whose updates only the relay's fold can place (a join): skipped until their snapshot
    blocked: new Map(), // game id -> the block its board waits on (arbiter stream only)
    spectators: new Map(), // game id -> connections following it, the latest the relay told
    paused: new Set(), // games whose board waits for the arbiter (the event's JSON): shown as paused, not live
    relayAlerts: new Map(), // type -> a problem of the relay itself while it lasts (arbiter stream only)
  };
  const listeners = new Set();
  const emit = what => listeners.forEach(fn => fn(state, what));

  function normaliseGame(g) {
    return {
      ...g,
      id: String(g.id), board: g.board ?? null,
      white: g.white ?? { name: '?', team: '' }, black: g.black ?? { name: '?', team: '' },
      startFen: g.startFen || START_FEN,
      moves: [...(g.moves ?? [])].sort((a, b) => a.ply - b.ply),
      result: g.result ?? null, clock: stopped(g.clock ?? null, g.result), joined: g.joined ?? null,
      status: { link: 'waiting', outOfStep: false, uncrowned: [], draws: [], ...(g.status ?? {}) },
    };
  }

  function setVersion(gameId, version) {
    if (version !== null && version !== undefined) state.versions.set(String(gameId), version);
  }

  function game(id) {
    const g = state.games.get(String(id));
    if (!g) throw new Error(`unknown game "${id}"`);
    return g;
  }

  return {
    state,
    subscribe(fn) { listeners.add(fn); return () => listeners.delete(fn); },

    /** Describes the round (event, round number, team names). */
    round(round) {
      state.round = { event: '', name: '', teams: [], ...round };
      emit({ kind: 'round' });
    },

    /** Adds or replaces one game with its full state (a snapshot). */
    putGame(g, version = null) {
      const n = normaliseGame(g);
      const old = state.games.get(n.id);
      // A snapshot says nothing of board status (arbiter-only events): keep what we learned.
      if (old) n.status = { ...old.status, ...(g.status ?? {}) };
      if (state.pendingStatus.has(n.id)) {
        n.status = { ...n.status, ...state.pendingStatus.get(n.id) };
        state.pendingStatus.delete(n.id);
      }
      // a snapshot carries the game's corrections (its record); an info change keeps those held
      n.corrections = g.corrections ?? old?.corrections ?? [];
      state.games.set(n.id, n);
      state.awaitingSnapshot.delete(n.id);
      setVersion(n.id, version);
      emit({ kind: 'game', gameId: n.id });
    },

    /** Appends a move; a ply already held is replaced and later plies dropped (a corrected move). */
    move(gameId, move, version = null) {
      const g = game(gameId);
      const expected = (g.moves.length ? g.moves[g.moves.length - 1].ply : firstPly(g)) + 1;
      if (move.ply > expected) {
        throw new Error(`game ${gameId}: move at ply ${move.ply} but ply ${expected} is next; a delta is missing`);
      }
      g.moves = g.moves.filter(m => m.ply < move.ply).concat([move]);
      if (move.clock) g.clock = { ...move.clock };
      setVersion(gameId, version);
      emit({ kind: 'move', gameId: g.id, ply: move.ply });
    },

    /**
     * A game joined before it had a move, whose side to move the driver could not tell: the first
     * move tells it (the relay's fold does the same), and the plies are numbered from there.
     */
    joinedSide(gameId, side) {
      const g = game(gameId);
      const mover = side === 'WHITE' ? 'W' : side === 'BLACK' ? 'B' : null;
      if (!mover || !g.joined || g.moves.length || parseFen(g.startFen).side === mover) return;
      g.startFen = `${mover}${g.startFen.slice(1)}`;
      g.joined = { ...g.joined, fen: g.startFen, ply: firstPly(g) };
    },

    /** The arbiter rewrote the game from `fromPly` on; `note` ({kind, ply, reason, arbiter}) says so to spectators. */
    correct(gameId, fromPly, moves, version = null, startFen = null, note = null) {
      const g = game(gameId);
      if (startFen) g.startFen = startFen;
      g.moves = g.moves.filter(m => m.ply < fromPly).concat(moves);
      if (note) g.corrections = [...(g.corrections ?? []), note];
      setVersion(gameId, version);
      emit({ kind: 'correction', gameId: g.id, ply: fromPly });
    },

    result(gameId, result, version = null) {
      const g = game(gameId);
      g.result = result || null;
      g.clock = stopped(g.clock, g.result);
      setVersion(gameId, version);
      emit({ kind: 'result', gameId: String(gameId) });
    },

    clock(gameId, reading, version = null) {
      const g = game(gameId);
      g.clock = stopped(reading, g.result);
      setVersion(gameId, version);
      emit({ kind: 'clock', gameId: String(gameId) });
    },

    status(gameId, status, version = null) {
      const g = state.games.get(String(gameId));
      if (!g) {
        state.pendingStatus.set(String(gameId), { ...(state.pendingStatus.get(String(gameId)) ?? {}), ...status });
        return;
      }
      g.status = { ...g.status, ...status };
      setVersion(gameId, version);
      emit({ kind: 'status', gameId: g.id });
    },

    alert(a) {
      state.alerts.set(String(a.id), { acknowledged: false, ...a, id: String(a.id) });
      emit({ kind: 'alert', alertId: String(a.id) });
    },

    acknowledge(alertId) {
      const a = state.alerts.get(String(alertId));
      if (a) a.acknowledged = true;
      emit({ kind: 'ack', alertId: String(alertId) });
    },

    /** A board blocked by a refused event, or released (b.blocked false): as the relay tells it. */
    blocked(b) {
      if (b.blocked) state.blocked.set(String(b.gameId), b);
      else state.blocked.delete(String(b.gameId));
      emit({ kind: 'blocked', gameId: String(b.gameId) });
    },

    /** A problem of the relay itself (RelayAlert), or its end (cleared). */
    relayAlert(a) {
      if (a.cleared) state.relayAlerts.delete(a.type);
      else state.relayAlerts.set(a.type, a);
      emit({ kind: 'relayAlert' });
    },

    /** A new arbiter connection: the relay tells every block again, so none released meanwhile stays listed. */
    blockedCleared() {
      state.blocked.clear();
      emit({ kind: 'blocked' });
    },

    /** The game's next updates wait for its snapshot: its version is forgotten, so a (re)subscription asks for one. */
    awaitSnapshot(gameId) {
      state.versions.delete(String(gameId));
      state.epochs.delete(String(gameId));
      state.awaitingSnapshot.add(String(gameId));
    },

    /** An update that changes nothing shown here still moves the game's version on. */
    seen(gameId, version) {
      setVersion(gameId, version);
    },

    connection(conn) {
      state.connection = { ...state.connection, ...conn };
      emit({ kind: 'connection' });
    },

    arbiterLink(conn) {
      state.arbiterLink = { state: 'connecting', retryInMs: 0, error: null, ...state.arbiterLink, ...conn };
      emit({ kind: 'connection' });
    },

    delay(seconds) {
      state.delaySeconds = seconds;
      emit({ kind: 'delay' });
    },

    /** The games whose board waits for the arbiter, as the event's JSON lists them; emits only on a change. */
    paused(ids) {
      const next = new Set(ids);
      if (next.size === state.paused.size && [...next].every(id => state.paused.has(id))) return;
      state.paused = next;
      emit({ kind: 'paused' });
    },

    /** Spectator counts per game, from the subscription's answer or the event's JSON, whichever came last. */
    spectators(counts) {
      for (const [id, n] of Object.entries(counts)) state.spectators.set(id, Number(n) || 0);
      emit({ kind: 'spectators' });
    },
  };
}

/**
 * A finished game's clocks stand at their last reading: the relay's snapshot still names the side
 * that was to move, and ticking it from the relay's reading time showed a lower time on every load.
 */
function stopped(clock, result) {
  return clock && result ? { ...clock, running: null } : clock;
}

export function firstPly(g) {
  // Ply numbering counts from white's first move; a game set up with black to move starts at ply 1.
  return parseFen(g.startFen || START_FEN).side === 'B' ? 1 : 0;
}

export function lastPly(g) {
  return g.moves.length ? g.moves[g.moves.length - 1].ply : firstPly(g);
}

/** FEN of the position after `ply` (the start position for the first ply's predecessor). */
export function fenAt(g, ply) {
  let fen = g.startFen;
  for (const m of g.moves) {
    if (m.ply > ply) break;
    fen = m.fen;
  }
  return fen;
}

/**
 * Men standing on their far row: promoted but not yet crowned (art. 3.3/3.4). A man can only stop
 * there by promoting, so the position alone shows it, for spectators as well as the arbiter.
 */
export function uncrownedIn(fen) {
  const squares = [];
  for (const [sq, p] of parseFen(fen).pieces) {
    if (!p.king && ((p.color === 'W' && sq <= 5) || (p.color === 'B' && sq >= 46))) squares.push(sq);
  }
  return squares.sort((a, b) => a - b);
}

export function moveAt(g, ply) {
  return g.moves.find(m => m.ply === ply) ?? null;
}

/** What to highlight after `ply`: the move's path and, for a capture, the squares it emptied. */
export function highlightAt(g, ply) {
  const move = moveAt(g, ply);
  if (!move) return null;
  const path = pathOf(move.notation);
  const capture = isCapture(move.notation);
  if (!capture) return { path, capture, captured: [] };
  const before = parseFen(fenAt(g, ply - 1));
  const after = parseFen(move.fen);
  const mover = before.pieces.get(path[0])?.color;
  const captured = diff(before, after).vacated.filter(sq => before.pieces.get(sq)?.color !== mover);
  return { path: landings(before, path, captured), capture, captured };
}

/**
 * The squares a capture landed on, start to end: PDN's short form names only the two ends, so
 * the legal capture between them that took exactly these pieces gives the way (33x13 by way of 22
 * and 24, say); the notation's own squares when none fits (an irregular move, a set position).
 */
function landings(before, path, captured) {
  if (path.length > 2 || !captured.length) return path;
  const key = [...captured].sort((a, b) => a - b).join(',');
  const side = before.pieces.get(path[0])?.color;
  if (!side) return path;
  const fit = legalMoves({ ...before, side }).find(m => m.from === path[0] && m.to === path[path.length - 1] && m.captured.join(',') === key);
  return fit ? fit.path : path;
}

/** Match points per team name, from the results of its games. */
export function matchScore(games) {
  const score = new Map();
  for (const g of games) {
    const m = /^(\d+)-(\d+)$/.exec(g.result ?? '');
    for (const side of [g.white, g.black]) if (side.team && !score.has(side.team)) score.set(side.team, 0);
    if (!m) continue;
    if (g.white.team) score.set(g.white.team, score.get(g.white.team) + Number(m[1]));
    if (g.black.team) score.set(g.black.team, score.get(g.black.team) + Number(m[2]));
  }
  return score;
}

/** The open alerts that need the arbiter (the relay's severity), of one game or all. */
export function openAlerts(state, gameId) {
  return [...state.alerts.values()].filter(a => !a.acknowledged && a.severity !== 'info' && (gameId === undefined || a.gameId === gameId));
}

export function gamesByBoard(state) {
  return [...state.games.values()].sort((a, b) => (a.board ?? 1e9) - (b.board ?? 1e9) || a.id.localeCompare(b.id));
}
