import { Copy, TriangleAlert } from "lucide-react";
import { useId, useRef, useState } from "react";
import { reportRunCurl } from "../../../../shared/automations";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../lib/toast";
import type { TIssueIngestKeyResponse } from "../../../../shared/automations";

interface KeyRevealDialogProps {
  automationName: string;
  issued: TIssueIngestKeyResponse;
  onClose: () => void;
}

/** Copies text to the clipboard; false when the browser refuses (no permission, not a secure page). */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The new key, shown this once, with a ready curl command that reports one run with it. */
export function KeyRevealDialog({ automationName, issued, onClose }: KeyRevealDialogProps) {
  const keyId = useId();
  const exampleId = useId();
  const keyField = useRef<HTMLInputElement>(null);
  const exampleField = useRef<HTMLTextAreaElement>(null);
  const { fallback, copy } = useCopy();
  const example = reportRunCurl(window.location.origin, issued.key);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      {/* A stray click outside must not throw the only copy of the key away. */}
      <DialogContent className="max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Ingest key for {automationName}</DialogTitle>
          <DialogDescription>
            The automation sends it as <code>Authorization: Bearer &lt;key&gt;</code> with each run it reports.
          </DialogDescription>
        </DialogHeader>
        <ShownOnceWarning />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={keyId} className="text-sm font-medium">
            Ingest key
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={keyId}
              ref={keyField}
              readOnly
              value={issued.key}
              className="font-mono text-xs sm:text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="outline" onClick={() => void copy(issued.key, "key", keyField.current)}>
              <Copy aria-hidden /> Copy key
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={exampleId} className="text-sm font-medium">
            Try it: report one run with curl
          </label>
          <Textarea
            id={exampleId}
            ref={exampleField}
            readOnly
            rows={6}
            value={example}
            spellCheck={false}
            className="font-mono text-xs sm:text-xs"
          />
          <Button
            variant="outline"
            className="self-start"
            onClick={() => void copy(example, "example", exampleField.current)}
          >
            <Copy aria-hidden /> Copy example
          </Button>
        </div>
        {/* Present from the start, so that screen readers announce the message when it appears. */}
        <p role="status" className={fallback ? "text-sm" : "sr-only"}>
          {fallback}
        </p>
        <DialogFooter>
          <Button onClick={onClose}>Done, I have copied it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ShownOnceWarning() {
  return (
    <p className="flex gap-2 rounded-md border border-warning/50 bg-warning/15 px-4 py-3 text-sm">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong>This key is shown only this once.</strong> Copy it into the automation platform&apos;s credentials now;
        we keep only a fingerprint of it. If it is lost, rotate the key.
      </span>
    </p>
  );
}

/** Copies to the clipboard; when the browser refuses, selects the field and says how to copy by hand. */
function useCopy() {
  const [fallback, setFallback] = useState<string | null>(null);

  const copy = async (text: string, what: "key" | "example", field: HTMLInputElement | HTMLTextAreaElement | null) => {
    if (await writeClipboard(text)) {
      setFallback(null);
      toast.success(what === "key" ? "Key copied" : "Example copied");
      return;
    }
    field?.focus();
    field?.select();
    setFallback(`Your browser did not let us copy the ${what}. It is selected: press Ctrl+C (⌘C on a Mac) to copy it.`);
  };
  return { fallback, copy };
}
