import { randomInt } from 'node:crypto';
import { hashToken } from '../../lib/tokens.js';

// Crockford's base32: no I, L, O or U, so a code read aloud or off paper is hard to get wrong.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12;

/** A new code, 60 random bits, as the admin hands it over: `7K2M-QX9D-4HNP`. */
export function newActivationCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * What is stored: the SHA-256 of the account and the code as typed, up to case, spaces and dashes,
 * with the letters people confuse with digits read as those digits. 60 random bits under the set-up
 * rate limit need no slow hash; the account in it keeps two accounts' codes apart.
 */
export function hashActivationCode(account: { tenantId: number; id: number }, typed: string): string {
  const normalized = typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return hashToken(`activation:${account.tenantId}:${account.id}:${normalized}`);
}
