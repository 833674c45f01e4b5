/**
 * The address of the CSV of an automation's runs started on the days from…to (UTC): a plain
 * link, so the browser downloads it with the session cookie as for any page of ours.
 */
export function exportRunsUrl(automationId: string, range: { from?: string; to?: string }): string {
  const params = new URLSearchParams();
  if (range.from) params.set("from", range.from);
  if (range.to) params.set("to", range.to);
  const query = params.size ? `?${params}` : "";
  return `/api/automations/${encodeURIComponent(automationId)}/runs/export.csv${query}`;
}
