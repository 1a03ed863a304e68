import { describe, expect, it } from 'vitest';
import {
  commonPasswords,
  ENTIRELY_NUMERIC,
  passwordProblems,
  TOO_COMMON,
  TOO_SHORT,
} from './password-rules';

describe('Django password validators', () => {
  it('ships a real list of 20,000 common passwords', () => {
    const list = commonPasswords();
    expect(list.size).toBe(20_000);
    for (const p of ['123456', 'password', 'qwerty', 'iloveyou', 'dragon'])
      expect(list.has(p)).toBe(true);
  });

  it('accepts a strong password', () => {
    expect(
      passwordProblems('Violet-Harbour-917', { email: 'ada@example.com', first_name: 'Ada' }),
    ).toEqual([]);
  });

  it('collects every failing rule, in Django order', () => {
    expect(passwordProblems('1234')).toEqual([TOO_SHORT, TOO_COMMON, ENTIRELY_NUMERIC]);
    expect(passwordProblems('PassWord')).toEqual([TOO_COMMON]);
  });

  it('compares with each part of the attributes (max similarity 0.7)', () => {
    expect(passwordProblems('lovelace99', { last_name: 'Lovelace' })).toEqual([
      'The password is too similar to the last name.',
    ]);
    expect(passwordProblems('ada.lovelace', { email: 'ada.lovelace@example.com' })).toEqual([
      'The password is too similar to the email.',
    ]);
    // A much longer password is not "similar" to a short value (exceeds_maximum_length_ratio).
    expect(passwordProblems('a-very-long-passphrase-with-al-in-it', { first_name: 'Al' })).toEqual(
      [],
    );
  });
});
