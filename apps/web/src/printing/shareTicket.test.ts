import { describe, expect, it } from 'vitest';
import { shareTicket } from './shareTicket';

function navigatorWith(parts: Partial<Navigator>): Navigator {
  return parts as Navigator;
}

describe('shareTicket', () => {
  const image = () => Promise.resolve(new File(['png'], 'ticket.png', { type: 'image/png' }));

  it('shares text and the ticket image where files can be shared', async () => {
    const shared: ShareData[] = [];
    const nav = navigatorWith({
      share: (data?: ShareData) => {
        if (data) shared.push(data);
        return Promise.resolve();
      },
      canShare: (data?: ShareData) => (data?.files?.length ?? 0) > 0,
    });
    await expect(shareTicket({ title: 'T', text: 'ticket', image }, nav)).resolves.toBe('shared');
    expect(shared[0]?.text).toBe('ticket');
    expect(shared[0]?.files?.[0]?.name).toBe('ticket.png');
  });

  it('says cancelled when the share sheet is closed, and copies when there is no share sheet', async () => {
    const cancelled = navigatorWith({
      share: () => Promise.reject(new DOMException('closed', 'AbortError')),
    });
    await expect(shareTicket({ title: 'T', text: 'x' }, cancelled)).resolves.toBe('cancelled');

    const copied: string[] = [];
    const clipboard = { writeText: (text: string) => Promise.resolve(void copied.push(text)) } as Clipboard;
    await expect(
      shareTicket({ title: 'T', text: 'ticket', image }, navigatorWith({ clipboard })),
    ).resolves.toBe('copied');
    expect(copied).toEqual(['ticket']);

    const failing = navigatorWith({
      share: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
      clipboard,
    });
    await expect(shareTicket({ title: 'T', text: 'again' }, failing)).resolves.toBe('copied');
  });
});
