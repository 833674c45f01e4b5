import { viewAsOps } from "../../../shared/operations/view-as";
import { viewAsSchemas } from "../../../shared/view-as";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf } from "../../http/service-context";
import { endViewAs } from "./end-view-as.service";
import { startViewAs } from "./start-view-as.service";

const tag = "Staff: view as client";

const startViewAsEndpoint = operationEndpoint({
  tag,
  access: "staff",
  operation: viewAsOps.startViewAs,
  schemas: viewAsSchemas.startViewAs,
  summary: "View a client company's portal as its client, read only, for an hour",
  description:
    "Sets the view on the caller's own session. Until it ends (`DELETE /api/staff/view-as`, or after an hour) " +
    "every client screen shows this company's data, `GET /api/me` answers `viewingAs`, and every state-changing " +
    "request is refused with 403, except ending the view, signing out and the session-timeout report.",
  ok: "Viewing; the view ends by itself at `until`.",
});

const endViewAsEndpoint = operationEndpoint({
  tag,
  access: "staff",
  operation: viewAsOps.endViewAs,
  schemas: viewAsSchemas.endViewAs,
  allowedWhileViewing: "Ending the view is how staff leave it.",
  summary: "Stop viewing a client company's portal",
  ok: "Ended (or nothing was being viewed).",
});

/** Staff start viewing a client company (under /api/staff/companies) and end it (/api/staff/view-as). */
export function viewAsEndpoints() {
  return [
    handle(startViewAsEndpoint, async (c) => {
      const input = { sessionId: c.get("session").id, companyId: c.req.valid("param").id };
      return c.json({ viewingAs: await startViewAs(actorContextOf(c), input) }, 200);
    }),
    handle(endViewAsEndpoint, async (c) => c.json(await endViewAs(actorContextOf(c), c.get("session").id), 200)),
  ];
}
