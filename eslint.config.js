// Lint holds the layers of DESIGN.md: only the Electron glue and the preload may import `electron`,
// the renderer never reaches Node or the core, shared stays pure, and bodies are never rendered as HTML.
import tseslint from 'typescript-eslint';

const electronOnlyInGlue = { name: 'electron', message: 'Only src/main/electron and src/preload may import electron (DESIGN.md layers).' };
const nodeBuiltins = { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'better-sqlite3', 'zstd-napi'], message: 'This layer runs in the browser: no Node modules.' };
const noHtmlSinks = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Bodies are attacker-chosen: render text nodes only.' },
  { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: 'No HTML sinks: render text nodes only.' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No HTML sinks.' },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name='write']", message: 'No HTML sinks.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'build/**', 'dist/**', 'test-artifacts/**', '.scratch/**', 'resources/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [electronOnlyInGlue] }],
    },
  },
  // The native binding's loader and build helper are CommonJS (node-gyp and require() of a .node file).
  { files: ['native/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: ['src/main/electron/**', 'src/preload/**', 'test/main/electron/**', 'test/preload/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/preload/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/main/core/**', '**/renderer/**'], message: 'The preload exposes the contract only.' }] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronOnlyInGlue, { name: 'react', message: 'shared is framework-free.' }],
        patterns: [nodeBuiltins, { group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'], message: 'shared imports nothing of ours but shared.' }],
      }],
    },
  },
  {
    files: ['src/renderer/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronOnlyInGlue],
        patterns: [nodeBuiltins, { group: ['**/main/**', '**/preload/**', '**/cli/**'], message: 'The renderer reaches the core only through api/client.ts.' }],
      }],
      'no-restricted-syntax': ['error', ...noHtmlSinks],
    },
  },
  {
    files: ['src/main/core/**', 'src/cli/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronOnlyInGlue],
        patterns: [{ group: ['**/renderer/**', '**/preload/**', '**/main/electron/**'], message: 'The core and CLI load in plain Node.' }],
      }],
    },
  },
);
