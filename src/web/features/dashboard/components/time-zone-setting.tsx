import { Suspense, useState } from "react";
import { SettingLine, useInlineEditorFocus } from "../../../components/ui/inline-setting";
import { lazyWithPreload } from "../../../lib/lazy-with-preload";

const TimeZoneEditor = lazyWithPreload(() => import("./time-zone-editor").then((module) => module.TimeZoneEditor));
const prepareEditor = () => void TimeZoneEditor.preload().catch(() => undefined);

const label = (zone: string) => zone.replace(/_/g, " ");

/** Which time zone the company's days follow; its owner can change it, everyone else sees it. */
export function TimeZoneSetting({ timeZone, canEdit }: { timeZone: string; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const { field, change } = useInlineEditorFocus<HTMLSelectElement>(editing);

  const line = (
    <SettingLine
      canEdit={canEdit}
      changeLabel="Change the time zone"
      changeRef={change}
      onChange={() => setEditing(true)}
      onPrepare={prepareEditor}
    >
      Days and months in {label(timeZone)} time.
    </SettingLine>
  );
  if (!editing) return line;
  return (
    // Until the editor's code has arrived (rarely: it loads when "Change" is pointed at), the line stays.
    <Suspense fallback={line}>
      {/* Opened afresh each time, from the zone in use. */}
      <TimeZoneEditor timeZone={timeZone} fieldRef={field} onClose={() => setEditing(false)} />
    </Suspense>
  );
}
