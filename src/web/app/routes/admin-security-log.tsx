import { PageHeader } from "../../components/layout/page-header";
import { SecurityLog } from "../../features/security/components/security-log";

export function Component() {
  return (
    <>
      <PageHeader
        title="Security log"
        description="Failed sign-ins, rate-limit hits, session timeouts, CSP violations and staff actions on accounts."
      />
      <SecurityLog />
    </>
  );
}
