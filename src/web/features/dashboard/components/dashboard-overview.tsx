import { Alert } from "../../../components/ui/alert";
import { useDashboard } from "../api/get-dashboard";
import { DashboardFigures } from "./dashboard-figures";

/** The signed-in client's home figures. */
export function DashboardOverview() {
  const query = useDashboard();
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (!query.data) return <p className="text-muted-foreground">Loading...</p>;
  return <DashboardFigures data={query.data} />;
}
