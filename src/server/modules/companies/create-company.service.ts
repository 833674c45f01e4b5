import { company } from "../../db/schema/companies";
import { recordAudit, type AuditActor } from "../audit";
import { writeInvitation } from "./invitations.service";
import type { TCreateClientCompanyRequest } from "../../../shared/companies";
import type { Database } from "../../db/client";

type Input = Required<Pick<TCreateClientCompanyRequest, "name" | "status">> & {
  inviteEmail?: string;
  /** IANA zone; UTC when staff leave it out. */
  timeZone?: string;
};

/**
 * Staff create a client company directly, and invite its first user in the same step: the
 * company, the invitation, its email and the audit entry are written together or not at all.
 */
export async function createClientCompany(
  db: Database,
  actor: AuditActor & { name: string },
  input: Input,
  options: { appUrl: string; auditSummarySuffix?: string },
) {
  return db.transaction((tx) => writeClientCompany(tx, actor, input, options));
}

/**
 * Writes a client company, its first invitation (with its email) and the audit entry in the
 * caller's transaction, for a change that makes a company as one of its steps.
 */
export async function writeClientCompany(
  tx: Pick<Database, "execute" | "insert">,
  actor: AuditActor & { name: string },
  input: Input,
  options: { appUrl: string; auditSummarySuffix?: string },
) {
  const [created] = await tx
    .insert(company)
    .values({ name: input.name, status: input.status, timeZone: input.timeZone ?? "UTC" })
    .returning({ id: company.id, name: company.name, status: company.status, timeZone: company.timeZone });
  const row = created!;
  const invitation = input.inviteEmail
    ? await writeInvitation(tx, {
        companyId: row.id,
        companyName: row.name,
        inviter: actor,
        email: input.inviteEmail,
        appUrl: options.appUrl,
      })
    : null;
  const invited = invitation ? ` and invited ${invitation.email}` : "";
  await recordAudit(tx, actor, {
    action: "company.created",
    companyId: row.id,
    objectType: "company",
    objectId: row.id,
    summary: `Created the client company ${row.name}${invited}${options.auditSummarySuffix ?? ""}`,
    after: { name: row.name, status: row.status, timeZone: row.timeZone, invited: invitation?.email ?? null },
  });
  return { company: row, invitation: invitation && { email: invitation.email, expiresAt: invitation.expiresAt } };
}
