// The islands' lint gate (make lint): typescript-eslint's type-aware checks, the rules of hooks
// (and the React Compiler's checks that come with them), jsx-a11y for what the islands render, and
// no circle among site/'s own modules (import-x/no-cycle, issue 35).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

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
    // A Playwright fixture names what it uses in an object pattern: `{}` when it uses none.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
);
