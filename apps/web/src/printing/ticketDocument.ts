// The receipt as a list of printable lines, built once and drawn on screen, on a raster, or written as text.
import type { Sale, Settings } from '@hanouti/core';

export type TicketLine =
  | { kind: 'logo' }
  | { kind: 'title'; text: string }
  /** `ltr`: always left to right (a phone number), even on an Arabic ticket. */
  | { kind: 'text'; text: string; strong?: boolean; ltr?: boolean }
  | { kind: 'item'; name: string; detail: string; amount: string }
  | { kind: 'amount'; label: string; amount: string; strong?: boolean }
  | { kind: 'rule' }
  | { kind: 'gap' };

export type TicketDocument = { direction: 'ltr' | 'rtl'; lines: TicketLine[] };

/** Everything language-dependent, already translated and formatted by the caller. */
export type TicketWording = {
  direction: 'ltr' | 'rtl';
  ticketNumber: (number: string) => string;
  date: (iso: string) => string;
  money: (centimes: number) => string;
  quantity: (quantity: number, isBulk: boolean) => string;
  lineDetail: (quantity: string, price: string) => string;
  subtotal: string;
  vat: string;
  total: string;
  thanks: string;
  /** "Payé à crédit (carnet) — Client" and the like, when the sale has one. */
  payment?: string;
};

type StoreHeader = Pick<Settings, 'storeName' | 'storeAddress' | 'storePhone'> & { hasLogo: boolean };

/** The ticket of a recorded sale: store header, number and date, lines, totals, thanks. */
export function ticketDocument(sale: Sale, store: StoreHeader, wording: TicketWording): TicketDocument {
  const lines: TicketLine[] = [];
  if (store.hasLogo) lines.push({ kind: 'logo' });
  lines.push({ kind: 'title', text: store.storeName });
  if (store.storeAddress) lines.push({ kind: 'text', text: store.storeAddress });
  if (store.storePhone) lines.push({ kind: 'text', text: store.storePhone, ltr: true });
  lines.push({ kind: 'gap' });
  lines.push({ kind: 'text', text: wording.ticketNumber(sale.ticketNumber), strong: true });
  lines.push({ kind: 'text', text: wording.date(sale.date) });
  lines.push({ kind: 'rule' });
  for (const item of sale.items) {
    const isBulk = item.isBulk === true;
    lines.push({
      kind: 'item',
      name: item.productName,
      detail: wording.lineDetail(wording.quantity(item.quantity, isBulk), wording.money(item.unitPrice)),
      amount: wording.money(item.total),
    });
  }
  lines.push({ kind: 'rule' });
  lines.push({ kind: 'amount', label: wording.subtotal, amount: wording.money(sale.subtotal) });
  lines.push({ kind: 'amount', label: wording.vat, amount: wording.money(sale.vat) });
  lines.push({ kind: 'amount', label: wording.total, amount: wording.money(sale.total), strong: true });
  if (wording.payment) lines.push({ kind: 'text', text: wording.payment });
  lines.push({ kind: 'rule' });
  lines.push({ kind: 'text', text: wording.thanks, strong: true });
  return { direction: wording.direction, lines };
}

// Unicode isolates keep an amount or a phone number in one piece inside a right-to-left message.
const FSI = '\u2068';
const PDI = '\u2069';

/** The ticket as plain text, for the share sheet and the clipboard. */
export function ticketText(document: TicketDocument): string {
  const out: string[] = [];
  const isolate = (text: string) => (document.direction === 'rtl' ? `${FSI}${text}${PDI}` : text);
  for (const line of document.lines) {
    switch (line.kind) {
      case 'logo':
        break;
      case 'title':
        out.push(line.text.toUpperCase());
        break;
      case 'text':
        out.push(isolate(line.text));
        break;
      case 'item':
        out.push(line.name, `  ${isolate(line.detail)} = ${isolate(line.amount)}`);
        break;
      case 'amount':
        out.push(`${line.label} : ${isolate(line.amount)}`);
        break;
      case 'rule':
        out.push('------------------------');
        break;
      case 'gap':
        out.push('');
        break;
    }
  }
  return out.join('\n');
}
