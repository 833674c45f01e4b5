import { Hono } from "hono";
import { zAcceptInvitationRequest, zInviteMemberRequest, zUpdateHourlyValueRequest } from "../../../shared/automations";
import { requireStaff, type AuthVariables } from "../../auth/session";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import type { Mailer } from "../../mail/outbox";
import { getCompanyOverview, listCompanies, updateHourlyValue } from "./companies.service";
import { acceptInvitation, inviteToCompany, inviteToOwnCompany } from "./invitations.service";

/** The signed-in user's own company: settings, members, invitations. */
export function companyRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/", async (c) => c.json(await getCompanyOverview(db, c.get("user").id)))
    .patch("/", validateJson(zUpdateHourlyValueRequest), async (c) => c.json(await updateHourlyValue(db, c.get("user").id, c.get("body").hourlyValueMinor)))
    .post("/invitations", validateJson(zInviteMemberRequest), async (c) => {
      const sent = await inviteToOwnCompany(db, { inviter: c.get("user"), email: c.get("body").email, appUrl: config.APP_URL });
      mailer.nudge();
      return c.json(sent, 201);
    })
    .post("/invitations/accept", validateJson(zAcceptInvitationRequest), async (c) => c.json(await acceptInvitation(db, c.get("user"), c.get("body").token)));
}

/** Staff: every client company, and invitations on a company's behalf. */
export function staffCompaniesRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireStaff)
    .get("/", async (c) => c.json({ companies: await listCompanies(db) }))
    .post("/:id/invitations", validateJson(zInviteMemberRequest), async (c) => {
      const sent = await inviteToCompany(db, { companyId: c.req.param("id"), inviter: c.get("user"), email: c.get("body").email, appUrl: config.APP_URL });
      mailer.nudge();
      return c.json(sent, 201);
    });
}
