import { Hono } from "hono";
import { zAcceptInvitationRequest, zInviteMemberRequest, zUpdateHourlyValueRequest } from "../../../shared/automations";
import { requireStaff, type AuthVariables } from "../../auth/session";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { validateJson } from "../../lib/validate";
import type { Mailer } from "../../mail/outbox";
import { acceptInvitation, findMembership, getCompanyOverview, inviteToCompany, listCompanies, updateHourlyValue } from "./companies.service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ACCEPT_PROBLEMS = {
  invalid: [404, "This invitation link is not valid. Ask for a new invitation."],
  expired: [410, "This invitation has expired. Ask the person who invited you for a new one."],
  used: [410, "This invitation has already been used."],
  "wrong-email": [403, "This invitation was sent to another email address. Sign in with that address to accept it."],
  staff: [403, "Agency staff accounts do not join client companies."],
} as const;

/** The signed-in user's own company: settings, members, invitations. */
export function companyRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/", async (c) => {
      const overview = await getCompanyOverview(db, c.get("user").id);
      return overview ? c.json(overview) : c.json({ message: "Your account does not belong to a client company." }, 404);
    })
    .patch("/", validateJson(zUpdateHourlyValueRequest), async (c) => {
      const result = await updateHourlyValue(db, c.get("user").id, c.get("body").hourlyValueMinor);
      if (result.ok) return c.json({ hourlyValueMinor: result.hourlyValueMinor });
      return result.reason === "not-owner"
        ? c.json({ message: "Only the owner of the company can change its hourly value." }, 403)
        : c.json({ message: "Your account does not belong to a client company." }, 404);
    })
    .post("/invitations", validateJson(zInviteMemberRequest), async (c) => {
      const inviter = c.get("user");
      const membership = await findMembership(db, inviter.id);
      if (!membership) return c.json({ message: "Your account does not belong to a client company." }, 404);
      if (membership.role !== "owner") return c.json({ message: "Only the owner of the company can invite people." }, 403);
      const sent = await inviteToCompany(db, { companyId: membership.companyId, inviter, email: c.get("body").email, appUrl: config.APP_URL });
      mailer.nudge();
      return c.json(sent, 201);
    })
    .post("/invitations/accept", validateJson(zAcceptInvitationRequest), async (c) => {
      const result = await acceptInvitation(db, c.get("user"), c.get("body").token);
      if (result.ok) return c.json(result);
      const [status, message] = ACCEPT_PROBLEMS[result.reason];
      return c.json({ message, code: result.reason }, status);
    });
}

/** Staff: every client company, and invitations on a company's behalf. */
export function staffCompaniesRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireStaff)
    .get("/", async (c) => c.json({ companies: await listCompanies(db) }))
    .post("/:id/invitations", validateJson(zInviteMemberRequest), async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) return c.json({ message: "There is no such company." }, 404);
      const sent = await inviteToCompany(db, { companyId: id, inviter: c.get("user"), email: c.get("body").email, appUrl: config.APP_URL });
      if (!sent) return c.json({ message: "There is no such company." }, 404);
      mailer.nudge();
      return c.json(sent, 201);
    });
}
