// The viewer's words: t(key, params) from the catalog of the page's language (js/i18n/nl.js,
// js/i18n/en.js, the only place a visible string lives), plural forms by Intl.PluralRules, dates
// and times by Intl in the language's own form. The language is the device's choice (the switch,
// kept in localStorage), else the browser's preference, else English; <html lang> follows it.
import nl from './i18n/nl.js';
import en from './i18n/en.js';

export const CATALOGS = { nl, en };
export const LANGUAGES = Object.keys(CATALOGS);
const STORAGE_KEY = 'damrelay.lang';
// Dates and times as people in the language's home write them (24-hour clock in both).
const LOCALES = { nl: 'nl-NL', en: 'en-GB' };
// Frisian readers read Dutch: the Frisian rules themselves are published in Dutch.
const ALIASES = { fy: 'nl' };

/** The language for a list of browser preferences ("nl-BE", "en-US", ...) and a stored choice. */
export function pickLanguage(preferences = [], stored = null) {
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of preferences ?? []) {
    const primary = String(tag).toLowerCase().split('-')[0];
    const lang = ALIASES[primary] ?? primary;
    if (LANGUAGES.includes(lang)) return lang;
  }
  return 'en';
}

function storage() {
  try { return globalThis.localStorage ?? null; } catch { return null; } // storage may be blocked
}

let current = pickLanguage(globalThis.navigator?.languages ?? [globalThis.navigator?.language].filter(Boolean),
  storage()?.getItem(STORAGE_KEY));

export function language() {
  return current;
}

/** Switches the words of this page (not remembered: see chooseLanguage for the device's choice). */
export function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) throw new Error(`unknown language "${lang}"`);
  current = lang;
  if (globalThis.document) document.documentElement.lang = lang;
}

/** The device's choice from the switch: remembered, and the page reloaded in it. */
export function chooseLanguage(lang) {
  storage()?.setItem(STORAGE_KEY, lang);
  setLanguage(lang);
  globalThis.location?.reload();
}

/** A catalog entry's text with {name} placeholders filled; plural entries pick by params.n. */
export function t(key, params = {}, lang = current) {
  let entry = CATALOGS[lang][key] ?? CATALOGS.en[key];
  if (entry === undefined) {
    console.warn(`i18n: no text for "${key}"`);
    return key;
  }
  if (typeof entry === 'object') entry = entry[new Intl.PluralRules(LOCALES[lang]).select(Number(params.n))] ?? entry.other;
  return entry.replace(/\{(\w+)\}/g, (whole, name) => (params[name] ?? whole).toString());
}

/** True when the catalog has the key (for wire values that may have no words yet). */
export function has(key, lang = current) {
  return key in CATALOGS[lang];
}

/** "14:05" */
export function formatTime(ms, lang = current) {
  if (!ms) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], { hour: '2-digit', minute: '2-digit' }).format(new Date(Number(ms)));
}

/** "zaterdag 28 november 2026" / "Saturday, 28 November 2026" for a date (ISO yyyy-mm-dd or ms). */
export function formatDate(value, lang = current) {
  if (!value) return '';
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/**
 * Fills the page's static words: data-i18n="key" sets the text, data-i18n-label / -title /
 * -placeholder set aria-label, title and placeholder. The HTML itself holds no words.
 */
export function translatePage(root = document) {
  document.documentElement.lang = current;
  const attrs = { i18nLabel: 'aria-label', i18nTitle: 'title', i18nPlaceholder: 'placeholder' };
  for (const el of root.querySelectorAll('[data-i18n], [data-i18n-label], [data-i18n-title], [data-i18n-placeholder]')) {
    if (el.dataset.i18n) el.textContent = t(el.dataset.i18n);
    for (const [data, attr] of Object.entries(attrs)) if (el.dataset[data]) el.setAttribute(attr, t(el.dataset[data]));
  }
}

/**
 * The visible language switch: one button per language, each named in its own language (so each
 * carries its own lang), the current one pressed. `choose` defaults to remembering the choice.
 */
export function languageSwitch(choose = chooseLanguage) {
  const nav = document.createElement('nav');
  nav.className = 'language-switch';
  nav.setAttribute('aria-label', t('lang.switch'));
  for (const lang of LANGUAGES) {
    const b = document.createElement('button');
    b.type = 'button';
    b.lang = lang;
    b.dataset.lang = lang;
    b.textContent = lang.toUpperCase();
    b.setAttribute('aria-label', t(`lang.${lang}`, {}, lang));
    b.setAttribute('aria-pressed', String(lang === current));
    b.addEventListener('click', () => { if (lang !== current) choose(lang); });
    nav.append(b);
  }
  return nav;
}

/** translatePage plus the switch in the element marked data-language-switch, for a page's start. */
export function startI18n(choose) {
  translatePage();
  const slot = document.querySelector('[data-language-switch]');
  if (slot) slot.replaceChildren(languageSwitch(choose));
}
