import { useEffect, useRef, useState, type FormEvent } from "react";
import { TRUST_DEVICE_DAYS, recoveryCodeField, totpCodeField } from "../../../../shared/better-auth-requests";
import { firstIssueMessage } from "../../../../shared/fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useAuth } from "../auth-context";
import type { ApiError } from "../../../lib/api";

/** Refusals after which this sign-in is over: the password comes first again. */
const SIGN_IN_OVER = new Set(["SIGN_IN_VOID", "SIGN_IN_EXPIRED"]);

/** The second step of signing in: the authenticator app's code, or a recovery code. */
export function SecondFactorForm({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const { passSecondFactor } = useAuth();
  const [kind, setKind] = useState<"app" | "recovery">("app");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (kind === "app" ? totpCodeField : recoveryCodeField).safeParse(code);
    setFailure(null);
    if (!parsed.success) return setFieldError(firstIssueMessage(parsed.error));
    setFieldError(undefined);
    setSubmitting(true);
    const error = await passSecondFactor({ kind, code: parsed.data, trustDevice });
    setSubmitting(false);
    if (!error) return onSignedIn();
    setFailure(error);
    setCode("");
  };
  const over = failure?.code !== undefined && SIGN_IN_OVER.has(failure.code);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Second step of signing in">
      <p className="text-sm text-muted-foreground">
        {kind === "app"
          ? "Your password was right. Enter the 6-digit code your authenticator app shows for Cogwork."
          : "Enter one of the recovery codes you saved when you set up your authenticator app. Each works once."}
      </p>
      {failure ? <Alert tone="error">{failure.message}</Alert> : null}
      {over ? (
        <Button type="button" size="lg" onClick={onRestart}>
          Sign in again
        </Button>
      ) : (
        <>
          <FormField label={kind === "app" ? "Authentication code" : "Recovery code"} error={fieldError}>
            {(field) => (
              <Input
                {...field}
                ref={input}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete={kind === "app" ? "one-time-code" : "off"}
                inputMode={kind === "app" ? "numeric" : "text"}
                spellCheck={false}
              />
            )}
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={trustDevice} onCheckedChange={(checked) => setTrustDevice(checked === true)} />
            Trust this device for {TRUST_DEVICE_DAYS} days
          </label>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Verifying…" : "Verify"}
          </Button>
          <button
            type="button"
            className="text-left text-sm font-medium text-primary hover:underline"
            onClick={() => {
              setKind(kind === "app" ? "recovery" : "app");
              setCode("");
              setFieldError(undefined);
              setFailure(null);
            }}
          >
            {kind === "app" ? "Use a recovery code" : "Use your authenticator app"}
          </button>
        </>
      )}
    </form>
  );
}
