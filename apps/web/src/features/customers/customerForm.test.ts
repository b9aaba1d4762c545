import { describe, expect, it } from 'vitest';
import { customerFormSchema } from './customerForm';

const typed = { name: 'Fatima', phone: '', limit: '', promise: '' };

describe('customerFormSchema', () => {
  it('says every wrong field at once, each with its own message', () => {
    const result = customerFormSchema.safeParse({
      name: ' ',
      phone: '12',
      limit: '-5',
      promise: '2026-13-45',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'nameRequired'],
      ['phone', 'invalidPhone'],
      ['limit', 'creditLimitInvalid'],
      ['promise', 'promiseDateInvalid'],
    ]);
  });

  it('reads the phone the national way, the limit in centimes, and leaves empty terms out', () => {
    expect(customerFormSchema.parse({ ...typed, phone: '+212 612-345-678', limit: '500,50' })).toEqual({
      name: 'Fatima',
      phone: '06 12 34 56 78',
      limit: 50050,
      promise: undefined,
    });
    expect(customerFormSchema.parse(typed)).toEqual({
      name: 'Fatima',
      phone: '',
      limit: undefined,
      promise: undefined,
    });
  });

  it('refuses a limit of 0, says a limit past 10,000,000 MAD is too large, and keeps a promised day', () => {
    expect(customerFormSchema.safeParse({ ...typed, limit: '0' }).error?.issues[0]?.message).toBe(
      'creditLimitInvalid',
    );
    expect(customerFormSchema.safeParse({ ...typed, limit: '10000000,01' }).error?.issues[0]?.message).toBe(
      'creditLimitTooLarge',
    );
    expect(customerFormSchema.parse({ ...typed, limit: '10000000' }).limit).toBe(1_000_000_000);
    expect(customerFormSchema.parse({ ...typed, promise: '2026-12-01' }).promise).toBe('2026-12-01');
  });
});
