import { and, eq } from "drizzle-orm";
import { formatMinutes } from "../../../shared/hours-labels";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { hoursNotice } from "../../db/schema/hours";
import { layout } from "../../mail/layout";
import type { CompanyHours } from "./hours-terms";
import type { HoursTally } from "./tally";
import type { ServiceContext } from "../../context/service-context";

const THRESHOLDS = [80, 100] as const;

export async function ownerAddresses(db: ServiceContext["db"], companyId: string) {
  const rows = await db
    .select({ email: user.email })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(and(eq(companyMember.companyId, companyId), eq(companyMember.role, "owner")));
  return rows.map((row) => row.email);
}

function noticeMail(threshold: number, figures: HoursTally, hours: CompanyHours, appUrl: string) {
  const budget = formatMinutes(figures.budgetMinutes);
  const beyond = hours.terms.overageNeedsApproval
    ? "Time beyond it waits for your approval before it is billed."
    : "Time beyond it is billed as extra hours on your next invoice.";
  return layout({
    kind: "hours-usage",
    subject:
      threshold >= 100
        ? "You have used all of this month's retainer hours"
        : `You have used ${threshold} % of this month's retainer hours`,
    intro: `This period we have worked ${formatMinutes(figures.usedMinutes)} of the ${budget} your plan includes. ${beyond}`,
    action: { label: "See your hours", url: `${appUrl}/billing` },
    outro: "Every entry, with what was done, is on your billing page.",
  });
}

/**
 * Mails the owner when the period's used time first reaches 80 % and 100 % of its budget: one row
 * per (company, period, threshold), inserted or not, decides it, so a mail goes once per period
 * however many writes or instances reach the threshold. In the caller's transaction.
 */
export async function sendHoursNotices(ctx: ServiceContext, hours: CompanyHours, figures: HoursTally) {
  if (!hours.period.subscribed || figures.budgetMinutes <= 0) return;
  for (const threshold of THRESHOLDS) {
    if (figures.usedMinutes * 100 < figures.budgetMinutes * threshold) continue;
    const [inserted] = await ctx.db
      .insert(hoursNotice)
      .values({ companyId: hours.companyId, periodStart: hours.period.start, threshold })
      .onConflictDoNothing()
      .returning({ threshold: hoursNotice.threshold });
    if (!inserted) continue;
    for (const to of await ownerAddresses(ctx.db, hours.companyId))
      await ctx.outbox.enqueue(to, noticeMail(threshold, figures, hours, ctx.app.config.APP_URL));
  }
}
