import { FIRST_SCREEN_BLOCK_ID } from "../../shared/constants";

/**
 * A signed-in first screen's answers, which the server put into its HTML (ADR 0037): the first GET
 * of each of those URLs takes its answer from there instead of the network. Each answer serves
 * once, and only while the page is new: a later read asks the server as usual.
 */
/** How long after the page loaded an answer from its HTML is still the answer of now. */
const FRESH_MS = 10_000;

interface FirstScreenAnswer {
  body: unknown;
  csrfToken?: string;
}

let answers: Map<string, FirstScreenAnswer> | undefined;

function readBlock(): Map<string, FirstScreenAnswer> {
  const block = typeof document === "undefined" ? null : document.getElementById(FIRST_SCREEN_BLOCK_ID);
  if (!block?.textContent) return new Map();
  block.remove();
  try {
    return new Map(Object.entries(JSON.parse(block.textContent) as Record<string, FirstScreenAnswer>));
  } catch {
    return new Map();
  }
}

/** The HTML's answer for a GET of `url`, the first time it is asked for and while fresh; else undefined. */
export function takeFirstScreenAnswer(url: string): FirstScreenAnswer | undefined {
  answers ??= readBlock();
  if (answers.size === 0) return undefined;
  if (performance.now() > FRESH_MS) {
    answers.clear();
    return undefined;
  }
  const answer = answers.get(url);
  answers.delete(url);
  return answer;
}

/**
 * All of the HTML's answers, by URL, without taking any (the page rendered on the server puts them
 * in its query cache before it hydrates); empty when the page carries none.
 */
export function peekFirstScreenAnswers(): Record<string, FirstScreenAnswer> {
  answers ??= readBlock();
  return Object.fromEntries(answers);
}

/** Forgets what was read from the page (tests load several pages in one document). */
export function resetFirstScreenAnswers() {
  answers = undefined;
}
