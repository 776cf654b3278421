// Flat config. Import boundaries follow docs/architecture.md "Import rules" (the context split is enforced by
// lint, not by memory), and a few DOM sinks are banned everywhere: service text is text.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { fileURLToPath } from 'node:url';
import globals from 'globals';

const zone = (target, from, message) => ({ target, from, message });
const ROOT = fileURLToPath(new URL('.', import.meta.url));

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'test-results/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.webextensions } },
    plugins: { 'import-x': importX },
    // The `@/` alias (WXT's tsconfig paths) must resolve, or the zones below and no-cycle
    // would silently skip every `@/src/...` import.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [ROOT], '~': [ROOT] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Render text with textContent or Preact; never parse HTML.' },
        { property: 'outerHTML', message: 'Render text with textContent or Preact; never parse HTML.' },
        { property: 'insertAdjacentHTML', message: 'Never parse HTML from strings.' },
        { object: 'document', property: 'write', message: 'Never document.write.' },
        { object: 'document', property: 'writeln', message: 'Never document.write.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "AssignmentExpression[left.property.name='innerHTML']", message: 'No innerHTML.' },
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No dangerouslySetInnerHTML.' },
      ],
      // An import cycle makes start-up order matter and hides a missing module boundary.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./src/shared', './src/background', 'src/shared imports nothing else of the project.'),
            zone('./src/shared', './src/content', 'src/shared imports nothing else of the project.'),
            zone('./src/shared', './src/ui', 'src/shared imports nothing else of the project.'),
            zone('./src/shared', './entrypoints', 'src/shared imports nothing else of the project.'),
            zone(
              './src/content',
              './src/background',
              'Content scripts never import background code (the API key lives there).',
            ),
            zone('./src/ui', './src/background', 'Pages talk to the background through messages only.'),
            zone('./src/ui', './src/content', 'ui may import shared only.'),
            zone('./src/background', './src/content', 'background may import shared only.'),
            zone('./src/background', './src/ui', 'background may import shared only.'),
            zone(
              './entrypoints/content-script.ts',
              './src/background',
              'Content scripts never import background code.',
            ),
            zone('./entrypoints/signin-guard.ts', './src/background', 'Content scripts never import background code.'),
            zone('./entrypoints/hold-guard.ts', './src/background', 'Content scripts never import background code.'),
            zone('./entrypoints/popup', './src/background', 'Pages talk to the background through messages only.'),
            zone('./entrypoints/options', './src/background', 'Pages talk to the background through messages only.'),
            zone('./entrypoints/blocked', './src/background', 'Pages talk to the background through messages only.'),
            zone('./entrypoints/report', './src/background', 'Pages talk to the background through messages only.'),
          ],
        },
      ],
    },
  },
  {
    // Only the API module calls fetch (docs/architecture.md, "Import rules").
    // suffix-list.ts reads a file of the extension's own package (runtime.getURL), no network.
    files: ['src/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'],
    ignores: ['src/background/api/**', 'src/background/suffix-list.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/background/api calls fetch.' }],
    },
  },
  {
    // docs/decisions/009-bundle-weight.md: one zod flavour (zod/mini; classic zod would ship beside it and be parsed on
    // every wake of the worker), and the public suffix list is our own table
    // (src/shared/url/public-suffix.ts); tldts stays for its generator and tests.
    files: ['src/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Import { z } from 'zod/mini' (classic zod would ship beside it)." },
            { name: 'zod/v4', message: "Import { z } from 'zod/mini'." },
            { name: 'zod/v3', message: "Import { z } from 'zod/mini'." },
            { name: 'tldts', message: 'Use src/shared/url/public-suffix.ts (tldts is ~134 kB).' },
          ],
          patterns: [{ group: ['tldts/*', 'tldts-*'], message: 'Use src/shared/url/public-suffix.ts.' }],
        },
      ],
    },
  },
  {
    files: ['test/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-properties': 'off' },
  },
);
