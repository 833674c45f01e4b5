import { lazy, useState, type ComponentType } from "react";

/**
 * React.lazy for a part of a screen that its first render can do without (a form and the
 * validation it loads): the screen may start loading it early with `preload()`, and once it has
 * arrived it renders at once, without going through its Suspense fallback. Render it inside a
 * <Suspense> for the case where it has not arrived yet.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined; // a later preload or render tries again
        throw error;
      },
    ));
  const Lazy = lazy(preload);

  function Preloaded(props: P) {
    // Chosen once per mount: turning from Lazy to the loaded component would remount it (and lose its state).
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
