import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, expect, test } from "vitest";
import { inlineScriptHashes, loadWebPages, webAppRoutes } from "./web-app";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-web-"));
fs.writeFileSync(path.join(root, "index.html"), '<div id="root"></div>');
for (const name of ["home", "pricing"]) {
  fs.mkdirSync(path.join(root, name));
  fs.writeFileSync(path.join(root, name, "index.html"), `<div id="root"><h1>${name}</h1></div>`);
}
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const app = webAppRoutes(loadWebPages(root));

test("serves the prerendered HTML of marketing pages, with or without a trailing slash", async () => {
  for (const [url, name] of [
    ["/", "home"],
    ["/pricing", "pricing"],
    ["/pricing/", "pricing"],
  ]) {
    const res = await app.request(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<h1>${name}</h1>`);
  }
});

test("falls back to the app shell for other pages, and when a page was not prerendered", async () => {
  expect(await (await app.request("/secure-login")).text()).toBe('<div id="root"></div>');
  expect(await (await app.request("/about")).text()).toBe('<div id="root"></div>');
  expect((await app.request("/no-such-page")).status).toBe(404);
});

test("compresses what it serves when the browser accepts it", async () => {
  const res = await app.request("/pricing", { headers: { "accept-encoding": "gzip" } });
  expect(res.headers.get("content-encoding")).toBe("gzip");
});

test("the automation detail and invitation pages answer 200; unknown shapes 404", async () => {
  const status = async (p: string) => (await app.request(p)).status;
  expect(await status("/my-automations")).toBe(200);
  expect(await status("/my-automations/0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978")).toBe(200);
  expect(await status("/accept-invitation")).toBe(200);
  expect(await status("/my-automations/not-an-id")).toBe(404);
  expect(await status("/my-automations/0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978/extra")).toBe(404);
});

test("names each inline script of the served pages by its hash, skipping files and JSON data", () => {
  const pages = loadWebPages(root);
  pages.indexHtml =
    '<script>one()</script><script src="/a.js"></script><script type="application/json">{"a":1}</script>';
  pages.prerendered.set("/about", {
    signedOut: "<script>two()</script><script>one()</script>",
    signedIn: "<script>three()</script>",
  });
  const sha = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
  expect(inlineScriptHashes(pages)).toEqual([sha("one()"), sha("two()"), sha("three()")].sort());
});

test("sends pages Brotli-compressed to browsers that accept it, and says the answer varies by encoding", async () => {
  const res = await app.request("/pricing", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
  expect(res.headers.get("content-encoding")).toBe("br");
  expect(res.headers.get("vary")).toBe("Accept-Encoding, Cookie");
  expect(res.headers.get("content-type")).toContain("text/html");
  expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toContain("<h1>pricing</h1>");
});

test("sends a built asset's Brotli copy when one exists", async () => {
  fs.mkdirSync(path.join(root, "assets"), { recursive: true });
  fs.writeFileSync(path.join(root, "assets", "app-1.js"), "console.log('app');");
  fs.writeFileSync(path.join(root, "assets", "app-1.js.br"), brotliCompressSync("console.log('app');"));
  const res = await app.request("/assets/app-1.js", { headers: { "accept-encoding": "br" } });
  expect(res.headers.get("content-encoding")).toBe("br");
  expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe("console.log('app');");
});

test("serves the signed-in variant of a marketing page to a request with a live session, and only then", async () => {
  const pages = loadWebPages(root);
  pages.prerendered.set("/", { signedOut: "<a>Sign in</a>", signedIn: "<a>Dashboard</a>" });
  const asked: string[] = [];
  const routes = webAppRoutes(pages, {
    isSignedIn: async (headers) => {
      asked.push(headers.get("cookie") ?? "");
      return headers.get("cookie") === "better-auth.session_token=live";
    },
  });
  const body = async (cookie?: string) => (await routes.request("/", { headers: cookie ? { cookie } : {} })).text();
  expect(await body()).toBe("<a>Sign in</a>");
  expect(await body("theme=dark")).toBe("<a>Sign in</a>");
  expect(asked).toEqual([]); // no session cookie, no lookup
  expect(await body("better-auth.session_token=expired")).toBe("<a>Sign in</a>");
  expect(await body("better-auth.session_token=live")).toBe("<a>Dashboard</a>");
});

test("serves the app instead of the prerendered pricing page once the plans on sale differ from the build's", async () => {
  const pages = loadWebPages(root);
  const built = [{ slug: "starter", monthlyPriceMinor: 49000 }];
  pages.prerendered.set("/pricing", {
    signedOut: `<h1>pricing</h1><script type="application/json" id="prerender-state">${JSON.stringify({ plans: built, signedIn: false })}</script>`,
  });
  let onSale: unknown[] = built;
  let reads = 0;
  const routes = webAppRoutes(pages, {
    currentPlans: async () => {
      reads++;
      return onSale;
    },
  });
  expect(await (await routes.request("/pricing")).text()).toContain("<h1>pricing</h1>");

  const fresh = webAppRoutes(pages, { currentPlans: async () => onSale });
  onSale = [{ slug: "starter", monthlyPriceMinor: 59000 }];
  const res = await fresh.request("/pricing");
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('<div id="root"></div>');
  // Other pages do not depend on the plans; the plans are read once per half minute, not per view.
  expect(await (await fresh.request("/")).text()).toContain("<h1>home</h1>");
  await routes.request("/pricing");
  expect(reads).toBe(1);
});

test("sends the build's Brotli copy of a page when there is one", async () => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-web-br-"));
  try {
    fs.writeFileSync(path.join(webRoot, "index.html"), "<p>shell</p>");
    // A copy that decompresses to something else shows which one went out.
    fs.writeFileSync(path.join(webRoot, "index.html.br"), brotliCompressSync("<p>shell, from the build</p>"));
    const res = await webAppRoutes(loadWebPages(webRoot)).request("/secure-login", {
      headers: { "accept-encoding": "br" },
    });
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe("<p>shell, from the build</p>");
  } finally {
    fs.rmSync(webRoot, { recursive: true, force: true });
  }
});
