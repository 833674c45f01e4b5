import { useEffect, useState } from "react";
import { Toaster as Sonner } from "sonner";
import { TOAST } from "../../../shared/constants";

/**
 * The app's toasts with the seed's settings (4000 ms, 3 visible, gap 14, width 356,
 * bottom-right). Mounted after hydration so prerendered pages match the first client render.
 */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Sonner
      position={TOAST.position}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      gap={TOAST.gap}
      theme={document.documentElement.classList.contains("dark") ? "dark" : "light"}
      style={{ "--width": `${TOAST.width}px` } as React.CSSProperties}
      toastOptions={{ classNames: { toast: "font-sans", description: "text-muted-foreground!" } }}
    />
  );
}
