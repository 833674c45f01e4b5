import { Map } from "lucide-react";
import { PageHeader } from "../../components/layout/page-header";
import { EmptyState } from "../../components/ui/empty-state";

export function Component() {
  return (
    <>
      <PageHeader
        title="Automation plan"
        description="The roadmap of automations for your company, from request to live."
      />
      <EmptyState icon={<Map />} title="No plan items yet">
        Each item of your plan moves from Requested to Proposed, Approved, Building and Live, with the problem it
        solves, the hours it should save and its setup fee. Requests and proposals will show here.
      </EmptyState>
    </>
  );
}
