import { operations } from "../api-operation";
import type { DocsSchemas } from "../docs";

export const docsOps = operations<DocsSchemas>()({
  getApiReference: "GET /api/docs",
  getOpenApiDocument: "GET /api/docs/openapi.json",
  getApiReferenceAsset: "GET /api/docs/assets/{file}",
});
