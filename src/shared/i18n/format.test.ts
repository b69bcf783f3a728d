import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatNumber,
  formatPrice,
  localizeDigits,
  toBengaliDigits,
  toLatinDigits,
} from './format.ts';
import { bnMessages } from '../messages.bn.ts';

describe('numbers', () => {
  it('writes Bengali digits with lakh grouping in Bengali', () => {
    expect(formatNumber(1234567, 'bn')).toBe('১২,৩৪,৫৬৭');
    expect(formatNumber(4200, 'bn')).toBe('৪,২০০');
    expect(formatNumber(0, 'bn')).toBe('০');
  });
  it('keeps Latin digits and thousands grouping in English', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });
  // Whole numbers and prices are grouped by hand (a browser's first Intl number format is
  // slow, docs/decisions/033); they must read exactly as Intl writes them.
  const wholes = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000];
  for (let n = 7; wholes.length < 200; n = (n * 7919 + 13) % 9_007_199_254_740_881) wholes.push(n);
  const withSigns = [...wholes, ...wholes.filter((n) => n > 0).map((n) => -n)];
  it('groups whole numbers exactly as Intl does, in both languages', () => {
    for (const [locale, tag] of [
      ['en', 'en-US'],
      ['bn', 'bn-BD'],
    ] as const) {
      const intl = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
      for (const n of withSigns) expect(formatNumber(n, locale), `${n}`).toBe(intl.format(n));
    }
    expect(formatNumber(2.5, 'en')).toBe('2.5');
    expect(formatNumber(1234.567, 'bn')).toBe('১,২৩৪.৫৭');
  });
  it('formats whole numbers and prices without starting an Intl number format', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      for (const locale of ['en', 'bn'] as const) {
        formatNumber(1234567, locale);
        formatPrice(123450, locale);
      }
      expect(numberFormat).not.toHaveBeenCalled();
      expect(toLocaleString).not.toHaveBeenCalled();
    } finally {
      numberFormat.mockRestore();
      toLocaleString.mockRestore();
    }
  });
  it('writes prices exactly as Intl does, in both languages', () => {
    for (const [locale, tag, symbol] of [
      ['en', 'en-US', '$'],
      ['bn', 'bn-BD', '$'],
    ] as const) {
      const format = (digits: number) =>
        new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: 2 });
      for (const cents of withSigns.map((n) => n % 1e15)) {
        const abs = Math.abs(cents);
        const amount = format(abs % 100 ? 2 : 0).format(abs / 100);
        const expected = `${cents < 0 ? '-' : ''}${symbol}${amount}`;
        expect(formatPrice(cents, locale), `${cents}`).toBe(expected);
      }
    }
  });
});

describe('prices', () => {
  it('shows dollars with Bengali digits in Bengali, decimals only when there are cents', () => {
    expect(formatPrice(123450, 'bn')).toBe('$১,২৩৪.৫০');
    expect(formatPrice(1200, 'bn')).toBe('$১২');
    expect(formatPrice(12345678905, 'bn')).toBe('$১২,৩৪,৫৬,৭৮৯.০৫');
    expect(formatPrice(-250, 'bn')).toBe('-$২.৫০');
  });
  it("keeps the spec's dollars in English", () => {
    expect(formatPrice(123450, 'en')).toBe('$1,234.50');
    expect(formatPrice(1200, 'en')).toBe('$12');
  });
});

describe('dates', () => {
  // 20:30 UTC is already the next day in Dhaka (UTC+6).
  const lateEvening = '2026-11-23T20:30:00Z';
  it('shows the Dhaka date in Bengali digits', () => {
    expect(formatDate(lateEvening, 'bn')).toBe('২৪ নভেম্বর, ২০২৬');
    expect(formatDate(lateEvening, 'bn', true)).toMatch(/^২৪ নভেম্বর, ২০২৬.*২:৩০/);
  });
  it('shows the Dhaka date in English', () => {
    expect(formatDate(lateEvening, 'en')).toBe('November 24, 2026');
    expect(formatDate(lateEvening, 'en', true)).toMatch(/November 24, 2026.*2:30\sAM/);
  });
  // Dates are written by hand (a browser's first Intl date format is slow, docs/decisions/033);
  // they must read exactly as Intl writes them in Dhaka: every month, midnight and noon, and
  // instants spread over the years the shop can see (Dhaka has kept UTC+6 since 2010).
  const instants = [
    Date.UTC(2026, 10, 23, 18, 0),
    Date.UTC(2026, 10, 24, 6, 0),
    Date.UTC(2026, 11, 31, 17, 59),
  ];
  for (let month = 0; month < 12; month += 1) instants.push(Date.UTC(2027, month, 1, 12, 7));
  const from = Date.UTC(2010, 0, 1);
  for (let n = 7; instants.length < 500; n = (n * 7919 + 13) % 2_000_003)
    instants.push(from + (n / 2_000_003) * 90 * 365 * 24 * 60 * 60 * 1000);
  it('writes dates and times exactly as Intl does in Dhaka, in both languages', () => {
    for (const [locale, tag] of [
      ['en', 'en-US'],
      ['bn', 'bn-BD'],
    ] as const) {
      const dateOnly = new Intl.DateTimeFormat(tag, { timeZone: 'Asia/Dhaka', dateStyle: 'long' });
      const withTime = new Intl.DateTimeFormat(tag, {
        timeZone: 'Asia/Dhaka',
        dateStyle: 'long',
        timeStyle: 'short',
      });
      for (const instant of instants) {
        expect(formatDate(instant, locale), new Date(instant).toISOString()).toBe(dateOnly.format(instant));
        expect(formatDate(instant, locale, true), new Date(instant).toISOString()).toBe(
          withTime.format(instant),
        );
      }
    }
  });
  it('writes dates without starting an Intl date format', () => {
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const toLocaleString = vi.spyOn(Date.prototype, 'toLocaleString');
    try {
      for (const locale of ['en', 'bn'] as const) {
        formatDate(lateEvening, locale);
        formatDate(lateEvening, locale, true);
      }
      expect(dateFormat).not.toHaveBeenCalled();
      expect(toLocaleString).not.toHaveBeenCalled();
    } finally {
      dateFormat.mockRestore();
      toLocaleString.mockRestore();
    }
  });
  it('accepts the forms the API sends: an ISO string, a Date, milliseconds', () => {
    const instant = Date.parse(lateEvening);
    expect(formatDate(new Date(instant), 'en', true)).toBe(formatDate(lateEvening, 'en', true));
    expect(formatDate(instant, 'bn', true)).toBe(formatDate(lateEvening, 'bn', true));
  });
});

describe('digits', () => {
  it('turns Latin digits into Bengali ones and back', () => {
    expect(toBengaliDigits('2020 and 150')).toBe('২০২০ and ১৫০');
    expect(toLatinDigits('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(toLatinDigits(toBengaliDigits('0123456789'))).toBe('0123456789');
  });
  it('leaves English text as it is', () => {
    expect(localizeDigits('Revenue 12M', 'en')).toBe('Revenue 12M');
    expect(localizeDigits('12M', 'bn')).toBe('১২M');
  });
  it('leaves phone numbers and order ids as typed inside Bengali messages', () => {
    const orderId = 'a1b2c3d4-0001-4000-8000-000000000123';
    expect(bnMessages.pleasePayFor(orderId)).toContain(orderId);
    expect(bnMessages.phonePattern).toContain('+880');
    expect(bnMessages.ratingOutOf5(4)).toBe('রেটিং: ৫ এর মধ্যে ৪');
  });
});
