import { useState } from "react";
import { InlineSetting } from "../../../components/ui/inline-setting";
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
  const [draft, setDraft] = useState(String(valueMinor / 100));
  return (
    <InlineSetting<HTMLInputElement>
      canEdit={canEdit}
      changeLabel="Change the value of one hour"
      onPrepare={prepareEditor}
      editor={({ fieldRef, onClose }) => (
        <HourlyValueEditor
          currency={currency}
          draft={draft}
          onDraftChange={setDraft}
          fieldRef={fieldRef}
          onClose={onClose}
        />
      )}
    >
      At {money(valueMinor, currency)} per hour of your team's time.
    </InlineSetting>
  );
}
