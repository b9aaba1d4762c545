import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { clickAndSettle } from '../../test/testScreen';
import { CameraOverlay } from './CameraOverlay';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubCamera(getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  const spy = vi.fn(getUserMedia);
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia: spy } }),
  );
  return spy;
}

describe('the camera overlay', () => {
  it('stays inactive until "Activer la Caméra", then asks for the rear camera at 1280×720', async () => {
    const getUserMedia = stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<CameraOverlay open onCapture={() => undefined} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Photographier le Produit' })).toBeTruthy();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Prendre la photo' }).disabled).toBe(true);
    await clickAndSettle(screen.getByRole('button', { name: 'Activer la Caméra' }));
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    expect(screen.getByRole('alert').textContent).toContain(
      "Impossible d'accéder à la caméra. Vérifiez les permissions.",
    );
    await clickAndSettle(screen.getByRole('button', { name: 'Réessayer' }));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('closes with Annuler', () => {
    stubCamera(() => Promise.reject(new Error('unused')));
    const onClose = vi.fn();
    render(<CameraOverlay open onCapture={() => undefined} onClose={onClose} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Annuler' })[0] as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });
});
