import { describe, expect, it } from 'vitest';
import { check, sniff, sniffBytes } from './sniff';

const bytes = (...b: number[]) => new Uint8Array(b);
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [...'%PDF-1.7'].map((c) => c.charCodeAt(0));

describe('sniff', () => {
  it('knows JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffBytes(bytes(...JPEG))).toBe('jpeg');
    expect(sniffBytes(bytes(...PNG))).toBe('png');
    expect(sniffBytes(bytes(...PDF))).toBe('pdf');
  });

  it('refuses near misses and short files', () => {
    expect(sniffBytes(bytes(0xff, 0xd8))).toBeUndefined();
    expect(sniffBytes(bytes(...PNG.slice(0, 7), 0))).toBeUndefined();
    expect(sniffBytes(bytes(...[...'%PDF1'].map((c) => c.charCodeAt(0))))).toBeUndefined();
    expect(sniffBytes(bytes())).toBeUndefined();
  });

  it('reads a file, not its name or reported type', async () => {
    expect(await sniff(new File([bytes(...PNG, 1, 2)], 'a.pdf', { type: 'application/pdf' }))).toBe('png');
  });
});

describe('check', () => {
  const file = (b: number[], size = 0) => new File([bytes(...b), new Uint8Array(size)], 'f');

  it('takes a file of an accepted kind up to the limit', async () => {
    expect(await check(file(PDF, 92), ['pdf'], 100)).toBeUndefined();
    expect(await check(file(JPEG), ['jpeg', 'png', 'pdf'], 100)).toBeUndefined();
  });

  it('refuses a file over the limit before reading it', async () => {
    expect(await check(file(PDF, 93), ['pdf'], 100)).toBe('too_large');
  });

  it('refuses a kind the document does not accept', async () => {
    expect(await check(file(JPEG), ['pdf'], 100)).toBe('invalid_type');
    expect(await check(file([0x50, 0x4b, 3, 4]), ['jpeg', 'png', 'pdf'], 100)).toBe('invalid_type');
  });
});
