import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { PageErrorBoundary } from './PageErrorBoundary';
import { lazyPage, type PageProps } from './lazyPage';

describe('pages loaded on first visit', () => {
  it('shows a spinner, then the page with its parameter', async () => {
    let resolve: (page: (props: PageProps) => React.ReactNode) => void = () => undefined;
    const Page = lazyPage(() => new Promise((done) => (resolve = done)));
    render(
      <PageErrorBoundary>
        <Page param="s-42" />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('status').textContent).toContain('Chargement');
    resolve(({ param }) => <h1>Ticket {param}</h1>);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ticket s-42');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a page fetched ahead at once, without the spinner', async () => {
    let resolve: (page: (props: PageProps) => React.ReactNode) => void = () => undefined;
    const Page = lazyPage(() => new Promise((done) => (resolve = done)));
    Page.preload();
    resolve(({ param }) => <h1>Ticket {param}</h1>);
    // The code is there once the load has settled; the next visit renders the page in its first pass.
    await Promise.resolve();
    await Promise.resolve();
    render(
      <PageErrorBoundary>
        <Page param="s-7" />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ticket s-7');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('turns a chunk that cannot be fetched into the page error with Recharger', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyPage(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <PageErrorBoundary>
        <Page />
      </PageErrorBoundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Erreur lors du chargement de la page');
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
    consoleError.mockRestore();
  });
});
