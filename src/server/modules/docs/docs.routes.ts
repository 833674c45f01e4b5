import { z } from "zod";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { AppError } from "../../lib/app-error";
import { loadApiReferenceBundle, preferredEncoding } from "./api-reference-bundle";
import { apiReferencePage } from "./api-reference-page";

const DOCS_PATH = "/api/docs";
const ASSETS_PATH = `${DOCS_PATH}/assets`;
const doc = { access: "public", tag: "Service" } as const;

const getApiReference = endpoint({
  ...doc,
  method: "get",
  path: "/",
  operationId: "getApiReference",
  summary: "This reference, for people",
  responses: { 200: { description: "HTML.", content: { "text/html": { schema: z.string() } } } },
});

const getOpenApiDocument = endpoint({
  ...doc,
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This reference, for tools (OpenAPI 3.1)",
  responses: { 200: json(z.record(z.string(), z.unknown()), "The document, generated from the declared endpoints.") },
});

const getApiReferenceAsset = endpoint({
  ...doc,
  method: "get",
  path: "/assets/{file}",
  operationId: "getApiReferenceAsset",
  summary: "The reference page's script, served from our origin",
  request: { params: z.object({ file: z.string() }) },
  responses: {
    200: { description: "JavaScript, cached for a year.", content: { "text/javascript": { schema: z.string() } } },
  },
});

/**
 * /api/docs: the API reference for people (a page whose UI script comes from our origin) and
 * for tools (the OpenAPI document, made on first request from the endpoints the app mounts).
 */
export function docsRoutes(document: () => object) {
  const bundle = loadApiReferenceBundle();
  const page = apiReferencePage({
    documentUrl: `${DOCS_PATH}/openapi.json`,
    scriptUrl: `${ASSETS_PATH}/${bundle.fileName}`,
  });
  return createRouter()
    .openapi(getApiReference, (c) => c.html(page, 200))
    .openapi(getOpenApiDocument, (c) => c.json(document(), 200))
    .openapi(getApiReferenceAsset, async (c) => {
      if (c.req.valid("param").file !== bundle.fileName)
        throw new AppError("NOT_FOUND", `No API endpoint at GET ${c.req.path}.`);
      const encoding = preferredEncoding(c.req.header("accept-encoding"));
      const body = encoding ? await bundle.encoded(encoding) : bundle.body;
      c.header("Content-Type", "text/javascript; charset=utf-8");
      // The name changes with the content: browsers and proxies may keep it for a year.
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      c.header("Vary", "Accept-Encoding");
      if (encoding) c.header("Content-Encoding", encoding);
      return c.body(new Uint8Array(body), 200);
    });
}
