export type ThemeChoice = "light" | "dark" | "system";

export function readThemeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem("theme");
    return saved === "light" || saved === "dark" ? saved : "system";
  } catch {
    return "system";
  }
}

/** Applies a choice now and remembers it (src/web/head/page-init.js applies it before the next first paint). */
export function applyTheme(choice: ThemeChoice) {
  const dark = choice === "dark" || (choice === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  try {
    localStorage.setItem("theme", choice);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
