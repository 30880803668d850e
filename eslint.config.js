import { readdirSync, readFileSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The direction imports may run (docs/ARCHITECTURE.md, "Layers"), derived
 * from the workspace's folders so that adding a bounded context needs no
 * change here:
 *
 *   shared/*  ←  storage (event store, document store, mail)  ←  services/<context>
 *             ←  read-models/projector  ←  read-models/<context>  ←  services/api, read-models/ops
 *
 * A context (the pair services/<name> + read-models/<name>) never imports
 * another context; it reads other contexts' published events from
 * shared/contracts. The front ends import only shared/contracts, shared/i18n
 * and shared/validation.
 */
const packageName = (folder) => {
  const file = `${folder}/package.json`;
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).name : null;
};
const foldersOf = (parent) =>
  readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${parent}/${entry.name}/package.json`))
    .map((entry) => entry.name);

const STORAGE = ['event-store', 'document-store', 'mail'];
const PLATFORM_SERVICES = ['api'];
const PLATFORM_READ_MODELS = ['projector', 'ops'];

const storagePackages = STORAGE.map((name) => packageName(`services/${name}`));
const contextNames = [
  ...new Set([
    ...foldersOf('services').filter((name) => !STORAGE.includes(name) && !PLATFORM_SERVICES.includes(name)),
    ...foldersOf('read-models').filter((name) => !PLATFORM_READ_MODELS.includes(name)),
  ]),
];
/** A context's packages: its write side under services/ and its read side under read-models/. */
const contextPackages = Object.fromEntries(
  contextNames.map((name) => [
    name,
    [`services/${name}`, `read-models/${name}`].filter((folder) => existsSync(`${folder}/package.json`)).map(packageName),
  ]),
);
const everyContextPackage = Object.values(contextPackages).flat();
const projector = packageName('read-models/projector');
const composition = [packageName('services/api'), packageName('read-models/ops')];
const frontEnds = [packageName('web'), packageName('admin')];

const deny = (packages, message) => ({ group: packages.flatMap((name) => [name, `${name}/*`]), message });
/** A relative import that climbs into another package's sources (`../../../shared/validation/src/…`). */
const noPathIntoPackages = {
  regex: String.raw`^(\.\./)+(shared|services|read-models|web|admin|infra)/`,
  message: 'Import a workspace package by its name (@buyloop/…), never by a path into its folder.',
};
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, noPathIntoPackages] }] },
});

const layers = [
  restrict(
    ['shared/**/*.{ts,tsx}'],
    [
      deny(
        [...storagePackages, ...everyContextPackage, projector, ...composition, ...frontEnds],
        'shared/* is the bottom layer: it imports no service, read model or front end.',
      ),
    ],
  ),
  ...STORAGE.map((name) =>
    restrict(
      [`services/${name}/**/*.{ts,tsx}`],
      [
        deny(
          [...everyContextPackage, projector, ...composition, ...frontEnds],
          'Storage imports only shared/* and other storage.',
        ),
      ],
    ),
  ),
  restrict(
    ['read-models/projector/**/*.{ts,tsx}'],
    [deny([...everyContextPackage, ...composition, ...frontEnds], 'The projector runs any context and imports none.')],
  ),
  ...contextNames.flatMap((name) => {
    const others = everyContextPackage.filter((pkg) => !contextPackages[name].includes(pkg));
    const crossContext = deny(
      others,
      `A bounded context never imports another: react to its published events (shared/contracts) instead.`,
    );
    const upward = deny([...composition, ...frontEnds], 'A context never imports the API, the ops CLI or a front end.');
    const readSide = packageName(`read-models/${name}`);
    return [
      restrict(
        [`services/${name}/**/*.{ts,tsx}`],
        [
          crossContext,
          upward,
          deny(
            [projector, ...(readSide ? [readSide] : [])],
            'The write side does not import read models: they build on it, never the other way.',
          ),
        ],
      ),
      restrict([`read-models/${name}/**/*.{ts,tsx}`], [crossContext, upward]),
    ];
  }),
  restrict(
    ['web/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    [
      {
        regex: String.raw`^@buyloop/(?!(contracts|i18n|validation)(/|$))`,
        message: 'A front end imports only @buyloop/contracts, @buyloop/i18n and @buyloop/validation.',
      },
    ],
  ),
];

/**
 * Every import names a dependency of its own package (or a root dev tool:
 * vitest, playwright-core): a package that works only because a neighbour
 * installed the same thing breaks on a fresh clone.
 */
const workspaceFolders = [
  ...['shared', 'services', 'read-models'].flatMap((parent) => foldersOf(parent).map((name) => `${parent}/${name}`)),
  'web',
  'admin',
  'infra/bench',
];
const declaredDependencies = workspaceFolders.map((folder) => ({
  files: [`${folder}/**/*.{ts,tsx}`],
  rules: {
    'import-x/no-extraneous-dependencies': ['error', { packageDir: [folder, '.'], devDependencies: true }],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json', 'admin/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Import circles, inside a package and across packages (type-only imports included: they tangle the design all the same).
      'import-x/no-cycle': 'error',
    },
  },
  ...layers,
  ...declaredDependencies,
);
