// Vente en vrac's fields as typed and the rules they must meet: a weight in kg (core's quantity parser, to the
// gram), an optional price per kg above 0 (core's money parser), an optional lot name.
import { parseMadInput, parseQuantityInput } from '@hanouti/core';
import { z } from 'zod';

export const bulkSaleFields = z.object({
  productId: z.string(),
  weight: z.string(),
  price: z.string(),
  createLot: z.boolean(),
  lot: z.string(),
});
export type BulkSaleValues = z.infer<typeof bulkSaleFields>;

/**
 * What a field's check says, as a code: `weightInvalid` and `priceInvalid` are shown under their field while
 * typing; `productMissing` and `weightMissing` (nothing chosen, an empty or 0 weight) only keep the button off.
 */
export type BulkSaleProblem = 'productMissing' | 'weightMissing' | 'weightInvalid' | 'priceInvalid';

export function emptyBulkSale(productId = ''): BulkSaleValues {
  return { productId, weight: '', price: '', createLot: false, lot: '' };
}

/** The price per kg as typed: undefined when left empty (the product's own price), null when refused. */
function readPrice(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const parsed = parseMadInput(text);
  return parsed.invalid || parsed.value <= 0 ? null : parsed.value;
}

export const bulkSaleSchema = bulkSaleFields
  .superRefine((fields, context) => {
    const refuse = (path: keyof BulkSaleValues, message: BulkSaleProblem) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (fields.productId === '') refuse('productId', 'productMissing');
    const weight = parseQuantityInput(fields.weight, true);
    if (weight.invalid) refuse('weight', 'weightInvalid');
    else if (weight.value <= 0) refuse('weight', 'weightMissing');
    if (readPrice(fields.price) === null) refuse('price', 'priceInvalid');
  })
  .transform((fields) => ({
    productId: fields.productId,
    weightKg: parseQuantityInput(fields.weight, true).value,
    pricePerKg: readPrice(fields.price) ?? undefined,
    // Spec: a lot name is only logged.
    lot: (fields.createLot ? fields.lot.trim() : '') || undefined,
  }));
export type BulkSale = z.output<typeof bulkSaleSchema>;

/** The fields read now, or each field's problem: shown while typing, by the same rules the submit applies. */
export function checkBulkSale(
  values: BulkSaleValues,
): { sale: BulkSale; problems: Problems } | { sale: undefined; problems: Problems } {
  const checked = bulkSaleSchema.safeParse(values);
  if (checked.success) return { sale: checked.data, problems: {} };
  const problems: Problems = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as keyof BulkSaleValues;
    problems[field] ??= issue.message as BulkSaleProblem;
  }
  return { sale: undefined, problems };
}
type Problems = Partial<Record<keyof BulkSaleValues, BulkSaleProblem>>;
