// Nouveau client's fields as typed and the rules they must meet; messages are keys of the customers catalogue.
import { customerSchema, moroccanPhone, readPositiveMad, type PositiveAmountProblem } from '@hanouti/core';
import { z } from 'zod';

/** The limit as typed: empty is no limit; anything else must be an amount above 0, within what one amount holds. */
export function readLimit(
  text: string,
): { ok: true; value: number | undefined } | { ok: false; problem: PositiveAmountProblem } {
  if (text.trim() === '') return { ok: true, value: undefined };
  return readPositiveMad(text);
}

/** The promised day as the date field gives it ("YYYY-MM-DD"); empty is no promise. */
export function readPromise(text: string): { ok: true; value: string | undefined } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  return customerSchema.shape.promiseDate.safeParse(text).success ? { ok: true, value: text } : { ok: false };
}

export const customerFormFields = z.object({
  name: z.string(),
  phone: z.string(),
  limit: z.string(),
  promise: z.string(),
});
export type CustomerFormValues = z.infer<typeof customerFormFields>;

/** Every field checked at once, each with its own message; the output holds the values read. */
export const customerFormSchema = customerFormFields
  .superRefine((fields, context) => {
    const refuse = (path: keyof CustomerFormValues, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (fields.name.trim() === '') refuse('name', 'nameRequired');
    // Spec §5: the phone is optional; when given it must be a Moroccan number.
    const typedPhone = fields.phone.trim();
    if (typedPhone !== '' && !moroccanPhone(typedPhone).ok) refuse('phone', 'invalidPhone');
    const limit = readLimit(fields.limit);
    if (!limit.ok)
      refuse('limit', limit.problem === 'too-large' ? 'creditLimitTooLarge' : 'creditLimitInvalid');
    if (!readPromise(fields.promise).ok) refuse('promise', 'promiseDateInvalid');
  })
  .transform((fields) => {
    const phone = moroccanPhone(fields.phone.trim());
    const limit = readLimit(fields.limit);
    const promise = readPromise(fields.promise);
    return {
      name: fields.name,
      phone: phone.ok ? phone.phone : '',
      limit: limit.ok ? limit.value : undefined,
      promise: promise.ok ? promise.value : undefined,
    };
  });
export type CustomerFormOutput = z.output<typeof customerFormSchema>;
