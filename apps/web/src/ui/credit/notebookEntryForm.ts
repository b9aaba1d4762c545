// A notebook entry's fields as typed and the rules they must meet: an amount above 0 to the centime (core's
// parser) within what one entry holds, a note within its length, and a note when the chosen kind asks for one.
// Messages are codes the dialog turns into the screen's words.
import { MAX_NOTE_LENGTH, readPositiveMad } from '@hanouti/core';
import { z } from 'zod';

/** The fields as typed (the kind is one of the screen's, set by the kind buttons only). */
export type NotebookEntryValues = { kind: string; amount: string; description: string };

/** What a refused field says, as a code: the screen gives the words. */
export type NotebookEntryProblem = 'amountMustBePositive' | 'amountTooLarge' | 'noteTooLong' | 'noteRequired';

/** The amount as typed, in centimes; undefined when it is empty, unreadable, not above 0 (spec §5) or too large. */
export function readEntryAmount(text: string): number | undefined {
  const read = readPositiveMad(text);
  return read.ok ? read.value : undefined;
}

/**
 * Core's refusals of an entry that are a field's bound (ledger.ts `entryProblem`): the field and the code the
 * dialog words, as its own checks would have said it; undefined for any other refusal.
 */
export function boundRefusal(
  error: string,
): { field: 'amount' | 'description'; message: NotebookEntryProblem } | undefined {
  if (error === 'amount-not-positive') return { field: 'amount', message: 'amountMustBePositive' };
  if (error === 'amount-too-large') return { field: 'amount', message: 'amountTooLarge' };
  if (error === 'description-too-long') return { field: 'description', message: 'noteTooLong' };
  return undefined;
}

/** Every field checked at once, each with its own message; the output holds the amount in centimes. */
export function notebookEntrySchema<Kind extends string>(
  kinds: readonly [Kind, ...Kind[]],
  noteRequired: (kind: Kind) => boolean,
) {
  return z
    .object({
      kind: z.string().refine((kind) => (kinds as readonly string[]).includes(kind)),
      amount: z.string(),
      description: z.string(),
    })
    .superRefine((fields, context) => {
      const refuse = (path: 'amount' | 'description', message: NotebookEntryProblem) =>
        context.addIssue({ code: 'custom', path: [path], message });
      const amount = readPositiveMad(fields.amount);
      if (!amount.ok)
        refuse('amount', amount.problem === 'too-large' ? 'amountTooLarge' : 'amountMustBePositive');
      if (fields.description.trim().length > MAX_NOTE_LENGTH) refuse('description', 'noteTooLong');
      else if (noteRequired(fields.kind as Kind) && fields.description.trim() === '')
        refuse('description', 'noteRequired');
    })
    .transform((fields) => ({
      kind: fields.kind as Kind,
      amount: readEntryAmount(fields.amount) ?? 0,
      description: fields.description,
    }));
}

export type NotebookEntry<Kind extends string> = { kind: Kind; amount: number; description: string };
