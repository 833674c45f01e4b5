import { operationUrl } from "../../../../shared/api-operation";
import { clientsOps } from "../../../../shared/operations/clients";
import { clientsViewQuery, type ClientsView } from "./list-clients";

/**
 * The address of the CSV of the whole view (every page): a plain link, so the browser
 * downloads it with the session cookie as for any page of ours.
 */
export function exportClientsUrl(view: ClientsView): string {
  const { page: _page, ...query } = clientsViewQuery(view);
  return operationUrl(clientsOps.exportCompanies, {}, query);
}
