import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server proxies the services to a running @lms/server (pnpm start), port LMS_DEV_API_PORT.
const apiTarget = `http://127.0.0.1:${process.env.LMS_DEV_API_PORT ?? "3000"}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  base: "./",
  build: {
    target: "es2022",
    sourcemap: true,
    assetsInlineLimit: 0,
  },
  server: {
    host: "127.0.0.1",
    proxy: { "/api": apiTarget, "/webservice": apiTarget },
  },
});
