import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import { LEADS_PAGE_SIZE, type LeadStatus, type TListLeadsResponse } from "../../../shared/leads";
import { contactLead } from "../../db/schema/leads";
import { leadColumns, toLead } from "./lead-row";
import type { ServiceContext } from "../../context/service-context";

/** Contact leads, newest first: by status, and by words in the name, email, company or message. */
export async function listLeads(
  { db }: ServiceContext,
  query: { status?: LeadStatus; q?: string; page: number },
): Promise<TListLeadsResponse> {
  const words = query.q?.trim();
  const pattern = words ? `%${words.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const condition = and(
    query.status ? eq(contactLead.status, query.status) : undefined,
    pattern
      ? or(
          ilike(contactLead.name, pattern),
          ilike(contactLead.email, pattern),
          ilike(contactLead.company, pattern),
          ilike(contactLead.message, pattern),
        )
      : undefined,
  );
  const rows = await db
    .select(leadColumns)
    .from(contactLead)
    .where(condition)
    .orderBy(desc(contactLead.createdAt), desc(contactLead.id))
    .limit(LEADS_PAGE_SIZE)
    .offset((query.page - 1) * LEADS_PAGE_SIZE);
  const [total] = await db.select({ total: count() }).from(contactLead).where(condition);
  return { leads: rows.map(toLead), page: query.page, pageSize: LEADS_PAGE_SIZE, total: total?.total ?? 0 };
}
