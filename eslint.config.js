import path from 'node:path';
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * The packages' layering: contracts ← server, frontend. contracts imports neither (the browser loads it too), and
 * server and frontend never import each other. tests/ and bench/ are white-box harnesses and may reach anywhere.
 */
const layers = {
  contracts: [],
  server: ['contracts'],
  frontend: ['contracts'],
};
const packages = Object.keys(layers);

function layerRules(name) {
  const forbidden = packages.filter((other) => other !== name && !layers[name].includes(other));
  const patterns = [
    ...forbidden.map((other) => ({
      group: [`@gather/${other}`, `@gather/${other}/*`],
      message: `${name}/ may not import ${other}/: the packages are layered contracts ← server, frontend.`,
    })),
    {
      group: packages.filter((other) => other !== name).flatMap((other) => [`**/${other}/src/*`, `**/${other}/src`]),
      message: 'Import another package by its name (@gather/...), never by a relative path into it.',
    },
  ];
  return { files: [`${name}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/**
 * Inside frontend/, features sit side by side, one folder each, named as the server names them: none imports
 * another or app/ (which composes them); what several share lives in components/ or lib/, which import no feature.
 */
const frontendFeatures = fs.readdirSync('frontend/src/features');
const frontendZones = [
  ...frontendFeatures.map((feature) => ({
    target: `./frontend/src/features/${feature}`,
    from: './frontend/src/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both need to components/ or lib/, or compose in app/.',
  })),
  {
    target: ['./frontend/src/features', './frontend/src/components', './frontend/src/lib'],
    from: './frontend/src/app',
    message: 'app/ composes the features; nothing imports it.',
  },
  {
    target: ['./frontend/src/components', './frontend/src/lib'],
    from: './frontend/src/features',
    message: 'Shared components and lib/ import no feature.',
  },
];

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', 'coverage/', 'server/src/platform/database/migrations/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  // dependency-cruiser reads its configuration as CommonJS.
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  {
    rules: {
      // A leading underscore marks a parameter a signature requires but the body does not use (express handlers).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A shutdown handler registered before the server exists must read a `let`; a `const` would throw there.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  ...packages.map(layerRules),
  {
    files: ['{contracts,server}/src/**/*.ts'],
    extends: [importX.flatConfigs.typescript],
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    // A cycle between modules means neither can be read, tested or moved alone; across packages it is a layering error.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The production image installs only the server's own dependencies: a package it imports must be listed there.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: false, packageDir: [path.join(import.meta.dirname, 'server')] },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    extends: [importX.flatConfigs.typescript],
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'frontend/tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: frontendZones }],
      // As on the server: a cycle between modules means neither can be read, tested or moved alone.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  prettier,
);
