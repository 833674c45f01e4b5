// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyWithPreload } from "./lazy-with-preload";

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const inSuspense = (node: ReactNode) => <Suspense fallback={<p>Loading</p>}>{node}</Suspense>;

describe("lazyWithPreload", () => {
  it("once preloaded, renders at once: no fallback, and one load however often it is asked for", async () => {
    let loads = 0;
    const Part = lazyWithPreload(async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([Part.preload(), Part.preload()]);
    render(inSuspense(<Part name="Ada" />));
    expect(screen.getByText("Hello Ada")).toBeVisible();
    expect(screen.queryByText("Loading")).toBeNull();
    expect(loads).toBe(1);
  });

  it("not loaded yet, shows the fallback until it arrives", async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const Part = lazyWithPreload(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    render(inSuspense(<Part name="Ada" />));
    expect(screen.getByText("Loading")).toBeVisible();
    await act(async () => arrive(Greeting));
    expect(await screen.findByText("Hello Ada")).toBeVisible();
  });

  it("a failed load is tried again by the next preload", async () => {
    let attempts = 0;
    const Part = lazyWithPreload(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return Greeting;
    });
    await expect(Part.preload()).rejects.toThrow("offline");
    await Part.preload();
    render(inSuspense(<Part name="Ada" />));
    expect(screen.getByText("Hello Ada")).toBeVisible();
    expect(attempts).toBe(2);
  });
});
