import { Suspense, useState } from "react";
import { SettingLine, useInlineEditorFocus } from "../../../components/ui/inline-setting";
import { money } from "../../../lib/format";
import { lazyWithPreload } from "../../../lib/lazy-with-preload";

const HourlyValueEditor = lazyWithPreload(() =>
  import("./hourly-value-editor").then((module) => module.HourlyValueEditor),
);
const prepareEditor = () => void HourlyValueEditor.preload().catch(() => undefined);

/** The owner sets what an hour of their staff's time is worth; everyone else sees it. */
export function HourlyValue({
  valueMinor,
  currency,
  canEdit,
}: {
  valueMinor: number;
  currency: string;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const { field, change } = useInlineEditorFocus<HTMLInputElement>(editing);
  const [draft, setDraft] = useState(String(valueMinor / 100));

  const line = (
    <SettingLine
      canEdit={canEdit}
      changeLabel="Change the value of one hour"
      changeRef={change}
      onChange={() => setEditing(true)}
      onPrepare={prepareEditor}
    >
      At {money(valueMinor, currency)} per hour of your team's time.
    </SettingLine>
  );
  if (!editing) return line;
  return (
    // Until the editor's code has arrived (rarely: it loads when "Change" is pointed at), the line stays.
    <Suspense fallback={line}>
      <HourlyValueEditor
        currency={currency}
        draft={draft}
        onDraftChange={setDraft}
        fieldRef={field}
        onClose={() => setEditing(false)}
      />
    </Suspense>
  );
}
