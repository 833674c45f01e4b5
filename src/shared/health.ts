import { z } from "zod";

export const ZHealthResponse = z.object({ ok: z.literal(true) });

/** Whether the server is up (its method and path: `operations/health.ts`). */
export const healthSchemas = {
  getHealth: { response: ZHealthResponse },
};
export type HealthSchemas = typeof healthSchemas;
