import { describe, expect, it } from "vitest";
import { REDIRECTS, SCREENS, screenAccess } from "../../shared/routes";
import { routes } from "./router";
import type { RouteObject } from "react-router";

function pathsOf(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path && route.path !== "*" ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

describe("the router and the screens' declared access", () => {
  // The router is built from SCREENS (router.tsx's SCREEN_MODULES must have exactly its paths, the type
  // check says so): this now checks that the tree built from them leaves none out and adds none.
  it("routes every declared screen, and declares every routed screen", () => {
    const routed = pathsOf(routes).filter((path) => !(path in REDIRECTS));
    expect([...routed].sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it("finds a screen's access by its path, ids included", () => {
    expect(screenAccess("/admin")).toBe("staff");
    expect(screenAccess("/my-automations/0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978")).toBe("signedIn");
    expect(screenAccess("/secure-dashboard/")).toBe("signedIn");
    expect(screenAccess("/pricing")).toBe("public");
    expect(screenAccess("/my-automations/not-an-id")).toBeUndefined();
  });
});
