import { ZGetMeResponse } from "../../../shared/me";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { findMembership } from "../companies/companies.service";
import { getMe } from "./me.service";
import type { SessionCache } from "../../auth/session-cache";
import type { Database } from "../../db/client";

const getMeEndpoint = endpoint({
  method: "get",
  path: "/",
  access: "signedIn",
  tag: "Account",
  operationId: "getMe",
  summary: "The signed-in user and their company",
  responses: { 200: json(ZGetMeResponse, "Who is signed in.") },
});

/** The membership is kept with the session (auth/session-cache.ts): a warm call reads nothing. */
export const meRoutes = (db: Database, sessions: SessionCache) =>
  createRouter().openapi(getMeEndpoint, async (c) =>
    c.json(
      await getMe(db, c.get("user"), c.get("view"), (userId) =>
        sessions.remember(userId, "membership", () => findMembership(db, userId)),
      ),
      200,
    ),
  );
