import { Building2, Plus } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "../../../components/layout/page-header";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pager } from "../../../components/ui/pager";
import { count, formatDateTime, plural } from "../../../lib/format";
import { useClients } from "../api/list-clients";
import { ClientsTable } from "./clients-table";
import { ClientsToolbar } from "./clients-toolbar";
import { NewClientDialog } from "./new-client-dialog";
import { useClientsView } from "./use-clients-view";

/** The staff clients table: search, status filter, sort and pages, all kept in the address. */
export function ClientsScreen() {
  const { view, searchText, search, filterStatus, sortBy, goToPage, clear } = useClientsView();
  const clients = useClients(view);
  const [creating, setCreating] = useState(false);
  const data = clients.data;
  const filtered = Boolean(view.q.trim() || view.status);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const newClient = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> New client
    </Button>
  );

  return (
    <>
      <PageHeader title="Clients" description="Every client company of the agency." actions={newClient} />
      <NewClientDialog open={creating} onOpenChange={setCreating} />
      <div className="flex flex-col gap-5">
        <ClientsToolbar view={view} searchText={searchText} onSearch={search} onStatus={filterStatus} />
        {clients.isError ? <Alert tone="error">{clients.error.message}</Alert> : null}
        {data ? (
          data.total === 0 ? (
            filtered ? (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center text-sm">
                <p className="text-muted-foreground">No client matches this search.</p>
                <Button variant="outline" size="sm" onClick={clear}>
                  Clear search and filter
                </Button>
              </div>
            ) : (
              <EmptyState icon={<Building2 />} title="No client companies yet">
                <p>Create the first one: its people get their own portal with their automations and figures.</p>
                <div className="mt-4">{newClient}</div>
              </EmptyState>
            )
          ) : (
            <>
              <p className="text-sm text-muted-foreground">
                <span aria-live="polite">
                  {plural(data.total, "client")}
                  {filtered ? " match" : ""}
                </span>
                {" · "}
                {data.refreshedAt ? `Figures as of ${formatDateTime(data.refreshedAt)}` : "Figures are being computed"}
              </p>
              {data.clients.length > 0 ? (
                <ClientsTable clients={data.clients} sort={view.sort} dir={view.dir} onSort={sortBy} />
              ) : (
                <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
                  There is no page {count(view.page)}: the last one is {count(pages)}.
                </p>
              )}
              {pages > 1 ? (
                <Pager
                  label="Pages of clients"
                  page={Math.min(view.page, pages)}
                  pageSize={data.pageSize}
                  total={data.total}
                  onPage={goToPage}
                  previousLabel="Previous page"
                  nextLabel="Next page"
                />
              ) : null}
            </>
          )
        ) : clients.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : null}
      </div>
    </>
  );
}
