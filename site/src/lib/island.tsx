// Turns a React component into an island entry: the runtime calls the default export with the
// prerendered host element and its props. The component renders into a root of its own inside the
// host (React would otherwise replace the prerendered markup) and enhances the prerendered
// elements through `host`. The entry settles once the island's effects have run, i.e. once its
// listeners are attached: the early script then hands it what the visitor did while it loaded.
import { Component, StrictMode, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export type IslandProps<P> = {
  /** The prerendered mount point, `[data-island]`. */
  host: HTMLElement;
  /** The props serialized into the page by the generator. */
  props: P;
};

export function defineIsland<P>(Island: ComponentType<IslandProps<P>>) {
  return (host: HTMLElement, props: P): Promise<Root> => {
    const container = document.createElement('div');
    container.dataset.islandRoot = '';
    host.append(container);
    const root = createRoot(container);
    return new Promise((resolve) => {
      root.render(
        <StrictMode>
          <ErrorBoundary>
            <Island host={host} props={props} />
          </ErrorBoundary>
          <Live onLive={() => resolve(root)} />
        </StrictMode>,
      );
    });
  };
}

/** Its effect runs after those of the island before it (siblings' effects run in order), even
 * when the island failed and shows its error instead. */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(() => onLive(), [onLive]);
  return null;
}

type ErrorState = { error: unknown };

/** A failure inside an island shows what went wrong in its place, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorState> {
  state: ErrorState = { error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorState {
    return { error: error ?? new Error('Unknown error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    return <ErrorScreen error={this.state.error} />;
  }
}

/** The status and text of a failed response, or the message of an error. */
export function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; statusText?: unknown; message?: unknown };
    if (typeof e.status === 'number')
      return `${e.status}${typeof e.statusText === 'string' && e.statusText ? ` ${e.statusText}` : ''}`;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return String(error);
}

export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <div className="island-error" role="alert">
      <h2>Unexpected Application Error!</h2>
      <h3>{describeError(error)}</h3>
    </div>
  );
}
