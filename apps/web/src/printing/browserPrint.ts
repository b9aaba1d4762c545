// Browser printing of the on-screen ticket, with a page exactly the paper's width and the ticket's height.
import { PAPER, type PaperWidth } from './paper';

const PAGE_STYLE_ID = 'hanouti-ticket-page';
const MM_PER_CSS_PX = 25.4 / 96;

/** Measures the ticket laid out at the paper's printable width, so that the page ends where the ticket ends. */
function ticketHeightMm(ticket: HTMLElement, paper: PaperWidth): number {
  const clone = ticket.cloneNode(true) as HTMLElement;
  clone.style.position = 'absolute';
  clone.style.visibility = 'hidden';
  clone.style.insetInlineStart = '-10000px';
  clone.style.width = `${PAPER[paper].printableMm}mm`;
  clone.classList.add('ticket-print-measure');
  document.body.append(clone);
  const height = clone.getBoundingClientRect().height;
  clone.remove();
  return Math.ceil(height * MM_PER_CSS_PX) + 8;
}

/** Sets the print page to the paper (58 or 80 mm wide) and opens the browser's print dialog. */
export function printInBrowser(ticket: HTMLElement, paper: PaperWidth): void {
  let style = document.getElementById(PAGE_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = PAGE_STYLE_ID;
    document.head.append(style);
  }
  const height = ticketHeightMm(ticket, paper);
  style.textContent =
    `@page { size: ${paper}mm ${height}mm; margin: 0; }\n` +
    `@media print { .ticket-print { width: ${PAPER[paper].printableMm}mm; } }`;
  window.print();
}
