// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (design.md "Layout"): web and server never import each other,
// shared imports neither. Enforced with the core rule so no plugin can drift.
const boundary = 'Crosses an import boundary (see design.md Layout).';
const noImport = (groups, regexes = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...groups.map((group) => ({ group: [group], message: boundary })),
        ...regexes.map((regex) => ({ regex, message: boundary })),
      ],
    },
  ],
});

// Web features do not import each other (design.md): routes in src/web/app compose them.
const webForbidden = ['**/server/**', 'fastify', 'drizzle-orm*', 'pg'];
// They mirror the server's modules: identity, users, products, reviews, orders, and the content pages.
const features = ['auth', 'users', 'products', 'reviews', 'orders', 'content'];
const otherFeatures = (feature) =>
  features.filter((other) => other !== feature).map((other) => `^(\\.\\./)+(features/)?${other}(/|$)`);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: noImport(['**/server/**', '**/web/**', 'react', 'fastify', 'drizzle-orm*']),
  },
  { files: ['src/server/**'], rules: noImport(['**/web/**', 'react', 'react-dom']) },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...noImport(webForbidden),
    },
  },
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: noImport(webForbidden, otherFeatures(feature)),
  })),
);
