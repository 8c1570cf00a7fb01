// Type-aware linting of the sources, tests, benchmarks' TypeScript and scripts. Formatting is Prettier's (see
// .prettierrc.json); the lint rules here are about correctness: promises handled, no `any` leaking, no unused code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import l10n from './eslint-rules/l10n.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.artifacts/**', 'bench/results/**', 'media/**'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
    },
  },
  {
    // Words the user reads go through l10n (see eslint-rules/l10n.mjs). The sandbox is a service of its own, and the
    // test surface speaks to tests only.
    files: ['src/**/*.ts'],
    ignores: ['src/sandbox/**', 'src/testing/**', 'src/api/**'],
    plugins: { l10n },
    rules: { 'l10n/no-bare-user-text': 'error' },
  },
  { files: ['src/sandbox/main.ts', 'test/**/*.ts', 'bench/**/*.ts'], rules: { 'no-console': 'off' } },
  {
    // Small files, named for what they hold: a file that grows past this is split along a seam.
    files: ['**/*.ts', '**/*.mjs', '**/*.cjs', '**/*.js'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Prettier wraps code at 120 but leaves long strings and comments alone; this holds them to the same width. A
    // line that is one whole string (a message for l10n.t, which must be one literal for the bundle's export) passes.
    files: ['src/**/*.ts'],
    rules: { 'max-len': ['error', { code: 120, tabWidth: 2, ignorePattern: '^\\s*(\'[^\']*\'|"[^"]*"),?$' }] },
  },
  {
    // Tests read JSON bodies from real HTTP answers (`any` by nature) and assert on them field by field.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Fakes implement async interfaces with answers they already have.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        AbortController: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        window: 'readonly',
        document: 'readonly',
        getComputedStyle: 'readonly',
        requestAnimationFrame: 'readonly',
        globalThis: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        exports: 'writable',
      },
    },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
);
