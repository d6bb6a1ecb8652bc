// The notation page's outbox: every entry is written to the browser's storage with its sequence
// number before it is sent, and stays there until the relay acknowledges it (as the driver's
// outbox does on disk), so a lost connection or a reload loses nothing. The storage is injected
// (localStorage in the page, a Map in the tests).

/** @typedef {{seq:number, move?:object, undo?:true, clock?:object, notation?:string, deviceTimeMs:number}} Entry */

export function createOutbox(storage, gameId) {
  const key = `damrelay.notation.${gameId}`;
  const read = () => {
    try {
      return { entries: [], lastSeq: 0, requests: {}, ...JSON.parse(storage.getItem(key) ?? '{}') };
    } catch {
      return { entries: [], lastSeq: 0, requests: {} };
    }
  };
  let data = read();
  const write = () => storage.setItem(key, JSON.stringify(data));
  return {
    /** Stores a new entry under the next seq (written before this returns) and gives it back. */
    add(entry) {
      const e = { ...entry, seq: data.lastSeq + 1, deviceTimeMs: entry.deviceTimeMs ?? Date.now() };
      data = { ...data, lastSeq: e.seq, entries: [...data.entries, e] };
      write();
      return e;
    },
    /** The relay holds everything up to `seq` durably: those entries can go. */
    acked(seq) {
      // the relay's count is the truth: after a reset of its data a new device starts over from it
      data = { ...data, entries: data.entries.filter(e => e.seq > seq), lastSeq: Math.max(seq, data.lastSeq) };
      write();
    },
    /** Entries not yet acknowledged, in order. */
    pending() { return data.entries; },
    lastSeq() { return data.lastSeq; },
    /** Requests that are not entries (notator, result, stop) wait here until the relay answers. */
    request(name, body) {
      data = { ...data, requests: { ...data.requests, [name]: body } };
      write();
    },
    done(name) {
      const { [name]: _, ...rest } = data.requests;
      data = { ...data, requests: rest };
      write();
    },
    requests() { return data.requests; },
    /**
     * The relay's last state, so a page reloaded without a connection still shows the game and
     * takes entries; only for the credential that received it.
     */
    keepRelayState(state, credential) {
      data = { ...data, relay: state, credential };
      write();
    },
    relayState(credential) { return data.credential === credential ? data.relay ?? null : null; },
  };
}
