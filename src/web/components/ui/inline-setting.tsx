import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { useReadOnly } from "../layout/read-only";
import { Button } from "./button";

/**
 * Focus for a setting edited in place: into the editor's field when it opens, back to its
 * "Change" button when it closes, never to the page body. The field takes focus as it appears,
 * so an editor whose code arrives after the click gets it too.
 */
function useInlineEditorFocus<T extends HTMLElement>(editing: boolean) {
  const field = useCallback((element: T | null) => {
    element?.focus();
  }, []);
  const change = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!editing && opened.current) change.current?.focus();
    opened.current = opened.current || editing;
  }, [editing]);
  return { field, change };
}

/** A setting as one line of small print, with a "Change" link for whoever may edit it. */
function SettingLine({
  children,
  canEdit,
  changeLabel,
  changeRef,
  onChange,
  onPrepare,
}: {
  children: ReactNode;
  canEdit: boolean;
  /** What "Change" changes, for screen readers: "Change the time zone". */
  changeLabel: string;
  changeRef: Ref<HTMLButtonElement>;
  onChange: () => void;
  /** Called when "Change" is pointed at or focused: the editor's code can start loading. */
  onPrepare?: () => void;
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
          onPointerEnter={onPrepare}
          onFocus={onPrepare}
          aria-label={changeLabel}
        >
          Change
        </Button>
      ) : null}
    </p>
  );
}

/**
 * A setting edited in place: its line with "Change", and in its place, while editing, the editor
 * `editor` renders (its code may load lazily: until it has arrived, the line stays). Focus goes
 * into the editor's field and back to "Change" (useInlineEditorFocus).
 */
export function InlineSetting<T extends HTMLElement>({
  children,
  canEdit,
  changeLabel,
  onPrepare,
  editor,
}: {
  children: ReactNode;
  canEdit: boolean;
  changeLabel: string;
  onPrepare?: () => void;
  editor: (props: { fieldRef: Ref<T>; onClose: () => void }) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const { field, change } = useInlineEditorFocus<T>(editing);
  // Nothing is changed while the screens are read only (staff viewing a client's portal).
  const readOnly = Boolean(useReadOnly());
  const line = (
    <SettingLine
      canEdit={canEdit && !readOnly}
      changeLabel={changeLabel}
      changeRef={change}
      onChange={() => setEditing(true)}
      onPrepare={onPrepare}
    >
      {children}
    </SettingLine>
  );
  if (!editing) return line;
  return <Suspense fallback={line}>{editor({ fieldRef: field, onClose: () => setEditing(false) })}</Suspense>;
}
