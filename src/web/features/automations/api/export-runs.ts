import { operationUrl } from "../../../../shared/api-operation";
import { automationsOps } from "../../../../shared/operations/automations";
import type { TExportRunsQuery } from "../../../../shared/automations";

/**
 * The address of the CSV of an automation's runs started on the days from…to (UTC): a plain
 * link, so the browser downloads it with the session cookie as for any page of ours.
 */
export const exportRunsUrl = (automationId: string, range: TExportRunsQuery): string =>
  operationUrl(automationsOps.exportRuns, { id: automationId }, range);
