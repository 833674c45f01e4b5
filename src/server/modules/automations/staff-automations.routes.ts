import { Hono } from "hono";
import { zCreateAutomationRequest, zUpdateAutomationRequest } from "../../../shared/automations";
import { requireStaff, type AuthVariables } from "../../auth/session";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import { companyScope } from "../companies/companies.service";
import { createAutomation, getAutomation, issueIngestKey, listIngestKeys, revokeIngestKey, updateAutomation } from "./automations.service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = { message: "There is no such automation." } as const;

/** Staff register and edit automations and manage their ingest keys. */
export function staffAutomationsRoutes({ db }: { db: Database }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireStaff)
    .post("/", validateJson(zCreateAutomationRequest), async (c) => {
      const created = await createAutomation(db, c.get("user").id, c.get("body"));
      if (!created) return c.json({ message: "There is no such company." }, 404);
      return c.json(await getAutomation(db, await companyScope(db, c.get("user")), created.id), 201);
    })
    .patch("/:id", validateJson(zUpdateAutomationRequest), async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) return c.json(notFound, 404);
      const updated = await updateAutomation(db, c.get("user").id, id, c.get("body"));
      if (!updated) return c.json(notFound, 404);
      return c.json(await getAutomation(db, await companyScope(db, c.get("user")), id));
    })
    .get("/:id/keys", async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) return c.json(notFound, 404);
      return c.json({ keys: await listIngestKeys(db, id) });
    })
    .post("/:id/keys", async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) return c.json(notFound, 404);
      const issued = await issueIngestKey(db, c.get("user").id, id);
      if (!issued) return c.json(notFound, 404);
      return c.json({ ...issued, notice: "Copy this key now: it is shown only once. Any earlier key of this automation no longer works." }, 201);
    })
    .delete("/:id/keys/:keyId", async (c) => {
      const { id, keyId } = c.req.param();
      if (!UUID.test(id) || !UUID.test(keyId)) return c.json({ message: "There is no such key." }, 404);
      const revoked = await revokeIngestKey(db, id, keyId);
      return revoked ? c.json({ revoked: true }) : c.json({ message: "There is no such active key." }, 404);
    });
}
