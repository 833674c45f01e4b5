import { eq } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { emitChannelEvent, subscribedChannels, type EventView } from "./emit-event";
import type { ChannelEventType } from "../../../shared/channels-labels";
import type { ServiceContext } from "../../context/service-context";

/**
 * The events other modules emit, each built here so that what a client's channel may see is
 * decided in one place: the company's own objects only, never internal notes. The agency's
 * channels get the same data with the company named, since they hear of every company.
 * Each runs in the caller's transaction and reads nothing unless a channel wants the event.
 */
async function emitAbout(
  tx: ServiceContext,
  type: ChannelEventType,
  companyId: string,
  build: (company: { id: string; name: string }) => EventView,
): Promise<void> {
  if ((await subscribedChannels(tx, companyId, type)).length === 0) return;
  const [row] = await tx.db
    .select({ id: company.id, name: company.name })
    .from(company)
    .where(eq(company.id, companyId));
  const client = build({ id: companyId, name: row?.name ?? "" });
  const agency: EventView = {
    data: client.data,
    summary: { ...client.summary, title: `${row?.name ?? "A client"}: ${client.summary.title}` },
  };
  await emitChannelEvent(tx, { type, companyId, client, agency });
}

const link = (tx: ServiceContext, path: string) => `${tx.app.links.appUrl}${path}`;

export interface AutomationEventInput {
  type: "automation.failing" | "automation.stale" | "automation.recovered";
  automation: { id: string; name: string; companyId: string };
  /** failing: how many runs failed in a row, and the last error as the client's portal shows it. */
  failures?: number;
  lastError?: string | null;
  /** recovered: what it recovered from. */
  recoveredFrom?: "failing" | "stale";
}

const AUTOMATION_TEXT: Record<AutomationEventInput["type"], (input: AutomationEventInput) => [string, string]> = {
  "automation.failing": (i) => ["Automation failing", `It failed ${i.failures ?? 1} times in a row.`],
  "automation.stale": () => ["Automation stopped reporting", "No run arrived within its schedule."],
  "automation.recovered": (i) => [
    "Automation works again",
    i.recoveredFrom === "stale" ? "Runs are arriving again." : "Its latest run succeeded.",
  ],
};

/** An automation starts failing, goes stale, or recovers. */
export function emitAutomationEvent(tx: ServiceContext, input: AutomationEventInput): Promise<void> {
  const { automation } = input;
  return emitAbout(tx, input.type, automation.companyId, (owner) => {
    const [title, text] = AUTOMATION_TEXT[input.type](input);
    const url = link(tx, `/my-automations/${automation.id}`);
    const data = {
      company: owner,
      automation: { id: automation.id, name: automation.name, url },
      ...(input.failures === undefined ? {} : { consecutiveFailures: input.failures }),
      ...(input.lastError === undefined ? {} : { lastError: input.lastError?.slice(0, 500) ?? null }),
      ...(input.recoveredFrom ? { recoveredFrom: input.recoveredFrom } : {}),
    };
    return { data, summary: { title: `${title}: ${automation.name}`, text, url } };
  });
}

/** A ticket is opened, or gets a reply (public replies only: an internal note is never an event). */
export function emitTicketEvent(
  tx: ServiceContext,
  input: {
    type: "ticket.created" | "ticket.replied";
    ticket: { id: string; subject: string; companyId: string; status: string };
    from: "client" | "agency";
  },
): Promise<void> {
  const { ticket } = input;
  return emitAbout(tx, input.type, ticket.companyId, (owner) => {
    const url = link(tx, `/support/${ticket.id}`);
    const who = input.from === "agency" ? "The agency" : "The client";
    const text = input.type === "ticket.created" ? "A new ticket was opened." : `${who} replied.`;
    return {
      data: {
        company: owner,
        ticket: { id: ticket.id, subject: ticket.subject, status: ticket.status, url },
        from: input.from,
      },
      summary: {
        title: `${input.type === "ticket.created" ? "New ticket" : "Ticket reply"}: ${ticket.subject}`,
        text,
        url,
      },
    };
  });
}

/** A proposal is sent to the client, or the client approves it. */
export function emitProposalEvent(
  tx: ServiceContext,
  input: {
    type: "proposal.sent" | "proposal.approved";
    item: { id: string; title: string; companyId: string };
    version: number;
  },
): Promise<void> {
  const { item } = input;
  return emitAbout(tx, input.type, item.companyId, (owner) => {
    const url = link(tx, `/automation-plan/${item.id}`);
    const text =
      input.type === "proposal.sent"
        ? `Version ${input.version} is ready to read.`
        : `Version ${input.version} was approved.`;
    return {
      data: { company: owner, planItem: { id: item.id, title: item.title, url }, version: input.version },
      summary: {
        title: `${input.type === "proposal.sent" ? "Proposal sent" : "Proposal approved"}: ${item.title}`,
        text,
        url,
      },
    };
  });
}

/** An invoice is issued, or is overdue (each reminder: 3, 7 and 14 days past due). */
export function emitInvoiceEvent(
  tx: ServiceContext,
  input: {
    type: "invoice.issued" | "invoice.overdue";
    invoice: { id: string; number: string; companyId: string; totalMinor: number; currency: string; dueAt: Date };
    daysOverdue?: number;
  },
): Promise<void> {
  const { invoice } = input;
  return emitAbout(tx, input.type, invoice.companyId, (owner) => {
    const url = link(tx, `/billing/invoices/${invoice.id}`);
    const amount = `${(invoice.totalMinor / 100).toFixed(2)} ${invoice.currency}`;
    const due = invoice.dueAt.toISOString().slice(0, 10);
    const text =
      input.type === "invoice.issued"
        ? `${amount}, due ${due}.`
        : `${amount}, due ${due}: ${input.daysOverdue} days overdue.`;
    return {
      data: {
        company: owner,
        invoice: {
          id: invoice.id,
          number: invoice.number,
          totalMinor: invoice.totalMinor,
          currency: invoice.currency,
          dueAt: invoice.dueAt.toISOString(),
          url,
        },
        ...(input.daysOverdue === undefined ? {} : { daysOverdue: input.daysOverdue }),
      },
      summary: {
        title: `${input.type === "invoice.issued" ? "Invoice issued" : "Invoice overdue"}: ${invoice.number}`,
        text,
        url,
      },
    };
  });
}
