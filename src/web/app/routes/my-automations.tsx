import { Bot } from "lucide-react";
import { PageHeader } from "../../components/layout/page-header";
import { EmptyState } from "../../components/ui/empty-state";

export function Component() {
  return (
    <>
      <PageHeader title="My automations" description="Everything the agency runs for you, with its runs and the time it saves." />
      <EmptyState icon={<Bot />} title="No automations yet">
        When the agency switches on an automation for your company, it appears here with its status, its latest runs, its success rate and the
        hours it saves you.
      </EmptyState>
    </>
  );
}
