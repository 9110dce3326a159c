import { readFile } from 'node:fs/promises';
import commonjs from '@rollup/plugin-commonjs';
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

const minified = (target) => esbuild({ target, minify: true, jsx: 'automatic', jsxImportSource: 'preact', legalComments: 'none' });

export default [
  {
    // The embed script publishers load from a third-party page: one self-contained file.
    input: 'sdk/src/pinit.ts',
    output: { file: 'dist/js/pinit.js', format: 'iife' },
    plugins: [nodeResolve(), minified('es2019')],
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
