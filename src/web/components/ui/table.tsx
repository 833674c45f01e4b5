import { ArrowLeft, ArrowRight } from "lucide-react";
import { useEffect, useRef, useState, type HTMLAttributes, type TdHTMLAttributes, type ThHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** Which way a box scrolled sideways still hides columns. */
type Hidden = { left: boolean; right: boolean };

/** Follows a sideways-scrolling box: whether columns are hidden to its left or right, as it scrolls and resizes. */
function useHiddenColumns() {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ left: false, right: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const rest = element.scrollWidth - element.clientWidth - element.scrollLeft;
      const next = { left: element.scrollLeft > 1, right: rest > 1 };
      setHidden((current) => (current.left === next.left && current.right === next.right ? current : next));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    // Every browser has ResizeObserver; the test DOM does not, and there nothing ever overflows.
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, []);
  // One tap to either end: tables here are a few columns too wide, rarely more than a screen.
  const scroll = (to: "start" | "end") =>
    box.current?.scrollTo({ left: to === "start" ? 0 : box.current.scrollWidth, behavior: "smooth" });
  return { box, hidden, scroll };
}

/**
 * A table that scrolls sideways inside its own box on narrow screens. When columns are out of
 * view, a fade marks the edge they hide behind and a round button on that edge brings them in:
 * on a phone, the last columns (an invoice's PDF, staff's actions) are one tap away, not a guess.
 */
export function Table({ className, label, ...props }: HTMLAttributes<HTMLTableElement> & { label?: string }) {
  const { box, hidden, scroll } = useHiddenColumns();
  const fade = "pointer-events-none absolute inset-y-0 z-20 w-8 from-card to-transparent";
  // Round buttons on the table's edges, over columns hidden anyway: appearing once the table is
  // measured, they move nothing (a marketing page's layout must not shift when it hydrates).
  return (
    <div className="relative">
      <div
        ref={box}
        className="relative w-full overflow-x-auto rounded-xl border bg-card"
        role={label ? "region" : undefined}
        aria-label={label}
        tabIndex={label ? 0 : undefined}
      >
        <table className={cn("w-full caption-bottom border-collapse text-sm", className)} {...props} />
      </div>
      {hidden.right ? <div aria-hidden className={cn(fade, "right-px rounded-r-xl bg-linear-to-l")} /> : null}
      {hidden.left ? (
        <ColumnsButton side="left" name="First columns" label={label} onClick={() => scroll("start")} />
      ) : null}
      {hidden.right ? (
        <ColumnsButton side="right" name="More columns" label={label} onClick={() => scroll("end")} />
      ) : null}
    </div>
  );
}

/** A round arrow over one edge of the table, named for the table it scrolls ("More columns of Your invoices"). */
function ColumnsButton({
  side,
  name,
  label,
  onClick,
}: {
  side: "left" | "right";
  name: string;
  label?: string;
  onClick: () => void;
}) {
  const Arrow = side === "left" ? ArrowLeft : ArrowRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label ? `${name} of ${label}` : name}
      title={name}
      className={cn(
        "absolute top-1/2 z-30 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full border bg-card shadow-sm",
        "text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
        side === "left" ? "left-2" : "right-2",
      )}
    >
      <Arrow aria-hidden className="size-4" />
    </button>
  );
}

export function TableCaption({ className, ...props }: HTMLAttributes<HTMLTableCaptionElement>) {
  return <caption className={cn("px-4 py-3 text-sm text-muted-foreground", className)} {...props} />;
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn("bg-muted/60 [&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("border-b transition-colors", className)} {...props} />;
}

export function TableHead({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th className={cn("h-11 px-4 text-left align-middle font-semibold text-foreground", className)} {...props} />;
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("px-4 py-3 align-middle", className)} {...props} />;
}
