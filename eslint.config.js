// ESLint for the panel, the server, tests, scripts and benches: recommended JavaScript and
// TypeScript rules (syntax only, no type information, so a run takes seconds), React's rules of
// hooks and the accessibility rules for JSX. Formatting is Prettier's, not ESLint's.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'coverage/**', 'test-results/**', 'data/**', 'src/routeTree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading _ marks a parameter kept for its position; a caught error need not be read.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // strict already refuses implicit any; the explicit ones are Kysely<any> (helpers and migrations over any schema) and tests' malformed input.
      '@typescript-eslint/no-explicit-any': 'off',
      // Every control character in our patterns is there on purpose: they strip or refuse control bytes in uploads and exports.
      'no-control-regex': 'off',
      // A variable a closure reads before its one assignment (the router the navigation calls) stays let.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      // As the plugin recommends: a warning, since an effect may mean to run on one input only (it says why beside it).
      'react-hooks/exhaustive-deps': 'warn',
      // Radix's fields are the controls inside our <label>s.
      'jsx-a11y/label-has-associated-control': [
        'error',
        { controlComponents: ['TextField.Root', 'TextArea', 'Select.Root'], depth: 3 },
      ],
      // A dialog puts focus on its first field when it opens, as the dialog pattern asks.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // The diagram is a focusable region that pans and zooms by pointer and keyboard.
    files: ['src/ui/workflows/diagram-canvas.tsx'],
    rules: { 'jsx-a11y/no-noninteractive-element-interactions': 'off', 'jsx-a11y/no-noninteractive-tabindex': 'off' },
  },
  {
    // The permission and data-plan checkbox groups carry aria-invalid for the error under them.
    files: ['src/sections/roles/role-form-dialog.tsx', 'src/sections/skus/sku-form-dialog.tsx'],
    rules: { 'jsx-a11y/role-supports-aria-props': 'off' },
  },
);
