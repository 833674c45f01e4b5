import { useCallback, useState } from "react";

/**
 * Whether an element has come near the viewport (within `margin` of it): for a part below the
 * fold whose code is heavy, loaded as the user comes near it rather than while the screen's first
 * view settles on a phone. Stays true once near. Without IntersectionObserver, true at once.
 * Returns the ref to put on the element, and whether it is near.
 */
export function useNearViewport<T extends Element>(margin = "400px"): [(element: T | null) => () => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return () => undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, margin],
  );
  return [ref, near];
}
