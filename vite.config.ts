import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { PAGE_INIT_TAG, pageInitScript } from "./scripts/head-scripts.ts";

/** Inlines the page-init script into index.html: no request stands before the first paint. */
function inlinePageInitScript(): Plugin {
  return {
    name: "inline-page-init-script",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => {
        if (!html.includes(PAGE_INIT_TAG)) throw new Error(`index.html has no ${PAGE_INIT_TAG}`);
        return html.replace(PAGE_INIT_TAG, `<script>${pageInitScript()}</script>`);
      },
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [inlinePageInitScript(), react(), tailwindcss()],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/prerender.ts (chunks to preload per page) and scripts/bench-bundle.ts.
    manifest: true,
    // The page's own script tags keep their preloads; a lazy part's import() does not add a
    // <link rel=modulepreload> per chunk it needs: on a signed-in dashboard those insertions cost
    // more main-thread time than the parts' own rendering (ADR 0037). The browser still fetches a
    // chunk's imports as soon as it has parsed the chunk.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
    // The app (index.html → main.tsx) and the prerendered marketing pages' own, smaller entry.
    rollupOptions: { input: { index: "index.html", marketing: "src/web/marketing.tsx" } },
  },
  server: {
    port: 5173,
    // One origin in development too: Better Auth's cookies and origin checks expect it.
    proxy: { "/api": apiTarget, "/dev/mailbox": apiTarget },
  },
});
