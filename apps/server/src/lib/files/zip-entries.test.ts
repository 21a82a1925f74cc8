import { describe, expect, it } from 'vitest';
import { deflatedPart, deflatedRepeat, storedPart, zip } from '../../test/zip-archive.js';
import { type UnpackBudget, UnpackLimitError, unpackEntry, ZipFormatError, zipEntries } from './zip-entries.js';

const MB = 1024 * 1024;

async function unpack(archive: Buffer, name: string, budget: UnpackBudget = { left: MB }) {
  const entry = zipEntries(archive).get(name);
  if (!entry) throw new Error(`no ${name}`);
  const chunks: Buffer[] = [];
  for await (const chunk of unpackEntry(archive, entry, budget)) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

describe('zip entries', () => {
  const text = 'Ime i prezime;E-mail\n'.repeat(1000);

  it('lists an archive’s entries and unpacks stored and deflated ones, in plain and ZIP64 archives', async () => {
    for (const zip64 of [false, true]) {
      const archive = zip([storedPart('a.txt', 'stored'), deflatedPart('b.txt', text)], { zip64 });
      expect([...zipEntries(archive).keys()]).toEqual(['a.txt', 'b.txt']);
      expect(zipEntries(archive).get('b.txt')).toMatchObject({ method: 8, declaredSize: text.length });
      expect(await unpack(archive, 'a.txt')).toBe('stored');
      expect(await unpack(archive, 'b.txt')).toBe(text);
    }
  });

  it('takes what it unpacks from one budget, and stops past it whatever the entry declares', async () => {
    const archive = zip([deflatedPart('a.txt', text), deflatedPart('b.txt', text)]);
    const budget = { left: 2 * text.length };
    await unpack(archive, 'a.txt', budget);
    await unpack(archive, 'b.txt', budget);
    expect(budget.left).toBe(0);

    // Declaring more than is left: refused before anything is inflated.
    const declared = { left: text.length - 1 };
    await expect(unpack(archive, 'a.txt', declared)).rejects.toBeInstanceOf(UnpackLimitError);
    expect(declared.left).toBe(text.length - 1);

    // Declaring 10 bytes of 64 MB: refused once the bytes really inflated pass the budget.
    const bomb = deflatedRepeat('', ' '.repeat(MB), 64, '');
    const lying = zip([{ name: 'bomb.xml', ...bomb, method: 8, declaredSize: 10 }]);
    const budget2 = { left: 4 * MB };
    await expect(unpack(lying, 'bomb.xml', budget2)).rejects.toBeInstanceOf(UnpackLimitError);
    expect(budget2.left).toBeLessThan(0);
    expect(budget2.left).toBeGreaterThan(-MB);
  });

  it('refuses a malformed archive, an encrypted entry and other compression methods', async () => {
    const archive = zip([deflatedPart('a.txt', text)]);
    for (const broken of [
      archive.subarray(0, archive.length - 10),
      Buffer.from('PK\x03\x04 not a zip'),
      Buffer.alloc(0),
    ]) {
      expect(() => zipEntries(broken)).toThrow(ZipFormatError);
    }
    // The directory pointing past the end of the file.
    const pastEnd = Buffer.from(archive);
    pastEnd.writeUInt32LE(archive.length, archive.length - 6);
    expect(() => zipEntries(pastEnd)).toThrow(ZipFormatError);

    const encrypted = zip([{ ...deflatedPart('a.txt', text) }]);
    const directory = encrypted.readUInt32LE(encrypted.length - 6);
    encrypted.writeUInt16LE(1, directory + 8);
    await expect(unpack(encrypted, 'a.txt')).rejects.toBeInstanceOf(ZipFormatError);
    const bzip2 = zip([{ ...deflatedPart('a.txt', text), method: 12 }]);
    await expect(unpack(bzip2, 'a.txt')).rejects.toBeInstanceOf(ZipFormatError);
  });
});
