/**
 * Component tests run on a busy two-core CI machine, where a lazily loaded part or a refetch can
 * take more than Testing Library's one-second default for `findBy…` and `waitFor`: a test that
 * waits too little fails for the machine, not for the code. Every wait gets a generous bound here,
 * once, so that no test needs (or picks) its own; a test still fails when the text never comes.
 * Server tests (no DOM) do not load Testing Library at all.
 */
const ASYNC_UTIL_TIMEOUT_MS = 20_000;

if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
}

export {};
