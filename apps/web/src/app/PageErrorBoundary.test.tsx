import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { PageErrorBoundary } from './PageErrorBoundary';

function BrokenPage(): never {
  throw new Error('render failed');
}

describe('PageErrorBoundary', () => {
  it('replaces a failing page by the spec message and a reload button', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <PageErrorBoundary>
        <BrokenPage />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Erreur lors du chargement de la page');
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
    consoleError.mockRestore();
  });

  it('shows a working page untouched', () => {
    render(
      <PageErrorBoundary>
        <p>Contenu</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Contenu')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
