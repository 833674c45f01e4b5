import { PageHeader } from "../../components/layout/page-header";
import { ChannelsCard } from "../../features/channels/components/channels-card";

/** /admin/notifications: the agency's own alert channels (Slack, Teams, webhooks) and their delivery logs. */
export function Component() {
  return (
    <>
      <PageHeader
        title="Alert channels"
        description="Where the agency hears of every client's failing automations, tickets, proposals and invoices."
      />
      <ChannelsCard audience="agency" />
    </>
  );
}
