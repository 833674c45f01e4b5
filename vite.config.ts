import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/prerender.ts (chunks to preload per page) and scripts/bench-bundle.ts.
    manifest: true,
  },
  server: {
    port: 5173,
    // One origin in development too: Better Auth's cookies and origin checks expect it.
    proxy: { "/api": apiTarget, "/dev/mailbox": apiTarget },
  },
});
