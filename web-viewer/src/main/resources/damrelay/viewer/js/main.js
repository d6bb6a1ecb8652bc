// The one script each page loads (no inline script: the relay's Content-Security-Policy allows
// only files from itself). The page says which it is by its body's class; its words come first.
import { startI18n } from './i18n.js';

const PAGES = {
  'page-overview': () => import('./overview.js').then(m => m.startOverviewPage()),
  'page-game': () => import('./game.js').then(m => m.startGamePage()),
  'page-arbiter': () => import('./arbiter.js').then(m => m.startArbiterPage()),
  'page-report': () => import('./report.js').then(m => m.startReportPage()),
  'page-notate': () => import('./notate.js').then(m => m.startNotationPage()),
};

const page = Object.keys(PAGES).find(c => document.body.classList.contains(c));
startI18n();
if (page) PAGES[page]();
