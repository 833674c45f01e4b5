import { BETTER_AUTH_ENDPOINTS } from "../auth/better-auth-endpoints";
import { eventCatalogue } from "../modules/channels";
import type { AppEnv } from "./app-env";
import type { OpenAPIHono } from "@hono/zod-openapi";

/** The tag of the run reporting API (`/api/v1`), listed first. */
export const RUN_REPORTING_TAG = "Run reporting";

interface DocumentOptions {
  appUrl: string;
  /** Markdown shown above the reference: what the API is for, with examples. */
  introduction: string;
}

/** The whole API as OpenAPI 3.1, generated from the declared endpoints (paths under /api). */
export function openApiDocument(api: OpenAPIHono<AppEnv>, { appUrl, introduction }: DocumentOptions) {
  const authList = BETTER_AUTH_ENDPOINTS.map((line) => `- \`${line}\``).join("\n");
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Cogwork API",
      version: "1.0.0",
      description:
        `${introduction}\n\n## Accounts\n\nSign-up, sign-in and sessions are Better Auth's endpoints, ` +
        `not described here:\n\n${authList}\n\nEvery state-changing call outside \`/api/auth\` and \`/api/v1\` ` +
        "needs the CSRF token of `GET /api/csrf` in the `X-CSRF-Token` header.",
    },
    servers: [{ url: appUrl }],
  });
  // Automation builders come for the run reporting API: its tag first, the portal's after.
  const tags = [
    ...new Set(
      Object.values(document.paths ?? {}).flatMap((item) => Object.values(item).flatMap((op) => op?.tags ?? [])),
    ),
  ];
  document.tags = [RUN_REPORTING_TAG, ...tags.filter((tag) => tag !== RUN_REPORTING_TAG)].map((name) => ({ name }));
  // The events an alert channel's webhook receives (ADR 0029).
  (document as { webhooks?: Record<string, unknown> }).webhooks = eventCatalogue();
  document.components = {
    ...document.components,
    securitySchemes: {
      session: {
        type: "apiKey",
        in: "cookie",
        name: "better-auth.session_token",
        description: "The signed-in session.",
      },
      ingestKey: { type: "http", scheme: "bearer", description: "An automation's ingest key, e.g. cwk_…" },
    },
  };
  return document;
}
