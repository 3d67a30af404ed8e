import { lazy, Suspense, useState, type ComponentType } from 'react';

/** A component whose code is fetched on first use (or ahead, with `preload`), not with the first screen. */
export type Deferred<P extends object> = ComponentType<P> & {
  /** Fetches the code now; resolves once the component renders without waiting. */
  preload(): Promise<void>;
};

/**
 * A component from its own chunk (`load` is a dynamic `import()`). Rendered before its code has
 * arrived it shows nothing for that moment (React suspends); once preloaded it renders at once.
 * Each instance keeps the form it mounted with, so arriving code never remounts a screen in use.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): Deferred<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // A failed fetch (the host restarted mid-load) is tried again on the next use.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function DeferredComponent(props: P) {
    const [ready] = useState(() => loaded);
    if (ready) {
      const Ready = ready;
      return <Ready {...props} />;
    }
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(DeferredComponent, { preload });
}
