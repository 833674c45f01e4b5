import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, letting later Tailwind utilities override earlier ones: a component passes
 * its own classes (one list, free of conflicts by design) and the caller's. A single plain list
 * has nothing to resolve and skips the merge, which is costly, most of all on first use.
 */
export function cn(...inputs: ClassValue[]): string {
  const lists = inputs.filter(Boolean);
  if (lists.length === 1 && typeof lists[0] === "string") return lists[0];
  return twMerge(clsx(lists));
}
