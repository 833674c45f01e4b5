import { and, asc, eq, lte } from "drizzle-orm";
import { DAY_MS, dayOf as zonedDayOf } from "../../../shared/days";
import { ZCreatePlanItemRequest, ZPlanTransitionRequest } from "../../../shared/plan";
import { invoice } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import {
  changePlan,
  markInvoicePaid,
  quoteChange,
  runBillingCycle,
  saveBillingDetails,
  subscribeCompany,
} from "../billing";
import { createTimeEntry, setPlanHours } from "../hours";
import { createPlanItem, transitionPlanItem } from "../plan";
import { addReply, createTicket, updateTicket } from "../support";
import {
  DEMO_BILLING,
  DEMO_PLAN_HOURS,
  DEMO_PLAN_ITEMS,
  DEMO_TICKETS,
  DEMO_TIME,
  type DemoPlanItem,
  type DemoTicket,
} from "./demo-story-data";
import type { Actor, ServiceContext } from "../../context/service-context";

/** One demo company as the seed made it: its people as actors and its automations by name. */
export interface DemoClient {
  name: string;
  companyId: string;
  owner: Actor;
  member: Actor;
  automationIds: Map<string, string>;
}

/** One thing that happened, replayed at its moment through the service a person would have used. */
interface Step {
  daysAgo: number;
  run: (at: Date) => Promise<unknown>;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The company's people and the agency as the services see them, at a moment. */
function actorsOf(ctx: ServiceContext, client: DemoClient, staff: Actor) {
  const scope = { all: false, companyId: client.companyId } as const;
  return {
    staff: (at: Date) => ctx.with({ actor: staff, scope: { all: true }, now: at }),
    owner: (at: Date) => ctx.with({ actor: client.owner, scope, now: at }),
    member: (at: Date) => ctx.with({ actor: client.member, scope, now: at }),
  };
}

/** The legal details, the plan, an upgrade confirmed at its quoted price, and the bank payments. */
function billingSteps(ctx: ServiceContext, client: DemoClient, staff: Actor): Step[] {
  const story = DEMO_BILLING[client.name];
  if (!story) return [];
  const as = actorsOf(ctx, client, staff);
  const { companyId } = client;
  const steps: Step[] = [
    {
      daysAgo: story.subscribedDaysAgo + 0.01,
      run: (at) =>
        saveBillingDetails(as.owner(at), {
          companyId,
          legalName: story.legalName,
          address: story.address,
          vatNumber: story.vatNumber,
        }),
    },
    {
      daysAgo: story.subscribedDaysAgo,
      run: (at) =>
        subscribeCompany(as.staff(at), {
          companyId,
          planSlug: story.plan,
          interval: "monthly",
          trialDays: story.trialDays,
        }),
    },
  ];
  const { upgrade } = story;
  if (upgrade)
    steps.push({
      daysAgo: upgrade.daysAgo,
      run: async (at) => {
        // The owner sees the quote on /billing and confirms exactly its amount.
        const quote = await quoteChange(as.owner(at), { companyId, planSlug: upgrade.to });
        return changePlan(as.owner(at), {
          companyId,
          planSlug: upgrade.to,
          confirmedProrationMinor: quote.prorationMinor,
          by: "owner",
        });
      },
    });
  for (const daysAgo of story.paymentsDaysAgo)
    steps.push({ daysAgo, run: (at) => recordPayments(as.staff(at), companyId) });
  return steps;
}

/** The agency's time for the client, logged on the day the work was done (the client's day). */
function timeSteps(ctx: ServiceContext, client: DemoClient, staff: Actor): Step[] {
  const as = actorsOf(ctx, client, staff);
  return (DEMO_TIME[client.name] ?? []).map((entry) => ({
    daysAgo: entry.daysAgo,
    run: async (at) => {
      const [row] = await ctx.db
        .select({ timeZone: company.timeZone })
        .from(company)
        .where(eq(company.id, client.companyId));
      return createTimeEntry(as.staff(at), {
        companyId: client.companyId,
        day: zonedDayOf(at, row?.timeZone ?? "UTC"),
        minutes: entry.minutes,
        description: entry.description,
        internalNote: entry.internalNote ?? null,
        billable: entry.billable ?? true,
      });
    },
  }));
}

/** Staff record the bank payment of every invoice of the company still open at that moment. */
async function recordPayments(ctx: ServiceContext<Actor>, companyId: string) {
  const open = await ctx.db
    .select({ id: invoice.id, totalMinor: invoice.totalMinor, number: invoice.number })
    .from(invoice)
    .where(and(eq(invoice.companyId, companyId), eq(invoice.status, "open"), lte(invoice.issuedAt, ctx.now)))
    .orderBy(asc(invoice.issuedAt));
  for (const due of open)
    await markInvoicePaid(ctx, {
      invoiceId: due.id,
      amountMinor: due.totalMinor,
      paidOn: dayOf(ctx.now),
      reference: `Bank transfer ${due.number ?? ""}`.trim(),
    });
}

/** A roadmap item requested by the owner, then moved by each side as the screens do. */
function planItemSteps(ctx: ServiceContext, client: DemoClient, staff: Actor, item: DemoPlanItem): Step[] {
  const as = actorsOf(ctx, client, staff);
  let id = "";
  let version = 0;
  const steps: Step[] = [
    {
      daysAgo: item.requestedDaysAgo,
      run: async (at) => {
        const { ends: _ends, moves: _moves, requestedDaysAgo: _requested, ...request } = item;
        const created = await createPlanItem(as.owner(at), ZCreatePlanItemRequest.parse(request));
        id = created.id;
      },
    },
  ];
  for (const move of item.moves)
    steps.push({
      daysAgo: move.daysAgo,
      run: async (at) => {
        const { daysAgo: _daysAgo, ...rest } = move;
        const body =
          rest.to === "approved"
            ? { to: "approved", proposalVersion: version }
            : rest.to === "building"
              ? { to: "building", automationId: rest.automation ? client.automationIds.get(rest.automation) : null }
              : rest;
        const byClient = rest.to === "approved" || rest.to === "declined";
        const moved = await transitionPlanItem(byClient ? as.owner(at) : as.staff(at), {
          ...ZPlanTransitionRequest.parse(body),
          id,
          side: byClient ? "client" : "staff",
        });
        version = moved.proposalVersion ?? version;
      },
    });
  return steps;
}

/** A ticket opened by the owner or a member, the replies of both sides, and its resolution. */
function ticketSteps(ctx: ServiceContext, client: DemoClient, staff: Actor, story: DemoTicket): Step[] {
  const as = actorsOf(ctx, client, staff);
  let id = "";
  const steps: Step[] = [
    {
      daysAgo: story.openedDaysAgo,
      run: async (at) => {
        const opened = await createTicket(as[story.by](at), {
          subject: story.subject,
          category: story.category,
          priority: story.priority,
          message: story.message,
          automationId: story.automation ? (client.automationIds.get(story.automation) ?? null) : null,
          watcherIds: [],
          attachments: [],
        });
        id = opened.id;
      },
    },
  ];
  for (const reply of story.replies)
    steps.push({
      daysAgo: reply.daysAgo,
      run: (at) =>
        addReply(reply.from === "agency" ? as.staff(at) : as[story.by](at), {
          ticketId: id,
          body: reply.body,
          internal: false,
          files: [],
          via: "portal",
        }),
    });
  const resolved = story.resolvedDaysAgo;
  if (resolved !== undefined)
    steps.push({ daysAgo: resolved, run: (at) => updateTicket(as.staff(at), { id, status: "resolved" }) });
  return steps;
}

/**
 * Replays three months of the clients' life in the order it happened: legal details, plans
 * with their retainer hours, time logged (extra hours billed at the period's end), an upgrade, roadmap items in every state, tickets and their replies, and the billing job's
 * renewals between them, so that invoices, proration and setup fees are what the app would make.
 */
export async function seedDemoStory(ctx: ServiceContext, input: { clients: DemoClient[]; staff: Actor }) {
  const { clients, staff } = input;
  for (const terms of DEMO_PLAN_HOURS) await setPlanHours(ctx.with({ actor: staff, scope: { all: true } }), terms);
  const steps = clients.flatMap((client) => [
    ...billingSteps(ctx, client, staff),
    ...timeSteps(ctx, client, staff),
    ...(DEMO_PLAN_ITEMS[client.name] ?? []).flatMap((item) => planItemSteps(ctx, client, staff, item)),
    ...(DEMO_TICKETS[client.name] ?? []).flatMap((ticket) => ticketSteps(ctx, client, staff, ticket)),
  ]);
  steps.sort((a, b) => b.daysAgo - a.daysAgo);
  const at = (daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * DAY_MS);
  for (const step of steps) {
    // The billing job runs all the time in a real portal: renewals due by then come first.
    await runBillingCycle(ctx.with({ actor: null, now: at(step.daysAgo) }));
    await step.run(at(step.daysAgo));
  }
  await runBillingCycle(ctx.with({ actor: null }));
  return { steps: steps.length };
}
