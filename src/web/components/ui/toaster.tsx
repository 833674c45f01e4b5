import { lazy, Suspense, type CSSProperties } from "react";
import { TOAST } from "../../../shared/constants";
import { useHydrated } from "../../lib/use-hydrated";

// Loaded after hydration: most visits never show a toast, and `toast()` (src/web/lib/toast.ts) loads it with the first toast.
const Sonner = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * The app's toasts with the seed's settings (4000 ms, 3 visible, gap 14, width 356,
 * bottom-right). Mounted after hydration so prerendered pages match the first client render.
 */
export function Toaster() {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <Sonner
        position={TOAST.position}
        duration={TOAST.durationMs}
        visibleToasts={TOAST.visible}
        gap={TOAST.gap}
        theme={document.documentElement.classList.contains("dark") ? "dark" : "light"}
        style={{ "--width": `${TOAST.width}px` } as CSSProperties}
        toastOptions={{ classNames: { toast: "font-sans", description: "text-muted-foreground!" } }}
      />
    </Suspense>
  );
}
