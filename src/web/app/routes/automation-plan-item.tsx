import { useParams } from "react-router";
import { PlanItemScreen } from "../../features/plan/components/plan-item-screen";

/** /automation-plan/:id: one item of the client's plan. */
export function Component() {
  const { id = "" } = useParams();
  return <PlanItemScreen id={id} side="client" />;
}
