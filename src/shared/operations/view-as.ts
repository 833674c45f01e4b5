import { operations } from "../api-operation";
import type { ViewAsSchemas } from "../view-as";

export const viewAsOps = operations<ViewAsSchemas>()({
  startViewAs: "POST /api/staff/companies/{id}/view-as",
  endViewAs: "DELETE /api/staff/view-as",
});
