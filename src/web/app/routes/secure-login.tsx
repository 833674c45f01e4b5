import { ArrowLeft, MailCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { RESEND_COOLDOWN_SECONDS } from "../../../shared/better-auth-requests";
import { safeNextPath } from "../../../shared/safe-next-path";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useRequestPasswordReset } from "../../features/auth/api/request-password-reset";
import { useResendConfirmation } from "../../features/auth/api/resend-confirmation";
import { useAuth } from "../../features/auth/auth-context";
import { EmailRequestForm } from "../../features/auth/components/email-request-form";
import { ResendButton } from "../../features/auth/components/resend-button";
import { SignInForm } from "../../features/auth/components/sign-in-form";
import { SignUpForm } from "../../features/auth/components/sign-up-form";
import { cn } from "../../lib/cn";
import { AuthPageFrame } from "../layouts/auth-page-frame";

type Mode = "signin" | "signup" | "forgot" | "resend";
const MODES: readonly Mode[] = ["signin", "signup", "forgot", "resend"];

const TITLES: Record<Mode, { title: string; description: string; document: string }> = {
  signin: {
    title: "Welcome back",
    description: "Sign in to see your automations, savings and invoices.",
    document: "Sign in",
  },
  signup: {
    title: "Create your account",
    description: "Set up your company's client portal in a minute.",
    document: "Create account",
  },
  forgot: {
    title: "Reset your password",
    description: "Enter your email and we will send you a link to choose a new password.",
    document: "Forgot password",
  },
  resend: {
    title: "Resend confirmation",
    description: "Enter the email you signed up with and we will send a new confirmation link.",
    document: "Resend confirmation",
  },
};

export function Component() {
  const { user, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  const requested = params.get("mode") as Mode | null;
  const mode: Mode = requested && MODES.includes(requested) ? requested : "signin";
  const next = safeNextPath(params.get("next"));

  useEffect(() => {
    document.title = `${TITLES[mode].document} · Cogwork`;
  }, [mode]);

  if (!loading && user && !signedUpEmail) return <Navigate to={next} replace />;

  const setMode = (value: Mode) => {
    setSignedUpEmail(null);
    const nextParams = new URLSearchParams(params);
    if (value === "signin") nextParams.delete("mode");
    else nextParams.set("mode", value);
    setParams(nextParams, { replace: true });
  };

  if (signedUpEmail) return <CheckInbox email={signedUpEmail} onBack={() => setMode("signin")} />;

  const { title, description } = TITLES[mode];
  return (
    <AuthPageFrame>
      <Card>
        <CardHeader>
          <ModeSwitch mode={mode} setMode={setMode} />
          <CardTitle as="h1">
            <span className="sr-only">Cogwork: </span>
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <ModeForm
            mode={mode}
            onSignedIn={() => navigate(next, { replace: true })}
            onSignedUp={setSignedUpEmail}
            defaultEmail={params.get("email") ?? ""}
          />
        </CardContent>
      </Card>
    </AuthPageFrame>
  );
}

/** After sign-up: the link is on its way. */
function CheckInbox({ email, onBack }: { email: string; onBack: () => void }) {
  // The form gives way to "Check your inbox": move focus there so screen readers announce it.
  const inboxHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    inboxHeading.current?.focus();
  }, [email]);
  return (
    <AuthPageFrame>
      <Card>
        <CardHeader>
          <MailCheck className="mb-2 size-9 text-primary" aria-hidden />
          <CardTitle as="h1" ref={inboxHeading} tabIndex={-1} className="outline-none">
            Check your inbox
          </CardTitle>
          <CardDescription>
            We sent a confirmation link to <strong className="text-foreground">{email}</strong>. Open it to finish
            setting up your account; it signs you in and works once.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            Nothing after a few minutes? Check your spam folder, or send another link.
          </p>
          <ResendButton email={email} startWithCooldown />
          <button type="button" className="text-left text-sm font-medium text-primary hover:underline" onClick={onBack}>
            Back to sign in
          </button>
        </CardContent>
      </Card>
    </AuthPageFrame>
  );
}

/** Sign in and create account as tabs; the other modes lead back to sign in. */
function ModeSwitch({ mode, setMode }: { mode: Mode; setMode: (mode: Mode) => void }) {
  if (mode !== "signin" && mode !== "signup") {
    return (
      <button
        type="button"
        onClick={() => setMode("signin")}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to sign in
      </button>
    );
  }
  return (
    <div
      role="tablist"
      aria-label="Sign in or create an account"
      className="mb-4 grid grid-cols-2 rounded-lg bg-muted p-1"
    >
      {(["signin", "signup"] as const).map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={mode === tab}
          onClick={() => setMode(tab)}
          className={cn(
            "rounded-md px-3 py-2 text-sm font-medium transition-colors",
            // In the dark theme the card is darker than the track: the chosen tab takes the accent instead.
            mode === tab
              ? "bg-card text-foreground shadow-sm dark:bg-accent dark:text-accent-foreground"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {tab === "signin" ? "Sign in" : "Create account"}
        </button>
      ))}
    </div>
  );
}

/** The mode's form: sign in, sign up, a reset link or a new confirmation link. */
function ModeForm({
  mode,
  onSignedIn,
  onSignedUp,
  defaultEmail,
}: {
  mode: Mode;
  onSignedIn: () => void;
  onSignedUp: (email: string) => void;
  defaultEmail: string;
}) {
  const resendConfirmation = useResendConfirmation();
  const requestPasswordReset = useRequestPasswordReset();
  return (
    <>
      {mode === "signin" ? <SignInForm onSignedIn={onSignedIn} /> : null}
      {mode === "signup" ? <SignUpForm onSignedUp={onSignedUp} /> : null}
      {mode === "forgot" ? (
        <EmailRequestForm
          label="Email"
          submitLabel="Send reset link"
          cooldownSeconds={RESEND_COOLDOWN_SECONDS}
          send={requestPasswordReset.mutateAsync}
          doneText={(email) =>
            `If an account exists for ${email}, a link to reset its password is on its way. It works once, for one hour.`
          }
        />
      ) : null}
      {mode === "resend" ? (
        <EmailRequestForm
          label="Email"
          submitLabel="Send a new link"
          cooldownSeconds={RESEND_COOLDOWN_SECONDS}
          defaultEmail={defaultEmail}
          send={resendConfirmation.mutateAsync}
          doneText={(email) => `If ${email} has an account waiting for confirmation, a new link is on its way.`}
        />
      ) : null}
      {mode === "signin" ? (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Did not get your confirmation email?{" "}
          <Link to="/secure-login?mode=resend" className="font-medium text-primary hover:underline">
            Resend it
          </Link>
        </p>
      ) : null}
    </>
  );
}
