import { clientsViewParams, type ClientsView } from "./list-clients";

/**
 * The address of the CSV of the whole view (every page): a plain link, so the browser
 * downloads it with the session cookie as for any page of ours.
 */
export function exportClientsUrl(view: ClientsView): string {
  const query = clientsViewParams({ ...view, page: undefined }).toString();
  return `/api/staff/companies/export.csv${query ? `?${query}` : ""}`;
}
