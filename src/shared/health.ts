import { z } from "zod";

export const ZHealthResponse = z.object({ ok: z.literal(true) });

export const ZReadinessResponse = z.object({
  ready: z.literal(true),
  checks: z.object({
    database: z.literal("reachable"),
    migrations: z.literal("applied"),
  }),
});
export type TReadinessResponse = z.infer<typeof ZReadinessResponse>;

/** Whether the server is up, and whether it is ready for traffic (their methods and paths: `operations/health.ts`). */
export const healthSchemas = {
  getHealth: { response: ZHealthResponse },
  getReadiness: { response: ZReadinessResponse },
};
export type HealthSchemas = typeof healthSchemas;
