import {
  CertificateChangeBodySchema,
  CertificateCheckSchema,
  CertificateCodeParamsSchema,
  CertificateListQuerySchema,
  CertificateParamsSchema,
  StaffCertificateListSchema,
  StaffCertificateSchema,
} from '../../certificates.js';
import { IdParamsSchema } from '../../envelope.js';
import { TenantScopeQuerySchema } from '../../people.js';
import type { Operation } from '../operation.js';

// Certificates (ADR 0066): the person's PDF, the public check of its code, and who holds an item's, which
// its staff may withdraw. The staff calls take `?tenant=`; a CREATOR reads and withdraws their own items' only.
const tags = ['certificates'];

/** The caller's certificate of an item they passed, as a PDF (made the first time it is asked for). */
export const getCertificate = {
  method: 'GET',
  path: '/mobile/content/:id/certificate',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  produces: ['application/pdf'],
  errors: ['CertificateRevoked'],
} as const satisfies Operation;

/** Anyone's check of a certificate's code: what it says, and whether it still stands. */
export const checkCertificate = {
  method: 'GET',
  path: '/certificates/:code',
  access: 'public',
  tags,
  params: CertificateCodeParamsSchema,
  response: CertificateCheckSchema,
} as const satisfies Operation;

/** Who passed an item that gives certificates, with their certificates, by name. */
export const listCertificates = {
  method: 'GET',
  path: '/content/:id/certificates',
  access: 'content.read',
  tags,
  params: IdParamsSchema,
  query: CertificateListQuerySchema,
  response: StaffCertificateListSchema,
} as const satisfies Operation;

/** A person's certificate of an item withdrawn with a reason, or standing again. */
export const changeCertificate = {
  method: 'PATCH',
  path: '/content/:id/certificates/:userId',
  access: 'content.author',
  tags,
  params: CertificateParamsSchema,
  query: TenantScopeQuerySchema,
  body: CertificateChangeBodySchema,
  response: StaffCertificateSchema,
} as const satisfies Operation;
