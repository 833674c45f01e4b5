import { and, eq } from "drizzle-orm";
import { CHANNEL_KIND_LABELS } from "../../../shared/channels-labels";
import { user } from "../../db/schema/auth";
import { notificationChannel } from "../../db/schema/channels";
import { company, companyMember } from "../../db/schema/companies";
import { layout } from "../../mail/layout";
import type { ServiceContext } from "../../context/service-context";

export const DISABLED_REASON = "Every delivery failed for 24 hours.";

/**
 * Disables a channel that has failed for 24 hours and mails its owners (the company's owners, or
 * every staff account for the agency's channels), in the caller's transaction. The conditional
 * update lets one transaction disable it: the owners are mailed once.
 */
export async function disableFailingChannel(tx: ServiceContext, channelId: string): Promise<void> {
  const [channel] = await tx.db
    .update(notificationChannel)
    .set({ enabled: false, disabledAt: tx.now, disabledReason: DISABLED_REASON })
    .where(and(eq(notificationChannel.id, channelId), eq(notificationChannel.enabled, true)))
    .returning();
  if (!channel) return;
  const owners = channel.companyId
    ? await tx.db
        .select({ email: user.email, companyName: company.name })
        .from(companyMember)
        .innerJoin(user, eq(user.id, companyMember.userId))
        .innerJoin(company, eq(company.id, companyMember.companyId))
        .where(and(eq(companyMember.companyId, channel.companyId), eq(companyMember.role, "owner")))
    : await tx.db.select({ email: user.email, companyName: user.name }).from(user).where(eq(user.role, "admin"));
  const where = channel.companyId ? "/account" : "/admin/notifications";
  for (const owner of owners) {
    await tx.outbox.enqueue(
      owner.email,
      layout({
        kind: "channel-disabled",
        subject: `Alert channel turned off: ${channel.name}`,
        intro:
          `Every delivery to the ${CHANNEL_KIND_LABELS[channel.kind]} channel “${channel.name}” has failed for 24 hours, ` +
          "so it is turned off and gets no more events.",
        details: [["Address", channel.urlHint]],
        action: { label: "Check the channel", url: `${tx.app.links.appUrl}${where}` },
        outro:
          "Its delivery log shows what the receiver answered. Fix the address or the receiver, then turn it on again.",
      }),
    );
  }
}
