import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const portalFeatures = readdirSync(new URL("packages/portal/src/features", import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/storybook-static/**",
      "**/node_modules/**",
      "**/data/**",
      "**/coverage/**",
      "packages/portal/test-fixtures/**",
      "!.storybook",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts", ".cts"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: "packages/*/tsconfig.json",
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    // Nothing imports a test or a story, so a cycle can only run through the sources: walking the
    // import graph from every test and story too was two thirds of the lint's time.
    files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.stories.tsx", "**/e2e/**", "**/test/**", "**/bench/**"],
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportAllDeclaration",
          message: "List exports by name (STYLE.md: no export *).",
        },
      ],
    },
  },
  {
    files: ["packages/ui/**/*.tsx", "packages/portal/**/*.tsx", ".storybook/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["packages/lms-core/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react-*", "@lms/ui", "@lms/server"],
              message: "@lms/core is framework-free.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/ui/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@lms/core", "@lms/server", "swr", "react-router-dom"],
              message: "@lms/ui knows nothing of the product's API or routes.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers: routes -> dispatch -> services -> repositories; lib/ helps them all.
    files: ["packages/server/src/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: new URL("packages/server/src", import.meta.url).pathname,
          zones: [
            {
              target: "./routes",
              from: "./plugins/app/repositories",
              message:
                "Routes import no repository: mappers and types come from src/services or @lms/core.",
            },
            {
              target: "./lib",
              from: [
                "./services",
                "./plugins",
                "./read-models",
                "./dispatch",
                "./routes",
                "./app.ts",
                "./content-app.ts",
              ],
              message:
                "lib/ holds helpers that import no layer above them (no service, no repository).",
            },
            {
              target: ["./services", "./plugins/app/repositories", "./read-models"],
              from: ["./dispatch", "./routes"],
              message: "Services and repositories sit below the dispatcher and the routes.",
            },
            {
              target: "./plugins/app/repositories",
              from: "./read-models",
              message:
                "Repositories are SQL only: a read model imports its repository and stands in front of it (wired in plugins/app/data-access.ts).",
            },
            {
              target: "./dispatch",
              from: "./routes",
              message: "The dispatcher runs the routes' commands; it imports no route.",
            },
          ],
        },
      ],
    },
  },
  {
    // bulletproof-react's boundaries: a feature uses only itself and the shared folders; the
    // shared folders use no feature; app/ composes the features.
    files: ["packages/portal/src/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: new URL("packages/portal/src", import.meta.url).pathname,
          zones: [
            ...portalFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: "./features",
              except: [`./${feature}`],
              message:
                "A feature imports no other feature: share it from src/components, src/hooks or src/lib, or compose both in src/app.",
            })),
            {
              target: "./features",
              from: "./app",
              except: ["./paths.ts"],
              message: "Features do not import the app (but its paths); the app composes them.",
            },
            {
              target: ["./components", "./hooks", "./lib"],
              from: "./features",
              message: "Shared code imports no feature.",
            },
            {
              target: ["./components", "./hooks", "./lib"],
              from: "./app",
              except: ["./paths.ts"],
              message: "Shared code imports nothing of the app but its paths.",
            },
          ],
        },
      ],
    },
  },
);
