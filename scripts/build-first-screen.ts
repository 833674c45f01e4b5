// Builds the server's renderer of the signed-in first screens (src/web/render-first-screen.tsx,
// ADR 0037) after `vite build`: an SSR build into dist/ssr, which the server loads when it starts
// answering those pages. Without it the server sends the app's shell, as in development.
import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");

await build({
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: "src/web/render-first-screen.tsx",
    outDir: path.join(root, "dist/ssr"),
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    copyPublicDir: false,
  },
});
