import type { ResolvedRules } from "./endpoint-rules";
import type { Access } from "../../shared/access";

/** One operation of the OpenAPI document, as the access tests read it. */
export interface DeclaredEndpoint {
  method: string;
  /** OpenAPI style: /api/automations/{id} */
  path: string;
  access: Access;
  operationId: string;
  params: string[];
  /** The request body's example, when the endpoint takes a body. */
  bodyExample?: unknown;
  hasBody: boolean;
  /** Its rules, every default filled in (`x-rules`). */
  rules: ResolvedRules;
  /** The statuses it declares it may answer. */
  statuses: number[];
}

interface OperationLike {
  "x-access"?: Access;
  "x-rules"?: ResolvedRules;
  responses?: Record<string, unknown>;
  operationId?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { example?: unknown } | { $ref: string }; example?: unknown }> };
}

/** Every operation of a generated document, with its declared access. */
export function declaredEndpoints(document: { paths?: Record<string, Record<string, unknown>> }): DeclaredEndpoint[] {
  const endpoints: DeclaredEndpoint[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item)) {
      const operation = value as OperationLike;
      if (!operation["x-access"]) throw new Error(`${method.toUpperCase()} ${path} declares no access`);
      if (!operation["x-rules"]) throw new Error(`${method.toUpperCase()} ${path} has no rules`);
      const content = operation.requestBody?.content?.["application/json"];
      const schema = content?.schema as { example?: unknown } | undefined;
      endpoints.push({
        method: method.toUpperCase(),
        path,
        access: operation["x-access"],
        operationId: operation.operationId ?? `${method} ${path}`,
        params: (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
        hasBody: Boolean(content),
        bodyExample: content?.example ?? schema?.example,
        rules: operation["x-rules"],
        statuses: Object.keys(operation.responses ?? {}).map(Number),
      });
    }
  }
  return endpoints;
}

/** "/api/automations/:id" → "/api/automations/{id}" */
export const toOpenApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
