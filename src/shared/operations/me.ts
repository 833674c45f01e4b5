import { operations } from "../api-operation";
import type { MeSchemas } from "../me";

export const meOps = operations<MeSchemas>()({
  getMe: "GET /api/me",
  listTrustedBrowsers: "GET /api/me/trusted-browsers",
  forgetTrustedBrowser: "DELETE /api/me/trusted-browsers/{id}",
  forgetTrustedBrowsers: "DELETE /api/me/trusted-browsers",
});
