import { UserRound } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { plural } from "../../../lib/format";
import { useUsers } from "../api/list-users";
import { useUserQuery } from "./use-user-query";
import { UserFilters } from "./user-filters";
import { UsersTable } from "./users-table";

/** Staff's users screen: search, filters and pages in the URL, and the actions on each account. */
export function UsersAdmin({ currentUserId }: { currentUserId: string }) {
  const { filter, search, update } = useUserQuery();
  const users = useUsers(filter);
  const filtered = Boolean(filter.q || filter.role || filter.state || filter.signedUpWithin);
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  return (
    <div className="flex flex-col gap-5">
      <UserFilters filter={filter} search={search} update={update} />
      {users.isError ? <Alert tone="error">{users.error.message}</Alert> : null}
      {users.data ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(users.data.total, "account")}
            {filtered ? " match these filters" : ""}
          </p>
          {users.data.users.length === 0 ? (
            <EmptyState icon={<UserRound aria-hidden />} title={filtered ? "No account matches" : "No accounts yet"}>
              {filtered
                ? "Change the search or the filters to see more accounts."
                : "Accounts appear here as people sign up."}
            </EmptyState>
          ) : (
            <UsersTable users={users.data.users} currentUserId={currentUserId} />
          )}
          {pages > 1 || filter.page > 1 ? (
            <nav aria-label="Pages of users" className="flex items-center justify-between gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={filter.page <= 1}
                onClick={() => update({ page: String(filter.page - 1) })}
              >
                Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {filter.page.toLocaleString("en")} of {pages.toLocaleString("en")}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={filter.page >= pages}
                onClick={() => update({ page: String(filter.page + 1) })}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : users.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </div>
  );
}
