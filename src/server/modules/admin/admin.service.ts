import { count, eq, sql } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { company } from "../../db/schema/companies";
import { mailOutbox } from "../../db/schema/mail";
import type { Database } from "../../db/client";

/** Headline counts for the agency dashboard. */
export async function getAdminOverview(db: Database) {
  const [users] = await db
    .select({
      clients: sql<number>`count(*) filter (where ${user.role} = 'client')`.mapWith(Number),
      staff: sql<number>`count(*) filter (where ${user.role} = 'admin')`.mapWith(Number),
      unconfirmed: sql<number>`count(*) filter (where not ${user.emailVerified})`.mapWith(Number),
      signUps7d:
        sql<number>`count(*) filter (where ${user.role} = 'client' and ${user.createdAt} > now() - interval '7 days')`.mapWith(
          Number,
        ),
    })
    .from(user);
  const [companies] = await db.select({ total: count() }).from(company);
  const [failedMail] = await db.select({ total: count() }).from(mailOutbox).where(eq(mailOutbox.status, "failed"));
  return {
    clients: users?.clients ?? 0,
    staff: users?.staff ?? 0,
    unconfirmedUsers: users?.unconfirmed ?? 0,
    signUpsLast7Days: users?.signUps7d ?? 0,
    companies: companies?.total ?? 0,
    undeliveredMail: failedMail?.total ?? 0,
  };
}
