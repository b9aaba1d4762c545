// A page whose code is fetched on first visit (or ahead, with `preload`), with a spinner in its place meanwhile.
import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';
import { PageLoading } from './PageLoading';

export interface PageProps {
  /** The page's parameter from the hash: the sale id for the receipt. */
  param?: string;
}

/** A page whose code can be fetched ahead (`preload`), e.g. the receipt while a sale is rung up. */
export type LazyPage = ComponentType<PageProps> & { preload(): void };

/**
 * A page loaded on first use, with a spinner in its place meanwhile. Once its code is there, a visit renders
 * it directly: through Suspense it would wait for React's reveal throttle (up to 300 ms) after the spinner.
 */
export function lazyPage(load: () => Promise<ComponentType<PageProps>>): LazyPage {
  let loaded: ComponentType<PageProps> | undefined;
  let loading: Promise<{ default: ComponentType<PageProps> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  const LazyPage = (props: PageProps) => {
    // Chosen once per visit (the shell mounts each visit anew): a page never switches between the two.
    const [Direct] = useState(() => loaded);
    return Direct
      ? createElement(Direct, props)
      : createElement(Suspense, { fallback: createElement(PageLoading) }, createElement(Lazy, props));
  };
  LazyPage.preload = () => void loadOnce().catch(() => undefined);
  return LazyPage;
}
