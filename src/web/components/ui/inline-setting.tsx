import { useEffect, useRef, type ReactNode, type Ref } from "react";
import { Button } from "./button";

/**
 * Focus for a setting edited in place: into the editor's field when it opens, back to its
 * "Change" button when it closes, never to the page body.
 */
export function useInlineEditorFocus<T extends HTMLElement>(editing: boolean) {
  const field = useRef<T>(null);
  const change = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (editing) field.current?.focus();
    else if (opened.current) change.current?.focus();
    opened.current = opened.current || editing;
  }, [editing]);
  return { field, change };
}

/** A setting as one line of small print, with a "Change" link for whoever may edit it. */
export function SettingLine({
  children,
  canEdit,
  changeLabel,
  changeRef,
  onChange,
}: {
  children: ReactNode;
  canEdit: boolean;
  /** What "Change" changes, for screen readers: "Change the time zone". */
  changeLabel: string;
  changeRef: Ref<HTMLButtonElement>;
  onChange: () => void;
}) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
      <span>{children}</span>
      {canEdit ? (
        <Button
          ref={changeRef}
          variant="link"
          className="h-auto p-0 text-xs"
          onClick={onChange}
          aria-label={changeLabel}
        >
          Change
        </Button>
      ) : null}
    </p>
  );
}
