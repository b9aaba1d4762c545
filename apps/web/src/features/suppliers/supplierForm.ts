// Nouveau fournisseur's fields; the repository checks them (name, Moroccan phone) and says what is wrong.
import { z } from 'zod';

export const supplierFormSchema = z.object({ name: z.string(), phone: z.string() });
export type SupplierFormValues = z.infer<typeof supplierFormSchema>;
