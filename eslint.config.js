import { readFileSync } from "node:fs";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import importBoundaries from "./eslint-rules/import-boundaries.js";

/** The first segments of the screens' paths, read from SCREENS (src/shared/routes.ts); "/" alone is left out. */
const routesText = readFileSync(new URL("./src/shared/routes.ts", import.meta.url), "utf8");
const screensText = routesText.slice(routesText.indexOf("export const SCREENS"), routesText.indexOf("} as const"));
const screenSegments = [...new Set([...screensText.matchAll(/^\s*"\/([^/":]+)/gm)].map((match) => match[1]))];
/** A string that starts with one of them ("/billing", "/clients/…", "/admin?…"); esquery's regexes take no "/". */
const screenLiteral = `/^\\x2F(${screenSegments.join("|")})([\\x2F?#]|$)/`;

export default tseslint.config(
  { ignores: ["dist", "node_modules", ".tmp", "data", "drizzle", "test-results", "playwright-report"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { local: { rules: { "import-boundaries": importBoundaries } } },
    rules: {
      "local/import-boundaries": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Import order is checked (and fixed by `npm run format`); cycles between modules are refused.
    plugins: { import: importPlugin },
    settings: { "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } } },
    rules: {
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index", "type"],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Size is limited where it hurts reading: the function, not the file (files stay honest by
    // grouping one capability per folder). 80 lines counted as written, blank lines and comments
    // included: comments here explain why, and a function that needs 80 lines of code and
    // explanation is doing more than one thing; it matches the "no function over 80 lines"
    // measure, so the lint and the count never disagree. The complexity limit (branches and
    // conditions) catches the short function that decides too much; 20 leaves room for a
    // validation ladder or a form that reads naturally, and no split below it is a contortion.
    // An IIFE is a script's wrapper, not a function (ESLint's default): web/head/page-init.js.
    files: ["src/**/*.{ts,tsx,js}"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false, IIFEs: false }],
      complexity: ["error", 20],
    },
  },
  {
    // Tests are tables of cases: a describe or it callback is a list of examples, and a case
    // table (`*-cases.ts`) is data. Their length is not a function doing too much.
    files: ["src/**/*.test.{ts,tsx}", "src/**/*.n8n-test.ts", "src/**/*-cases*.ts"],
    rules: { "max-lines-per-function": "off", complexity: "off" },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Links to screens are made from SCREENS' paths (`screenPath` in src/shared/routes.ts), never written out.
    files: ["src/web/components/**/*.{ts,tsx}", "src/web/features/*/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: `Literal[value=${screenLiteral}]:not(CallExpression[callee.name="screenPath"] > Literal.arguments)`,
          message: "Write a screen's address with screenPath(…) from src/shared/routes.ts, not as a string.",
        },
        {
          selector: `TemplateElement[value.raw=${screenLiteral}]`,
          message: "Write a screen's address with screenPath(…) from src/shared/routes.ts, not as a string.",
        },
      ],
    },
  },
);
