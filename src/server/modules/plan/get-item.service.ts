import { and, asc, desc, eq, sql } from "drizzle-orm";
import { daysAgo } from "../../../shared/days";
import { isUuid } from "../../../shared/uuid";
import { inScope, type CompanyScope } from "../../context/company-scope";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { planComment, planHistory, planItem, planProposal } from "../../db/schema/plan";
import { notFound } from "../../lib/app-error";
import { automationMinutesSaved, moneySavedMinor } from "../run-figures";
import { approvalRefusal } from "./approval-rule";
import { NO_ITEM, summaryColumns, toSummary } from "./plan-item-row";
import { allowedTransitions, type PlanSide } from "./transitions";
import type { PlanPromise, TGetPlanItemResponse } from "../../../shared/plan";
import type { ActorContext } from "../../context/service-context";
import type { Database } from "../../db/client";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const nameOf = (name: string | null, email: string | null) => name || email || "Cogwork";

/**
 * A comment's author as they are called now (a rename shows everywhere at once); the name
 * stored with the comment only once the account is gone. Join `user` on the comment's author.
 */
export const commentAuthorName = sql<string>`coalesce(nullif(${user.name}, ''), ${user.email}, ${planComment.authorName})`;

/**
 * One item with its proposals, comments, history and, once live, promised against measured. Staff
 * (every company in scope) see it as the agency does, a client (or staff viewing as one) as the client.
 */
export async function getPlanItem(ctx: ActorContext, input: { id: string }): Promise<TGetPlanItemResponse> {
  const { id } = input;
  const { scope, db } = ctx;
  const side: PlanSide = scope.all ? "staff" : "client";
  if (!isUuid(id)) throw notFound(NO_ITEM);
  const found = await findItem(db, scope, id);
  if (!found) throw notFound(NO_ITEM);
  const { row } = found;
  const { proposals, comments, history } = await itemThreads(db, id);
  const approved = proposals.find((p) => p.proposal.version === row.approvedVersion)?.proposal;
  const promise = await promisedAgainstMeasured(ctx, found, approved);

  // Staff viewing the company as its client see the page as its owner does.
  const newest = proposals[0]?.proposal;
  const refusal =
    side === "client" && row.state === "proposed" && newest && !(!scope.all && scope.viewing)
      ? await approvalRefusal(ctx, { userId: ctx.actor.id, companyId: row.companyId, proposal: newest })
      : null;
  const allowed = allowedTransitions(row.state, side).filter((to) => !(refusal && to === "approved"));

  return {
    ...toSummary(found),
    triggerDescription: row.triggerDescription,
    systems: row.systems,
    timesPerMonth: row.timesPerMonth,
    minutesEach: row.minutesEach,
    requestedBy: found.requestedByName ?? "A former member",
    approvedVersion: row.approvedVersion,
    approvedBy: row.approvedVersion === null ? null : (found.approvedByName ?? "A former member"),
    approvedAt: iso(row.approvedAt),
    declineReason: row.declineReason,
    retireReason: row.retireReason,
    automation: found.automation?.id ? found.automation : null,
    proposals: proposals.map(toProposal),
    comments: comments.map(({ comment: c, authorName }) => ({
      id: c.id,
      side: c.side,
      authorName,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
    })),
    history: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      actorName: h.actorName,
      side: h.side,
      field: h.field,
      fromValue: h.fromValue,
      toValue: h.toValue,
      comment: h.comment,
    })),
    promise,
    allowedTransitions: allowed,
    approveRefusal: refusal,
  };
}

/** The item in scope with its company's money and zone, the names around it and its automation. */
async function findItem(db: Database, scope: CompanyScope, id: string) {
  const [found] = await db
    .select({
      ...summaryColumns,
      row: planItem,
      hourlyValueMinor: company.hourlyValueMinor,
      currency: company.currency,
      timeZone: company.timeZone,
      requestedByName: sql<string | null>`(select coalesce(nullif(u.name, ''), u.email) from "user" u
        where u.id = ${planItem.requestedBy})`,
      approvedByName: sql<string | null>`(select coalesce(nullif(u.name, ''), u.email) from "user" u
        where u.id = ${planItem.approvedBy})`,
      automation: { id: automation.id, name: automation.name, status: automation.status },
    })
    .from(planItem)
    .innerJoin(company, eq(company.id, planItem.companyId))
    .leftJoin(automation, eq(automation.id, planItem.automationId))
    .where(and(eq(planItem.id, id), inScope(planItem.companyId, scope)));
  return found;
}

type FoundItem = NonNullable<Awaited<ReturnType<typeof findItem>>>;

/** The item's proposals (newest first), comments and history (oldest first). */
async function itemThreads(db: Database, id: string) {
  const [proposals, comments, history] = await Promise.all([
    db
      .select({ proposal: planProposal, name: user.name, email: user.email })
      .from(planProposal)
      .leftJoin(user, eq(user.id, planProposal.createdBy))
      .where(eq(planProposal.itemId, id))
      .orderBy(desc(planProposal.version)),
    db
      .select({ comment: planComment, authorName: commentAuthorName })
      .from(planComment)
      .leftJoin(user, eq(user.id, planComment.authorId))
      .where(eq(planComment.itemId, id))
      .orderBy(asc(planComment.createdAt)),
    db.select().from(planHistory).where(eq(planHistory.itemId, id)).orderBy(asc(planHistory.at), asc(planHistory.seq)),
  ]);
  return { proposals, comments, history };
}

/** Once live (or retired), the approved proposal's hours against the last 30 days' measured minutes. */
async function promisedAgainstMeasured(
  ctx: ActorContext,
  found: FoundItem,
  approved: typeof planProposal.$inferSelect | undefined,
): Promise<PlanPromise | null> {
  const { row } = found;
  if (!(approved && row.automationId && (row.state === "live" || row.state === "retired"))) return null;
  const minutes = await automationMinutesSaved(ctx, {
    automationId: row.automationId,
    from: daysAgo(ctx.now, 29, found.timeZone),
  });
  return {
    promisedHoursPerMonth: approved.hoursPerMonth,
    measuredMinutes30d: minutes,
    hourlyValueMinor: found.hourlyValueMinor,
    promisedValueMinor: approved.hoursPerMonth * found.hourlyValueMinor,
    measuredValueMinor: moneySavedMinor(minutes, found.hourlyValueMinor),
    currency: found.currency,
  };
}

function toProposal({
  proposal: p,
  name,
  email,
}: {
  proposal: typeof planProposal.$inferSelect;
  name: string | null;
  email: string | null;
}) {
  return {
    version: p.version,
    scope: p.scope,
    platform: p.platform,
    hoursPerMonth: p.hoursPerMonth,
    setupFeeMinor: p.setupFeeMinor,
    monthlyFeeChangeMinor: p.monthlyFeeChangeMinor,
    currency: p.currency,
    targetDate: p.targetDate,
    createdBy: nameOf(name, email),
    createdAt: p.createdAt.toISOString(),
  };
}
