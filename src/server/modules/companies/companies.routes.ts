import { companiesSchemas } from "../../../shared/companies";
import { companiesOps } from "../../../shared/operations/companies";
import { actorOf, namedActorOf } from "../../http/actor";
import { conflictResponse, errorResponse, handle, json, operationEndpoint } from "../../http/endpoint";
import { acceptInvitation } from "./accept-invitation.service";
import { getCompanyOverview, updateHourlyValue } from "./companies.service";
import { createClientCompany } from "./create-company.service";
import { inviteToCompany } from "./invitations.service";
import { updateTimeZone } from "./update-time-zone.service";
import type { TInviteMemberResponse } from "../../../shared/companies";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const tag = "Company";

const getCompany = operationEndpoint({
  tag,
  access: "signedIn",
  operation: companiesOps.getCompany,
  schemas: companiesSchemas.getCompany,
  summary: "The caller's client company: settings, members and open invitations",
  ok: "The company.",
  responses: { 404: errorResponse("The caller belongs to no client company.") },
});

const updateHourlyValueEndpoint = operationEndpoint({
  tag,
  access: "owner",
  operation: companiesOps.updateHourlyValue,
  schemas: companiesSchemas.updateHourlyValue,
  summary: "Change what an hour of the company's work is worth",
  ok: "The new value.",
});

const updateTimeZoneEndpoint = operationEndpoint({
  tag,
  access: "owner",
  operation: companiesOps.updateTimeZone,
  schemas: companiesSchemas.updateTimeZone,
  summary: "Change the company's time zone; its days, months and charts follow it",
  description:
    "Rebuilds the company's daily figures from its runs in the new zone, in the same transaction: nothing is lost.",
  ok: "The new time zone.",
});

/** What an invite answers: the address, the link's expiry, and whether a pending invitation was sent again. */
const responseOf = ({ email, expiresAt, resent }: TInviteMemberResponse) => ({ email, expiresAt, resent });

const inviteMember = operationEndpoint({
  tag,
  access: "owner",
  operation: companiesOps.inviteMember,
  schemas: companiesSchemas.inviteMember,
  summary: "Invite someone to the company by email",
  ok: "Sent.",
  okStatus: 201,
  responses: {
    200: json(
      companiesSchemas.inviteMember.response,
      "The address already had a pending invitation: sent again, with a new link.",
    ),
  },
});

const acceptInvitationEndpoint = operationEndpoint({
  tag,
  access: "signedIn",
  operation: companiesOps.acceptInvitation,
  schemas: companiesSchemas.acceptInvitation,
  summary: "Join the company an invitation is for",
  ok: "Joined.",
  responses: {
    403: errorResponse("The invitation was sent to another address, or the caller is agency staff."),
    404: errorResponse("The invitation link is not valid."),
    410: errorResponse("The invitation has expired or has already been used."),
    ...conflictResponse("The caller owns a company that has other members: they would be left without an owner."),
  },
});

/** The signed-in user's own company: settings, members, invitations. */
export function companyEndpoints({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return [
    handle(getCompany, async (c) =>
      c.json(await getCompanyOverview(db, c.get("user").id, c.get("view")?.companyId), 200),
    ),
    handle(updateHourlyValueEndpoint, async (c) =>
      c.json(await updateHourlyValue(db, actorOf(c), c.get("companyId"), c.req.valid("json").hourlyValueMinor), 200),
    ),
    handle(updateTimeZoneEndpoint, async (c) =>
      c.json(await updateTimeZone(db, actorOf(c), c.get("companyId"), c.req.valid("json").timeZone), 200),
    ),
    handle(inviteMember, async (c) => {
      const sent = await inviteToCompany(db, {
        companyId: c.get("companyId"),
        inviter: namedActorOf(c),
        email: c.req.valid("json").email,
        appUrl: config.APP_URL,
      });
      mailer.nudge();
      return sent.resent ? c.json(responseOf(sent), 200) : c.json(responseOf(sent), 201);
    }),
    handle(acceptInvitationEndpoint, async (c) =>
      c.json(await acceptInvitation(db, c.get("user"), c.req.valid("json").token), 200),
    ),
  ];
}

const createClientCompanyEndpoint = operationEndpoint({
  tag: "Staff: companies",
  access: "staff",
  operation: companiesOps.createClientCompany,
  schemas: companiesSchemas.createClientCompany,
  summary: "Create a client company, and invite its first user in the same step",
  description: "The first person to accept an invitation to a company without an owner becomes its owner.",
  ok: "Created; the invitation is on its way.",
  okStatus: 201,
});

const inviteToCompanyEndpoint = operationEndpoint({
  tag: "Staff: companies",
  access: "staff",
  operation: companiesOps.inviteToCompany,
  schemas: companiesSchemas.inviteToCompany,
  summary: "Invite someone to a client company on its behalf",
  ok: "Sent.",
  okStatus: 201,
  responses: {
    200: json(
      companiesSchemas.inviteToCompany.response,
      "The address already had a pending invitation: sent again, with a new link.",
    ),
  },
});

/** Staff: create client companies, and invite on a company's behalf (the clients table is clients-table.routes.ts). */
export function staffCompaniesEndpoints({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return [
    handle(createClientCompanyEndpoint, async (c) => {
      const actor = namedActorOf(c);
      const created = await createClientCompany(db, actor, c.req.valid("json"), { appUrl: config.APP_URL });
      mailer.nudge();
      return c.json(created, 201);
    }),
    handle(inviteToCompanyEndpoint, async (c) => {
      const input = {
        companyId: c.req.valid("param").id,
        inviter: namedActorOf(c),
        email: c.req.valid("json").email,
        appUrl: config.APP_URL,
      };
      const sent = await inviteToCompany(db, input);
      mailer.nudge();
      return sent.resent ? c.json(responseOf(sent), 200) : c.json(responseOf(sent), 201);
    }),
  ];
}
