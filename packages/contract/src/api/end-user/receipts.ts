import { DoneSchema } from '../../auth.js';
import { ReceiptBodySchema } from '../../receipts.js';
import type { Operation } from '../operation.js';

/** A notice's client reports it arrived or was opened, with the receipt it carried (no session needed). */
export const reportReceipt = {
  method: 'POST',
  path: '/notification-receipts',
  access: 'public',
  tags: ['notifications'],
  body: ReceiptBodySchema,
  response: DoneSchema,
} as const satisfies Operation;
