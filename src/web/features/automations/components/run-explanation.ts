import { count } from "../../../lib/format";
import type { RunRow } from "../../../../shared/automations";

/** What a run means, in words a client understands. */
export function explainRun(run: Pick<RunRow, "status" | "errorMessage" | "itemsProcessed">): string {
  switch (run.status) {
    case "success":
      return run.itemsProcessed > 0
        ? `Finished and handled ${count(run.itemsProcessed)} item${run.itemsProcessed === 1 ? "" : "s"}.`
        : "Finished with nothing to do.";
    case "failed":
      return run.errorMessage
        ? `Stopped before finishing: ${run.errorMessage}`
        : "Stopped before finishing. The automation did not say why; the agency has the technical details.";
    case "running":
      return "Still running when it was last reported.";
    case "skipped":
      return run.errorMessage ? `Skipped: ${run.errorMessage}` : "Skipped: there was nothing to do, or it was not due.";
  }
}
