// Light or dark: the system's choice (prefers-color-scheme) until this device chose with the
// switch, which it remembers (localStorage damrelay.theme). The CSS reads <html data-theme>.
import { t } from './i18n.js';

const KEY = 'damrelay.theme';
const DARK = '(prefers-color-scheme: dark)';

function stored() {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'dark' || v === 'light' ? v : null;
  } catch {
    return null; // storage refused: the system's choice
  }
}

/** Whether the page is dark now: the device's own choice, else the system's. */
export function isDark() {
  const chosen = stored();
  return chosen ? chosen === 'dark' : matchMedia(DARK).matches;
}

/** Puts the remembered choice on <html>; without one the CSS follows the system. */
export function applyTheme() {
  const chosen = stored();
  if (chosen) document.documentElement.dataset.theme = chosen;
  else delete document.documentElement.dataset.theme;
}

/** The switch: one button, pressed while the page is dark; it follows the system until pressed. */
export function themeSwitch() {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'theme-switch';
  b.textContent = t('theme.dark');
  b.title = t('theme.label');
  b.setAttribute('aria-label', t('theme.label'));
  const show = () => b.setAttribute('aria-pressed', String(isDark()));
  b.addEventListener('click', () => {
    try { localStorage.setItem(KEY, isDark() ? 'light' : 'dark'); } catch { /* this page only */ }
    applyTheme();
    if (!stored()) document.documentElement.dataset.theme = isDark() ? 'light' : 'dark';
    show();
  });
  matchMedia(DARK).addEventListener?.('change', show);
  show();
  return b;
}

/** The theme on the page and its switch in the element marked data-theme-switch. */
export function startTheme() {
  applyTheme();
  const slot = document.querySelector('[data-theme-switch]');
  if (slot) slot.replaceChildren(themeSwitch());
}
