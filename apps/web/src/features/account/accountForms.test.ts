import { describe, expect, it } from 'vitest';
import { connectFormSchema, passwordFormSchema } from './accountForms';

const blank = { shopName: '', login: '', password: '', code: '', deviceName: 'Téléphone' };
// The first message of each field: the one the form shows.
function issues(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('connectFormSchema', () => {
  it('checks only the fields of the chosen tab', () => {
    expect(issues(connectFormSchema.safeParse({ ...blank, mode: 'signUp' }))).toEqual({
      shopName: 'fields.required',
      login: 'fields.required',
      password: 'fields.required',
    });
    expect(issues(connectFormSchema.safeParse({ ...blank, mode: 'logIn' }))).toEqual({
      login: 'fields.required',
      password: 'fields.required',
    });
    expect(issues(connectFormSchema.safeParse({ ...blank, mode: 'pair' }))).toEqual({
      code: 'fields.required',
    });
  });

  it('asks a new password of 8 characters, but logs in with any password', () => {
    const values = { ...blank, shopName: 'Hanout', login: 'a@b.ma', password: 'court' };
    expect(issues(connectFormSchema.safeParse({ ...values, mode: 'signUp' }))).toEqual({
      password: 'fields.passwordHint',
    });
    expect(connectFormSchema.safeParse({ ...values, mode: 'logIn' }).success).toBe(true);
  });

  it('takes a pairing code of nine digits, spaces allowed, and refuses anything else', () => {
    expect(connectFormSchema.safeParse({ ...blank, mode: 'pair', code: '123 456 789' }).success).toBe(true);
    // As an Arabic keyboard types it.
    expect(connectFormSchema.safeParse({ ...blank, mode: 'pair', code: '١٢٣ ٤٥٦ ٧٨٩' }).success).toBe(true);
    expect(connectFormSchema.safeParse({ ...blank, mode: 'pair', code: '۱۲۳۴۵۶۷۸۹' }).success).toBe(true);
    expect(issues(connectFormSchema.safeParse({ ...blank, mode: 'pair', code: '12345' }))).toEqual({
      code: 'errors.invalid_pairing_code',
    });
    expect(issues(connectFormSchema.safeParse({ ...blank, mode: 'pair', code: '12345678a' }))).toEqual({
      code: 'errors.invalid_pairing_code',
    });
  });

  it('needs a name for this phone', () => {
    expect(
      issues(connectFormSchema.safeParse({ ...blank, mode: 'pair', code: '123456789', deviceName: ' ' })),
    ).toEqual({ deviceName: 'fields.required' });
  });
});

describe('passwordFormSchema', () => {
  it('needs the current password and a new one of 8 characters', () => {
    expect(issues(passwordFormSchema.safeParse({ current: '', next: '1234567' }))).toEqual({
      current: 'fields.required',
      next: 'fields.passwordHint',
    });
    expect(passwordFormSchema.safeParse({ current: 'x', next: '12345678' }).success).toBe(true);
  });
});
