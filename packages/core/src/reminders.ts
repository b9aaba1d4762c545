// Reminding a customer of what they owe: the phone in +212 form, the WhatsApp link, the message and the log.
import type { Customer } from './entities.js';
import { latinDigits, withoutBidiControls } from './digits.js';

/** How many reminder dates a customer keeps (the latest ones): enough to see a pattern, small to sync. */
export const REMINDER_LOG_LIMIT = 12;

export type ReminderPhoneError = 'no-phone' | 'invalid-phone';

// National 0X…, international +212 / 00212 / 212, with or without the trunk 0 written after the country
// code ("+212 (0)6…", "+212 06…"); the subscriber number is 9 digits starting with 5, 6 or 7.
const MOROCCAN_NUMBER = /^(?:(?:\+|00)?212(?:\(0\)|0)?|0)([5-7]\d{8})$/;

/**
 * Any way a Moroccan number is written (06…, 07…, 05…, +212 6…, 00212…, with spaces, dashes, dots or
 * brackets) as one international number: "+212612345678". Anything else is refused, never guessed.
 */
export function internationalMoroccanPhone(
  text: string,
): { ok: true; phone: string } | { ok: false; error: ReminderPhoneError } {
  const compact = withoutBidiControls(latinDigits(text)).replace(/[\s.\-\u00a0/]/g, '');
  if (compact === '') return { ok: false, error: 'no-phone' };
  const subscriber = MOROCCAN_NUMBER.exec(compact)?.[1];
  if (!subscriber) return { ok: false, error: 'invalid-phone' };
  return { ok: true, phone: `+212${subscriber}` };
}

/** The wa.me link that opens a chat with the number and the message typed in (wa.me wants digits only). */
export function whatsAppLink(internationalPhone: string, message: string): string {
  return `https://wa.me/${internationalPhone.replace(/^\+/, '')}?text=${encodeURIComponent(message)}`;
}

/** A reminder ready to send: its message, and the WhatsApp link when the phone is a Moroccan number. */
export type Reminder =
  | { ok: true; message: string; phone: string; link: string }
  | { ok: false; message: string; error: ReminderPhoneError };

/** The wording of a reminder in one language, filled in by the caller (French or Moroccan Arabic). */
export type ReminderWords = {
  greeting: (name: string) => string;
  balance: (parts: { amount: string; store: string }) => string;
  closing: (store: string) => string;
};

// Unicode isolates keep a name, an amount or a shop name in one piece inside a right-to-left message.
const FSI = '\u2068';
const PDI = '\u2069';

export type ReminderInput = {
  customerName: string;
  storeName: string;
  /** The balance due, already formatted ("120,50 MAD"). */
  balance: string;
  direction: 'ltr' | 'rtl';
  words: ReminderWords;
  /** The statement's lines to append (latest entries), or none. */
  statement?: readonly string[];
};

/** The reminder's text: greeting, the balance with the shop's name, the statement, a polite closing. */
export function reminderMessage(input: ReminderInput): string {
  const isolate = (text: string) => (input.direction === 'rtl' ? `${FSI}${text.trim()}${PDI}` : text.trim());
  const lines = [
    input.words.greeting(isolate(input.customerName)),
    input.words.balance({ amount: isolate(input.balance), store: isolate(input.storeName) }),
  ];
  if (input.statement && input.statement.length > 0) lines.push('', ...input.statement);
  lines.push('', input.words.closing(isolate(input.storeName)));
  return lines.join('\n');
}

/** The reminder for a customer: the message always (it can go through the share sheet), the link when possible. */
export function customerReminder(phone: string, input: ReminderInput): Reminder {
  const message = reminderMessage(input);
  const international = internationalMoroccanPhone(phone);
  if (!international.ok) return { ok: false, message, error: international.error };
  return { ok: true, message, phone: international.phone, link: whatsAppLink(international.phone, message) };
}

/**
 * The customer with one more reminder logged (`at`, an ISO date): the dates stay in order, without
 * duplicates, and only the latest REMINDER_LOG_LIMIT are kept. The customer's updatedAt moves to `at` (never back).
 */
export function logReminder(customer: Customer, at: string): Customer {
  const dates = [...new Set([...(customer.remindedAt ?? []), at])].sort();
  const updatedAt = at > customer.updatedAt ? at : customer.updatedAt;
  return { ...customer, remindedAt: dates.slice(-REMINDER_LOG_LIMIT), updatedAt };
}

/** The latest reminder sent to the customer, if any. */
export function lastReminder(customer: Pick<Customer, 'remindedAt'>): string | undefined {
  const dates = customer.remindedAt ?? [];
  return dates.length === 0 ? undefined : [...dates].sort()[dates.length - 1];
}
