// ESLint flat config: typescript-eslint's recommended rules and React's hook rules over the
// sources, tests, benches and training scripts. Type-aware rules are left out so `npm run lint`
// stays fast on two cores; `npm run typecheck` covers the types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'models/train/data/**', 'models/candidate/**', 'missions/recordings/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `_name` marks a parameter or binding kept for its position or its type.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Terminal code reads and strips ANSI escapes on purpose.
    files: ['src/tui/**', 'test/tui/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Tests poke into JSON-RPC messages and tool results of any shape.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
