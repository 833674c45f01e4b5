import { test, type TestInfo } from "@playwright/test";

/**
 * Adds `ms` to the running test's (or hook's) time limit, for work whose length the test does not
 * choose (axe on a screen, a wait for the clock). Outside a test there is no limit to add to.
 */
export function allowMoreTime(ms: number) {
  let info: TestInfo;
  try {
    info = test.info();
  } catch {
    return;
  }
  if (info.timeout > 0) info.setTimeout(info.timeout + ms);
}
