import { describe, expect, it, vi } from 'vitest';
import { shareText } from './shareText';

const data = { title: 'Relevé', text: 'Solde dû : 30,00 MAD' };

function aDevice(share?: (d: ShareData) => Promise<void>) {
  const writeText = vi.fn((_text: string) => Promise.resolve());
  return { device: { share, clipboard: { writeText } } as unknown as Navigator, writeText };
}

describe('sharing a text', () => {
  it('uses the share sheet when there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    const { device, writeText } = aDevice(share);
    expect(await shareText(data, device)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the text when there is no share sheet, or when sharing fails', async () => {
    const { device, writeText } = aDevice(undefined);
    expect(await shareText(data, device)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.text);
    const failing = aDevice(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    expect(await shareText(data, failing.device)).toBe('copied');
  });

  it('does nothing more when the shopkeeper closes the share sheet', async () => {
    const { device, writeText } = aDevice(() => Promise.reject(new DOMException('closed', 'AbortError')));
    expect(await shareText(data, device)).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('reports a failure when neither works', async () => {
    const device = {
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    } as unknown as Navigator;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await shareText(data, device)).toBe('failed');
  });
});
