import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Web features meet only through each other's index.ts (STYLE.md habit 5). no-restricted-imports
 * matches the import text, so each block covers files at one depth inside a feature, where
 * climbing exactly to features/ and then into a folder can only mean another feature's internals.
 */
const WEB = 'apps/web/src';
const deepFeatureImport = (depth) => ({
  files: [`${WEB}/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}[^./][^/]*/|^(\\.\\./)+features/[^/]+/`,
            message: "Import another feature only through its index.ts (e.g. '../../player').",
          },
          {
            // These contract modules build zod schemas when loaded: a value from one pulls zod
            // (~30 KB gz) into the screen. Plain values live in constants.ts.
            group: [
              '@qbank/contract/*',
              '!@qbank/contract/constants',
              '!@qbank/contract/confidence-values',
              '!@qbank/contract/random',
              '!@qbank/contract/forms',
            ],
            allowTypeImports: true,
            message: 'Take plain values from @qbank/contract/constants; only types from here.',
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/drizzle/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Only the database layer and repositories talk to Drizzle (STYLE.md habit 3).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Queries belong in a *.repository.ts file.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  ...[0, 1, 2, 3].map(deepFeatureImport),
  {
    // Shared components and lib sit below the features: they never reach up into one.
    files: [`${WEB}/components/**/*.{ts,tsx}`, `${WEB}/lib/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features(/|$)',
              message: 'Shared code must not import a feature.',
            },
          ],
        },
      ],
    },
  },
);
