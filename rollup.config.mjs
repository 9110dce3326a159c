import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import commonjs from '@rollup/plugin-commonjs';
import { relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import nodeResolve from '@rollup/plugin-node-resolve';
import esbuild from 'rollup-plugin-esbuild';
import terser from '@rollup/plugin-terser';
import { zip } from './extension/build/zip.mjs';

/** The popup is written against React's API and runs on preact/compat. */
const REACT_ON_PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};
const reactOnPreact = {
  name: 'react-on-preact',
  resolveId(source, importer) {
    const target = REACT_ON_PREACT[source];
    return target ? this.resolve(target, importer, { skipSelf: true }) : null;
  },
};

/**
 * Emits one stylesheet from its files, in order (the design tokens first), as an asset: its name gets the
 * content hash of assetFileNames. Minified by esbuild, so the comments that say why cost a visitor nothing.
 */
const css = (files, name) => ({
  name: 'css',
  buildStart() {
    for (const from of files) this.addWatchFile(from);
  },
  async generateBundle() {
    const source = (await Promise.all(files.map((from) => readFile(from, 'utf8')))).join('\n');
    const { transform } = await import('esbuild');
    this.emitFile({ type: 'asset', name, source: (await transform(source, { loader: 'css', minify: true, charset: 'utf8' })).code });
  },
});

/** Old hashed files go before a build writes new ones, so they do not pile up in dist/ (nor in the server's memory). */
const cleanHashed = () => ({
  name: 'clean-hashed',
  async buildStart() {
    await rm('dist/js/chunks', { recursive: true, force: true });
    await rm('dist/css', { recursive: true, force: true });
    for (const file of await readdir('dist/js').catch(() => [])) if (/^(popup|save)[-.]/.test(file)) await rm(`dist/js/${file}`);
  },
});

/**
 * dist/manifest.json: the popup's logical names (popup.js, popup.css) to their hashed files, read by
 * the server for the shell HTML. Hashed names may be cached for ever; the shell (no-store) names them.
 */
const manifest = () => ({
  name: 'manifest',
  generateBundle(_, bundle) {
    const entries = {};
    for (const file of Object.values(bundle)) {
      if (file.type === 'chunk' && file.isEntry) entries[`${file.name}.js`] = file.fileName;
      // A language's words of one area (locales/<lang>/<area>.json). The app catalogue (app.json) as `locale-fr.js`:
      // the shell preloads the visitor's, the bench weighs it. Any other area's as `words-<area>-fr.js` (dashes as
      // '_'): the bench weighs them apart.
      const words = file.type === 'chunk' && file.isDynamicEntry ? /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(file.facadeModuleId ?? '') : null;
      if (words) entries[words[2] === 'app' ? `locale-${words[1]}.js` : `words-${words[2].replace(/-/g, '_')}-${words[1]}.js`] = file.fileName;
      // The error catalogue's English (popup/src/i18n/errors.ts), which every language but English loads with its catalogue.
      if (file.type === 'chunk' && file.isDynamicEntry && /[\\/]popup[\\/]src[\\/]i18n[\\/]errors\.ts$/.test(file.facadeModuleId ?? '')) entries['errors-english.js'] = file.fileName;
      if (file.type === 'asset' && file.names?.length) for (const name of file.names) entries[name] = file.fileName;
    }
    this.emitFile({ type: 'asset', fileName: 'manifest.json', source: JSON.stringify(entries, null, 2) + '\n' });
    // Each entry's static imports, all the way down (dist/imports.json): the shell names them as modulepreload,
    // so the browser fetches them beside the entry rather than a round trip after it has parsed it.
    const imports = {};
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk' || !file.isEntry) continue;
      const all = new Set();
      const walk = (name) => {
        for (const next of bundle[name]?.imports ?? []) {
          if (all.has(next)) continue;
          all.add(next);
          walk(next);
        }
      };
      walk(file.fileName);
      imports[`${file.name}.js`] = [...all];
    }
    // A board's lazy chunk and its static imports, which its shell names so the page's code comes beside the
    // bundle instead of after it has run. Not home's: drawn that early, its sections shift (docs/decisions/scale.md).
    // The log-in's too (AuthModal), which the save popup draws first for a visitor without a session.
    // A module imported both ways (the log-in: lazily here, statically by other lazy pages) has no facade: its chunk is found by its modules.
    const PAGE = /[\\/]popup[\\/]src[\\/](?:place|auth)[\\/](BoardPage|AuthModal)\.tsx$/;
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk' || !file.isDynamicEntry) continue;
      const page = PAGE.exec(file.facadeModuleId ?? Object.keys(file.modules).find((id) => PAGE.test(id)) ?? '')?.[1];
      if (!page) continue;
      const all = new Set([file.fileName]);
      const walk = (name) => {
        for (const next of bundle[name]?.imports ?? []) {
          if (all.has(next)) continue;
          all.add(next);
          walk(next);
        }
      };
      walk(file.fileName);
      // Less what the bundle that draws it already names: the app's for a board, the save popup's for the log-in.
      const bundleName = page === 'AuthModal' ? 'save' : 'popup';
      const entry = Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry && f.name === bundleName)?.fileName;
      imports[`page:${page}`] = [...all].filter((name) => name !== entry && !imports[`${bundleName}.js`]?.includes(name));
    }
    this.emitFile({ type: 'asset', fileName: 'imports.json', source: JSON.stringify(imports, null, 2) + '\n' });
  },
});

/**
 * `import(`../../locales/${lang}/<area>.json`)`, the one line each popup area writes (i18n LoadWords): a loader
 * per language folder that has the area's file, each a chunk of its own, as @rollup/plugin-dynamic-import-vars would make of it (not installed;
 * this is the one pattern we use). A language without a file rejects, and its words stay English.
 */
const localeChunks = () => ({
  name: 'locale-chunks',
  async transform(code, id) {
    const pattern = /import\(`((?:\.\.\/)+locales)\/\$\{(\w+)\}\/([\w-]+)\.json`\)/g;
    if (!code.includes('locales/${')) return null;
    let out = code;
    for (const [template, prefix, lang, area] of code.matchAll(pattern)) {
      const dir = resolve(id, '..', prefix);
      this.addWatchFile(dir);
      // English is bundled with its area (a static import); every other language folder with this area's file is a chunk.
      const names = [];
      for (const name of (await readdir(dir)).sort()) if (name !== 'en' && (await readdir(resolve(dir, name))).includes(`${area}.json`)) names.push(name);
      const table = `{ ${names.map((name) => `${name}: () => import('${prefix}/${name}/${area}.json')`).join(', ')} }`;
      out = out.replace(template, `${pick}(${table}, ${lang})`);
    }
    return out === code ? null : { code: out, map: null };
  },
});
const pick = "((loaders, lang) => (Object.hasOwn(loaders, lang) ? loaders[lang]() : Promise.reject(new Error('no words in ' + lang))))";

/** A language's words of an area are named by both (fr-admin-<hash>.js), as every other chunk by its module. */
const localeChunkName = (chunk) => {
  const words = /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
  return words ? `js/chunks/${words[1]}-${words[2]}-[hash].js` : 'js/chunks/[name]-[hash].js';
};

/** The catalogues are JSON (locales/<lang>/<area>.json): each one a module whose default export is its object. */
const json = () => ({
  name: 'json',
  transform(code, id) {
    if (!id.endsWith('.json')) return null;
    return { code: `export default ${JSON.stringify(JSON.parse(code))};`, map: null };
  },
});

/**
 * Brotli and gzip beside every served file (dist/js, dist/css), at their highest levels: they are made
 * once per build, so the server never compresses while answering.
 */
const precompress = () => ({
  name: 'precompress',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? resolve(options.file, '..');
    for (const file of Object.values(bundle)) {
      const path = resolve(dir, file.fileName);
      if (!/\.(js|css)$/.test(path)) continue;
      const source = await readFile(path);
      await writeFile(`${path}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
      await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
    }
  },
});

/**
 * Every file that went into any bundle, recorded in dist/.build-inputs.json after the last build: the
 * start script rebuilds only when one of them is newer than that record (api/start.mjs).
 */
const inputs = new Set(['rollup.config.mjs', 'package-lock.json', 'tsconfig.json']);
const recordInputs = (last) => ({
  name: 'record-inputs',
  buildEnd() {
    for (const id of this.getModuleIds()) if (!id.startsWith('\0') && !id.includes('?') && !this.getModuleInfo(id)?.isExternal) inputs.add(relative('.', id));
  },
  async writeBundle() {
    if (!last) return;
    await mkdir('dist', { recursive: true });
    await writeFile('dist/.build-inputs.json', JSON.stringify({ inputs: [...inputs].sort() }) + '\n');
  },
});

/** Declarations for the SDK's ESM build, generated from its sources so the types cannot drift. */
const declarations = (input, outDir) => ({
  name: 'declarations',
  writeBundle() {
    const { options } = ts.convertCompilerOptionsFromJson(JSON.parse(ts.sys.readFile('tsconfig.json')).compilerOptions, '.');
    const program = ts.createProgram([input], { ...options, noEmit: false, declaration: true, emitDeclarationOnly: true, outDir, rootDir: 'sdk/src', paths: undefined });
    // Only files inside outDir: the shared image rules (bookmarklet/) are bundled, their types not written beside them.
    const outside = (file) => !resolve(file).startsWith(resolve(outDir) + sep);
    const { diagnostics } = program.emit(undefined, (file, text) => outside(file) || ts.sys.writeFile(file, text));
    if (diagnostics.length) this.error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost(options)));
  },
});

/**
 * The SDK's button labels (sdk/src/label-words.ts) written out of every locales/<lang>/sdk.json at build time:
 * `{ de: 'Merken|Folgen|Schließen', … }`, three short strings a language, as pinit.js's 5 KB budget wants.
 */
const sdkLabels = () => ({
  name: 'sdk-labels',
  async load(id) {
    if (!/[\\/]sdk[\\/]src[\\/]label-words\.ts$/.test(id)) return null;
    const labels = {};
    // The product's order of languages (api/src/lib/rules/locales.ts, English first) compresses best.
    const order = JSON.parse((/LOCALES = (\[[^\]]*\])/.exec(await readFile('api/src/lib/rules/locales.ts', 'utf8'))?.[1] ?? '[]').replaceAll("'", '"'));
    const rank = (lang) => (order.includes(lang) ? order.indexOf(lang) : order.length);
    for (const lang of (await readdir('locales')).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))) {
      const source = `locales/${lang}/sdk.json`;
      if (!(await readdir(`locales/${lang}`)).includes('sdk.json')) continue;
      this.addWatchFile(resolve(source));
      inputs.add(source);
      const words = JSON.parse(await readFile(source, 'utf8'));
      labels[lang] = `${words.save}|${words.follow}|${words.close}`;
    }
    return `export const LABELS = ${JSON.stringify(labels)};`;
  },
});

/**
 * The save popup's entry and the chunks it imports (what dist/imports.json names for save.js) run most of the
 * functions they hold before the picker is drawn. V8's explicit compile hint (a first-line comment, Chromium
 * 136+; a comment to other engines) compiles them all while the file streams in, off the main thread, instead
 * of one by one on the main thread as each is first called. Added after minifying, which would drop it.
 */
const compileHints = () => ({
  name: 'compile-hints',
  renderChunk(code, chunk, _, { chunks }) {
    const entry = Object.values(chunks).find((c) => c.isEntry && c.name === 'save');
    const first = new Set(entry ? [entry.fileName] : []);
    for (const name of first) for (const next of chunks[name]?.imports ?? []) first.add(next);
    return first.has(chunk.fileName) ? { code: `//# allFunctionsCalledOnLoad\n${code}`, map: null } : null;
  },
});

const minified = (target, extra = {}) => esbuild({ target, minify: true, jsx: 'automatic', jsxImportSource: 'preact', legalComments: 'none', ...extra });

/**
 * Issue 31: the Save extension (extension/). Each part is one self-contained file (a content script cannot
 * be a module, and Firefox's background page takes plain scripts). Its default product origin is the one
 * this build is for, as the server reads it (api/src/config.ts); the user may change it in its options.
 */
const EXTENSION_ORIGIN = process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? 8787}`;
const EXTENSION_PARTS = ['background', 'content', 'hover', 'options', 'cannot'];
const EXTENSION_STATIC = ['options.html', 'cannot.html', 'pages.css'];
const EXTENSION_ICONS = [16, 32, 48, 128].map((size) => `icons/${size}.png`);
export const EXTENSION_ZIP = 'dist/corkboard-extension.zip';

/** Chrome names Portuguese and Chinese by region: the product's pt ships as both Portuguese folders, zh as zh_CN. */
const CHROME_LOCALES = { pt: ['pt_BR', 'pt_PT'], zh: ['zh_CN'] };
/** Every language folder with the extension's words, each with the browser's folder names for it. */
async function extensionLocales() {
  const found = [];
  for (const lang of (await readdir('locales')).sort()) {
    const source = `locales/${lang}/extension.json`;
    if ((await readdir(`locales/${lang}`)).includes('extension.json')) for (const chrome of CHROME_LOCALES[lang] ?? [lang]) found.push({ source, chrome });
  }
  return found;
}

/** The manifest (name, version filled in), its pages and icons beside the scripts, then the whole folder as a zip. */
const extensionPackage = () => ({
  name: 'extension-package',
  async buildStart() {
    for (const file of ['extension/static/manifest.json', ...EXTENSION_STATIC.map((f) => `extension/static/${f}`), ...EXTENSION_ICONS.map((f) => `extension/${f}`)]) inputs.add(file);
    for (const { source } of await extensionLocales()) inputs.add(source);
  },
  async writeBundle() {
    const { version } = JSON.parse(await readFile('package.json', 'utf8'));
    const brand = process.env.BRAND_NAME || 'Corkboard';
    const manifest = (await readFile('extension/static/manifest.json', 'utf8')).replaceAll('{brand}', brand).replaceAll('{version}', version);
    await mkdir('dist/extension/icons', { recursive: true });
    await writeFile('dist/extension/manifest.json', manifest);
    for (const file of EXTENSION_STATIC) await writeFile(`dist/extension/${file}`, await readFile(`extension/static/${file}`));
    for (const file of EXTENSION_ICONS) await writeFile(`dist/extension/${file}`, await readFile(`extension/${file}`));
    // The words in every language the product speaks (extension/src/i18n.ts), the brand filled in as in the manifest:
    // locales/<lang>/extension.json written as the browser reads them, _locales/<chrome code>/messages.json.
    const locales = [];
    for (const { source, chrome } of await extensionLocales()) {
      const words = JSON.parse(await readFile(source, 'utf8'));
      const messages = Object.fromEntries(Object.entries(words).map(([key, message]) => [key, { message: message.replaceAll('{brand}', brand) }]));
      const file = `_locales/${chrome}/messages.json`;
      await mkdir(`dist/extension/_locales/${chrome}`, { recursive: true });
      await writeFile(`dist/extension/${file}`, `${JSON.stringify(messages, null, 1)}\n`);
      locales.push(file);
    }
    const files = ['manifest.json', ...EXTENSION_PARTS.map((part) => `${part}.js`), ...EXTENSION_STATIC, ...EXTENSION_ICONS, ...locales];
    await writeFile(EXTENSION_ZIP, zip(await Promise.all(files.map(async (name) => ({ name, data: await readFile(`dist/extension/${name}`) })))));
  },
});

export default [
  {
    // The embed script publishers load from a third-party page: one self-contained file.
    input: 'sdk/src/pinit.ts',
    // ES2020 (every browser with shadow DOM and constructed sheets has it) and UTF-8 labels keep it small.
    // esbuild strips the types; terser's extra passes then win back about 170 bytes gzipped (budget 5 KB).
    output: { file: 'dist/js/pinit.js', format: 'iife', plugins: [terser({ ecma: 2020, compress: { passes: 3, unsafe_arrows: true, pure_getters: true }, format: { ascii_only: false } })] },
    plugins: [sdkLabels(), nodeResolve(), minified('es2020', { charset: 'utf8' }), precompress(), recordInputs(false)],
  },
  {
    // The widgets (embedPin, embedBoard, embedUser, count bubbles): a second file pinit.js loads only for pages
    // that have their markup, so Save buttons pay nothing for them (budget 8 KB brotli, bench/sizes.ts).
    input: 'sdk/src/widgets/pinit-widgets.ts',
    output: { file: 'dist/js/pinit-widgets.js', format: 'iife', plugins: [terser({ ecma: 2020, compress: { passes: 3, unsafe_arrows: true, pure_getters: true }, format: { ascii_only: false } })] },
    plugins: [sdkLabels(), nodeResolve(), minified('es2020', { charset: 'utf8' }), precompress(), recordInputs(false)],
  },
  {
    // The iframe embeds' one script (/embed/*): the widgets' engine and the popup's save, without pinit.js's buttons.
    input: 'sdk/src/widgets/pinit-embed.ts',
    output: { file: 'dist/js/pinit-embed.js', format: 'iife', plugins: [terser({ ecma: 2020, compress: { passes: 3, unsafe_arrows: true, pure_getters: true }, format: { ascii_only: false } })] },
    plugins: [sdkLabels(), nodeResolve(), minified('es2020', { charset: 'utf8' }), precompress(), recordInputs(false)],
  },
  {
    // The ESM build for apps: <SaveButton> (React, or Preact through preact/compat) and saveImage(); react stays the app's.
    input: 'sdk/src/index.ts',
    output: { file: 'dist/esm/index.js', format: 'es' },
    external: ['react'],
    plugins: [sdkLabels(), nodeResolve(), minified('es2020', { charset: 'utf8' }), declarations('sdk/src/index.ts', 'dist/esm'), recordInputs(false)],
  },
  {
    input: 'bookmarklet/src/bookmarklet.ts',
    output: { file: 'dist/js/bookmarklet.js', format: 'iife' },
    plugins: [nodeResolve(), minified('es2019'), precompress(), recordInputs(false)],
  },
  ...EXTENSION_PARTS.map((part, at) => ({
    input: `extension/src/${part}.ts`,
    // The content script is what every page pays for at the click: terser's extra passes, as for pinit.js (bench: BENCH=extension).
    output: { file: `dist/extension/${part}.js`, format: 'iife', plugins: part === 'content' ? [terser({ ecma: 2020, compress: { passes: 3, unsafe_arrows: true, pure_getters: true }, format: { ascii_only: false } })] : [] },
    plugins: [
      ...(at === 0 ? [{ name: 'clean-extension', buildStart: () => rm('dist/extension', { recursive: true, force: true }) }] : []),
      nodeResolve(),
      minified('es2020', { charset: 'utf8', define: { __PRODUCT_ORIGIN__: JSON.stringify(EXTENSION_ORIGIN) } }),
      ...(at === EXTENSION_PARTS.length - 1 ? [extensionPackage()] : []),
      recordInputs(false),
    ],
  })),
  {
    // Two entries: the whole app (popup) and the save popup alone (save), which the first second after a Save
    // click pays for; what they share is a chunk both import (named in dist/imports.json for modulepreload).
    input: { popup: 'popup/src/main.tsx', save: 'popup/src/save-main.tsx' },
    // The password-strength estimator is a lazy chunk (js/chunks/): its dictionaries would be most of the budget.
    // So is each language's catalogue but English (popup/src/i18n): a visitor downloads only theirs.
    // Every file of the popup carries its content hash, so it is served `immutable`; manifest.json names them.
    output: { dir: 'dist', entryFileNames: 'js/[name]-[hash].js', chunkFileNames: localeChunkName, assetFileNames: 'css/[name]-[hash][extname]', format: 'es' },
    plugins: [
      cleanHashed(),
      reactOnPreact,
      nodeResolve({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      commonjs(),
      localeChunks(),
      json(),
      // UTF-8 as written: the catalogues' Arabic, Japanese… would be three to six times larger as \u escapes.
      minified('es2020', { charset: 'utf8' }),
      compileHints(),
      css(['popup/src/ui/tokens.css', 'popup/src/ui/controls.css', 'popup/src/popup.css'], 'popup.css'),
      // Every page but the save popup: the pages' columns, lists and forms (api/src/pages/routes.ts links it).
      css(['popup/src/ui/pages.css'], 'pages.css'),
      manifest(),
      precompress(),
      recordInputs(true),
    ],
  },
];
