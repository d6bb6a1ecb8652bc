// The one script each page loads (no inline script: the relay's Content-Security-Policy allows
// only files from itself). The page says which it is by its body's class; its words come first,
// except on the match report, which takes the event's language itself.
import { startI18n } from './i18n.js';
import { startTheme } from './theme.js';

// the words, then light or dark (the switch has words too), then the page
const withWords = start => () => { startI18n(); startTheme(); return start(); };
const PAGES = {
  'page-overview': withWords(() => import('./overview.js').then(m => m.startOverviewPage())),
  'page-game': withWords(() => import('./game.js').then(m => m.startGamePage())),
  'page-arbiter': withWords(() => import('./arbiter.js').then(m => m.startArbiterPage())),
  'page-notate': withWords(() => import('./notate.js').then(m => m.startNotationPage())),
  'page-report': () => import('./report.js').then(m => m.startReportPage()),
};

const page = Object.keys(PAGES).find(c => document.body.classList.contains(c));
if (page) PAGES[page]();
