import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', 'coverage/', 'backend/drizzle/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a parameter a signature requires but the body does not use (express handlers).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A shutdown handler registered before the server exists must read a `let`; a `const` would throw there.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  prettier,
);
