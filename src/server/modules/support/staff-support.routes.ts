import { supportOps } from "../../../shared/operations/support";
import { supportSchemas } from "../../../shared/support";
import { handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { deleteCannedReply, listCannedReplies, saveCannedReply } from "./canned-replies.service";
import { listSlaTargets, updateSlaTargets } from "./sla-targets.service";
import { staffQueue, ticketCompanies } from "./staff-queue.service";
import { ticketStats } from "./ticket-stats.service";
import { updateTicket } from "./update-ticket.service";

const staff = { access: "staff", tag: "Staff: support" } as const;

const queueEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.staffTicketQueue,
  schemas: supportSchemas.staffTicketQueue,
  summary: "Every company's tickets, filtered, the nearest SLA deadline first",
  ok: "One page of the queue, with the staff to filter by.",
});

const companiesEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.staffTicketCompanies,
  schemas: supportSchemas.staffTicketCompanies,
  summary: "The clients that have tickets, by name",
  ok: "The choices of the queue's client filter.",
});

const statsEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.staffTicketStats,
  schemas: supportSchemas.staffTicketStats,
  summary: "Open tickets by age, and tickets past an SLA target",
  ok: "The figures of the /admin tiles.",
});

const updateEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.updateTicket,
  schemas: supportSchemas.updateTicket,
  summary: "Set a ticket's status by hand, its priority or its assignee",
  ok: "The ticket's new status.",
});

const listCannedEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.listCannedReplies,
  schemas: supportSchemas.listCannedReplies,
  summary: "The replies the team saved for reuse",
  ok: "By title.",
});

const saveCannedEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.saveCannedReply,
  schemas: supportSchemas.saveCannedReply,
  summary: "Save a reply for the team to reuse",
  ok: "The saved reply.",
  okStatus: 201,
});

const deleteCannedEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.deleteCannedReply,
  schemas: supportSchemas.deleteCannedReply,
  summary: "Delete a saved reply",
  ok: "The deleted reply.",
});

const listSlaEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.listSlaTargets,
  schemas: supportSchemas.listSlaTargets,
  summary: "The first-response and resolution targets per priority, in minutes",
  ok: "Most urgent first.",
});

const updateSlaEndpoint = operationEndpoint({
  ...staff,
  operation: supportOps.updateSlaTargets,
  schemas: supportSchemas.updateSlaTargets,
  summary: "Change the targets of one or more priorities",
  ok: "The targets now.",
});

/** The staff side of the help desk (the thread and replies use the member endpoints, which reach every company for staff). */
export const staffSupportEndpoints = () => [
  handle(queueEndpoint, async (c) => c.json(await staffQueue(contextOf(c), c.req.valid("query")), 200)),
  handle(statsEndpoint, async (c) => c.json(await ticketStats(contextOf(c)), 200)),
  handle(companiesEndpoint, async (c) => c.json(await ticketCompanies(contextOf(c)), 200)),
  handle(updateEndpoint, async (c) =>
    c.json(await updateTicket(actorContextOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") }), 200),
  ),
  handle(listSlaEndpoint, async (c) => c.json({ targets: await listSlaTargets(contextOf(c)) }, 200)),
  handle(updateSlaEndpoint, async (c) =>
    c.json({ targets: await updateSlaTargets(actorContextOf(c), c.req.valid("json")) }, 200),
  ),
  handle(listCannedEndpoint, async (c) => c.json({ replies: await listCannedReplies(contextOf(c)) }, 200)),
  handle(saveCannedEndpoint, async (c) => c.json(await saveCannedReply(actorContextOf(c), c.req.valid("json")), 201)),
  handle(deleteCannedEndpoint, async (c) =>
    c.json(await deleteCannedReply(actorContextOf(c), { id: c.req.valid("param").id }), 200),
  ),
];
