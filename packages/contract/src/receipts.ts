import * as z from 'zod/mini';

// Apart from the other notices' schemas: an e-mailed notice's link reports its receipt from the entry of
// the web app, which every visit to /login loads, so this must not bring the signed-in app's chunk along.

/** POST /notification-receipts: a client says a push notice arrived or was opened (`receipt` came with it). */
export const RECEIPT_STATES = ['received', 'opened'] as const;
export const ReceiptBodySchema = z.object({
  receipt: z.string().check(z.maxLength(100), z.regex(/^\d+\.\d+\.[\w-]+$/, { error: 'validation.invalid' })),
  state: z.enum(RECEIPT_STATES),
});
