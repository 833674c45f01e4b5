import { meSchemas } from "../../../shared/me";
import { meOps } from "../../../shared/operations/me";
import { findMembership } from "../../context/company-scope";
import { handle, operationEndpoint } from "../../http/endpoint";
import { getMe } from "./me.service";
import type { SessionCache } from "../../auth/session-cache";
import type { Database } from "../../db/client";

const getMeEndpoint = operationEndpoint({
  access: "signedIn",
  tag: "Account",
  operation: meOps.getMe,
  schemas: meSchemas.getMe,
  summary: "The signed-in user and their company",
  ok: "Who is signed in.",
});

/** The membership is kept with the session (auth/session-cache.ts): a warm call reads nothing. */
export const meEndpoints = ({ db, sessions }: { db: Database; sessions: SessionCache }) => [
  handle(getMeEndpoint, async (c) =>
    c.json(
      await getMe(db, c.get("user"), c.get("view"), (userId) =>
        sessions.remember(userId, "membership", () => findMembership(db, userId)),
      ),
      200,
    ),
  ),
];
