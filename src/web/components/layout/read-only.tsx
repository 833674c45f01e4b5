import { Eye } from "lucide-react";
import { createContext, use, type ReactNode } from "react";

/** The company whose portal is viewed read only (staff viewing as its client), or null. */
const ReadOnlyContext = createContext<string | null>(null);

export function ReadOnlyProvider({ viewing, children }: { viewing: string | null; children: ReactNode }) {
  return <ReadOnlyContext value={viewing}>{children}</ReadOnlyContext>;
}

/**
 * The company name while the screens are read only, else null. Write controls are then not
 * offered: the server refuses every change of the session anyway.
 */
export const useReadOnly = () => use(ReadOnlyContext);

/** Stands where a write control would be while the screens are read only: says why it is not there. */
export function ReadOnlyNote({ action, className }: { action: string; className?: string }) {
  const viewing = useReadOnly();
  if (!viewing) return null;
  return (
    <p
      role="note"
      className={`flex items-start gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground ${className ?? ""}`}
    >
      <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {action} is not offered while you view {viewing} as its client (read only). Exit the view to make changes.
      </span>
    </p>
  );
}
