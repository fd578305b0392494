import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Used by Storybook (.storybook/main.ts points its Vite builder here) and by the story tests.
export default defineConfig({
  plugins: [react(), tailwindcss()],
});
