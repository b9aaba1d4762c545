// Shares a text with the phone's share sheet (WhatsApp…), or copies it when the browser cannot share.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type ShareDevice = Pick<Navigator, 'share' | 'clipboard'> & { canShare?: Navigator['canShare'] };

/** Web Share first; the clipboard when there is no share sheet (desktop, some Android browsers). */
export async function shareText(
  data: { title: string; text: string },
  device: ShareDevice = navigator,
): Promise<ShareOutcome> {
  if (typeof device.share === 'function' && (device.canShare?.(data) ?? true)) {
    try {
      await device.share(data);
      return 'shared';
    } catch (error) {
      // The shopkeeper closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      console.warn('Partage impossible, copie dans le presse-papier', error);
    }
  }
  try {
    await device.clipboard.writeText(data.text);
    return 'copied';
  } catch (error) {
    console.error('Copie dans le presse-papier impossible', error);
    return 'failed';
  }
}
