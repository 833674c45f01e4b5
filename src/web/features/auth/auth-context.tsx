import { useQueryClient } from "@tanstack/react-query";
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ApiError, toApiError } from "../../lib/api";
import { setCacheOwner } from "../../lib/query-client";
import { getSession, takeEarlySessionCheck, type AuthSession, type AuthUser } from "./api/get-session";
import { resendConfirmation as sendConfirmation } from "./api/send-confirmation";
import { signOut as endSession } from "./api/sign-out";
import type { SecondFactorStep } from "./api/sign-in";
import type { TSignUpRequest } from "../../../shared/better-auth-requests";

/** What a sign-up may carry besides the address and password: an invitation's token joins its company. */
type SignUpMetadata = Pick<TSignUpRequest, "name" | "company" | "invitationToken" | "callbackURL">;

export type AuthEvent = "INITIAL_SESSION" | "SIGNED_IN" | "SIGNED_OUT" | "SESSION_REFRESHED";

export interface AuthContextValue {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True until the first session check has answered. */
  loading: boolean;
  /** Each action resolves to the error to show, or null; they never throw. */
  /** "second-factor": the password was right, and the account asks for its second step (passSecondFactor). */
  signIn: (email: string, password: string) => Promise<ApiError | "second-factor" | null>;
  /** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
  passSecondFactor: (step: SecondFactorStep) => Promise<ApiError | null>;
  /** "Sign in with a passkey": both factors at once, no email or password. */
  signInWithPasskey: () => Promise<ApiError | null>;
  signUp: (email: string, password: string, metadata?: SignUpMetadata) => Promise<ApiError | null>;
  signOut: () => Promise<ApiError | null>;
  resendConfirmation: (email: string) => Promise<ApiError | null>;
  /** Checks the session with the server again, without extending it. */
  refresh: () => Promise<void>;
  /** Tells the server the user is active, which keeps the session from lapsing. */
  keepAlive: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Signing in and up load when used: a signed-in screen's first download does not carry them. */
const signInCalls = () => import("./api/sign-in");

/** The ways of signing in; each reloads the session once it succeeds and tells the other tabs. */
function useSignInActions(load: (event: AuthEvent) => Promise<void>, announce: () => void) {
  const signedIn = useCallback(async () => {
    await load("SIGNED_IN");
    announce();
    return null;
  }, [load, announce]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const answer = await signInCalls()
        .then((calls) => calls.signIn(email, password))
        .catch(toApiError);
      if (answer instanceof ApiError) return answer;
      if ("twoFactorRedirect" in answer) return "second-factor" as const;
      return signedIn();
    },
    [signedIn],
  );
  const passSecondFactor = useCallback(
    (step: SecondFactorStep) =>
      signInCalls()
        .then((calls) => calls.verifySecondFactor(step))
        .then(signedIn, toApiError),
    [signedIn],
  );
  const signInWithPasskey = useCallback(
    () =>
      signInCalls()
        .then((calls) => calls.signInWithPasskey())
        .then(signedIn, toApiError),
    [signedIn],
  );
  return { signIn, passSecondFactor, signInWithPasskey };
}

/** Who is signed in as the page was rendered on the server (ADR 0037), or null. */
export type InitialSession = { user: AuthUser; session: AuthSession } | null;
/** The page's initial session until a provider has started from it (then null), and how to say it has. */
type InitialSessionHolder = { current: () => InitialSession; started: () => void };
const InitialSessionContext = createContext<InitialSessionHolder | null>(null);

/**
 * A page rendered on the server for a signed-in user: the provider starts with that user, as the
 * server did, instead of "checking", so the first render (and hydration) shows the same screen.
 * Only its first mount does: mounted again later (back from the marketing pages, after a sign-out),
 * it checks the session anew.
 */
export function InitialSessionProvider({ value, children }: { value: InitialSession; children: ReactNode }) {
  const [holder] = useState<InitialSessionHolder>(() => {
    let session = value;
    return { current: () => session, started: () => void (session = null) };
  });
  return <InitialSessionContext value={holder}>{children}</InitialSessionContext>;
}

/** Other tabs hear sign-ins and sign-outs at once. */
const channelName = "cogwork-auth";
const REFRESH_EVERY_MS = 5 * 60_000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const { state, apply, load } = useSessionLoader();
  const announce = useSessionRefreshes(load);

  const { signIn, passSecondFactor, signInWithPasskey } = useSignInActions(load, announce);

  const signUp = useCallback((email: string, password: string, metadata: SignUpMetadata = {}) => {
    const body: TSignUpRequest = { email, password, ...metadata };
    return import("./api/sign-up")
      .then(({ signUp: createAccount }) => createAccount(body))
      .then(() => null, toApiError);
  }, []);

  const signOut = useCallback(async () => {
    const error = await endSession().then(() => null, toApiError);
    if (error) return error;
    apply("SIGNED_OUT", null, null);
    announce();
    return null;
  }, [apply, announce]);

  const resendConfirmation = useCallback((email: string) => sendConfirmation(email).then(() => null, toApiError), []);

  const refresh = useCallback(() => load("SESSION_REFRESHED"), [load]);
  const keepAlive = useCallback(
    () =>
      getSession().then(
        () => undefined,
        () => undefined,
      ),
    [],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn,
      passSecondFactor,
      signInWithPasskey,
      signUp,
      signOut,
      resendConfirmation,
      refresh,
      keepAlive,
    }),
    [state, signIn, passSecondFactor, signInWithPasskey, signUp, signOut, resendConfirmation, refresh, keepAlive],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

type AuthState = { user: AuthUser | null; session: AuthSession | null; loading: boolean };

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The session as the provider shows it: `apply` sets who is signed in (and who owns the query
 * cache), `load` asks the server and applies its answer.
 */
function useSessionLoader() {
  const holder = use(InitialSessionContext);
  const queryClient = useQueryClient();
  const [initial] = useState(() => holder?.current() ?? null);
  const [state, setState] = useState<AuthState>(() => {
    if (!initial) return { user: null, session: null, loading: true };
    setCacheOwner(queryClient, initial.user.id);
    return { ...initial, loading: false };
  });
  useEffect(() => holder?.started(), [holder]);
  const currentUser = useRef<AuthUser | null>(initial?.user ?? null);

  const apply = useCallback(
    (event: AuthEvent, user: AuthUser | null, session: AuthSession | null) => {
      const previous = currentUser.current;
      currentUser.current = user;
      const subject = user ?? previous;
      // Routine refreshes are logged only when they change who is signed in.
      if (subject && (event !== "SESSION_REFRESHED" || user?.id !== previous?.id)) {
        const shown = event === "SESSION_REFRESHED" && !user ? "SIGNED_OUT" : event;
        console.info(`[auth] ${new Date().toISOString()} ${shown} user=${subject.id} email=${subject.email}`);
      }
      // Before the screens render for the new user: they must not find the previous one's data.
      setCacheOwner(queryClient, user?.id ?? null);
      // The same answer again (a refresh, the first check of a page rendered with it) renders nothing anew.
      setState((previous) =>
        !previous.loading && sameJson(previous.user, user) && sameJson(previous.session, session)
          ? previous
          : { user, session, loading: false },
      );
    },
    [queryClient],
  );

  const load = useCallback(
    (event: AuthEvent, signal?: AbortSignal) =>
      (
        (event === "INITIAL_SESSION" && takeEarlySessionCheck()) ||
        getSession(signal, { background: event === "SESSION_REFRESHED" })
      ).then(
        // (The early check cannot be aborted: its answer is dropped when the provider has gone.)
        (answer) => {
          if (!signal?.aborted) apply(event, answer?.user ?? null, answer?.session ?? null);
        },
        (error: unknown) => {
          if (signal?.aborted || (error instanceof DOMException && error.name === "AbortError")) return;
          console.error("[auth] session check failed", error);
          // Without an answer we cannot claim a session; keep what we had, stop loading.
          setState((previous) => ({ ...previous, loading: false }));
        },
      ),
    [apply],
  );

  return { state, apply, load };
}

/**
 * Asks again when the tab comes back into view, every few minutes, and when another tab signs in
 * or out; returns how to tell the other tabs.
 */
function useSessionRefreshes(load: (event: AuthEvent, signal?: AbortSignal) => Promise<void>) {
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    load("INITIAL_SESSION", controller.signal);
    const onVisible = () => document.visibilityState === "visible" && void load("SESSION_REFRESHED");
    document.addEventListener("visibilitychange", onVisible);
    const timer = window.setInterval(() => void load("SESSION_REFRESHED"), REFRESH_EVERY_MS);
    if ("BroadcastChannel" in window) {
      channel.current = new BroadcastChannel(channelName);
      channel.current.onmessage = () => void load("SESSION_REFRESHED");
    }
    return () => {
      controller.abort();
      document.removeEventListener("visibilitychange", onVisible);
      window.clearInterval(timer);
      channel.current?.close();
    };
  }, [load]);
  /** Tells the other tabs to ask again. */
  return useCallback(() => channel.current?.postMessage("changed"), []);
}
