import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { landingChunks } from "./build/landing-chunks";
import { precompressPlugin } from "./build/precompress";
import { visitorTextsPlugin } from "./build/visitor-texts";

// The dev server proxies the services to a running @lms/server (pnpm start), port LMS_DEV_API_PORT.
const apiTarget = `http://127.0.0.1:${process.env.LMS_DEV_API_PORT ?? "3000"}`;

// Every signed-in visit opens on the schools list (SPEC.md §2): its layout and its list in a
// chunk each, see build/landing-chunks.ts.
const landing = landingChunks({
  visitorRoots: ["src/main.tsx", "src/features/auth/routes"],
  chunks: [
    { name: "signed-in-shell", roots: ["src/app/authenticated-layout.tsx"] },
    { name: "signed-in-list", roots: ["src/features/schools/routes/schools-list.tsx"] },
  ],
});

export default defineConfig({
  plugins: [react(), tailwindcss(), visitorTextsPlugin(), landing.plugin, precompressPlugin()],
  base: "./",
  build: {
    target: "es2022",
    sourcemap: true,
    assetsInlineLimit: 0,
    rolldownOptions: { output: { codeSplitting: { groups: landing.groups } } },
  },
  server: {
    host: "127.0.0.1",
    proxy: { "/api": apiTarget, "/webservice": apiTarget },
  },
});
