import { ZGetMeResponse } from "../../../shared/me";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getMe } from "./me.service";
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

export const meRoutes = (db: Database) =>
  createRouter().openapi(getMeEndpoint, async (c) => c.json(await getMe(db, c.get("user"), c.get("view")), 200));
