// The account screen's forms as zod schemas: the same rules as their fields' HTML constraints, said in words.
import { z } from 'zod';

/**
 * Nine digits, spaces allowed (the owner's phone shows them as 123 456 789), Latin or as an Arabic keyboard types
 * them (٠…٩, ۰…۹): the code sent is in Latin digits (syncEngine.pair).
 */
export const PAIRING_CODE_PATTERN = '[0-9\u0660-\u0669\u06f0-\u06f9 ]{9,16}';

// Messages are keys of the account catalogue, translated where the field shows them.
const required = () => z.string().trim().min(1, 'fields.required');
const newPassword = z.string().min(1, 'fields.required').min(8, 'fields.passwordHint');
const pairingCode = z
  .string()
  .min(1, 'fields.required')
  .regex(new RegExp(`^${PAIRING_CODE_PATTERN}$`), 'errors.invalid_pairing_code');

const CONNECT_MODES = ['signUp', 'logIn', 'pair'] as const;

export type ConnectMode = (typeof CONNECT_MODES)[number];

export const connectFormFields = z.object({
  mode: z.enum(CONNECT_MODES),
  shopName: z.string(),
  login: z.string(),
  password: z.string(),
  code: z.string(),
  deviceName: z.string(),
});
export type ConnectFormValues = z.infer<typeof connectFormFields>;

const connectTabs = {
  signUp: z.object({
    shopName: required(),
    login: required(),
    password: newPassword,
    deviceName: required(),
  }),
  logIn: z.object({ login: required(), password: required(), deviceName: required() }),
  pair: z.object({ code: pairingCode, deviceName: required() }),
};

/** Only the fields of the chosen tab are checked (the others stay hidden and may hold anything). */
export const connectFormSchema = connectFormFields.superRefine((values, context) => {
  const result = connectTabs[values.mode].safeParse(values);
  for (const issue of result.error?.issues ?? [])
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

export const passwordFormSchema = z.object({ current: required(), next: newPassword });
export type PasswordFormValues = z.infer<typeof passwordFormSchema>;
