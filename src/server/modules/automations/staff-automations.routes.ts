import { Hono } from "hono";
import { zCreateAutomationRequest, zUpdateAutomationRequest } from "../../../shared/automations";
import { requireStaff, type AuthVariables } from "../../auth/session";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import { companyScope } from "../companies/companies.service";
import { createAutomation, updateAutomation } from "./automation-admin.service";
import { getAutomation } from "./get-automation.service";
import { issueIngestKey, listIngestKeys, revokeIngestKey } from "./ingest-keys.service";

/** Staff register and edit automations and manage their ingest keys. */
export function staffAutomationsRoutes({ db }: { db: Database }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireStaff)
    .post("/", validateJson(zCreateAutomationRequest), async (c) => {
      const created = await createAutomation(db, c.get("user").id, c.get("body"));
      return c.json(await getAutomation(db, await companyScope(db, c.get("user")), created.id), 201);
    })
    .patch("/:id", validateJson(zUpdateAutomationRequest), async (c) => {
      const updated = await updateAutomation(db, c.get("user").id, c.req.param("id"), c.get("body"));
      return c.json(await getAutomation(db, await companyScope(db, c.get("user")), updated.id));
    })
    .get("/:id/keys", async (c) => c.json({ keys: await listIngestKeys(db, c.req.param("id")) }))
    .post("/:id/keys", async (c) => c.json(await issueIngestKey(db, c.get("user").id, c.req.param("id")), 201))
    .delete("/:id/keys/:keyId", async (c) => c.json(await revokeIngestKey(db, c.req.param("id"), c.req.param("keyId"))));
}
