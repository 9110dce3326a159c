import { readdir, readFile } from 'node:fs/promises';

/**
 * The bytes a browser is sent for each built file, against its budget: the brotli
 * files the build makes beside each script (the server sends them to every browser that takes br, which
 * is every current one). The gzip figure, what an older client or proxy gets, is printed beside as context.
 */
const POPUP_BUDGET = 60 * 1024;

const BUDGETS: Array<{ name: string; files: (manifest: Record<string, string>, imports: Record<string, string[]>) => string[]; budget: number }> = [
  { name: 'embed script (pinit.js)', files: () => ['js/pinit.js'], budget: 5 * 1024 },
  // The widgets (embedPin, embedBoard, embedUser, count bubbles), loaded only by pages that have them.
  { name: 'widget script (pinit-widgets.js)', files: () => ['js/pinit-widgets.js'], budget: 8 * 1024 },
  { name: 'bookmarklet.js', files: () => ['js/bookmarklet.js'], budget: 6 * 1024 },
  // A bundle is its entry and every chunk it imports (dist/imports.json), which the shell preloads beside it.
  {
    name: 'popup JS + CSS',
    files: (m, i) => [m['popup.js'] ?? 'js/popup.js', ...(i['popup.js'] ?? []), m['popup.css'] ?? 'css/popup.css'],
    budget: POPUP_BUDGET,
  },
  // The save popup's own bundle (/pin/create/*): the first open after a Save click, never more than the whole app's.
  {
    name: 'save popup JS + CSS (first open)',
    files: (m, i) => [m['save.js'] ?? m['popup.js'] ?? 'js/popup.js', ...(i['save.js'] ?? i['popup.js'] ?? []), m['popup.css'] ?? 'css/popup.css'],
    budget: POPUP_BUDGET,
  },
];

/**
 * The password-strength chunk is loaded only when a sign-up password is checked, so it is
 * outside the popup's 60 KB; its own budget keeps the dictionaries from growing unnoticed.
 */
const STRENGTH_BUDGET = 256 * 1024;
/**
 * Every other lazy chunk is one area's pages or a piece they share: what one more page costs after the
 * first open. Held per chunk, not summed: the sum grows with every page the product gains (it passed the
 * strength chunk's budget once the settings and notification pages landed) while no visitor loads them all.
 */
const PAGE_CHUNK_BUDGET = 24 * 1024;

const sent = async (file: string, encoding: 'br' | 'gz') => (await readFile(`dist/${file}.${encoding}`)).length;

export async function sizes(): Promise<Array<{ name: string; value: number; budget?: number; unit: string }>> {
  const manifest = JSON.parse(await readFile('dist/manifest.json', 'utf8')) as Record<string, string>;
  const imports = JSON.parse(await readFile('dist/imports.json', 'utf8').catch(() => '{}')) as Record<string, string[]>;
  const rows: Array<{ name: string; value: number; budget?: number; unit: string }> = [];
  for (const { name, files, budget } of BUDGETS) {
    let br = 0;
    let gzip = 0;
    for (const file of files(manifest, imports)) {
      br += await sent(file, 'br');
      gzip += await sent(file, 'gz');
    }
    rows.push({ name, value: br, budget, unit: 'bytes sent (brotli)' }, { name: `  ${name}, gzip`, value: gzip, unit: 'bytes (older clients)' });
  }
  // Per locale: what a visitor in that language downloads to open the popup, the bundle and
  // stylesheet plus their language's catalogue (English is in the bundle), held to the popup's budget.
  // The popup a Save click opens is the save popup's bundle: what a visitor's first open downloads.
  const popup = rows.find((r) => r.name === 'save popup JS + CSS (first open)')!.value;
  const locales = Object.entries(manifest).flatMap(([name, file]) =>
    /^locale-(\w+)\.js$/.exec(name) ? [[/^locale-(\w+)/.exec(name)![1]!, file] as const] : [],
  );
  rows.push({ name: 'popup, locale en (in the bundle)', value: popup, budget: POPUP_BUDGET, unit: 'bytes sent (brotli)' });
  // Every language but English also loads the error catalogue's English (popup/src/i18n/errors.ts), which its translations are found by.
  const errorsEnglish = manifest['errors-english.js'] ? await sent(manifest['errors-english.js'], 'br') : 0;
  for (const [locale, file] of locales)
    rows.push({ name: `popup, locale ${locale}`, value: popup + errorsEnglish + (await sent(file, 'br')), budget: POPUP_BUDGET, unit: 'bytes sent (brotli)' });
  // Each area's words (i18n defineMessages): one language's come with the area's pages, so the largest is printed.
  const words = Object.entries(manifest).flatMap(([name, file]) =>
    /^words-(\w+)-(\w+)\.js$/.test(name) ? [[/^words-(\w+)-/.exec(name)![1]!, file] as const] : [],
  );
  for (const area of new Set(words.map(([a]) => a))) {
    let largest = 0;
    for (const [, file] of words.filter(([a]) => a === area)) largest = Math.max(largest, await sent(file, 'br'));
    rows.push({ name: `  words of popup/src/${area}/, largest language`, value: largest, unit: 'bytes sent (brotli), with the pages' });
  }
  // The bundles' own chunks (weighed with their bundle above) are no lazy page either.
  const bundled = Object.values(imports)
    .flat()
    .map((file) => ['', file] as const);
  const catalogues = new Set(
    [...locales, ...words, ['errors', manifest['errors-english.js'] ?? ''], ...bundled].map(([, file]) => file.slice('js/chunks/'.length)),
  );
  let strength = 0;
  let largest = { file: '', size: 0 };
  let pages = 0;
  for (const file of await readdir('dist/js/chunks').catch(() => [])) {
    if (!file.endsWith('.js') || catalogues.has(file)) continue;
    const size = await sent(`js/chunks/${file}`, 'br');
    if (file.startsWith('strength-')) strength += size;
    else {
      pages += size;
      if (size > largest.size) largest = { file, size };
    }
  }
  rows.push({ name: 'password-strength chunk (lazy, at sign-up)', value: strength, budget: STRENGTH_BUDGET, unit: 'bytes sent (brotli)' });
  rows.push({
    name: `largest page chunk (lazy: ${largest.file.replace(/-[\w-]+\.js$/, '')})`,
    value: largest.size,
    budget: PAGE_CHUNK_BUDGET,
    unit: 'bytes sent (brotli)',
  });
  rows.push({ name: '  every page chunk together (no visitor loads them all)', value: pages, unit: 'bytes sent (brotli)' });
  return rows;
}
