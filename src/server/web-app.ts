import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { PRERENDERED_PAGES } from "../shared/marketing-pages";
import { REDIRECTS, isAppPath } from "../shared/routes";

/**
 * The built React app from the same origin as the API: hashed assets cached for a year,
 * the prerendered HTML of the marketing pages, index.html for every other page (404 status for
 * unknown paths), the seed's redirects as real 301s.
 */
export function webAppRoutes(webRoot: string) {
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined);
  const indexHtml = read(path.join(webRoot, "index.html"));
  const prerendered = new Map<string, string>();
  for (const page of PRERENDERED_PAGES) {
    const html = read(path.join(webRoot, page.name, "index.html"));
    if (html) prerendered.set(page.path, html);
  }
  const app = new Hono();
  // Text assets (HTML, JS, CSS, SVG) go out compressed: a fifth of the bytes on a slow connection.
  app.use("*", compress());

  for (const [from, to] of Object.entries(REDIRECTS)) app.get(from, (c) => c.redirect(to, 301));

  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), webRoot),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // Other files with an extension (favicon, robots.txt…); pages fall through to index.html.
  const files = serveStatic({ root: path.relative(process.cwd(), webRoot) });
  app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));

  app.get("*", (c) => {
    const page = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path;
    const html = prerendered.get(page);
    if (html) {
      c.header("Cache-Control", "no-cache");
      return c.html(html);
    }
    if (!indexHtml) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml, isAppPath(c.req.path) ? 200 : 404);
  });
  return app;
}
