import { channelsSchemas as schemas } from "../../../shared/channels";
import { channelsOps as ops } from "../../../shared/operations/channels";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { listDeliveries, resendDelivery, sendTest } from "./deliveries.service";
import { createChannel, deleteChannel, listChannels, rotateSecret, updateChannel } from "./manage-channels.service";

const tag = "Alert channels";

const WEBHOOK_NOTE =
  "A webhook's body is the event (`{ type, timestamp, data }`, see the webhooks of this document), signed by the " +
  "Standard Webhooks scheme: `webhook-id` (the same on every retry of one event), `webhook-timestamp` and " +
  "`webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed by the secret's bytes.";

/** The eight endpoints of one kind of owner: a company's owner (its channels) or staff (the agency's). */
function channelEndpoints(who: "company" | "agency") {
  const company = who === "company";
  const base = { access: company ? "owner" : "staff", tag } as const;
  const whose = company ? "the company's" : "the agency's own";
  return {
    list: operationEndpoint({
      ...base,
      operation: company ? ops.listCompanyChannels : ops.listAgencyChannels,
      schemas: schemas.listCompanyChannels,
      summary: `List ${whose} alert channels (Slack, Teams, webhooks)`,
      ok: "The channels, oldest first; addresses only as a hint, secrets never.",
    }),
    create: operationEndpoint({
      ...base,
      operation: company ? ops.createCompanyChannel : ops.createAgencyChannel,
      schemas: schemas.createCompanyChannel,
      summary: `Add an alert channel to ${whose}`,
      description: `https addresses only in production, where private and loopback addresses are refused. ${WEBHOOK_NOTE}`,
      ok: "The channel, and a webhook's signing secret: shown only in this answer.",
      okStatus: 201,
    }),
    update: operationEndpoint({
      ...base,
      operation: company ? ops.updateCompanyChannel : ops.updateAgencyChannel,
      schemas: schemas.updateCompanyChannel,
      summary: "Rename a channel, change its address or events, or turn it off or on",
      ok: "The channel as saved.",
    }),
    remove: operationEndpoint({
      ...base,
      operation: company ? ops.deleteCompanyChannel : ops.deleteAgencyChannel,
      schemas: schemas.deleteCompanyChannel,
      summary: "Remove a channel and its delivery log",
      ok: "The channel is gone.",
    }),
    test: operationEndpoint({
      ...base,
      operation: company ? ops.testCompanyChannel : ops.testAgencyChannel,
      schemas: schemas.testCompanyChannel,
      summary: "Send a test: a sample event (`channel.test`) to this channel alone",
      ok: "The queued delivery; the delivery log shows how it went within seconds.",
      okStatus: 201,
      responses: conflictResponse("The channel is turned off."),
    }),
    rotate: operationEndpoint({
      ...base,
      operation: company ? ops.rotateCompanyChannelSecret : ops.rotateAgencyChannelSecret,
      schemas: schemas.rotateCompanyChannelSecret,
      summary: "Make a new signing secret for a webhook (the old one stops signing at once)",
      ok: "The channel and its new secret: shown only in this answer.",
      responses: conflictResponse("The channel is not a signed webhook."),
    }),
    deliveries: operationEndpoint({
      ...base,
      operation: company ? ops.listCompanyChannelDeliveries : ops.listAgencyChannelDeliveries,
      schemas: schemas.listCompanyChannelDeliveries,
      summary: "The channel's delivery log: its latest 50 events, each with every attempt",
      ok: "Deliveries, newest first, with time, status, duration and the start of each answer.",
    }),
    resend: operationEndpoint({
      ...base,
      operation: company ? ops.resendCompanyChannelDelivery : ops.resendAgencyChannelDelivery,
      schemas: schemas.resendCompanyChannelDelivery,
      summary: "Resend a delivered or failed event (same webhook-id, a fresh 24 hours of retries)",
      ok: "The delivery, queued again.",
      responses: conflictResponse("The delivery is already waiting to go."),
    }),
  };
}

function handlers(who: "company" | "agency") {
  const e = channelEndpoints(who);
  return [
    handle(e.list, async (c) => c.json(await listChannels(contextOf(c)), 200)),
    handle(e.create, async (c) => c.json(await createChannel(actorContextOf(c), c.req.valid("json")), 201)),
    handle(e.update, async (c) =>
      c.json(await updateChannel(actorContextOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") }), 200),
    ),
    handle(e.remove, async (c) => c.json(await deleteChannel(actorContextOf(c), c.req.valid("param")), 200)),
    handle(e.test, async (c) => c.json(await sendTest(contextOf(c), c.req.valid("param")), 201)),
    handle(e.rotate, async (c) => c.json(await rotateSecret(actorContextOf(c), c.req.valid("param")), 200)),
    handle(e.deliveries, async (c) => c.json(await listDeliveries(contextOf(c), c.req.valid("param")), 200)),
    handle(e.resend, async (c) => c.json(await resendDelivery(contextOf(c), c.req.valid("param")), 200)),
  ];
}

/** A client company's channels, managed by its owner under /api/company/channels. */
export const companyChannelsEndpoints = () => handlers("company");

/** The agency's own channels (events of every company), managed by staff under /api/staff/channels. */
export const agencyChannelsEndpoints = () => handlers("agency");
