// SVG rendering of a 10x10 draughts position. Pure DOM building: no state is kept here.
import { squareToRowCol } from './fen.js';
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 50;
// A crown drawn in a piece's own coordinates (centre 0,0), so kings read at any size.
const CROWN = 'M-13,6 L-15,-8 L-7,-1 L0,-11 L7,-1 L15,-8 L13,6 Z';

function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

function centre(square, flipped) {
  const { row, col } = squareToRowCol(square);
  const r = flipped ? 9 - row : row;
  const c = flipped ? 9 - col : col;
  return { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, r, c };
}

function describe(position) {
  const groups = { W: { men: [], kings: [] }, B: { men: [], kings: [] } };
  for (const [sq, p] of [...position.pieces].sort((a, b) => a[0] - b[0])) {
    groups[p.color][p.king ? 'kings' : 'men'].push(sq);
  }
  const part = (key, list) => (list.length ? t(key, { squares: list.join(', ') }) : '');
  const side = c => [part('board.men', groups[c].men), part('board.kings', groups[c].kings)].filter(Boolean).join('; ') || t('board.none');
  return t('board.position', { white: side('W'), black: side('B'), side: t(position.side === 'W' ? 'common.white' : 'common.black') });
}

/**
 * Renders `position` into a new <svg>.
 * options: flipped, numbers (show square numbers), label (accessible name prefix),
 *          highlight {path: [squares], captured: [squares]}, uncrowned: [squares]
 */
export function renderBoard(position, options = {}) {
  const { flipped = false, numbers = false, label = t('board.label'), highlight = null, uncrowned = [] } = options;
  const svg = el('svg', {
    viewBox: `0 0 ${CELL * 10} ${CELL * 10}`, class: 'board', role: 'img',
    'aria-label': `${label}. ${describe(position)}`, 'data-side': position.side,
  });
  const squares = el('g', { class: 'squares' }, svg);
  for (let r = 0; r < 10; r++) {
    for (let c = 0; c < 10; c++) {
      el('rect', { x: c * CELL, y: r * CELL, width: CELL, height: CELL, class: (r + c) % 2 ? 'dark' : 'light' }, squares);
    }
  }
  const path = highlight?.path ?? [];
  if (path.length) {
    for (const sq of [path[0], path[path.length - 1]]) {
      const { r, c } = centre(sq, flipped);
      el('rect', { x: c * CELL, y: r * CELL, width: CELL, height: CELL, class: 'last-move-square', 'data-square': sq }, svg);
    }
  }
  const pieces = el('g', { class: 'pieces' }, svg);
  const uncrownedSet = new Set(uncrowned);
  for (const [sq, p] of position.pieces) {
    const { x, y } = centre(sq, flipped);
    // Only a piece on its own far row can be a king awaiting its crown; a stale or mistaken
    // square in a status report does not dress up another piece.
    const unc = uncrownedSet.has(sq) && (p.color === 'W' ? sq <= 5 : sq >= 46);
    const g = el('g', {
      class: `piece ${p.color === 'W' ? 'white' : 'black'}${p.king || unc ? ' king' : ''}${unc ? ' uncrowned' : ''}`,
      transform: `translate(${x},${y})`, 'data-square': sq, 'data-color': p.color, 'data-king': p.king || unc,
    }, pieces);
    el('circle', { r: 20, class: 'disc' }, g);
    el('circle', { r: 14, class: 'rim' }, g);
    if (p.king || unc) el('path', { d: CROWN, class: 'crown' }, g);
    if (unc) {
      // A promoted man still waiting for its crown (art. 3.4): a king, flagged for the arbiter.
      el('circle', { r: 23, class: 'uncrowned-ring' }, g);
      const badge = el('text', { x: 14, y: -12, class: 'uncrowned-badge' }, g);
      badge.textContent = '!';
    }
  }
  // Numbers go over the pieces: an arbiter reads them on a full board.
  if (numbers) {
    const g = el('g', { class: 'numbers', 'aria-hidden': 'true' }, svg);
    for (let sq = 1; sq <= 50; sq++) {
      const { r, c } = centre(sq, flipped);
      const t = el('text', { x: c * CELL + 2, y: r * CELL + 11 }, g);
      t.textContent = String(sq);
    }
  }
  if (path.length > 1 && highlight?.capture) {
    const points = path.map(sq => centre(sq, flipped)).map(p => `${p.x},${p.y}`).join(' ');
    el('polyline', { points, class: 'capture-path' }, svg);
  }
  for (const sq of highlight?.captured ?? []) {
    const { x, y } = centre(sq, flipped);
    const g = el('g', { class: 'captured', transform: `translate(${x},${y})`, 'data-square': sq }, svg);
    el('circle', { r: 17 }, g);
    el('path', { d: 'M-9,-9 L9,9 M9,-9 L-9,9' }, g);
  }
  return svg;
}
