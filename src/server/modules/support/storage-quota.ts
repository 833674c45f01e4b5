import { and, eq, isNull, sql } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { ticket, ticketAttachment } from "../../db/schema/support";
import { AppError } from "../../lib/app-error";
import type { Database } from "../../db/client";

const MB = 1024 * 1024;
const megabytes = (bytes: number) =>
  bytes < MB
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${(bytes / MB).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
const quotaText = (quotaMb: number) => (quotaMb % 1024 === 0 ? `${quotaMb / 1024} GB` : `${quotaMb} MB`);

/** The bytes of every file on the company's tickets, and of its members' uploads not sent yet. */
export async function storedBytes(db: Pick<Database, "select">, companyId: string) {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${ticketAttachment.sizeBytes})` })
    .from(ticketAttachment)
    .innerJoin(ticket, eq(ticket.id, ticketAttachment.ticketId))
    .where(eq(ticket.companyId, companyId));
  const [unsent] = await db
    .select({ bytes: sql<string | null>`sum(${ticketAttachment.sizeBytes})` })
    .from(ticketAttachment)
    .where(and(eq(ticketAttachment.companyId, companyId), isNull(ticketAttachment.messageId)));
  return Number(row?.bytes ?? 0) + Number(unsent?.bytes ?? 0);
}

/**
 * Refuses files that would take a company's stored files past its quota (ATTACHMENT_QUOTA_MB) with
 * a 413. In a transaction, `lock` holds the company's row until it ends, so that two uploads at
 * once cannot both pass on the same room.
 */
export async function checkStorageQuota(
  db: Pick<Database, "select">,
  companyId: string,
  addingBytes: number,
  quotaMb: number,
  options: { lock?: boolean } = {},
) {
  if (addingBytes === 0) return;
  // NO KEY UPDATE: the new ticket's and message's foreign keys already hold KEY SHARE on this row,
  // which FOR UPDATE would wait on (two uploads at once deadlocked on PostgreSQL).
  if (options.lock)
    await db.select({ id: company.id }).from(company).where(eq(company.id, companyId)).for("no key update");
  const used = await storedBytes(db, companyId);
  if (used + addingBytes <= quotaMb * MB) return;
  throw new AppError(
    "PAYLOAD_TOO_LARGE",
    `These files (${megabytes(addingBytes)}) do not fit in the company's file storage of ${quotaText(quotaMb)}: ` +
      `${megabytes(used)} is already used. Send smaller files, or ask the agency to make room.`,
    { reason: "storage-quota" },
  );
}
