import { z } from "zod";
import { ZErrorResponse } from "../../../shared/api-error";
import {
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZCreateClientCompanyRequest,
  ZCreateClientCompanyResponse,
  ZGetCompanyResponse,
  ZInviteMemberRequest,
  ZInviteMemberResponse,
  ZUpdateHourlyValueRequest,
  ZUpdateHourlyValueResponse,
  ZUpdateTimeZoneRequest,
  ZUpdateTimeZoneResponse,
} from "../../../shared/companies";
import { actorOf, namedActorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
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
const inviteExample = { email: "joe@acme.test" };

const getCompany = endpoint({
  tag,
  access: "signedIn",
  method: "get",
  path: "/",
  operationId: "getCompany",
  summary: "The caller's client company: settings, members and open invitations",
  responses: {
    200: json(ZGetCompanyResponse, "The company."),
    404: json(ZErrorResponse, "The caller belongs to no client company."),
  },
});

const updateHourlyValueEndpoint = endpoint({
  tag,
  access: "owner",
  method: "patch",
  path: "/",
  operationId: "updateHourlyValue",
  summary: "Change what an hour of the company's work is worth",
  request: { body: ZUpdateHourlyValueRequest.meta({ example: { hourlyValueMinor: 6500 } }) },
  responses: { 200: json(ZUpdateHourlyValueResponse, "The new value.") },
});

const updateTimeZoneEndpoint = endpoint({
  tag,
  access: "owner",
  method: "put",
  path: "/time-zone",
  operationId: "updateTimeZone",
  summary: "Change the company's time zone; its days, months and charts follow it",
  description:
    "Rebuilds the company's daily figures from its runs in the new zone, in the same transaction: nothing is lost.",
  request: { body: ZUpdateTimeZoneRequest.meta({ example: { timeZone: "Europe/Berlin" } }) },
  responses: { 200: json(ZUpdateTimeZoneResponse, "The new time zone.") },
});

/** What an invite answers: the address, the link's expiry, and whether a pending invitation was sent again. */
const responseOf = ({ email, expiresAt, resent }: TInviteMemberResponse) => ({ email, expiresAt, resent });

const inviteMember = endpoint({
  tag,
  access: "owner",
  method: "post",
  path: "/invitations",
  operationId: "inviteMember",
  summary: "Invite someone to the company by email",
  request: { body: ZInviteMemberRequest.meta({ example: inviteExample }) },
  responses: {
    201: json(ZInviteMemberResponse, "Sent."),
    200: json(ZInviteMemberResponse, "The address already had a pending invitation: sent again, with a new link."),
  },
});

const acceptInvitationEndpoint = endpoint({
  tag,
  access: "signedIn",
  method: "post",
  path: "/invitations/accept",
  operationId: "acceptInvitation",
  summary: "Join the company an invitation is for",
  request: { body: ZAcceptInvitationRequest },
  responses: { 200: json(ZAcceptInvitationResponse, "Joined.") },
});

/** The signed-in user's own company: settings, members, invitations. */
export function companyRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return createRouter()
    .openapi(getCompany, async (c) =>
      c.json(await getCompanyOverview(db, c.get("user").id, c.get("view")?.companyId), 200),
    )
    .openapi(updateHourlyValueEndpoint, async (c) =>
      c.json(await updateHourlyValue(db, actorOf(c), c.get("companyId"), c.req.valid("json").hourlyValueMinor), 200),
    )
    .openapi(updateTimeZoneEndpoint, async (c) =>
      c.json(await updateTimeZone(db, actorOf(c), c.get("companyId"), c.req.valid("json").timeZone), 200),
    )
    .openapi(inviteMember, async (c) => {
      const sent = await inviteToCompany(db, {
        companyId: c.get("companyId"),
        inviter: namedActorOf(c),
        email: c.req.valid("json").email,
        appUrl: config.APP_URL,
      });
      mailer.nudge();
      return sent.resent ? c.json(responseOf(sent), 200) : c.json(responseOf(sent), 201);
    })
    .openapi(acceptInvitationEndpoint, async (c) =>
      c.json(await acceptInvitation(db, c.get("user"), c.req.valid("json").token), 200),
    );
}

const createClientCompanyEndpoint = endpoint({
  tag: "Staff: companies",
  access: "staff",
  method: "post",
  path: "/",
  operationId: "createClientCompany",
  summary: "Create a client company, and invite its first user in the same step",
  description: "The first person to accept an invitation to a company without an owner becomes its owner.",
  request: {
    body: ZCreateClientCompanyRequest.meta({
      example: { name: "Acme Ltd", status: "active", inviteEmail: "joe@acme.test" },
    }),
  },
  responses: { 201: json(ZCreateClientCompanyResponse, "Created; the invitation is on its way.") },
});

const inviteToCompanyEndpoint = endpoint({
  tag: "Staff: companies",
  access: "staff",
  method: "post",
  path: "/{id}/invitations",
  operationId: "inviteToCompany",
  summary: "Invite someone to a client company on its behalf",
  request: { params: z.object({ id: z.uuid() }), body: ZInviteMemberRequest.meta({ example: inviteExample }) },
  responses: {
    201: json(ZInviteMemberResponse, "Sent."),
    200: json(ZInviteMemberResponse, "The address already had a pending invitation: sent again, with a new link."),
  },
});

/** Staff: create client companies, and invite on a company's behalf (the clients table is clients-table.routes.ts). */
export function staffCompaniesRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return createRouter()
    .openapi(createClientCompanyEndpoint, async (c) => {
      const actor = namedActorOf(c);
      const created = await createClientCompany(db, actor, c.req.valid("json"), { appUrl: config.APP_URL });
      mailer.nudge();
      return c.json(created, 201);
    })
    .openapi(inviteToCompanyEndpoint, async (c) => {
      const input = {
        companyId: c.req.valid("param").id,
        inviter: namedActorOf(c),
        email: c.req.valid("json").email,
        appUrl: config.APP_URL,
      };
      const sent = await inviteToCompany(db, input);
      mailer.nudge();
      return sent.resent ? c.json(responseOf(sent), 200) : c.json(responseOf(sent), 201);
    });
}
