import { z } from "zod";

/* Staff viewing a client's portal as its client sees it, read only, for at most an hour. */

export const VIEW_AS_MINUTES = 60;

export const ZViewingAs = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  until: z.iso.datetime().meta({ description: "The view ends by itself then." }),
});
export type TViewingAs = z.infer<typeof ZViewingAs>;

export const ZStartViewAsResponse = z.object({ viewingAs: ZViewingAs });

export const ZEndViewAsResponse = z.object({
  ended: z
    .object({ companyId: z.uuid(), companyName: z.string().nullable() })
    .nullable()
    .meta({ description: "The company that was being viewed; null when none was." }),
});
export type TEndViewAsResponse = z.infer<typeof ZEndViewAsResponse>;

/** The answer to every write while viewing. */
export const readOnlyMessage = (companyName: string | null) =>
  `Read only: you are viewing ${companyName ?? "a client company"} as its client. Exit to make changes.`;

/** The view-as API, operation by operation (its methods and paths: `operations/view-as.ts`). */
export const viewAsSchemas = {
  startViewAs: { params: z.object({ id: z.uuid() }), response: ZStartViewAsResponse },
  endViewAs: { response: ZEndViewAsResponse },
};
export type ViewAsSchemas = typeof viewAsSchemas;
