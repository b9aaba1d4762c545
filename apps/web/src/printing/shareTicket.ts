// Sharing a ticket: the device's share sheet (text, and the ticket image where files can be shared), else the clipboard.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

export type ShareRequest = {
  title: string;
  text: string;
  /** The ticket as a PNG, made only when the share sheet can take files. */
  image?: () => Promise<File>;
};

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * 'shared' once the share sheet completed, 'cancelled' when the shopkeeper closed it, 'copied' when the
 * text went to the clipboard instead (no share sheet, or it failed). Rejects only when both are impossible.
 */
export async function shareTicket(request: ShareRequest, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    let data: ShareData = { title: request.title, text: request.text };
    if (request.image && typeof nav.canShare === 'function') {
      try {
        const file = await request.image();
        if (nav.canShare({ files: [file] })) data = { ...data, files: [file] };
      } catch {
        // The image is a bonus: the text is shared without it.
      }
    }
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
    }
  }
  await nav.clipboard.writeText(request.text);
  return 'copied';
}
