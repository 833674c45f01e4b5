import { useSearchParams } from "react-router";
import { DAY_PATTERN } from "../../../../shared/days";
import { SECURITY_EVENT_TYPES, type SecurityEventType } from "../../../../shared/security-posture";
import type { SecurityEventFilter } from "../api/list-security-events";

const FILTER_KEYS = ["type", "from", "to", "user", "ip"] as const;

/** The security log's filters, read from and written to the URL. */
export function useSecurityLogQuery() {
  const [params, setParams] = useSearchParams();
  const type = params.get("type");
  const day = (key: string) => (DAY_PATTERN.test(params.get(key) ?? "") ? params.get(key)! : undefined);
  const filter: SecurityEventFilter = {
    type: (SECURITY_EVENT_TYPES as readonly string[]).includes(type ?? "") ? (type as SecurityEventType) : undefined,
    from: day("from"),
    to: day("to"),
    user: params.get("user")?.trim() || undefined,
    ip: params.get("ip")?.trim() || undefined,
  };
  const apply = (next: SecurityEventFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of FILTER_KEYS) {
          const value = next[key]?.trim();
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );
  return { filter, apply, key: params.toString() };
}
