import { useState } from "react";
import { RESEND_COOLDOWN_SECONDS } from "../../../../shared/better-auth-requests";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import { useAuth } from "../auth-context";
import { useCooldown } from "../use-cooldown";

/** Sends another confirmation link, then waits out the cooldown the server enforces. */
export function ResendButton({
  email,
  variant = "outline",
  startWithCooldown = false,
}: {
  email: string;
  variant?: ButtonVariant;
  startWithCooldown?: boolean;
}) {
  const { resendConfirmation } = useAuth();
  const cooldown = useCooldown(startWithCooldown ? RESEND_COOLDOWN_SECONDS : 0);
  const [status, setStatus] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { secondsLeft } = cooldown;

  async function resend() {
    setBusy(true);
    const error = await resendConfirmation(email);
    setBusy(false);
    if (!error) {
      setStatus({ tone: "ok", text: `A new link is on its way to ${email}.` });
      cooldown.start(RESEND_COOLDOWN_SECONDS);
    } else if (error.status === 429) {
      setStatus({ tone: "error", text: error.message });
      cooldown.start(error.retryAfter ?? RESEND_COOLDOWN_SECONDS);
    } else {
      setStatus({ tone: "error", text: error.message });
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant={variant} onClick={resend} disabled={busy || secondsLeft > 0}>
        {secondsLeft > 0 ? `Resend available in ${secondsLeft} s` : busy ? "Sending…" : "Resend confirmation email"}
      </Button>
      <p
        role="status"
        aria-live="polite"
        className={status?.tone === "error" ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
      >
        {status?.text ?? ""}
      </p>
    </div>
  );
}
