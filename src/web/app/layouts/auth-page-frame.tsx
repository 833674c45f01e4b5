import { CheckCircle2 } from "lucide-react";
import { Brand } from "../../components/layout/brand";
import { ThemeToggle } from "../../components/layout/theme-toggle";
import type { ReactNode } from "react";

const POINTS = [
  "Every automation we run for you, with its latest runs",
  "Hours and money saved, month by month",
  "Plans, invoices and support in one place",
];

/** The frame of the sign-in, link-expired and reset screens: brand, a short pitch, the form. */
export function AuthPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-[calc(100dvh-var(--posture-offset))] lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside className="hidden flex-col justify-between bg-primary p-10 text-primary-foreground lg:flex">
        <div className="[&_a]:text-primary-foreground [&_path]:fill-primary [&_rect]:fill-primary-foreground">
          <Brand />
        </div>
        <div className="max-w-md">
          <p className="text-3xl leading-tight font-semibold">
            Your automations, what they save, and what they cost. In one place.
          </p>
          <ul className="mt-8 space-y-3">
            {POINTS.map((point) => (
              <li key={point} className="flex items-start gap-3">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm opacity-80">
          Sessions are kept on our server in a secure cookie. We never see your password in plain text.
        </p>
      </aside>
      <div className="flex flex-col">
        <header className="flex items-center justify-between px-4 py-4 sm:px-8">
          <span className="lg:invisible">
            <Brand />
          </span>
          <ThemeToggle />
        </header>
        <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:px-8">
          <div className="w-full max-w-md">{children}</div>
        </main>
      </div>
    </div>
  );
}
