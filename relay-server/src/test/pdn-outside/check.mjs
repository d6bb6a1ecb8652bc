// Checks a PDN file written by the relay against a draughts library that no one on damrelay wrote:
// the npm package draughts@0.2.1 (shubhendusaurabh/draughts.js, MPL-2.0, 10x10 international rules).
//
//   node check.mjs GAMES.pdn [EXPECTED.fen]
//
// What is ours and what is the library's:
// - OURS (the few lines of tokenizing below): splitting the file into games, reading the tag
//   pairs, and splitting movetext into move numbers, moves, {comments} and the result. There is
//   no outside PDN parser for 10x10 draughts on the registries this project can reach (see
//   docs/relay.md), and the library's own parsePDN fails for every game (it passes an external
//   square number where it wants an internal index, and prints debug output): `parsePDN` of even
//   `1. 32-28 19-23 2. 28x19 14x23 *` returns false. It is still called on every game and its
//   answer reported as `libraryParsePdn`, never asserted, so a fixed release shows up here.
// - THE LIBRARY'S: whether each move is legal (its own move generator, with the majority-capture
//   rule and flying kings), which pieces it captures, promotion, and the position after the last
//   move (its FEN). A move is found among `new Draughts(fen).moves()` by start and end square; a
//   long capture form (`47x38x24x13x36`, written when two captures share start and end squares)
//   must name exactly the intermediate landing squares of the library's route, and the squares
//   it captures must then be one set. `move({from, to})` plays it; since the library's `move`
//   picks the first route with that start and end, a move whose named route captures other
//   pieces than that one is played from the library's own route instead (its captured squares;
//   reported as `routesPlayedByCheck`).
// - ONE LIBRARY DEFECT WORKED AROUND: draughts@0.2.1 moves a king one square at most when it does
//   not capture (its kings fly when capturing). A longer plain king move is accepted when the
//   library's board and move generator say the mover is a king, no capture is due and the
//   diagonal is empty (see flyingKingMove); counted as `longKingMoves`.
//
// Prints one JSON object per game on stdout and a summary on stderr; exits 1 when any game has an
// illegal or unreadable move, a tag problem, or a final position other than EXPECTED's (one FEN a
// line, one line per game, in the file's order), else 0. 2 on bad usage.
import { readFileSync } from 'node:fs'
import draughts from 'draughts'

const Draughts = draughts.Draughts || draughts
const RESULTS = ['2-0', '1-1', '0-2', '0-0', '*']
const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result']
const CLOCK = /^\[%clock [wW]\d+:[0-5]\d:[0-5]\d [bB]\d+:[0-5]\d:[0-5]\d\]$/

/** Runs a library call with its console chatter (it logs on every failed lookup) kept aside. */
function quiet(fn) {
  const saved = [console.log, console.error, console.warn]
  const said = []
  console.log = console.error = console.warn = (...a) => said.push(a.map(String).join(' '))
  try {
    return { value: fn(), said }
  } catch (e) {
    return { value: undefined, error: String(e), said }
  } finally {
    [console.log, console.error, console.warn] = saved
  }
}

// ---- ours: the file into games, tags, movetext tokens ------------------------------------------

/** Splits PDN text into games: a game is its tag section and the movetext up to its result. */
export function splitGames(text) {
  const games = []
  let i = 0
  const n = text.length
  while (i < n) {
    while (i < n && /\s/.test(text[i])) i++
    if (i >= n) break
    const start = i
    const tags = []
    const problems = []
    // tag section: lines that start with '['
    while (i < n && text[i] === '[') {
      const end = text.indexOf('\n', i)
      const line = text.slice(i, end < 0 ? n : end).replace(/\r$/, '')
      const m = /^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$/.exec(line)
      if (m) tags.push([m[1], m[2].replace(/\\(.)/g, '$1')])
      else problems.push(`malformed tag pair: ${line}`)
      i = end < 0 ? n : end + 1
    }
    // movetext: tokens up to and including a result
    const tokens = []
    let result = null
    while (i < n && result === null) {
      const c = text[i]
      if (/\s/.test(c)) { i++; continue }
      if (c === '{') {
        const end = text.indexOf('}', i)
        if (end < 0) { problems.push('unclosed comment'); i = n; break }
        tokens.push({ kind: 'comment', text: text.slice(i + 1, end) })
        i = end + 1
        continue
      }
      if (c === '[' ) { problems.push('tag pair inside movetext (a game without a result?)'); break }
      let j = i
      while (j < n && !/[\s{]/.test(text[j])) j++
      const word = text.slice(i, j)
      i = j
      let m
      if (RESULTS.includes(word)) { result = word; break }
      if ((m = /^(\d+)(\.|\.\.\.)$/.exec(word))) tokens.push({ kind: 'number', number: +m[1], black: m[2] === '...' })
      else if (/^\d+([-x]\d+)+$/.test(word)) tokens.push({ kind: 'move', text: word })
      else tokens.push({ kind: 'junk', text: word })
    }
    if (result === null && !problems.some(p => p.startsWith('tag pair inside'))) problems.push('no result token')
    games.push({ tags, tokens, result, problems, text: text.slice(start, i) })
  }
  return games
}

/** PDN 3.0 tag section rules the relay promises (docs/relay.md). */
export function checkTags(game) {
  const out = []
  const names = game.tags.map(t => t[0])
  const value = Object.fromEntries(game.tags)
  ROSTER.forEach((name, k) => { if (names[k] !== name) out.push(`tag ${k + 1} is ${names[k]}, PDN's roster wants ${name}`) })
  const dup = names.filter((x, k) => names.indexOf(x) !== k)
  if (dup.length) out.push(`tags given twice: ${dup.join(', ')}`)
  if ('Date' in value && !/^(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)$/.test(value.Date)) out.push(`Date "${value.Date}" is not YYYY.MM.DD`)
  if (!RESULTS.includes(value.Result)) out.push(`Result tag "${value.Result}" is not a draughts result`)
  else if (game.result !== null && value.Result !== game.result) out.push(`Result tag ${value.Result} but movetext ends ${game.result}`)
  if ('GameType' in value && !/^20(,|$)/.test(value.GameType)) out.push(`GameType ${value.GameType} is not international draughts (20)`)
  if ('FEN' in value) {
    const v = quiet(() => new Draughts().validate_fen(value.FEN)).value
    if (!v || !v.valid) out.push(`FEN tag "${value.FEN}" refused by the library: ${JSON.stringify(v && v.error)}`)
  }
  return out
}

// ---- the library's: legality, captures, position -----------------------------------------------

/** The library's position as piece sets, for comparing without caring about the FEN's layout. */
export function pieces(fen) {
  const f = fen.replace(/\s+/g, '').replace(/\.$/, '').split(':')
  const out = { turn: f[0].toUpperCase(), W: [], WK: [], B: [], BK: [] }
  for (const field of f.slice(1)) {
    const color = field[0].toUpperCase()
    if (color !== 'W' && color !== 'B') continue
    for (let part of field.slice(1).split(',').filter(Boolean)) {
      const king = part.startsWith('K')
      if (king) part = part.slice(1)
      const [a, b] = part.split('-').map(Number)
      for (let s = a; s <= (b || a); s++) out[king ? color + 'K' : color].push(s)
    }
  }
  for (const k of ['W', 'WK', 'B', 'BK']) out[k].sort((x, y) => x - y)
  return out
}

export function samePieces(a, b) {
  return JSON.stringify(pieces(a)) === JSON.stringify(pieces(b))
}

const sameSet = (a, b) => a.length === b.length && [...a].sort((x, y) => x - y).every((x, k) => x === [...b].sort((p, q) => p - q)[k])

/** Row and column of a square of the 10x10 board (square 1 is row 0, column 1). */
function rowCol(s) {
  const row = Math.floor((s - 1) / 5)
  return [row, 2 * ((s - 1) % 5) + (row % 2 === 0 ? 1 : 0)]
}

function square(row, col) {
  return row * 5 + Math.floor(col / 2) + 1
}

/**
 * draughts@0.2.1 moves a king only one square when it does not capture (movesAtSquare looks two
 * characters along each diagonal, where its captures look the whole way): international rules
 * let it fly. A longer plain king move is taken as legal here when, on the library's own board
 * and by its own move generator, the side to move has no capture (`moves()` lists none), the
 * piece on the start square is that side's king, and every square up to the end square along one
 * diagonal is empty. The diagonal walk is ours; null when it holds, else why not.
 */
function flyingKingMove(lib, whiteToMove, from, to, all) {
  if (lib.get(from) !== (whiteToMove ? 'W' : 'B')) return 'not a king of the side to move'
  if (all.some(m => m.takes && m.takes.length)) return 'a capture is due'
  const [r0, c0] = rowCol(from), [r1, c1] = rowCol(to)
  if (Math.abs(r1 - r0) !== Math.abs(c1 - c0) || r0 === r1) return 'not on one diagonal'
  const dr = Math.sign(r1 - r0), dc = Math.sign(c1 - c0)
  for (let k = 1; k <= Math.abs(r1 - r0); k++) {
    if (lib.get(square(r0 + k * dr, c0 + k * dc)) !== '0') return `square ${square(r0 + k * dr, c0 + k * dc)} is not empty`
  }
  return null
}

/**
 * Puts a move the library has vouched for on its board when its move() cannot play it: the
 * piece from start to end, the captured squares the library named taken off, promotion on the
 * far row, the other side to move, loaded back through the library's own FEN reader.
 */
function placeMove(lib, whiteToMove, from, to, takes) {
  const p = pieces(lib.fen())
  const mover = whiteToMove ? 'W' : 'B'
  const king = p[mover + 'K'].includes(from)
  const drop = (s) => { for (const k of ['W', 'WK', 'B', 'BK']) p[k] = p[k].filter(x => x !== s) }
  drop(from)
  takes.forEach(drop)
  const promotes = !king && (mover === 'W' ? to <= 5 : to >= 46)
  p[king || promotes ? mover + 'K' : mover].push(to)
  const side = (c) => [...p[c], ...p[c + 'K'].map(s => 'K' + s)].join(',')
  return quiet(() => lib.load(`${whiteToMove ? 'B' : 'W'}:W${side('W')}:B${side('B')}`)).value === true
}

/** Plays one game's movetext through the library; the first move it refuses ends the game's check. */
export function playGame(game) {
  const value = Object.fromEntries(game.tags)
  const startFen = value.FEN || 'W:W31-50:B1-20'
  const lib = quiet(() => new Draughts(value.FEN)).value
  const v = {
    white: value.White, black: value.Black, result: game.result, startFen,
    plies: 0, legal: true, firstIllegal: null, captures: 0, multiCaptures: 0, longForms: 0, kingMoves: 0, promotions: 0,
    routesPlayedByCheck: 0, longKingMoves: 0, clocks: 0, problems: [...game.problems],
  }
  // move numbers: N. before white's move, N... before black's after a start or a position set or seen
  // (after a clock or other comment black's number is optional in PDN 3.0, and the relay leaves it out)
  let number = 1
  let whiteToMove = startFen.trim().toUpperCase().startsWith('W')
  let expectNumber = true
  const illegal = (text, reason) => {
    v.legal = false
    v.firstIllegal = { ply: v.plies + 1, moveNumber: number, side: whiteToMove ? 'white' : 'black', move: text, reason }
  }
  for (const t of game.tokens) {
    if (!v.legal) break
    if (t.kind === 'number') {
      if (t.number !== number || t.black === whiteToMove) v.problems.push(`move number ${t.number}${t.black ? '...' : '.'} where ${number}${whiteToMove ? '.' : '...'} is due`)
      expectNumber = false
      continue
    }
    if (t.kind === 'comment') {
      if (t.text.startsWith('[%clock')) {
        if (CLOCK.test(t.text)) v.clocks++
        else v.problems.push(`malformed clock comment {${t.text}}`)
      } else if (t.text.startsWith('the arbiter set the position')) {
        v.problems.push('an arbiter set the position: the moves after it are not followed')
        break
      } else if (t.text.startsWith("the board's driver joined") && !whiteToMove) expectNumber = true
      continue
    }
    if (t.kind === 'junk') { illegal(t.text, 'not a move, move number, comment or result'); break }
    // a move
    if (expectNumber) v.problems.push(`ply ${v.plies + 1} (${t.text}) has no move number before it`)
    const squares = t.text.split(/[-x]/).map(Number)
    const from = squares[0], to = squares[squares.length - 1], via = squares.slice(1, -1)
    const capture = t.text.includes('x')
    const all = quiet(() => lib.moves()).value || []
    const sameEnds = all.filter(m => m.from === from && m.to === to)
    let why = ''
    if (!sameEnds.length && !capture && via.length === 0 && lib.get(from) === (whiteToMove ? 'W' : 'B')) {
      why = flyingKingMove(lib, whiteToMove, from, to, all)
      if (why === null) {
        if (!placeMove(lib, whiteToMove, from, to, [])) { illegal(t.text, 'the library refused the position after it'); break }
        v.kingMoves++
        v.longKingMoves++
        v.plies++
        if (!whiteToMove) number++
        whiteToMove = !whiteToMove
        expectNumber = whiteToMove
        continue
      }
      why = ` (a flying king move: ${why})`
    }
    if (!sameEnds.length) { illegal(t.text, `the library has no move ${from} to ${to}${why} (its legal moves: ${[...new Set(all.map(m => m.from + (m.takes.length ? 'x' : '-') + m.to))].join(' ')})`); break }
    const routes = via.length ? sameEnds.filter(m => JSON.stringify(m.jumps.slice(1, -1)) === JSON.stringify(via)) : sameEnds
    if (!routes.length) { illegal(t.text, `no route of the library's ${from}x${to} lands on ${via.join(', ')} (its routes: ${sameEnds.map(m => m.jumps.join('x')).join(' ')})`); break }
    const takeSets = []
    for (const m of routes) if (!takeSets.some(s => sameSet(s, m.takes))) takeSets.push(m.takes)
    if (takeSets.length > 1) { illegal(t.text, `ambiguous: the library's routes capture different pieces (${takeSets.map(s => s.join(',')).join(' or ')}); PDN wants the long form`); break }
    const takes = takeSets[0]
    if (capture !== takes.length > 0) { illegal(t.text, capture ? 'written as a capture, the library captures nothing' : `written as a plain move, the library captures ${takes.join(',')}`); break }
    if (via.length && via.length + 1 !== takes.length) { illegal(t.text, `long form names ${via.length} intermediate squares for ${takes.length} captured pieces`); break }
    const piece = lib.get(from)
    if (piece === 'W' || piece === 'B') v.kingMoves++
    const played = quiet(() => lib.move({ from, to })).value
    if (!played) { illegal(t.text, 'the library\'s move() refused it'); break }
    if (!sameSet(played.takes || [], takes)) {
      // the library's move() took its first route with these ends; play the named one instead
      quiet(() => lib.undo())
      if (!placeMove(lib, whiteToMove, from, to, takes)) { illegal(t.text, `the library refused the position after it`); break }
      v.routesPlayedByCheck++
    }
    if (takes.length) v.captures++
    if (takes.length > 1) v.multiCaptures++
    if (via.length) v.longForms++
    if ((piece === 'w' && to <= 5) || (piece === 'b' && to >= 46)) v.promotions++
    v.plies++
    if (!whiteToMove) number++
    whiteToMove = !whiteToMove
    expectNumber = whiteToMove
  }
  v.fen = lib.fen()
  v.problems.push(...checkTags(game))
  const parsed = quiet(() => new Draughts().parsePDN(game.text))
  v.libraryParsePdn = parsed.value === true ? true : `false${parsed.error ? ' (' + parsed.error + ')' : ''}`
  return v
}

// ---- the command -------------------------------------------------------------------------------

function main(argv) {
  if (argv.length < 1 || argv.length > 2) {
    process.stderr.write('usage: node check.mjs GAMES.pdn [EXPECTED.fen]\n')
    return 2
  }
  const games = splitGames(readFileSync(argv[0], 'utf8'))
  const expected = argv[1] ? readFileSync(argv[1], 'utf8').split('\n').map(s => s.trim()).filter(Boolean) : null
  if (expected && expected.length !== games.length) process.stderr.write(`EXPECTED has ${expected.length} positions for ${games.length} games\n`)
  let bad = 0
  games.forEach((g, k) => {
    const v = { game: k + 1, ...playGame(g) }
    if (expected) {
      v.expectedFen = expected[k] ?? null
      v.samePosition = v.expectedFen !== null && samePieces(v.fen, v.expectedFen)
    }
    const ok = v.legal && !v.problems.length && (!expected || v.samePosition)
    if (!ok) bad++
    process.stdout.write(JSON.stringify(v) + '\n')
    process.stderr.write(`game ${k + 1} ${v.white} - ${v.black} ${v.result}: ${v.plies} plies, `
      + (v.legal ? 'every move legal for draughts@0.2.1' : `ILLEGAL at ply ${v.firstIllegal.ply} (move ${v.firstIllegal.moveNumber}, ${v.firstIllegal.side}) ${v.firstIllegal.move}: ${v.firstIllegal.reason}`)
      + (expected ? (v.samePosition ? ', same final position' : `, final position ${v.fen} differs from ${v.expectedFen}`) : '')
      + (v.problems.length ? `; problems: ${v.problems.join('; ')}` : '')
      + `; the library's own parsePDN: ${v.libraryParsePdn}\n`)
  })
  process.stderr.write(`checked ${games.length} games, ${bad} with a finding\n`)
  return bad ? 1 : 0
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) process.exitCode = main(process.argv.slice(2))
