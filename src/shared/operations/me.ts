import { operations } from "../api-operation";
import type { MeSchemas } from "../me";

export const meOps = operations<MeSchemas>()({
  getMe: "GET /api/me",
});
