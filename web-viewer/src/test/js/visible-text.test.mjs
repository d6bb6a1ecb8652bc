// No visible string bypasses the catalogs: the pages' HTML holds no words (data-i18n* fills them),
// and the modules' string literals hold no sentence or capitalised word outside i18n/*.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const VIEWER = new URL('../../main/resources/damrelay/viewer/', import.meta.url);
// Files whose words are not in the catalogs yet (none: the console's are, under console.*).
const NOT_YET = new Set([]);
// Words that are the same in every language or not words at all: the product's name, PDN, HTTP
// header names, keyboard key names.
const NAMES = /^(damrelay|PDN|Bearer|Content-Type|If-None-Match|ETag|Authorization|Home|End|Enter|Escape)$/;

const files = ext => [...readdirSync(VIEWER), ...readdirSync(new URL('js/', VIEWER)).map(f => `js/${f}`)]
  .filter(f => f.endsWith(ext) && !NOT_YET.has(f));

/** Text between tags and word-bearing attributes of an HTML page, scripts, styles and comments removed. */
export function htmlWords(html) {
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  const found = [];
  for (const m of body.matchAll(/>([^<]+)</g)) {
    const text = m[1].trim();
    if (/\p{L}{2,}/u.test(text) && !NAMES.test(text)) found.push(text);
  }
  for (const m of body.matchAll(/\s(aria-label|title|placeholder|alt)="([^"]*)"/g)) {
    if (/\p{L}{2,}/u.test(m[2])) found.push(`${m[1]}="${m[2]}"`);
  }
  return found;
}

/**
 * The string literals of a module with what precedes each (comments skipped, templates' ${…}
 * scanned as code): [{text, before, template}].
 */
export function literals(src) {
  const out = [];
  let i = 0;
  let code = '';
  const regexCanFollow = () => /(^|[=(,:[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase)\s*$/.test(code);
  const scan = (end) => {
    while (i < src.length) {
      const c = src[i];
      if (end && c === end && end === '}') { i++; return; }
      if (c === '/' && src[i + 1] === '/') { while (i < src.length && src[i] !== '\n') i++; continue; }
      if (c === '/' && src[i + 1] === '*') { i = src.indexOf('*/', i + 2) + 2; continue; }
      if (c === '/' && regexCanFollow()) { // a regular expression literal: skip it whole
        i++;
        let cls = false;
        while (i < src.length && (src[i] !== '/' || cls)) {
          if (src[i] === '\\') i++;
          else if (src[i] === '[') cls = true;
          else if (src[i] === ']') cls = false;
          i++;
        }
        i++;
        code += ' /re/ ';
        continue;
      }
      if (c === '\'' || c === '"') {
        const before = code.slice(-40);
        let j = i + 1;
        let text = '';
        while (j < src.length && src[j] !== c) { if (src[j] === '\\') { text += src[j + 1]; j += 2; } else text += src[j++]; }
        out.push({ text, before, template: false, at: i });
        i = j + 1;
        code += ' "" ';
        continue;
      }
      if (c === '`') {
        const before = code.slice(-40);
        const at = i;
        let text = '';
        i++;
        while (i < src.length && src[i] !== '`') {
          if (src[i] === '\\') { text += src[i + 1]; i += 2; } else if (src[i] === '$' && src[i + 1] === '{') {
            i += 2;
            text += '\u0000';
            const saved = code;
            code = '(';
            scan('}');
            code = saved;
          } else text += src[i++];
        }
        i++;
        out.push({ text, before, template: true, at });
        code += ' "" ';
        continue;
      }
      if (c === '{' && end === '}') { // nested braces inside a template expression
        i++;
        code += '{';
        scan('}');
        code += '}';
        continue;
      }
      code += c;
      i++;
    }
  };
  scan(null);
  return out;
}

// Where a literal is not shown to a person: CSS classes and selectors, keys, module paths, HTTP
// headers, comparisons with wire values, errors for the console, storage keys.
const NOT_SHOWN = /(\bclass\s*:\s*|className\s*=\s*|classList\.\w+\(\s*|querySelector(All)?\(\s*|closest\??\.?\(\s*|\bt\(\s*|\bhas\(\s*|import\s+|from\s+|===\s*|!==\s*|\bcase\s+|console\.\w+\(\s*|new Error\(\s*|\bthrow\s+|getItem\(\s*|setItem\(\s*|dataset\.\w+\s*=\s*|setAttribute\(\s*)$/;

/**
 * Literals that read as words for a person: two words with a space between, or a capitalised word.
 * A line marked "i18n: not shown" (text for the relay's log) is left alone.
 */
export function visibleLiterals(src) {
  const lineOf = at => src.slice(src.lastIndexOf('\n', at) + 1, src.indexOf('\n', at) === -1 ? src.length : src.indexOf('\n', at));
  return literals(src).filter(({ text, before, template, at }) => {
    if (NOT_SHOWN.test(before.trimEnd()) || NOT_SHOWN.test(before) || lineOf(at).includes('i18n: not shown')) return false;
    const plain = text.replace(/\u0000/g, ' ');
    const words = /\p{L}{2,}[^\S\n]+\p{L}{2,}/u.test(plain) || /(^|[^\p{L}])\p{Lu}\p{Ll}{2,}(\s|[.:!?…]|$)/u.test(plain)
      || (template && /(^|\s)\p{L}{3,}(\s|$)/u.test(plain) && /\s/.test(plain));
    return words && !NAMES.test(plain.trim());
  });
}

test('the scanner finds words in HTML and in literals, and leaves classes, keys and selectors alone', () => {
  assert.deepEqual(htmlWords('<p class="x" data-i18n="a.b"></p><button aria-label="Close">×</button><h1>damrelay</h1>'), ['aria-label="Close"']);
  assert.deepEqual(htmlWords('<p>Loading…</p>'), ['Loading…']);
  const found = visibleLiterals(`
    el.textContent = 'Connecting…';
    h('span', { class: 'notation-badge notated' }, t('notated.badge'));
    const x = \`\${n} watching\`;
    if (e.key === 'Home') go();
    say(\`Result \${r} sent\`);
    const re = /"([^"]*)"/;
    document.querySelector('.player .name');
    h('button', { class: \`move\${m.ply === ply ? ' current' : ''}\` }, m.notation);
  `).map(l => l.text.replace(/\u0000/g, '{}'));
  assert.deepEqual(found, ['Connecting…', '{} watching', 'Result {} sent']);
});

test('no page of the viewer has words in its HTML: they come from the catalogs', () => {
  const problems = files('.html').flatMap(f => htmlWords(readFileSync(new URL(f, VIEWER), 'utf8')).map(w => `${f}: ${w}`));
  assert.deepEqual(problems, []);
});

test('no module shows a string literal a person reads: every visible string goes through t()', () => {
  const problems = files('.js').flatMap(f => visibleLiterals(readFileSync(new URL(f, VIEWER), 'utf8'))
    .map(l => `${f}: ${JSON.stringify(l.text.replace(/\u0000/g, '${…}'))}`));
  assert.deepEqual(problems, []);
});
