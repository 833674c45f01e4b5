import { z } from "zod";
import { plainString } from "./fields";

export const ZAuditEntry = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable().meta({ description: "Who made the change, as their address was then." }),
  actorIp: z.string().nullable().meta({ description: "The address the change came from." }),
  action: z.string().meta({ description: "What was done, as `object.verb`, e.g. `company.status_changed`." }),
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable().meta({ description: "The company's current name; null if it was deleted." }),
  objectType: z.string(),
  objectId: z.string().nullable(),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZListAuditLogQuery = z.object({
  companyId: z.uuid("Not a valid company id").optional(),
  cursor: plainString(200)
    .optional()
    .meta({ description: "`nextCursor` of the previous page, for the next (older) one." }),
});
export type TListAuditLogQuery = z.input<typeof ZListAuditLogQuery>;

/** Newest first, one page at a time. */
export const ZListAuditLogResponse = z.object({
  entries: z.array(ZAuditEntry),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: "Pass it as `cursor` for older entries; null on the last page." }),
});

/** Staff read the audit log (its method and path: `operations/audit.ts`). */
export const auditSchemas = {
  listAuditLog: { query: ZListAuditLogQuery, response: ZListAuditLogResponse },
};
export type AuditSchemas = typeof auditSchemas;
