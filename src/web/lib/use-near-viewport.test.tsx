// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNearViewport } from "./use-near-viewport";

function Spot() {
  const [ref, near] = useNearViewport<HTMLDivElement>("300px");
  return <div ref={ref}>{near ? "near" : "far"}</div>;
}

/** An IntersectionObserver the test drives: it reports what the test says the viewport does. */
function stubObserver() {
  const observers: { report: (isIntersecting: boolean) => void; margin?: string; disconnected: boolean }[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = {
          report: (isIntersecting) => callback([{ isIntersecting } as IntersectionObserverEntry], this as never),
          margin: options?.rootMargin,
          disconnected: false,
        };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  return observers;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useNearViewport", () => {
  it("is false until the element comes within the margin, then stays true and stops watching", () => {
    const observers = stubObserver();
    render(<Spot />);
    expect(screen.getByText("far")).toBeInTheDocument();
    expect(observers[0]?.margin).toBe("300px");
    act(() => observers[0]?.report(false));
    expect(screen.getByText("far")).toBeInTheDocument();
    act(() => observers[0]?.report(true));
    expect(screen.getByText("near")).toBeInTheDocument();
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it("is true at once where the browser cannot tell (no IntersectionObserver)", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Spot />);
    expect(screen.getByText("near")).toBeInTheDocument();
  });
});
