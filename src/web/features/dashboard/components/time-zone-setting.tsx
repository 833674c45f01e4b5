import { InlineSetting } from "../../../components/ui/inline-setting";
import { lazyWithPreload } from "../../../lib/lazy-with-preload";

const TimeZoneEditor = lazyWithPreload(() => import("./time-zone-editor").then((module) => module.TimeZoneEditor));
const prepareEditor = () => void TimeZoneEditor.preload().catch(() => undefined);

const label = (zone: string) => zone.replace(/_/g, " ");

/** Which time zone the company's days follow; its owner can change it, everyone else sees it. */
export function TimeZoneSetting({ timeZone, canEdit }: { timeZone: string; canEdit: boolean }) {
  return (
    <InlineSetting<HTMLSelectElement>
      canEdit={canEdit}
      changeLabel="Change the time zone"
      onPrepare={prepareEditor}
      // Opened afresh each time, from the zone in use.
      editor={({ fieldRef, onClose }) => <TimeZoneEditor timeZone={timeZone} fieldRef={fieldRef} onClose={onClose} />}
    >
      Days and months in {label(timeZone)} time.
    </InlineSetting>
  );
}
