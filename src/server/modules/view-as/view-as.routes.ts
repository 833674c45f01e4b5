import { z } from "zod";
import { ZEndViewAsResponse, ZStartViewAsResponse } from "../../../shared/view-as";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { endViewAs } from "./end-view-as.service";
import { startViewAs } from "./start-view-as.service";
import type { Database } from "../../db/client";

const tag = "Staff: view as client";

const startViewAsEndpoint = endpoint({
  tag,
  access: "staff",
  method: "post",
  path: "/{id}/view-as",
  operationId: "startViewAs",
  summary: "View a client company's portal as its client, read only, for an hour",
  description:
    "Sets the view on the caller's own session. Until it ends (`DELETE /api/staff/view-as`, or after an hour) " +
    "every client screen shows this company's data, `GET /api/me` answers `viewingAs`, and every state-changing " +
    "request is refused with 403, except ending the view, signing out and the session-timeout report.",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: json(ZStartViewAsResponse, "Viewing; the view ends by itself at `until`.") },
});

const endViewAsEndpoint = endpoint({
  tag,
  access: "staff",
  method: "delete",
  path: "/",
  operationId: "endViewAs",
  allowedWhileViewing: "Ending the view is how staff leave it.",
  summary: "Stop viewing a client company's portal",
  responses: { 200: json(ZEndViewAsResponse, "Ended (or nothing was being viewed).") },
});

/** Mounted at /api/staff/companies, beside the companies' own staff routes. */
export const startViewAsRoutes = (db: Database) =>
  createRouter().openapi(startViewAsEndpoint, async (c) => {
    const input = { sessionId: c.get("session").id, companyId: c.req.valid("param").id };
    return c.json({ viewingAs: await startViewAs(db, actorOf(c), input) }, 200);
  });

/** Mounted at /api/staff/view-as. */
export const endViewAsRoutes = (db: Database) =>
  createRouter().openapi(endViewAsEndpoint, async (c) =>
    c.json(await endViewAs(db, actorOf(c), c.get("session").id), 200),
  );
