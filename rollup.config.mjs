import { readFile } from 'node:fs/promises';
import commonjs from '@rollup/plugin-commonjs';
import { resolve, sep } from 'node:path';
import ts from 'typescript';
import nodeResolve from '@rollup/plugin-node-resolve';
import esbuild from 'rollup-plugin-esbuild';
import terser from '@rollup/plugin-terser';

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

/** Copies a stylesheet next to the bundle as it is. */
const copyCss = (from, to) => ({
  name: 'copy-css',
  async generateBundle() {
    this.emitFile({ type: 'asset', fileName: to, source: await readFile(from, 'utf8') });
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

const minified = (target, extra = {}) => esbuild({ target, minify: true, jsx: 'automatic', jsxImportSource: 'preact', legalComments: 'none', ...extra });

export default [
  {
    // The embed script publishers load from a third-party page: one self-contained file.
    input: 'sdk/src/pinit.ts',
    // ES2020 (every browser with shadow DOM and constructed sheets has it) and UTF-8 labels keep it small.
    // esbuild strips the types; terser's extra passes then win back about 170 bytes gzipped (budget 5 KB).
    output: { file: 'dist/js/pinit.js', format: 'iife', plugins: [terser({ ecma: 2020, compress: { passes: 3, unsafe_arrows: true, pure_getters: true }, format: { ascii_only: false } })] },
    plugins: [nodeResolve(), minified('es2020', { charset: 'utf8' })],
  },
  {
    // The ESM build for apps: <SaveButton> (React, or Preact through preact/compat) and saveImage(); react stays the app's.
    input: 'sdk/src/index.ts',
    output: { file: 'dist/esm/index.js', format: 'es' },
    external: ['react'],
    plugins: [nodeResolve(), minified('es2020', { charset: 'utf8' }), declarations('sdk/src/index.ts', 'dist/esm')],
  },
  {
    input: 'bookmarklet/src/bookmarklet.ts',
    output: { file: 'dist/js/bookmarklet.js', format: 'iife' },
    plugins: [nodeResolve(), minified('es2019')],
  },
  {
    input: 'popup/src/main.tsx',
    // The password-strength estimator is a lazy chunk (js/chunks/): its dictionaries would be most of the budget.
    output: { dir: 'dist', entryFileNames: 'js/popup.js', chunkFileNames: 'js/chunks/[name]-[hash].js', format: 'es' },
    plugins: [reactOnPreact, nodeResolve({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }), commonjs(), minified('es2020'), copyCss('popup/src/popup.css', 'css/popup.css')],
  },
];
