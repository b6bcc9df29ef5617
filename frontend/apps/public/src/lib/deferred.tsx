import { type ComponentType, use } from 'react';

/**
 * Sections of a page that load apart from it (docs/light-pages.md). The pre-rendered HTML has them
 * in full (`prerender.tsx` loads every one first), so a visitor sees them at once; in the browser
 * their code is fetched when the page's first hydration is done and the main thread is idle, and
 * React adopts their markup then, each inside its own `Suspense` boundary. On a page the visitor
 * navigates to, they load at once.
 */
const loaders: (() => Promise<void>)[] = [];

let waitForIdle = false;

/** While the first page hydrates, deferred sections wait for the browser to be idle. */
export const deferUntilIdle = (defer: boolean) => {
  waitForIdle = defer;
};

const idle = () =>
  new Promise<void>((resolve) => {
    const done = () => {
      waitForIdle = false;
      resolve();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: 2_500 });
    else setTimeout(done, 200);
  });

/** The last section waiting for its turn to load (see {@link inTurn}). */
let turn: Promise<unknown> = Promise.resolve();

/**
 * Runs `load` when the browser is idle after every section queued before it has loaded: one section
 * at a time, so React draws each in a task of its own (the idle callback comes after the drawing of
 * the one before), instead of all of them in one long task.
 */
const inTurn = <T,>(load: () => Promise<T>): Promise<T> => {
  const loaded = turn.then(idle).then(load);
  turn = loaded.catch(() => undefined);
  return loaded;
};

/** A section whose module loads apart: render it with `<Deferred section={…} />`. */
export interface DeferredSection {
  /** Its component, once loaded. */
  component?: ComponentType;
  /** Loads it, when the browser is idle and its turn comes if `wait`; the same promise every time. */
  load: (wait: boolean) => Promise<void>;
}

export function deferred(load: () => Promise<ComponentType>): DeferredSection {
  let loading: Promise<void> | undefined;
  const section: DeferredSection = {
    load: (wait) => {
      loading ??= (wait ? inTurn(load) : load()).then((component) => {
        section.component = component;
      });
      return loading;
    },
  };
  loaders.push(() => section.load(false));
  return section;
}

/** Shows `section`, suspending (inside the caller's `Suspense` boundary) until it is loaded. */
export function Deferred({ section }: { section: DeferredSection }) {
  if (!section.component) use(section.load(waitForIdle));
  const Component = section.component;
  return Component ? <Component /> : null;
}

/** Loads every deferred section now (before pre-rendering). */
export const loadDeferred = async () => {
  await Promise.all(loaders.map((load) => load()));
};
