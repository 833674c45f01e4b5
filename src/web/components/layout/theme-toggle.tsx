import { Moon, Sun } from "lucide-react";
import { lazy, Suspense, useState } from "react";

const loadThemeMenu = () => import("./theme-menu");
const ThemeMenu = lazy(loadThemeMenu);

export const THEME_TRIGGER_CLASSES =
  "inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** The icon is chosen by CSS from the `dark` class, so prerendered HTML and the first client render agree. */
export function ThemeTriggerIcon() {
  return (
    <>
      <Sun className="size-5 dark:hidden" aria-hidden />
      <Moon className="hidden size-5 dark:block" aria-hidden />
    </>
  );
}

/**
 * Light, dark or follow the system; remembered in localStorage. The menu's code (Radix) loads
 * when the button is pointed at or focused, and the menu opens on the first press: pages that
 * never open it never pay for it.
 */
export function ThemeToggle() {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-label="Theme"
      aria-haspopup="menu"
      aria-expanded={false}
      className={THEME_TRIGGER_CLASSES}
      onPointerEnter={() => void loadThemeMenu()}
      onFocus={() => void loadThemeMenu()}
      onClick={() => setWanted(true)}
    >
      <ThemeTriggerIcon />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu />
    </Suspense>
  );
}
