import { Monitor, Moon, Sun } from "lucide-react";
import { useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { applyTheme, readThemeChoice, type ThemeChoice } from "./theme-choice";
import { THEME_TRIGGER_CLASSES, ThemeTriggerIcon } from "./theme-toggle";

const CHOICES: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

/** The theme menu itself (Radix), loaded by ThemeToggle when first wanted and opened at once. */
export default function ThemeMenu() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  return (
    <DropdownMenu defaultOpen onOpenChange={(open) => open && setChoice(readThemeChoice())}>
      <DropdownMenuTrigger className={THEME_TRIGGER_CLASSES} aria-label="Theme">
        <ThemeTriggerIcon />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={choice}
          onValueChange={(value) => {
            const next = value as ThemeChoice;
            setChoice(next);
            applyTheme(next);
          }}
        >
          {CHOICES.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon aria-hidden /> {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
