import { z } from "zod";
import { ZExportClientsQuery, ZListClientsQuery, ZListClientsResponse } from "../../../shared/clients";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { exportClientsCsv } from "./export-clients.service";
import { listClients } from "./list-clients.service";
import type { Database } from "../../db/client";

const staff = { access: "staff", tag: "Staff: companies" } as const;

const listCompaniesEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/",
  operationId: "listCompanies",
  summary: "The clients table: client companies with their figures, searched, filtered, sorted and paged",
  description:
    "The figures (automations, 7-day failure rate, hours saved, last activity) are recomputed every minute; " +
    "`refreshedAt` says when. Ties in the sort are broken by the company's id, so pages never overlap.",
  request: { query: ZListClientsQuery },
  responses: { 200: json(ZListClientsResponse, "One page of the view.") },
});

const exportCompaniesEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/export.csv",
  operationId: "exportCompanies",
  summary: "The clients table's whole filtered and sorted view, as CSV",
  description: "Cells that a spreadsheet would run as a formula (starting with = + - @) are prefixed with '.",
  request: { query: ZExportClientsQuery },
  responses: {
    200: {
      description: "CSV (UTF-8 with a byte order mark), sent as a download named clients-YYYY-MM-DD.csv.",
      content: { "text/csv": { schema: z.string() } },
    },
  },
});

/** Staff: the clients table and its export. Mounted before the other company routes, whose `/{id}` would take `export.csv`. */
export function clientsTableRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(listCompaniesEndpoint, async (c) => c.json(await listClients(db, c.req.valid("query")), 200))
    .openapi(exportCompaniesEndpoint, async (c) => {
      const { body, fileName } = await exportClientsCsv(db, c.req.valid("query"));
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    });
}
