import { staffSupportRoutes } from "../modules/support/staff-support.routes";
import { createRouter } from "./router";
import type { Database } from "../db/client";

/** The staff console's support endpoints, mounted under /api (every one of them declares `access: "staff"`). */
export function staffRoutes({ db }: { db: Database }) {
  return createRouter().route("/staff", staffSupportRoutes(db));
}
