import fs from "node:fs";
import { createRequire } from "node:module";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "../../test/fixtures";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { API_REFERENCE_BUNDLE_SPECIFIER, preferredEncoding } from "./api-reference-bundle";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime({ INGEST_RATE_LIMIT_PER_MINUTE: "90" });
}, 180_000);
afterAll(() => t.close());

const bundleOnDisk = () => fs.readFileSync(createRequire(import.meta.url).resolve(API_REFERENCE_BUNDLE_SPECIFIER));

async function pageHtml() {
  const page = await t.request("/api/docs");
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  return { page, html: await page.text() };
}

const scriptTags = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
    attributes: attributes!,
    body: body!,
  }));
const scriptSources = (html: string) =>
  scriptTags(html).flatMap(({ attributes }) => attributes.match(/\bsrc="([^"]*)"/)?.[1] ?? []);

describe("the API reference page", () => {
  test("is titled Cogwork API and points the UI at the OpenAPI document", async () => {
    const { html } = await pageHtml();
    expect(html).toContain("<title>Cogwork API</title>");
    const settings = html.match(/id="api-reference"[^>]*data-configuration="([^"]*)"/)?.[1];
    expect(settings).toBeDefined();
    const configuration = JSON.parse(settings!.replace(/&#34;/g, '"')) as Record<string, unknown>;
    expect(configuration).toMatchObject({ url: "/api/docs/openapi.json", withDefaultFonts: false, telemetry: false });
  });

  test("loads only same-origin scripts and runs no inline script", async () => {
    const { page, html } = await pageHtml();
    const sources = scriptSources(html);
    expect(sources).toHaveLength(1);
    for (const source of sources) expect(source).toMatch(/^\/api\/docs\/assets\/[\w.-]+\.js$/);
    // The only script element without src is the settings block: JSON, which browsers never run.
    for (const { attributes, body } of scriptTags(html).filter(({ attributes }) => !/\bsrc=/.test(attributes))) {
      expect(attributes).toContain('type="application/json"');
      expect(body).toBe("");
    }
    // The site's policy as everywhere else: no eval, no inline script beyond the build's hashes.
    const policy = page.headers.get("content-security-policy")!;
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"))!;
    expect(scriptSrc).toMatch(/^script-src 'self'/);
    expect(scriptSrc).not.toMatch(/unsafe-eval|unsafe-inline/);
  });

  test("serves the UI's script as JavaScript, cached for good, compressed when the browser takes it", async () => {
    const { html } = await pageHtml();
    const scriptUrl = scriptSources(html)[0]!;
    const plain = await t.request(scriptUrl, { headers: { "accept-encoding": "identity" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const bundle = bundleOnDisk();
    expect(Buffer.from(await plain.arrayBuffer()).equals(bundle)).toBe(true);

    const brotli = await t.request(scriptUrl, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toBe("Accept-Encoding");
    const compressed = Buffer.from(await brotli.arrayBuffer());
    expect(compressed.length).toBeLessThan(bundle.length / 3);
    expect(brotliDecompressSync(compressed).equals(bundle)).toBe(true);

    const gzipped = await t.request(scriptUrl, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).equals(bundle)).toBe(true);
  }, 60_000);

  test("answers an unknown asset with the API's 404", async () => {
    const res = await t.request("/api/docs/assets/api-reference.000000000000.js");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining("No API endpoint") });
  });
});

describe("the OpenAPI document", () => {
  test("describes the run reporting API, with the guide for people as its description", async () => {
    const doc = await json<{ openapi: string; info: { description: string }; paths: Record<string, unknown> }>(
      t.request("/api/docs/openapi.json"),
    );
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/v1/runs", "/api/v1/runs/batch"]));
    const guide = doc.info.description;
    expect(guide).toContain(`curl -X POST ${t.config.APP_URL}/api/v1/runs`);
    expect(guide).toContain("**HTTP Request** node");
    expect(guide).toMatch(/idempotency key: a repeat with the same id is stored once/);
    expect(guide).toContain("Each key may make 90 requests per minute");
    expect(guide).toContain("`Retry-After`");
  });
});

test("prefers Brotli, then gzip, and honours q=0", () => {
  expect(preferredEncoding("gzip, deflate, br")).toBe("br");
  expect(preferredEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
  expect(preferredEncoding("identity")).toBeUndefined();
  expect(preferredEncoding(undefined)).toBeUndefined();
});
