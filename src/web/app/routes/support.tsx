import { LifeBuoy } from "lucide-react";
import { PageHeader } from "../../components/layout/page-header";
import { EmptyState } from "../../components/ui/empty-state";

export function Component() {
  return (
    <>
      <PageHeader title="Support" description="Ask for help, report a broken automation or request a change." />
      <EmptyState icon={<LifeBuoy />} title="No tickets yet">
        Your conversations with the agency will be listed here with their status. Until tickets open here, write to us
        through the{" "}
        <a href="/contact" className="font-medium text-primary hover:underline">
          contact page
        </a>
        .
      </EmptyState>
    </>
  );
}
