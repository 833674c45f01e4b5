import { z } from "zod";
import {
  ZGetAdminOverviewResponse,
  ZListAttentionAutomationsQuery,
  ZListAttentionAutomationsResponse,
  ZListEmailsQuery,
  ZListEmailsResponse,
  ZRetryEmailResponse,
} from "../../../shared/admin";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { getAdminOverview } from "./admin.service";
import { listAttentionAutomations } from "./list-attention-automations.service";
import { listEmails } from "./list-emails.service";
import { retryEmail } from "./retry-email.service";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const getAdminOverviewEndpoint = endpoint({
  method: "get",
  path: "/overview",
  access: "staff",
  tag: "Staff: agency",
  operationId: "getAdminOverview",
  summary: "The agency's figures at a glance: clients, sign-ups, automation health, runs, mail and leads",
  responses: { 200: json(ZGetAdminOverviewResponse, "The figures.") },
});

export const adminRoutes = (db: Database) =>
  createRouter().openapi(getAdminOverviewEndpoint, async (c) => c.json(await getAdminOverview(db), 200));

const listAttentionEndpoint = endpoint({
  method: "get",
  path: "/",
  access: "staff",
  tag: "Staff: automations",
  operationId: "listAttentionAutomations",
  summary: "Automations across clients that are Failing, or Stale",
  description: "With each one's client, since when, its last error (Failing) and its last run.",
  request: { query: ZListAttentionAutomationsQuery },
  responses: { 200: json(ZListAttentionAutomationsResponse, "A page of automations.") },
});

/** Mounted at /api/staff/automations/attention, before the staff automations router. */
export const staffAttentionRoutes = (db: Database) =>
  createRouter().openapi(listAttentionEndpoint, async (c) =>
    c.json(await listAttentionAutomations(db, c.req.valid("query")), 200),
  );

const listEmailsEndpoint = endpoint({
  method: "get",
  path: "/",
  access: "staff",
  tag: "Staff: emails",
  operationId: "listEmails",
  summary: "Emails the outbox could not deliver (or that wait for their next attempt)",
  request: { query: ZListEmailsQuery },
  responses: { 200: json(ZListEmailsResponse, "A page of emails.") },
});

const retryEmailEndpoint = endpoint({
  method: "post",
  path: "/{id}/retry",
  access: "staff",
  tag: "Staff: emails",
  operationId: "retryEmail",
  summary: "Send an undelivered email again",
  description: "The email goes back to the queue, due now, with a fresh set of attempts. 409 unless it failed.",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: json(ZRetryEmailResponse, "Queued.") },
});

/** Mounted at /api/staff/emails. */
export const staffEmailsRoutes = ({ db, mailer }: { db: Database; mailer: Mailer }) =>
  createRouter()
    .openapi(listEmailsEndpoint, async (c) => c.json(await listEmails(db, c.req.valid("query")), 200))
    .openapi(retryEmailEndpoint, async (c) => {
      const queued = await retryEmail(db, actorOf(c), c.req.valid("param").id);
      mailer.nudge();
      return c.json(queued, 200);
    });
