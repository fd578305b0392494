import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The portal's server answers /api and /webservice; in development, point them at it.
const server = process.env.LMS_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { "/api": server, "/webservice": server } },
});
