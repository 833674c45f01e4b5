import { z } from "zod";
import { clientsSchemas } from "../../../shared/clients";
import { clientsOps } from "../../../shared/operations/clients";
import { handle, operationEndpoint } from "../../http/endpoint";
import { contextOf } from "../../http/service-context";
import { exportClientsCsv } from "./export-clients.service";
import { listClients } from "./list-clients.service";

const staff = { access: "staff", tag: "Staff: companies" } as const;

const listCompaniesEndpoint = operationEndpoint({
  ...staff,
  operation: clientsOps.listCompanies,
  schemas: clientsSchemas.listCompanies,
  summary: "The clients table: client companies with their figures, searched, filtered, sorted and paged",
  description:
    "The figures (automations, 7-day failure rate, hours saved, last activity) are recomputed every minute; " +
    "`refreshedAt` says when. Ties in the sort are broken by the company's id, so pages never overlap.",
  ok: "One page of the view.",
});

const exportCompaniesEndpoint = operationEndpoint({
  ...staff,
  operation: clientsOps.exportCompanies,
  schemas: clientsSchemas.exportCompanies,
  summary: "The clients table's whole filtered and sorted view, as CSV",
  description: "Cells that a spreadsheet would run as a formula (starting with = + - @) are prefixed with '.",
  ok: "CSV (UTF-8 with a byte order mark), sent as a download named clients-YYYY-MM-DD.csv.",
  responses: {
    200: {
      description: "CSV (UTF-8 with a byte order mark), sent as a download named clients-YYYY-MM-DD.csv.",
      content: { "text/csv": { schema: z.string() } },
    },
  },
});

/** Staff: the clients table and its export (`/export.csv` outranks `/{id}`: http/api-endpoints.ts orders them). */
export function clientsTableEndpoints() {
  return [
    handle(listCompaniesEndpoint, async (c) => c.json(await listClients(contextOf(c), c.req.valid("query")), 200)),
    handle(exportCompaniesEndpoint, async (c) => {
      const { body, fileName } = await exportClientsCsv(contextOf(c), c.req.valid("query"));
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    }),
  ];
}
