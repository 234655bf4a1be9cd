// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const deciderGuard = {
  patterns: [
    { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'Deciders are pure: no HTTP here.' },
    { group: ['pg', 'pg/*'], message: 'Deciders are pure: no database here.' },
    { group: ['node:*'], message: 'Deciders are pure: no I/O, clock or randomness here.' },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'tests/artifacts/**', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/src/**/decider.ts', '**/src/**/*-decider.ts'],
    rules: { 'no-restricted-imports': ['error', deciderGuard] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kartvizit/command-api*', '@kartvizit/query-api*', '@kartvizit/projector*', '@kartvizit/infra*', 'pg', 'fastify'],
              message: 'The web app talks to services over HTTP only; share types through @kartvizit/schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['command-api/src/**', 'query-api/src/**', 'projector/src/**'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@kartvizit/command-api*', '@kartvizit/query-api*', '@kartvizit/projector*'], message: 'Services never import each other: share through schemas or infra.' },
          ],
        },
      ],
    },
  },
  {
    // Decision 56: infra is below every service; the compositions (@kartvizit/deploy) sit above them all.
    files: ['infra/src/**', 'infra/kafka/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@kartvizit/command-api*', '@kartvizit/query-api*', '@kartvizit/projector*', '@kartvizit/deploy*'], message: 'infra depends on nothing above it: compose in @kartvizit/deploy or a service.' },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
