import { useMemo } from "react";
import { timeZoneChoices } from "../../../shared/time-zone-names";
import { NativeSelect } from "./native-select";
import type { Ref, SelectHTMLAttributes } from "react";

/** Every IANA zone the browser knows, grouped by region ("Europe", "America"…), UTC first. */
export function TimeZoneSelect({
  current,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  /** The zone chosen now, listed even when this browser does not know it (an older name). */
  current?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const groups = useMemo(() => {
    const byRegion = new Map<string, string[]>();
    for (const zone of timeZoneChoices()) {
      const region = zone.includes("/") ? zone.slice(0, zone.indexOf("/")) : "Other";
      byRegion.set(region, [...(byRegion.get(region) ?? []), zone]);
    }
    if (current && !timeZoneChoices().includes(current))
      byRegion.set("Other", [current, ...(byRegion.get("Other") ?? [])]);
    return [...byRegion];
  }, [current]);
  return (
    <NativeSelect {...props}>
      {groups.map(([region, zones]) => (
        <optgroup key={region} label={region}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelect>
  );
}
