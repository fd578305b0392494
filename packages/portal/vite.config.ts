import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { DEFAULT_LIST_PARAMS } from "@lms/core";
import { defineConfig } from "vite";
import { inlineFaviconPlugin } from "./build/inline-favicon";
import { landingChunks } from "./build/landing-chunks";
import { openingPreloadPlugin } from "./build/opening-preload";
import { openingRequests } from "./build/opening-requests";
import { precompressPlugin } from "./build/precompress";
import { visitorTextsPlugin } from "./build/visitor-texts";

// The dev server proxies the services to a running @lms/server (pnpm start), port LMS_DEV_API_PORT.
const apiTarget = `http://127.0.0.1:${process.env.LMS_DEV_API_PORT ?? "3000"}`;

// The opening code, the sign-in page, and the chunks every signed-in visit opens with (the layout
// and the schools list, SPEC.md §2): a chunk each, see build/landing-chunks.ts; entries of one
// name make one chunk.
const signIn = ["src/features/auth/routes/login.tsx"];
const signedIn = [
  "src/app/authenticated-layout.tsx",
  "src/features/schools/routes/schools-list.tsx",
];
const landing = landingChunks({
  chunks: [
    { name: "portal", roots: ["src/main.tsx"] },
    // React, the router and the app: evaluated in a task after the entry's (src/main.tsx). With
    // them, what the sign-in page and the signed-in layout share, which both load anyway.
    { name: "opening", roots: ["src/app/open-app.tsx"] },
    { name: "opening", roots: signIn, sharedWith: signedIn },
    // The whole catalogue and its formatter, which a signed-in visit loads at once: one file
    // instead of three (Lighthouse's slow 4G: one round trip fewer on HTTP/1.1's six connections).
    { name: "full-i18n", roots: ["src/lib/full-i18n.ts"] },
    { name: "sign-in", roots: signIn },
    { name: "signed-in-shell", roots: signedIn.slice(0, 1) },
    { name: "signed-in-list", roots: signedIn.slice(1) },
  ],
});

// The opening's chunks, compiled whole as they stream in (V8's explicit compile hints, read by
// Chromium): each function the opening calls is then compiled off the main thread instead of
// on its first call (issue 14: in a trace, the opening's long tasks went from 558 to 338 ms).
const compiledWhole = new Set(["react", "portal", "opening", "signed-in-shell", "signed-in-list"]);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    visitorTextsPlugin(),
    inlineFaviconPlugin(fileURLToPath(new URL("public/favicon.svg", import.meta.url))),
    landing.plugin,
    openingPreloadPlugin(
      {
        visitor: ["opening", "sign-in"],
        // A kept session loads the whole catalogue and its formatter at once (src/lib/i18n.tsx).
        signedIn: ["opening", "signed-in-shell", "full-i18n"],
        schoolsList: ["opening", "signed-in-shell", "signed-in-list", "full-i18n"],
      },
      // The schools list opens with the defaults (src/lib/opening-requests.test.ts checks).
      openingRequests(DEFAULT_LIST_PARAMS),
    ),
    precompressPlugin(),
  ],
  base: "./",
  build: {
    target: "es2022",
    sourcemap: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        postBanner: (chunk) =>
          compiledWhole.has(chunk.name) ? "//# allFunctionsCalledOnLoad" : "",
        codeSplitting: {
          // React and react-dom apart from the opening code: two files fetched side by side
          // instead of one of 122 KB (the largest chunk stays under 100 KB).
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 100,
            },
            ...landing.groups,
          ],
        },
      },
    },
  },
  server: {
    host: "127.0.0.1",
    proxy: { "/api": apiTarget, "/webservice": apiTarget },
  },
});
