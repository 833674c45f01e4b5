import { and, eq, gt, lt, notExists, sql } from "drizzle-orm";
import { companyStatusAt } from "../../db/company-status";
import { user } from "../../db/schema/auth";
import { company, companyMember } from "../../db/schema/companies";
import { notificationPreference, weeklyDigest } from "../../db/schema/notifications";
import { digestFigures } from "./digest-figures.service";
import { weeklyDigestMail } from "./digest-mail";
import { DIGEST_HOUR, digestWeek, type DigestWeek } from "./digest-week";
import type { ServiceContext } from "../../context/service-context";

/** Companies looked at per query; a pass goes on until none is left for the week. */
const CHUNK = 50;

/**
 * Writes the weekly digests that are due at the context's `now`, each company on Monday morning in its own time
 * zone: for each company that has none for its reported week yet, one transaction inserts its
 * `weekly_digest` row (the claim: the primary key admits one per company and week, whichever
 * instance gets there first; the loser's insert does nothing) and writes one mail per member who
 * wants it. A failure rolls the claim back with the mails, so the next pass tries again. Returns
 * how many companies got their digest.
 */
export async function sendDueDigests(ctx: ServiceContext): Promise<number> {
  const { db, now } = ctx;
  // The company's clock now, and the Monday its week began (date_trunc's weeks are ISO weeks).
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${company.timeZone})`;
  const thisMonday = sql`date_trunc('week', ${local})`;
  let sent = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  let failure: unknown;
  for (;;) {
    const candidates = await db
      .select({ id: company.id, timeZone: company.timeZone })
      .from(company)
      .where(
        and(
          // Walks the companies once by id: one whose digest fails does not hold up the others.
          gt(company.id, after),
          sql`${companyStatusAt(now)} <> 'churned'`,
          // Monday from DIGEST_HOUR on, local time (digestWeek below has the last word).
          sql`extract(isodow from ${local}) = 1 and extract(hour from ${local}) >= ${DIGEST_HOUR}`,
          // A company that did not exist during the week has nothing to report.
          lt(company.createdAt, sql`(${thisMonday} at time zone ${company.timeZone})`),
          notExists(
            db
              .select({ one: sql`1` })
              .from(weeklyDigest)
              .where(
                and(
                  eq(weeklyDigest.companyId, company.id),
                  sql`${weeklyDigest.weekStart} = (${thisMonday} - interval '7 days')::date`,
                ),
              ),
          ),
        ),
      )
      .orderBy(company.id)
      .limit(CHUNK);
    if (candidates.length === 0) break;
    for (const candidate of candidates) {
      after = candidate.id;
      const week = digestWeek(now, candidate.timeZone);
      if (!week.due) continue;
      const written = await sendDigest(ctx, { companyId: candidate.id, week, timeZone: candidate.timeZone }).catch(
        (error: unknown) => {
          failure ??= error;
          return false;
        },
      );
      if (written) sent += 1;
    }
  }
  // Nothing of a failed company was kept: the next pass tries it again, and the job logs why.
  if (failure) throw failure;
  return sent;
}

/** One company's digest, claimed and written in one transaction; false when another instance had it. */
async function sendDigest(
  ctx: ServiceContext,
  { companyId, week, timeZone }: { companyId: string; week: DigestWeek; timeZone: string },
) {
  return ctx.transaction(async (tx) => {
    const { links } = tx.app;
    const readers = await tx.db
      .select({ userId: user.id, email: user.email })
      .from(companyMember)
      .innerJoin(user, eq(user.id, companyMember.userId))
      .leftJoin(notificationPreference, eq(notificationPreference.userId, user.id))
      .where(and(eq(companyMember.companyId, companyId), sql`coalesce(${notificationPreference.weeklyDigest}, true)`))
      .orderBy(user.email);
    const claimed = await tx.db
      .insert(weeklyDigest)
      .values({ companyId, weekStart: week.start, recipients: readers.length })
      .onConflictDoNothing()
      .returning({ companyId: weeklyDigest.companyId });
    if (claimed.length === 0 || readers.length === 0) return claimed.length > 0;
    const [row] = await tx.db
      .select({ name: company.name, currency: company.currency, hourlyValueMinor: company.hourlyValueMinor })
      .from(company)
      .where(eq(company.id, companyId));
    const figures = await digestFigures(tx, { companyId, hourlyValueMinor: row!.hourlyValueMinor, week, timeZone });
    for (const reader of readers) {
      const mail = weeklyDigestMail({
        companyName: row!.name,
        currency: row!.currency,
        start: week.start,
        end: week.end,
        figures,
        dashboardUrl: `${links.appUrl}/secure-dashboard`,
        unsubscribe: links.unsubscribe(reader.userId, "digest"),
      });
      await tx.outbox.enqueue(reader.email, mail);
    }
    return true;
  });
}
