import { PageHeader } from "../../components/layout/page-header";
import { AuditLogFeed } from "../../features/audit/components/audit-log-feed";

export function Component() {
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change staff made, and every change owners made to their members and settings: who, when, from where."
      />
      <AuditLogFeed />
    </>
  );
}
