import { UserRound } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pager } from "../../../components/ui/pager";
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
          <Pager
            label="Pages of users"
            page={filter.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            onPage={(page) => update({ page: String(page) })}
          />
        </>
      ) : users.isPending ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : null}
    </div>
  );
}
