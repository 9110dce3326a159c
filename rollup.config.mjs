import { readFile } from 'node:fs/promises';
import nodeResolve from '@rollup/plugin-node-resolve';
import esbuild from 'rollup-plugin-esbuild';

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

const minified = (target, extra = {}) => esbuild({ target, minify: true, jsx: 'automatic', jsxImportSource: 'preact', legalComments: 'none', ...extra });

export default [
  {
    // The embed script publishers load from a third-party page: one self-contained file.
    input: 'sdk/src/pinit.ts',
    // ES2020 (every browser with shadow DOM and constructed sheets has it) and UTF-8 labels keep it small.
    output: { file: 'dist/js/pinit.js', format: 'iife' },
    plugins: [nodeResolve(), minified('es2020', { charset: 'utf8' })],
  },
  {
    input: 'bookmarklet/src/bookmarklet.ts',
    output: { file: 'dist/js/bookmarklet.js', format: 'iife' },
    plugins: [nodeResolve(), minified('es2019')],
  },
  {
    input: 'popup/src/main.tsx',
    output: { dir: 'dist', entryFileNames: 'js/popup.js', format: 'es' },
    plugins: [reactOnPreact, nodeResolve({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }), minified('es2020'), copyCss('popup/src/popup.css', 'css/popup.css')],
  },
];
