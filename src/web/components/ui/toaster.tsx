import { lazy, Suspense, useSyncExternalStore, type CSSProperties } from "react";
import { TOAST } from "../../../shared/constants";

// Loaded after hydration: most visits never show a toast, and `toast()` callers import sonner themselves.
const Sonner = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * The app's toasts with the seed's settings (4000 ms, 3 visible, gap 14, width 356,
 * bottom-right). Mounted after hydration so prerendered pages match the first client render.
 */
export function Toaster() {
  // false while hydrating (and in prerendering), true after: no mismatch, no effect needed.
  const mounted = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!mounted) return null;
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

const noSubscription = () => () => {};
