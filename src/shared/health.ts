import { z } from "zod";

export const ZHealthResponse = z.object({ ok: z.literal(true) });
export type THealthResponse = z.infer<typeof ZHealthResponse>;
