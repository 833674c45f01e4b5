import { meSchemas } from "../../../shared/me";
import { meOps } from "../../../shared/operations/me";
import { findMembership } from "../../context/company-scope";
import { errorResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf } from "../../http/service-context";
import { getMe } from "./me.service";
import { forgetTrustedBrowsers, listTrustedBrowsers } from "./trusted-browsers.service";
import type { SessionCache } from "../../auth/session-cache";

const getMeEndpoint = operationEndpoint({
  access: "signedIn",
  tag: "Account",
  operation: meOps.getMe,
  schemas: meSchemas.getMe,
  summary: "The signed-in user and their company",
  ok: "Who is signed in.",
});

const trusted = {
  access: "signedIn",
  tag: "Account",
} as const;

const listTrustedBrowsersEndpoint = operationEndpoint({
  ...trusted,
  operation: meOps.listTrustedBrowsers,
  schemas: meSchemas.listTrustedBrowsers,
  summary: 'The browsers where signing in skips the second factor ("Trust this device for 30 days")',
  ok: "The trusted browsers, the caller's own marked.",
});

const forgetTrustedBrowserEndpoint = operationEndpoint({
  ...trusted,
  operation: meOps.forgetTrustedBrowser,
  schemas: meSchemas.forgetTrustedBrowser,
  summary: "Forget one trusted browser: its next sign-in asks for the second factor",
  ok: "Forgotten.",
  responses: { 404: errorResponse("No trusted browser of the caller's has this id.") },
});

const forgetTrustedBrowsersEndpoint = operationEndpoint({
  ...trusted,
  operation: meOps.forgetTrustedBrowsers,
  schemas: meSchemas.forgetTrustedBrowsers,
  summary: "Forget every trusted browser: each one's next sign-in asks for the second factor",
  ok: "Forgotten.",
});

/** The membership is kept with the session (auth/session-cache.ts): a warm call reads nothing. */
export const meEndpoints = ({ sessions }: { sessions: SessionCache }) => [
  handle(getMeEndpoint, async (c) => {
    const ctx = actorContextOf(c);
    const me = await getMe(ctx, {
      emailVerified: c.get("user").emailVerified,
      secondFactor: {
        twoFactorEnabled: Boolean(c.get("user").twoFactorEnabled),
        passkeyVerified: Boolean(c.get("session").passkeyVerified),
      },
      view: c.get("view"),
      membershipOf: (userId) => sessions.remember(userId, "membership", () => findMembership(ctx.db, userId)),
    });
    return c.json(me, 200);
  }),
  handle(listTrustedBrowsersEndpoint, async (c) =>
    c.json(await listTrustedBrowsers(actorContextOf(c), { cookie: c.req.header("cookie") }), 200),
  ),
  handle(forgetTrustedBrowserEndpoint, async (c) =>
    c.json(await forgetTrustedBrowsers(actorContextOf(c), { id: c.req.valid("param").id }), 200),
  ),
  handle(forgetTrustedBrowsersEndpoint, async (c) => c.json(await forgetTrustedBrowsers(actorContextOf(c), {}), 200)),
];
