import { meSchemas } from "../../../shared/me";
import { meOps } from "../../../shared/operations/me";
import { findMembership } from "../../context/company-scope";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf } from "../../http/service-context";
import { getMe } from "./me.service";
import type { SessionCache } from "../../auth/session-cache";

const getMeEndpoint = operationEndpoint({
  access: "signedIn",
  tag: "Account",
  operation: meOps.getMe,
  schemas: meSchemas.getMe,
  summary: "The signed-in user and their company",
  ok: "Who is signed in.",
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
];
