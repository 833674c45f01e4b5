import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { encode } from "uqr";
import { totpCodeField } from "../../../../shared/better-auth-requests";
import { firstIssueMessage } from "../../../../shared/fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toApiError } from "../../../lib/api";
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useRenewRecoveryCodes } from "../api/two-factor";

type Phase =
  | { step: "idle" }
  | { step: "start" }
  | { step: "scan"; totpURI: string; recoveryCodes: string[] }
  | { step: "codes"; recoveryCodes: string[]; renewed: boolean }
  | { step: "renew" }
  | { step: "turn-off" };

/** "Two-factor authentication" on /account: set up an authenticator app, its recovery codes, turn it off. */
export function TwoFactorCard({ enabled, onChanged }: { enabled: boolean; onChanged: () => void }) {
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const [notice, setNotice] = useState<string | null>(null);
  const idle = () => setPhase({ step: "idle" });
  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          A code from an authenticator app on your phone, asked for after your password, so that a password alone does
          not open your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {notice && phase.step === "idle" ? <Alert tone="success">{notice}</Alert> : null}
        {phase.step === "idle" ? (
          <IdleState enabled={enabled} setPhase={setPhase} clearNotice={() => setNotice(null)} />
        ) : null}
        {phase.step === "start" ? (
          <StartSetup
            onCancel={idle}
            onStarted={(totpURI, codes) => setPhase({ step: "scan", totpURI, recoveryCodes: codes })}
          />
        ) : null}
        {phase.step === "scan" ? (
          <ScanAndConfirm
            totpURI={phase.totpURI}
            onCancel={idle}
            onConfirmed={() => {
              onChanged();
              setPhase({ step: "codes", recoveryCodes: phase.recoveryCodes, renewed: false });
            }}
          />
        ) : null}
        {phase.step === "codes" ? (
          <RecoveryCodes codes={phase.recoveryCodes} renewed={phase.renewed} onDone={idle} />
        ) : null}
        {phase.step === "renew" ? (
          <RenewCodes
            onCancel={idle}
            onRenewed={(codes) => setPhase({ step: "codes", recoveryCodes: codes, renewed: true })}
          />
        ) : null}
        {phase.step === "turn-off" ? (
          <TurnOff
            onCancel={idle}
            onTurnedOff={() => {
              onChanged();
              setNotice("Your authenticator app was turned off. Signing in asks for your password only.");
              idle();
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function IdleState({
  enabled,
  setPhase,
  clearNotice,
}: {
  enabled: boolean;
  setPhase: (phase: Phase) => void;
  clearNotice: () => void;
}) {
  const go = (phase: Phase) => () => {
    clearNotice();
    setPhase(phase);
  };
  if (!enabled) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm">Off: signing in asks for your password only.</p>
        <Button onClick={go({ step: "start" })}>Set up an authenticator app</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck className="size-4 text-success" aria-hidden />
        On: signing in asks for a code from your authenticator app.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={go({ step: "renew" })}>
          New recovery codes
        </Button>
        <Button variant="outline" onClick={go({ step: "turn-off" })}>
          Turn off the authenticator app
        </Button>
      </div>
    </div>
  );
}

/** A form of one step: its fields, its error, and its two buttons. */
function StepForm({
  label,
  error,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  error: string | null;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex max-w-md flex-col gap-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The password, asked again before a change to how the account signs in. */
function usePasswordStep<T>(send: (password: string) => Promise<T>, onDone: (answer: T) => void) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async () => {
    if (!password) return setError("Enter your password.");
    setSubmitting(true);
    setError(null);
    // A refusal from the server, or a field of this form that is not filled in right.
    const answer = await send(password).catch((error: unknown) => (error instanceof Error ? error : toApiError(error)));
    setSubmitting(false);
    if (answer instanceof Error)
      return setError(/password/i.test(answer.message) ? "Your password is not correct." : answer.message);
    onDone(answer);
  };
  const field = (
    <FormField label="Your password">
      {(control) => (
        <PasswordInput
          {...control}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
    </FormField>
  );
  return { field, error, submitting, submit };
}

function StartSetup({
  onCancel,
  onStarted,
}: {
  onCancel: () => void;
  onStarted: (uri: string, codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const step = usePasswordStep(enable.mutateAsync, (answer) => onStarted(answer.totpURI, answer.backupCodes));
  return (
    <StepForm
      label="Set up an authenticator app"
      submitLabel="Continue"
      onCancel={onCancel}
      {...step}
      onSubmit={step.submit}
    >
      <p className="text-sm text-muted-foreground">Enter your password to set up an authenticator app.</p>
      {step.field}
    </StepForm>
  );
}

/** The QR code of the app's secret, drawn here from the otpauth:// address: nothing leaves the browser. */
function QrCode({ value }: { value: string }) {
  const { data, size } = encode(value, { ecc: "M", border: 2 });
  const cells = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg
      role="img"
      aria-label="QR code of your authenticator app's secret"
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 rounded-md bg-white"
      shapeRendering="crispEdges"
    >
      <path d={cells} fill="#000" />
    </svg>
  );
}

function ScanAndConfirm({
  totpURI,
  onCancel,
  onConfirmed,
}: {
  totpURI: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const submit = async () => {
    const parsed = totpCodeField.safeParse(code);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
    const failed = await confirm.mutateAsync(parsed.data).then(() => null, toApiError);
    if (failed) return setError(failed.message);
    onConfirmed();
  };
  return (
    <StepForm
      label="Confirm your authenticator app"
      error={error}
      submitLabel="Turn on"
      submitting={confirm.isPending}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <p className="text-sm">
        Scan this code with your authenticator app (for example 1Password, Google Authenticator or Microsoft
        Authenticator), or type the secret into it. Then enter the 6-digit code it shows.
      </p>
      <QrCode value={totpURI} />
      <p className="text-sm">
        Secret: <code className="rounded bg-muted px-1.5 py-0.5 font-mono break-all">{secret}</code>
      </p>
      <FormField label="Code from the app">
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        )}
      </FormField>
    </StepForm>
  );
}

function RecoveryCodes({ codes, renewed, onDone }: { codes: string[]; renewed: boolean; onDone: () => void }) {
  const download = () => {
    const text = `Cogwork recovery codes\nEach code works once, instead of a code from your authenticator app.\n\n${codes.join("\n")}\n`;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = "cogwork-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section aria-label="Your recovery codes" className="flex flex-col gap-3">
      <Alert tone="success">
        {renewed
          ? "New recovery codes are ready; your old ones no longer work."
          : "Your authenticator app is on. Signing in now asks for its code after your password."}
      </Alert>
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only
        now.
      </p>
      <ul className="grid max-w-md grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download}>
          Download the recovery codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </section>
  );
}

function RenewCodes({ onCancel, onRenewed }: { onCancel: () => void; onRenewed: (codes: string[]) => void }) {
  const renew = useRenewRecoveryCodes();
  const step = usePasswordStep(renew.mutateAsync, (answer) => onRenewed(answer.backupCodes));
  return (
    <StepForm
      label="New recovery codes"
      submitLabel="Make new recovery codes"
      onCancel={onCancel}
      {...step}
      onSubmit={step.submit}
    >
      <p className="text-sm text-muted-foreground">New codes replace the old ones, which stop working.</p>
      {step.field}
    </StepForm>
  );
}

function TurnOff({ onCancel, onTurnedOff }: { onCancel: () => void; onTurnedOff: () => void }) {
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState("");
  const step = usePasswordStep(
    async (password) => {
      const parsed = totpCodeField.safeParse(code);
      if (!parsed.success) throw new Error(firstIssueMessage(parsed.error));
      return disable.mutateAsync({ password, code: parsed.data });
    },
    () => onTurnedOff(),
  );
  return (
    <StepForm
      label="Turn off the authenticator app"
      submitLabel="Turn off"
      onCancel={onCancel}
      {...step}
      onSubmit={step.submit}
    >
      <p className="text-sm text-muted-foreground">Enter your password and a current code from the app.</p>
      {step.field}
      <FormField label="Code from the app">
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        )}
      </FormField>
    </StepForm>
  );
}
