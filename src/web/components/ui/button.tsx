import { Slot } from "@radix-ui/react-slot";
import { cn } from "../../lib/cn";
import type { ButtonHTMLAttributes, Ref } from "react";

const variants = {
  default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
  secondary: "bg-muted text-foreground hover:bg-muted/80",
  outline: "border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

const sizes = {
  default: "h-10 px-4 py-2 text-sm",
  sm: "h-9 px-3 text-sm",
  lg: "h-11 px-6 text-base",
  icon: "h-10 w-10 text-sm",
} as const;
/** A link-styled button sits in running text: no box of its own, whatever the size. */
const LINK_SIZE = "h-auto px-0 text-sm";

const BASE =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring " +
  "disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The class list of a button, for links that should look like one. */
export function buttonClasses(variant: ButtonVariant = "default", size: ButtonSize = "default", className?: string) {
  // Base, variant and size never set the same property, so only a caller's classes need merging.
  return cn(`${BASE} ${variants[variant]} ${variant === "link" ? LINK_SIZE : sizes[size]}`, className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a router Link) with the button's look instead of a <button>. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, className, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={buttonClasses(variant, size, className)} {...props} />;
  return <button type={type ?? "button"} className={buttonClasses(variant, size, className)} {...props} />;
}
