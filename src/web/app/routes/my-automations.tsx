import { PageHeader } from "../../components/layout/page-header";
import { useMe } from "../../features/account/api/get-me";
import { AutomationList } from "../../features/automations/components/automation-list";

export function Component() {
  const me = useMe();
  // Staff see every client company's automations (unless they view one company as its client).
  const staff = me.data?.user.role === "admin" && !me.data.viewingAs;
  return (
    <>
      <PageHeader
        title={staff ? "Client automations" : "My automations"}
        description={
          staff
            ? "Every client company's automations, with their runs and the time they save."
            : "Everything the agency runs for you, with its runs and the time it saves."
        }
      />
      <AutomationList showCompany={staff} />
    </>
  );
}
