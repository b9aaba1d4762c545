// A notebook entry's fields as typed and the rules they must meet: an amount above 0 to the centime (core's
// parser), and a note when the chosen kind asks for one. Messages are codes the dialog turns into the screen's words.
import { parseMadInput } from '@hanouti/core';
import { z } from 'zod';

/** The fields as typed (the kind is one of the screen's, set by the kind buttons only). */
export type NotebookEntryValues = { kind: string; amount: string; description: string };

/** What a refused field says, as a code: the screen gives the words. */
export type NotebookEntryProblem = 'amountMustBePositive' | 'noteRequired';

/** The amount as typed, in centimes; undefined when it is empty, unreadable or not above 0 (spec §5). */
export function readEntryAmount(text: string): number | undefined {
  const parsed = parseMadInput(text);
  return parsed.invalid || parsed.value <= 0 ? undefined : parsed.value;
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
      if (readEntryAmount(fields.amount) === undefined) refuse('amount', 'amountMustBePositive');
      if (noteRequired(fields.kind as Kind) && fields.description.trim() === '')
        refuse('description', 'noteRequired');
    })
    .transform((fields) => ({
      kind: fields.kind as Kind,
      amount: readEntryAmount(fields.amount) ?? 0,
      description: fields.description,
    }));
}

export type NotebookEntry<Kind extends string> = { kind: Kind; amount: number; description: string };
