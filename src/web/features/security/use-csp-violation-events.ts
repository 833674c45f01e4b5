import { useEffect } from "react";
import { listenForCspViolations } from "./security-events";

export function useCspViolationEvents(): void {
  useEffect(() => listenForCspViolations(), []);
}
