import { adminSchemas } from "../../../shared/admin";
import { adminOps } from "../../../shared/operations/admin";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { getAdminOverview } from "./admin.service";
import { listAttentionAutomations } from "./list-attention-automations.service";
import { listEmails } from "./list-emails.service";
import { retryEmail } from "./retry-email.service";
import type { Mailer } from "../../mail/outbox";

const getAdminOverviewEndpoint = operationEndpoint({
  operation: adminOps.getAdminOverview,
  schemas: adminSchemas.getAdminOverview,
  access: "staff",
  tag: "Staff: agency",
  summary: "The agency's figures at a glance: clients, sign-ups, automation health, runs, mail and leads",
  ok: "The figures.",
});

const listAttentionEndpoint = operationEndpoint({
  operation: adminOps.listAttentionAutomations,
  schemas: adminSchemas.listAttentionAutomations,
  access: "staff",
  tag: "Staff: automations",
  summary: "Automations across clients that are Failing, or Stale",
  description: "With each one's client, since when, its last error (Failing) and its last run.",
  ok: "A page of automations.",
});

const listEmailsEndpoint = operationEndpoint({
  operation: adminOps.listEmails,
  schemas: adminSchemas.listEmails,
  access: "staff",
  tag: "Staff: emails",
  summary: "Emails the outbox could not deliver (or that wait for their next attempt)",
  ok: "A page of emails.",
});

const retryEmailEndpoint = operationEndpoint({
  operation: adminOps.retryEmail,
  schemas: adminSchemas.retryEmail,
  access: "staff",
  tag: "Staff: emails",
  summary: "Send an undelivered email again",
  description: "The email goes back to the queue, due now, with a fresh set of attempts. 409 unless it failed.",
  ok: "Queued.",
  responses: conflictResponse("The email did not fail: it was delivered, or it already waits to be sent."),
});

/** The agency's figures, the automations across clients that need attention, and the emails the outbox could not deliver. */
export const adminEndpoints = ({ mailer }: { mailer: Mailer }) => [
  handle(getAdminOverviewEndpoint, async (c) => c.json(await getAdminOverview(contextOf(c)), 200)),
  handle(listAttentionEndpoint, async (c) =>
    c.json(await listAttentionAutomations(contextOf(c), c.req.valid("query")), 200),
  ),
  handle(listEmailsEndpoint, async (c) => c.json(await listEmails(contextOf(c), c.req.valid("query")), 200)),
  handle(retryEmailEndpoint, async (c) => {
    const queued = await retryEmail(actorContextOf(c), { id: c.req.valid("param").id });
    // The message was put back in the queue, not enqueued: the outbox does not wake the worker for it.
    mailer.nudge();
    return c.json(queued, 200);
  }),
];
