import { PageHeader } from "../../components/layout/page-header";
import { useAuth } from "../../features/auth/auth-context";
import { AutomationList } from "../../features/automations/components/automation-list";

export function Component() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title="My automations"
        description="Everything the agency runs for you, with its runs and the time it saves."
      />
      <AutomationList showCompany={user?.role === "admin"} />
    </>
  );
}
