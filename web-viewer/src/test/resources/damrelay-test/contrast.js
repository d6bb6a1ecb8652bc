// WCAG 2 contrast of every visible HTML text against the first opaque background behind it.
// Returns the failures as text, one per element: [] when all text is readable.
const parse = c => { const m = c.match(/[\d.]+/g).map(Number); return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 }; };
const lum = ({ r, g, b }) => {
  const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const background = el => {
  for (let e = el; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c.a >= 0.99) return c;
  }
  return { r: 255, g: 255, b: 255, a: 1 };
};
const failures = [];
for (const el of document.querySelectorAll('body *')) {
  if (el.closest('svg') || !el.getClientRects().length) continue;
  const text = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join('');
  if (!text) continue;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
  const fg = parse(style.color);
  const bg = background(el);
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  const ratio = (hi + 0.05) / (lo + 0.05);
  const size = parseFloat(style.fontSize);
  const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
  const needed = large ? 3 : 4.5;
  if (ratio < needed) failures.push(`${el.tagName.toLowerCase()}.${el.className} "${text.slice(0, 30)}" ${ratio.toFixed(2)} < ${needed}`);
}
return failures;
