import { z } from "zod";
import type { Config } from "../../config";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { DOCS_CSS, docsPage } from "./openapi";

/** What the reference says above the endpoints: the run reporting API first, for automation builders. */
export const apiIntroduction = (config: Config) =>
  "The portal's API. Automation platforms report runs to `/api/v1` with an automation's ingest key " +
  `(\`Authorization: Bearer <key>\`, ${config.INGEST_RATE_LIMIT_PER_MINUTE} requests a minute per key); ` +
  "the web app uses the rest with a session cookie.";

const getDocument = endpoint({
  method: "get",
  path: "/openapi.json",
  access: "public",
  tag: "Service",
  operationId: "getOpenApiDocument",
  summary: "This document",
  responses: { 200: json(z.record(z.string(), z.unknown()), "OpenAPI 3.1.") },
});

const getDocsPage = endpoint({
  method: "get",
  path: "/",
  access: "public",
  tag: "Service",
  operationId: "getApiReference",
  summary: "The API reference for people",
  responses: { 200: { description: "HTML.", content: { "text/html": { schema: z.string() } } } },
});

const getDocsStylesheet = endpoint({
  method: "get",
  path: "/docs.css",
  access: "public",
  tag: "Service",
  operationId: "getApiReferenceStylesheet",
  summary: "The reference page's stylesheet",
  responses: { 200: { description: "CSS.", content: { "text/css": { schema: z.string() } } } },
});

/** /api/docs: the API for people (HTML) and for tools (OpenAPI JSON, generated from the declared endpoints). */
export function docsRoutes(config: Config, document: () => object) {
  const page = docsPage(config.APP_URL, config.INGEST_RATE_LIMIT_PER_MINUTE);
  return createRouter()
    .openapi(getDocsPage, (c) => c.html(page, 200))
    .openapi(getDocument, (c) => c.json(document(), 200))
    .openapi(getDocsStylesheet, (c) => c.body(DOCS_CSS, 200, { "content-type": "text/css; charset=utf-8" }));
}
