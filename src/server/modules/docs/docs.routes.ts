import { Hono } from "hono";
import type { Config } from "../../config";
import { openApiDocument } from "../ingest/openapi";
import { loadApiReferenceBundle, preferredEncoding } from "./api-reference-bundle";
import { apiReferencePage } from "./api-reference-page";

const DOCS_PATH = "/api/docs";
const ASSETS_PATH = `${DOCS_PATH}/assets`;

/**
 * /api/docs: the API reference for people (a page whose UI script comes from our origin) and
 * for tools (the OpenAPI document).
 */
export function docsRoutes(config: Config) {
  const bundle = loadApiReferenceBundle();
  const page = apiReferencePage({ documentUrl: `${DOCS_PATH}/openapi.json`, scriptUrl: `${ASSETS_PATH}/${bundle.fileName}` });
  const document = openApiDocument(config.APP_URL, config.INGEST_RATE_LIMIT_PER_MINUTE);
  return new Hono()
    .get("/", (c) => c.html(page))
    .get("/openapi.json", (c) => c.json(document))
    .get(`/assets/${bundle.fileName}`, async (c) => {
      const encoding = preferredEncoding(c.req.header("accept-encoding"));
      const body = encoding ? await bundle.encoded(encoding) : bundle.body;
      c.header("Content-Type", "text/javascript; charset=utf-8");
      // The name changes with the content: browsers and proxies may keep it for a year.
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      c.header("Vary", "Accept-Encoding");
      if (encoding) c.header("Content-Encoding", encoding);
      return c.body(new Uint8Array(body));
    });
}
