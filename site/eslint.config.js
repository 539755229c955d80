// The islands' lint gate (make lint): typescript-eslint's type-aware checks, the rules of hooks
// (and the React Compiler's checks that come with them), jsx-a11y for what the islands render, and
// no circle among site/'s own modules (import-x/no-cycle).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The edge worker's API has one client, src/lib/api.ts: no other module of the site's own code
// (tests aside) names an API path, calls fetch or XHR itself, or takes the editor's API paths from
// lib/editor.ts. lib/editor.ts is generated: its paths are the Rust side's, for lib/api.ts.
const API_CLIENT = 'src/lib/api.ts';
const API_PATH = {
  message: `Only ${API_CLIENT} names the worker's API paths: call one of its functions.`,
};
const API_PATHS = [
  // esquery's regular expressions cannot hold a `/`: \x2F is one.
  { selector: 'Literal[value=/\\x2Fapi\\x2F/]', ...API_PATH },
  { selector: 'TemplateElement[value.raw=/\\x2Fapi\\x2F/]', ...API_PATH },
];
const REQUEST = {
  message: `Requests to the worker's API go through ${API_CLIENT}; a file of the built site is read by a module exempted in eslint.config.js.`,
};
const REQUESTS = [
  { selector: "CallExpression[callee.name='fetch']", ...REQUEST },
  {
    selector: "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
    ...REQUEST,
  },
  { selector: "NewExpression[callee.name='XMLHttpRequest']", ...REQUEST },
  { selector: "CallExpression[callee.property.name='sendBeacon']", ...REQUEST },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
  },
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  {
    // Node scripts (the suites' runners and the build's config).
    files: ['e2e/**', 'engines/**', 'build/**', '*.config.ts', '*.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    // No module that imports a module importing it, directly or through others: move what two
    // modules share down a layer, into a module of its own that both import. Imports are resolved
    // as tsconfig.json does (its paths too, if it ever has any), except that a file's own code comes
    // before a declaration beside it: e2e/page-types.mjs, not the page-types.d.mts that has no
    // imports and would hide a circle through it. An import nothing resolves is an error of its own
    // (no-unresolved), so none drops out of the graph unseen. Type-only imports (`import type`) are
    // left out: they are erased before anything runs.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
          extensions: ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.d.ts', '.json', '.node'],
          extensionAlias: {
            '.js': ['.ts', '.tsx', '.js', '.d.ts'],
            '.mjs': ['.mts', '.mjs', '.d.mts'],
            '.cjs': ['.cts', '.cjs', '.d.cts'],
          },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [API_CLIENT, 'src/lib/editor.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': ['error', ...API_PATHS, ...REQUESTS],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/editor', './editor'],
              importNames: ['AUTH_STATUS', 'AUTH_REFRESH'],
              message: `The editor's sign-in requests are ${API_CLIENT}'s (editorSignInOn, renewEditorToken).`,
            },
          ],
        },
      ],
    },
  },
  {
    // These read files of the built site, never the API: the search's index (lib/homes-search.ts),
    // the market's figures (/data/market.json) and the editor's configuration (/admin/*.json).
    files: ['src/lib/homes-search.ts', 'src/islands/market-table.tsx', 'src/admin/main.ts'],
    rules: { 'no-restricted-syntax': ['error', ...API_PATHS] },
  },
  {
    // A Playwright fixture names what it uses in an object pattern: `{}` when it uses none.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
);
