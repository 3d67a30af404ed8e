import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { declaredImportsRule } from './scripts/deps/declared-imports-rule';

/**
 * Import boundaries (ARCHITECTURE.md, principles 1 and 2):
 * - the renderer reaches the main process only through the contract's index, and only for
 *   types; values only from the pure shared modules (pureSharedModules);
 * - the renderer cannot load Node built-ins or drivers;
 * - the core (src-main outside electron/, and drivers/) never imports electron.
 * test/lint/boundaries.test.ts proves each rule fires.
 */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

/**
 * The main-process modules whose values the renderer may import: they run in the browser too, so
 * they import nothing, not even zod. The cart's total, checked by the contract and shown by the
 * screen, must be the same arithmetic; an amount reads the same on screen, receipt and CLI; the
 * tenders, the sale phases, the refund reasons and the idle signature session are named once; cash
 * rounding and the quick-cash buttons are the same sums on the screen and in the journal. The
 * pay page's parts are what the pay-link service's markup and the phone's script agree on. A
 * receipt's email address and phone number are checked on the page with the main process's own
 * rules and words (ADR 071), and masked the same way.
 */
export const pureSharedModules = [
  'src-main/lane/ipc/cart.ts',
  'src-main/platform/money.ts',
  'src-main/platform/errors.ts',
  'src-main/lane/ipc/tenders.ts',
  'src-main/lane/ipc/sale-phases.ts',
  'src-main/lane/ipc/refund-reasons.ts',
  'src-main/lane/ipc/signature-session.ts',
  'src-main/lane/wallet/pay-link/pay-page-parts.ts',
  'src-main/lane/receipt-mail/address.ts',
  'src-main/lane/receipt-mail/phone.ts',
  'src-main/lane/payment/cash-amounts.ts',
];
const pureSharedImports = pureSharedModules.map((file) => `${file.slice('src-main/'.length, -'.ts'.length)}$`);

export const rendererBoundaries = {
  paths: nodeBuiltins.map((name) => ({
    name,
    message: 'The renderer runs in a browser sandbox: no Node built-ins. Ask the main process through the contract.',
  })),
  patterns: [
    {
      regex: '^node:',
      message: 'The renderer runs in a browser sandbox: no Node built-ins. Ask the main process through the contract.',
    },
    {
      regex: '(^|/)drivers(/|$)',
      message: 'The renderer cannot import drivers; devices live in the main process.',
    },
    {
      regex: '(^|/)src-main/lane/ipc/contract$',
      allowTypeImports: true,
      message: 'Import the contract with `import type` only; the renderer talks to main through window.pos.',
    },
    {
      // The group files are how main declares the contract (ADR 023); the screens read it
      // through its one index, so moving a command between groups never touches them.
      regex: '(^|/)src-main/lane/ipc/contract/',
      message:
        'Import the contract through its index, src-main/lane/ipc/contract, with `import type`; ipc/contract/* are its parts.',
    },
    {
      // The back office page's contract, the same way: its index, for types only.
      regex: '(^|/)src-main/backoffice/contract$',
      allowTypeImports: true,
      message: 'Import the back office contract with `import type` only; the page talks to its host over the bridge.',
    },
    {
      regex: '(^|/)src-main/backoffice/contract/',
      message:
        'Import the back office contract through its index, src-main/backoffice/contract, with `import type`; backoffice/contract/* are its parts.',
    },
    {
      regex: `(^|/)src-main/(?!${['lane/ipc/contract$', 'lane/ipc/contract/', 'backoffice/contract$', 'backoffice/contract/', ...pureSharedImports].join('|')})`,
      message: 'The renderer cannot import main-process code; use the contract (types only).',
    },
    {
      regex: '^electron$',
      message: 'The renderer never sees Electron; window.pos is its only door.',
    },
  ],
};

/**
 * A stand-in (the gateway, tokenizer and boarding emulators, training's phone, the emulated
 * devices) is an independent implementation of its reference: it may use the platform base, the
 * published wire formats (src-main/reference/) and the device codecs (drivers/), never the lane,
 * the back office or a shell, not even their types, or a wrong rule in a client would pass every
 * test (issues 17, 19 and 31).
 */
export const standInBoundaries = {
  paths: [
    { name: 'electron', message: 'Only src-main/shells/electron/ may import electron: the core runs on plain Node.' },
  ],
  patterns: [
    {
      regex: '(^|/)(lane|backoffice|hub|shells)(/|$)',
      message:
        'A stand-in implements its service from the reference: it imports only the platform base, src-main/reference/ (the published formats) and drivers/, never the lane, the back office, the hub or a shell.',
    },
  ],
};

/**
 * The layout by program (ADR 060): product code (platform, lane, back office, hub) never imports a
 * stand-in; training's wiring is the shells' (src-main/shells/training/), which hand the lane its
 * gateway, phone and emulated devices (`CoreOptions.training`).
 */
const noStandIns = {
  regex: '(^|/)stand-ins(/|$)',
  message:
    'Product code never imports a training stand-in: the training wiring in the shells (src-main/shells/training/) passes it in.',
};
export const productBoundaries = {
  paths: [
    { name: 'electron', message: 'Only src-main/shells/electron/ may import electron: the core runs on plain Node.' },
  ],
  patterns: [noStandIns],
};
/** The platform base stands under every program and imports none of them. */
export const platformBoundaries = {
  paths: [
    { name: 'electron', message: 'Only src-main/shells/electron/ may import electron: the core runs on plain Node.' },
  ],
  patterns: [
    {
      regex: '(^|/)(lane|backoffice|hub|stand-ins|shells)(/|$)',
      message:
        'The platform base imports none of the programs (lane, back office, hub, stand-ins, shells): they stand on it.',
    },
  ],
};

const importsNothing = {
  patterns: [
    {
      regex: '.',
      message: 'The renderer runs this module too (pureSharedModules in eslint.config.ts): it imports nothing.',
    },
  ],
};

/** The code an installed app runs; see the declared-imports rule below. */
export const productionFiles = ['src-main/**/*.ts', 'drivers/**/*.ts', 'bin/**/*.mjs'];

const electronOnlyInShell = {
  paths: [
    { name: 'electron', message: 'Only src-main/shells/electron/ may import electron: the core runs on plain Node.' },
  ],
};

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'test/lint/fixtures/**', '.lanepoint-dev/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-console': 'error',
      'no-empty': ['error', { allowEmptyCatch: false }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Every imported package is declared in package.json (issue 31); test/lint/declared-imports.test.ts.
    plugins: { lanepoint: { rules: { 'declared-imports': declaredImportsRule } } },
    rules: {
      'lanepoint/declared-imports': [
        'error',
        { fields: ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] },
      ],
    },
  },
  {
    // What runs in the installed app (the core, the drivers, the CLI and its bin) imports only
    // what an install without devDependencies has. The Electron shell gets electron from the
    // runtime itself (electron-builder wants it as a devDependency). The renderer is bundled.
    files: productionFiles,
    rules: { 'lanepoint/declared-imports': ['error', { fields: ['dependencies', 'optionalDependencies'] }] },
  },
  {
    files: ['src-main/shells/electron/**/*.ts'],
    rules: {
      'lanepoint/declared-imports': [
        'error',
        { fields: ['dependencies', 'optionalDependencies'], alsoAllow: ['electron'] },
      ],
    },
  },
  {
    // More than four positional parameters take an object (ADR 029): a call then names what it passes.
    // And no source file passes 400 lines.
    files: ['src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}', 'drivers/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'max-params': 'off',
      '@typescript-eslint/max-params': ['error', { max: 4 }],
      // A source file over 400 lines holds more than one idea: split it by what each part does (ADR 029).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', rendererBoundaries],
    },
  },
  {
    files: ['src-main/**/*.ts', 'drivers/**/*.ts'],
    ignores: ['src-main/shells/electron/**'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-restricted-imports': ['error', electronOnlyInShell] },
  },
  {
    files: ['src-main/lane/**/*.ts', 'src-main/backoffice/**/*.ts', 'src-main/hub/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', productBoundaries] },
  },
  {
    files: ['src-main/platform/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', platformBoundaries] },
  },
  {
    files: pureSharedModules,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', importsNothing] },
  },
  {
    files: ['src-main/stand-ins/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', standInBoundaries] },
  },
  {
    // The published formats stand under every program, like the platform base.
    files: ['src-main/reference/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', platformBoundaries] },
  },
  {
    files: [
      'src-main/shells/electron/**/*.ts',
      'test/**/*.{ts,tsx}',
      'bench/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      'bin/**/*.mjs',
      '*.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // The CLI prints to its terminal on purpose; everything else logs through the redacting logger.
    files: ['src-main/shells/cli/**/*.ts', 'bin/**/*.mjs', 'scripts/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
);
