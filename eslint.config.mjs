// The import rules of src/ (STYLE.md, "where things live"), for every file, .astro included.
// ESLint checks only these; Biome lints and formats everything else (decision 080).
import tsParser from '@typescript-eslint/parser';
import * as astroParser from 'astro-eslint-parser';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const OURS = [
  'server',
  'adapters',
  'ports',
  'domain',
  'lib',
  'islands',
  'stores',
  'pages',
  'components',
  'layouts',
];
const all = (...folders) => folders.map((folder) => `./src/${folder}`);
const except = (...folders) => all(...OURS.filter((folder) => !folders.includes(folder)));

export default [
  {
    files: ['src/**/*.{ts,tsx,mjs}'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    files: ['src/**/*.astro'],
    languageOptions: {
      parser: astroParser,
      parserOptions: { parser: tsParser, extraFileExtensions: ['.astro'] },
    },
  },
  {
    files: ['src/**/*.{ts,tsx,mjs,astro}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.astro', '.mjs', '.js'] }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.astro', '.mjs', '.js'],
      // How the rules read the files an import leads to (for cycles).
      'import-x/parsers': {
        '@typescript-eslint/parser': ['.ts', '.tsx', '.mjs', '.js'],
        'astro-eslint-parser': ['.astro'],
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: all('islands', 'stores'),
              from: all('server', 'adapters', 'lib'),
              message: 'Islands and stores run in the browser: no server or adapter code.',
            },
            {
              target: all('components', 'layouts'),
              from: all('adapters'),
              message: 'Components reach the shop through src/server, never an adapter.',
            },
            {
              target: all('adapters'),
              from: all('server', 'pages', 'components', 'layouts', 'islands', 'stores'),
              message: 'Adapters sit below the server: they use ports, domain and lib only.',
            },
            {
              target: all('ports'),
              from: except('ports', 'domain'),
              message: 'Ports are interfaces over the domain: they import nothing else of ours.',
            },
            {
              target: all('domain'),
              from: except('domain'),
              message: 'The domain is pure: it imports nothing of ours but the domain.',
            },
            {
              target: all('lib'),
              from: except('lib'),
              message: 'src/lib is below every layer: it imports nothing of ours.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/{islands,stores,domain,components}/**/*.{ts,tsx,astro}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['better-sqlite3', 'kysely', 'sharp', 'firebase-admin', 'firebase-admin/*', 'node:*'],
              message: 'Server packages stay out of islands, stores, components and the pure domain.',
            },
          ],
        },
      ],
    },
  },
];
