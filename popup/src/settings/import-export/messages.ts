import { defineMessages } from '../../i18n';

/**
 * Import and export (issue 28): /settings/import-export/. A page of its own in a lazy chunk with its
 * words, translated into every language (i18n/catalogues.test.ts). Counts are said as "x of y" and
 * "Items added: n", so no sentence needs a plural form.
 */
export const english = {
  title: 'Import and export',
  intro: 'Bring your saves in from elsewhere, or take everything with you.',
  settingsLink: 'Import and export your saves',
  logIn: 'Log in to import or export your saves.',
  exportTitle: 'Export your saves',
  exportIntro: 'One ZIP file with your boards, sections and Pins (as JSON) and their images.',
  exportStart: 'Export everything',
  exportQueued: 'Your export is waiting to start…',
  exportWorking: 'Preparing your export: {{done}} of {{total}}',
  exportReady: 'Your export is ready.',
  download: 'Download your export ({{size}})',
  exportFailed: "We couldn't make your export. Try again.",
  exportProgress: 'Export progress',
  importTitle: 'Import',
  importIntro: 'A bookmarks file from your browser, Pinboard or Raindrop (HTML), a Pinterest export (CSV or JSON), or a ZIP exported from {{brand}}. Folders become boards.',
  chooseFile: 'File to import',
  importStart: 'Import',
  noFile: 'Choose a file first.',
  sending: 'Sending your file…',
  importQueued: 'Your import is waiting to start…',
  importWorking: 'Importing: {{done}} of {{total}}',
  importDone: 'Import finished. Items added: {{total}}.',
  importProgress: 'Import progress',
  seeBoards: 'See your boards',
  importFailed: "We couldn't import that file. Nothing was added.",
  unknownFormat: "We can't read that file. Choose a bookmarks file (HTML), a Pinterest export (CSV or JSON) or a ZIP exported from {{brand}}.",
  invalid: 'That file is damaged or not in the format it says it is. Nothing was added.',
  tooLarge: 'That file is too large to import.',
  empty: 'That file has no bookmarks or Pins in it.',
  unsafe: 'That ZIP file is not one we can open safely. Nothing was added.',
  tooMany: 'That file holds more Pins than one import can take.',
  busy: 'Your last import or export is still running. Wait for it to finish.',
};

export const messages = defineMessages('importExport', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;
