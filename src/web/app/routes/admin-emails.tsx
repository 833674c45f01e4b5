import { useId } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { NativeSelect } from "../../components/ui/native-select";
import { EmailTable } from "../../features/admin/components/email-table";
import { pageParam } from "../../lib/search-params";
import type { EmailListStatus } from "../../features/admin/api/list-emails";

/** /admin/emails?status=failed|pending&page= */
export function Component() {
  const [params, setParams] = useSearchParams();
  const status: EmailListStatus = params.get("status") === "pending" ? "pending" : "failed";
  const page = pageParam(params);
  const id = useId();
  return (
    <>
      <PageHeader
        title="Undelivered emails"
        description="Messages the mail server refused at every attempt. Retry one once the cause is fixed."
      />
      <div className="mb-6 flex flex-col gap-1.5 sm:w-64">
        <label htmlFor={id} className="text-sm font-medium">
          Show
        </label>
        <NativeSelect
          id={id}
          value={status}
          onChange={(event) =>
            setParams(event.target.value === "pending" ? { status: "pending" } : {}, { replace: true })
          }
        >
          <option value="failed">Undelivered</option>
          <option value="pending">Waiting for their next attempt</option>
        </NativeSelect>
      </div>
      <EmailTable
        status={status}
        page={page}
        onPage={(next) => setParams({ ...(status === "pending" ? { status } : {}), page: String(next) })}
      />
    </>
  );
}
