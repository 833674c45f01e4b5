import { inArray } from "drizzle-orm";
import { subscription, usageNotice } from "../../../db/schema/billing";
import { billingRecipients, usageMail } from "../billing-mails";
import { settingsOf } from "../billing-settings";
import { planLimitsOf, usageOf } from "./plan-limits";
import type { ServiceContext } from "../../../context/service-context";

export const USAGE_THRESHOLDS = [80, 100] as const;

/** Emails the owner when a usage reaches 80 % and 100 % of the plan's limit: once each per period (the notice's key). */
export async function sendUsageNotices(ctx: ServiceContext) {
  const { db, now } = ctx;
  const subs = await db
    .select()
    .from(subscription)
    .where(inArray(subscription.status, ["trialing", "active", "past_due"]));
  let sent = 0;
  for (const sub of subs) {
    const limits = await planLimitsOf(ctx, sub.companyId);
    if (!limits) continue;
    const usage = await usageOf(ctx, {
      companyId: sub.companyId,
      period: { start: sub.currentPeriodStart, end: sub.currentPeriodEnd },
      limits,
    });
    for (const item of usage) {
      const reached = USAGE_THRESHOLDS.filter((threshold) => item.percent !== null && item.percent >= threshold).at(-1);
      if (reached === undefined || item.limit === null) continue;
      await ctx.transaction(async ({ db: tx, outbox }) => {
        const [inserted] = await tx
          .insert(usageNotice)
          .values({
            companyId: sub.companyId,
            periodStart: sub.currentPeriodStart,
            metric: item.metric,
            threshold: reached,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ threshold: usageNotice.threshold });
        if (!inserted) return;
        const mail = usageMail(item.metric, reached, item.used, item.limit!, settingsOf(ctx).appUrl);
        for (const to of await billingRecipients(tx, sub.companyId)) await outbox.enqueue(to, mail);
        sent++;
      });
    }
  }
  return sent;
}
