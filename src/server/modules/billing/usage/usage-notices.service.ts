import { inArray } from "drizzle-orm";
import { subscription, usageNotice } from "../../../db/schema/billing";
import { enqueueMail } from "../../../mail/outbox";
import { billingRecipients, usageMail } from "../billing-mails";
import { planLimitsOf, usageOf } from "./plan-limits";
import type { Database } from "../../../db/client";
import type { BillingSettings } from "../billing-settings";

export const USAGE_THRESHOLDS = [80, 100] as const;

/** Emails the owner when a usage reaches 80 % and 100 % of the plan's limit: once each per period (the notice's key). */
export async function sendUsageNotices(db: Database, settings: BillingSettings, now = new Date()) {
  const subs = await db
    .select()
    .from(subscription)
    .where(inArray(subscription.status, ["trialing", "active", "past_due"]));
  let sent = 0;
  for (const sub of subs) {
    const limits = await planLimitsOf(db, sub.companyId);
    if (!limits) continue;
    const usage = await usageOf(
      db,
      sub.companyId,
      { start: sub.currentPeriodStart, end: sub.currentPeriodEnd },
      limits,
      now,
    );
    for (const item of usage) {
      const reached = USAGE_THRESHOLDS.filter((threshold) => item.percent !== null && item.percent >= threshold).at(-1);
      if (reached === undefined || item.limit === null) continue;
      await db.transaction(async (tx) => {
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
        const mail = usageMail(item.metric, reached, item.used, item.limit!, settings.appUrl);
        for (const to of await billingRecipients(tx, sub.companyId)) await enqueueMail(tx, to, mail);
        sent++;
      });
    }
  }
  return sent;
}
