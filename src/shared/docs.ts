import { z } from "zod";

/** The API reference: a page and its script (not JSON), and the OpenAPI document (methods and paths: `operations/docs.ts`). */
export const docsSchemas = {
  getApiReference: { response: null },
  getOpenApiDocument: { response: z.record(z.string(), z.unknown()) },
  getApiReferenceAsset: { params: z.object({ file: z.string() }), response: null },
};
export type DocsSchemas = typeof docsSchemas;
