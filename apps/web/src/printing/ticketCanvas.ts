// Renders a ticket document on a browser canvas at the paper's width, with the app's own fonts and the logo.
import type { TicketBitmap } from './escposTicket';
import { drawTicket, TICKET_FONT_FAMILY, type TicketLogo } from './drawTicket';
import { PAPER, type PaperWidth } from './paper';
import type { TicketDocument } from './ticketDocument';

async function fontsReady(): Promise<void> {
  if (!('fonts' in document)) return;
  // A canvas does not wait for web fonts: load both faces (Latin and Arabic, regular and bold) first.
  await Promise.all(
    ['400', '700'].flatMap((weight) => [
      document.fonts.load(`${weight} 24px 'Inter Variable'`, 'Ticket 0123'),
      document.fonts.load(`${weight} 24px 'Noto Sans Arabic Variable'`, 'تذكرة'),
    ]),
  );
}

async function logoOf(
  blob: Blob | undefined,
  context: CanvasRenderingContext2D,
): Promise<TicketLogo | undefined> {
  if (!blob) return undefined;
  try {
    const bitmap = await createImageBitmap(blob);
    return {
      width: bitmap.width,
      height: bitmap.height,
      draw: (x, y, width, height) => context.drawImage(bitmap, x, y, width, height),
    };
  } catch {
    return undefined;
  }
}

export async function renderTicketCanvas(
  document_: TicketDocument,
  paper: PaperWidth,
  logoBlob?: Blob,
): Promise<HTMLCanvasElement> {
  await fontsReady();
  const width = PAPER[paper].dots;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = 1;
  const probe = canvas.getContext('2d');
  if (!probe) throw new Error('canvas 2D indisponible');
  const logo = await logoOf(logoBlob, probe);
  const height = drawTicket(probe, document_, width, {
    paint: false,
    ...(logo ? { logo } : {}),
    family: TICKET_FONT_FAMILY,
  });
  canvas.height = height;
  // Resizing resets the context: take it again and paint for real.
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2D indisponible');
  const painted = await logoOf(logoBlob, context);
  drawTicket(context, document_, width, { paint: true, ...(painted ? { logo: painted } : {}) });
  return canvas;
}

export function canvasBitmap(canvas: HTMLCanvasElement): TicketBitmap {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2D indisponible');
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('image du ticket impossible'))),
      'image/png',
    );
  });
}
