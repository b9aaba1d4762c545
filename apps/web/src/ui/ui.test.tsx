import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { Button } from './Button';
import { Checkbox } from './Checkbox';
import { Dialog } from './Dialog';
import { withIsolatedName } from './IsolatedName';
import { Switch } from './Switch';
import { Tabs } from './Tabs';
import { Toaster } from './Toaster';
import { dismissToast, toast } from './toastStore';

function SwitchHarness() {
  const [on, setOn] = useState(false);
  return <Switch label="Imprimante" checked={on} onCheckedChange={setOn} />;
}

function CheckboxHarness() {
  const [on, setOn] = useState(false);
  return <Checkbox label="Tout sélectionner" checked={on} onCheckedChange={setOn} />;
}

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Ouvrir</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Nouveau client">
        <p>Formulaire</p>
      </Dialog>
    </>
  );
}

function TabsHarness() {
  const [value, setValue] = useState<'all' | 'low'>('all');
  return (
    <>
      <Tabs
        label="Filtre"
        value={value}
        onValueChange={setValue}
        items={[
          { value: 'all', label: 'Tout' },
          { value: 'low', label: 'Faible' },
        ]}
      />
      <output>{value}</output>
    </>
  );
}

describe('UI kit', () => {
  it('toggles a labelled switch and checkbox', () => {
    render(
      <>
        <SwitchHarness />
        <CheckboxHarness />
      </>,
    );
    const printer = screen.getByRole('switch', { name: 'Imprimante' });
    expect(printer.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(printer);
    expect(printer.getAttribute('aria-checked')).toBe('true');
    const all = screen.getByRole('checkbox', { name: 'Tout sélectionner' });
    fireEvent.click(all);
    expect(all.getAttribute('aria-checked')).toBe('true');
  });

  it('opens a titled dialog and closes it with its close button', () => {
    render(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('dialog', { name: 'Nouveau client' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('switches tabs', () => {
    render(<TabsHarness />);
    const low = screen.getByRole('tab', { name: 'Faible' });
    fireEvent.mouseDown(low, { button: 0 });
    expect(screen.getByRole('status').textContent).toBe('low');
  });

  it('shows a toast announced from outside React and removes it on dismiss', () => {
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = toast({ title: 'Sauvegardé!', tone: 'success' });
    });
    expect(screen.getByText('Sauvegardé!')).toBeTruthy();
    act(() => dismissToast(id));
    expect(screen.queryByText('Sauvegardé!')).toBeNull();
  });

  it('shows one toast at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Premier' });
      toast({ title: 'Second', tone: 'error' });
    });
    expect(screen.queryByText('Premier')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('draws a toast placed at once, and places it again while the page changes at every frame', async () => {
    // Frames run only when the test says so, each callback followed by its microtasks as in a browser.
    const frames = new Map<number, FrameRequestCallback>();
    let nextFrame = 1;
    const request = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.set(nextFrame, callback);
      return nextFrame++;
    });
    const cancel = vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((handle) => {
      frames.delete(handle);
    });
    const runFrame = async () => {
      for (const [handle] of [...frames]) {
        const callback = frames.get(handle);
        if (!callback) continue; // cancelled by an earlier callback of this frame
        frames.delete(handle);
        callback(0); // the frame's time: the placement does not read it
        for (let tick = 0; tick < 3; tick++) await Promise.resolve();
      }
    };
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const measuredToasts = () =>
      measure.mock.contexts.filter((element) => element === screen.getByTestId('toasts')).length;
    try {
      render(<Toaster />);
      act(() => {
        toast({ title: 'Le stock ne peut pas être négatif', tone: 'error' });
      });
      // No frame has run: the toast is already placed, not drawn hidden.
      const region = screen.getByTestId('toasts');
      expect(region.className).not.toContain('invisible');
      expect(region.style.top).not.toBe('');

      // Something on the page changes at every frame (an animation, a list loading on a busy phone): the toast
      // is still placed again, at the next frame, instead of being put off as long as the changes go on.
      let change = 0;
      const animate = () => {
        document.body.setAttribute('data-change', String(change++));
        window.requestAnimationFrame(animate);
      };
      window.requestAnimationFrame(animate);
      const before = measuredToasts();
      for (let frame = 0; frame < 5; frame++) await act(runFrame);
      expect(measuredToasts()).toBeGreaterThan(before);
      expect(screen.getByText('Le stock ne peut pas être négatif')).toBeTruthy();
    } finally {
      frames.clear();
      document.body.removeAttribute('data-change');
      measure.mockRestore();
      request.mockRestore();
      cancel.mockRestore();
    }
  });

  it('isolates a name inside a translated sentence', () => {
    const { container } = render(
      <h2>{withIsolatedName((name) => `حركات المخزون — ${name}`, 'Thé vert Sultan 200 g')}</h2>,
    );
    expect(container.querySelector('h2')?.textContent).toBe('حركات المخزون — Thé vert Sultan 200 g');
    expect(container.querySelector('bdi')?.textContent).toBe('Thé vert Sultan 200 g');
  });
});
