import { PageHeader } from "../../components/layout/page-header";
import { ReadOnlyNote, useReadOnly } from "../../components/layout/read-only";
import { useMe } from "../../features/account/api/get-me";
import { usePlanItems } from "../../features/plan/api/list-plan-items";
import { NewRequestDialog } from "../../features/plan/components/new-request-dialog";
import { PlanOverview } from "../../features/plan/components/plan-overview";

/** The client's roadmap: what they asked for, what we proposed, what is being built and what runs. */
export function Component() {
  const me = useMe();
  const isStaff = me.data?.user.role === "admin";
  const readOnly = useReadOnly();
  return (
    <>
      <PageHeader
        title="Automation plan"
        description={
          isStaff
            ? "Every client's plan items. The queue under Agency sorts them by what waits on us."
            : "Everything we build for you, from your first idea to the hours it saves."
        }
        actions={isStaff || !me.data || readOnly ? null : <NewRequestDialog />}
      />
      <ReadOnlyNote action="Requesting an automation" className="mb-6" />
      <PlanOverview
        useItems={usePlanItems}
        side={isStaff ? "staff" : "client"}
        hrefOf={(id) => (isStaff ? `/admin/plan/${id}` : `/automation-plan/${id}`)}
        empty={
          <p>
            Is there a task your team does by hand, again and again? Request an automation and we will come back with a
            proposal: what we would build, what it would save and what it would cost.
          </p>
        }
      />
    </>
  );
}
