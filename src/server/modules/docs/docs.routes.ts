import { z } from "zod";
import { docsSchemas } from "../../../shared/docs";
import { docsOps } from "../../../shared/operations/docs";
import { handle, operationEndpoint } from "../../http/endpoint";
import { AppError } from "../../lib/app-error";
import { loadApiReferenceBundle, preferredEncoding } from "./api-reference-bundle";
import { apiReferencePage } from "./api-reference-page";

const DOCS_PATH = "/api/docs";
const ASSETS_PATH = `${DOCS_PATH}/assets`;
const doc = { access: "public", tag: "Service" } as const;

const getApiReference = operationEndpoint({
  ...doc,
  operation: docsOps.getApiReference,
  schemas: docsSchemas.getApiReference,
  summary: "This reference, for people",
  ok: "HTML.",
  responses: { 200: { description: "HTML.", content: { "text/html": { schema: z.string() } } } },
});

const getOpenApiDocument = operationEndpoint({
  ...doc,
  operation: docsOps.getOpenApiDocument,
  schemas: docsSchemas.getOpenApiDocument,
  summary: "This reference, for tools (OpenAPI 3.1)",
  ok: "The document, generated from the declared endpoints.",
});

const getApiReferenceAsset = operationEndpoint({
  ...doc,
  operation: docsOps.getApiReferenceAsset,
  schemas: docsSchemas.getApiReferenceAsset,
  summary: "The reference page's script, served from our origin",
  ok: "JavaScript, cached for a year.",
  responses: {
    200: { description: "JavaScript, cached for a year.", content: { "text/javascript": { schema: z.string() } } },
  },
});

/**
 * /api/docs: the API reference for people (a page whose UI script comes from our origin) and
 * for tools (the OpenAPI document, made on first request from the endpoints the app mounts).
 */
export function docsEndpoints({ apiDocument }: { apiDocument: () => object }) {
  const bundle = loadApiReferenceBundle();
  const page = apiReferencePage({
    documentUrl: `${DOCS_PATH}/openapi.json`,
    scriptUrl: `${ASSETS_PATH}/${bundle.fileName}`,
  });
  return [
    handle(getApiReference, (c) => c.html(page, 200)),
    handle(getOpenApiDocument, (c) => c.json(apiDocument() as Record<string, unknown>, 200)),
    handle(getApiReferenceAsset, async (c) => {
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
    }),
  ];
}
