import { Hono } from "hono";
import type { Config } from "../../config";
import { DOCS_CSS, docsPage, openApiDocument } from "./openapi";

/** /api/docs: the run reporting API for people (HTML) and for tools (OpenAPI JSON). */
export function docsRoutes(config: Config) {
  const page = docsPage(config.APP_URL, config.INGEST_RATE_LIMIT_PER_MINUTE);
  const document = openApiDocument(config.APP_URL, config.INGEST_RATE_LIMIT_PER_MINUTE);
  return new Hono()
    .get("/", (c) => c.html(page))
    .get("/openapi.json", (c) => c.json(document))
    .get("/docs.css", (c) => c.body(DOCS_CSS, 200, { "content-type": "text/css; charset=utf-8" }));
}
