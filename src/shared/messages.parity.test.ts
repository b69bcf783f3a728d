import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { bnMessages } from './messages.bn.ts';
import { bnOrderMessages, orderMessages } from './order-messages.ts';

// Every message exists in both languages, with the same kind (text or function of the same
// arguments): a key added to one dictionary only fails here (and in the type check).
const dictionaries = { en: messages, bn: bnMessages } as Record<string, Record<string, unknown>>;

describe('message parity between English and Bengali', () => {
  it('has the same keys in both languages', () => {
    const en = Object.keys(messages).sort();
    for (const [locale, dictionary] of Object.entries(dictionaries)) {
      expect({ locale, keys: Object.keys(dictionary).sort() }).toEqual({ locale, keys: en });
    }
  });

  it.each(Object.keys(messages))('%s is the same kind of message in both, and not empty', (key) => {
    const en = dictionaries.en![key];
    const bn = dictionaries.bn![key];
    expect(typeof bn).toBe(typeof en);
    if (typeof en === 'function' && typeof bn === 'function') {
      expect(bn.length).toBe(en.length);
      const sample = Array.from({ length: en.length }, (_, index) => (index === 0 ? 3 : 'x'));
      expect(String(bn(...sample)).trim()).not.toBe('');
    } else {
      expect(String(bn).trim()).not.toBe('');
    }
  });
});

describe('order message parity between English and Bengali', () => {
  it.each(Object.keys(orderMessages))('%s exists in Bengali, as the same kind of message', (key) => {
    const en = (orderMessages as Record<string, unknown>)[key];
    const bn = (bnOrderMessages as Record<string, unknown>)[key];
    expect(typeof bn).toBe(typeof en);
    if (typeof en === 'function' && typeof bn === 'function') expect(bn.length).toBe(en.length);
  });

  it('has no Bengali message without an English one', () => {
    expect(Object.keys(bnOrderMessages).sort()).toEqual(Object.keys(orderMessages).sort());
  });
});
