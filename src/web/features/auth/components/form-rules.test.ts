import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { loginFormRules, signUpFormRules } from './form-rules.ts';

describe('login and sign-up rules', () => {
  it('say which field is required', () => {
    expect(signUpFormRules.name('')).toBe(messages.nameRequired);
    expect(signUpFormRules.email('')).toBe(messages.emailRequired);
    expect(signUpFormRules.password('')).toBe(messages.passwordRequired);
    expect(loginFormRules.email('')).toBe(messages.emailRequired);
    expect(loginFormRules.password('')).toBe(messages.passwordRequired);
  });

  it('take a name or an email of spaces as empty, but not a password', () => {
    expect(signUpFormRules.name('   ')).toBe(messages.nameRequired);
    expect(loginFormRules.email(' \t ')).toBe(messages.emailRequired);
    expect(loginFormRules.password('   ')).toBe(true);
  });

  it('accept filled-in fields', () => {
    expect(signUpFormRules.name('Rahim')).toBe(true);
    expect(loginFormRules.email('customer@agritools.local')).toBe(true);
    expect(loginFormRules.password('x')).toBe(true);
  });
});
