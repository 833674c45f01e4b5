import { Eye } from "lucide-react";
import { useNavigate } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { useStartViewAs } from "../api/start-view-as";

/**
 * Staff open a client company's portal as its client sees it, read only, for an hour, on this
 * session; the client's dashboard then shows, with the banner to exit.
 */
export function ViewAsClientButton({ companyId, companyName }: { companyId: string; companyName: string }) {
  const start = useStartViewAs();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      disabled={start.isPending}
      aria-label={`View as client: see ${companyName}'s portal as its client does, read only`}
      onClick={() =>
        start.mutateAsync(companyId).then(
          () => navigate(screenPath("/secure-dashboard")),
          (error: Error) => toast.error(error.message),
        )
      }
    >
      <Eye aria-hidden /> {start.isPending ? "Opening…" : "View as client"}
    </Button>
  );
}
