import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and e-mailed links. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored as their SHA-256: they are random, so a slow hash would add nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
