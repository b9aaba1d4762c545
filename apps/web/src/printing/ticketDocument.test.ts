import { describe, expect, it } from 'vitest';
import { ticketText } from './ticketDocument';
import { KNOWN_SALE, knownTicket } from './ticketFixture';

describe('ticket document', () => {
  it('holds the store, number, date, every line, the totals and the thanks, in order', () => {
    const text = ticketText(knownTicket('fr'));
    expect(text.split('\n')).toEqual([
      'HANOUT ESSAADA',
      'Avenue Mohammed V, Marrakech',
      '+212 6 12 34 56 78',
      '',
      'Ticket n° A-000042',
      '14/03/2025 10:30',
      '------------------------',
      'Huile Lesieur 1 L',
      '  2 × 18,50 MAD = 37,00 MAD',
      'Lentilles (vrac)',
      '  1,25 kg × 16,00 MAD = 20,00 MAD',
      '------------------------',
      'Sous-total HT : 57,00 MAD',
      'TVA : 7,40 MAD',
      'Total TTC : 64,40 MAD',
      '------------------------',
      'Merci pour votre visite !',
    ]);
    expect(KNOWN_SALE.subtotal + KNOWN_SALE.vat).toBe(KNOWN_SALE.total);
  });

  it('isolates amounts in an Arabic text so they keep their order', () => {
    const text = ticketText(knownTicket('ar'));
    expect(text).toContain('المجموع مع الضريبة : \u206864,40 د.م.\u2069');
  });
});
