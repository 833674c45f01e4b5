import { count, desc, eq } from "drizzle-orm";
import { EMAILS_PAGE_SIZE, type TListEmailsResponse, type TOutboxEmail } from "../../../shared/admin";
import { mailOutbox } from "../../db/schema/mail";
import type { ServiceContext } from "../../context/service-context";

type OutboxRow = Pick<
  typeof mailOutbox.$inferSelect,
  "id" | "to" | "subject" | "kind" | "status" | "attempts" | "lastError" | "createdAt"
>;

/** The columns staff see of a message: never its text, which may hold a sign-in link. */
export const emailColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
};

export const toOutboxEmail = (row: OutboxRow): TOutboxEmail => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Messages the outbox gave up on (or that wait for their next attempt), newest first. */
export async function listEmails(
  { db }: ServiceContext,
  query: { status: "failed" | "pending"; page: number },
): Promise<TListEmailsResponse> {
  const rows = await db
    .select(emailColumns)
    .from(mailOutbox)
    .where(eq(mailOutbox.status, query.status))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(EMAILS_PAGE_SIZE)
    .offset((query.page - 1) * EMAILS_PAGE_SIZE);
  const [total] = await db.select({ total: count() }).from(mailOutbox).where(eq(mailOutbox.status, query.status));
  return { emails: rows.map(toOutboxEmail), page: query.page, pageSize: EMAILS_PAGE_SIZE, total: total?.total ?? 0 };
}
