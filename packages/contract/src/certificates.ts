import * as z from 'zod/mini';
import { CONTENT_PAGE_SIZE } from './authoring.js';
import { IsoDateTimeSchema } from './content.js';
import { IdStringSchema, pageQuery } from './envelope.js';
import { tenantScope } from './people.js';

// Certificates (issue 34, ADR 0066): passing an education that gives one earns its person a PDF with a
// code; anyone the person shows it to checks the code on a public page, which says no more than the PDF.

const PersonRefSchema = z.object({ id: z.int(), name: z.string() });

/**
 * A certificate's code: its organisation's id in base 36, then three groups of four letters and digits
 * (Crockford's base 32: no I, L, O or U), e.g. `2-7K3M-Q9XA-H4PD`. The organisation in it keeps every
 * lookup within one organisation's rows; the 60 random bits make a code impossible to guess.
 */
export const CERTIFICATE_CODE = /^[0-9A-Z]{1,7}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
export const CertificateCodeParamsSchema = z.object({
  code: z.string().check(z.maxLength(30), z.regex(CERTIFICATE_CODE, { error: 'validation.invalid' })),
});

/** GET /certificates/{code}: what the certificate says, and whether it still stands. */
export const CertificateCheckSchema = z.object({
  code: z.string(),
  person: z.string(),
  item: z.string(),
  organisation: z.string(),
  /** When the person passed. */
  passedAt: IsoDateTimeSchema,
  /** 0..1. */
  mark: z.number(),
  /** Withdrawn by the organisation: no longer valid. */
  revokedAt: z.nullable(IsoDateTimeSchema),
});
export type CertificateCheck = z.infer<typeof CertificateCheckSchema>;

/** Who holds an item's certificate: everyone who passed it, with their certificate once it was made. */
export const StaffCertificateSchema = z.object({
  user: PersonRefSchema,
  passedAt: IsoDateTimeSchema,
  mark: z.number(),
  /** The certificate's code, once the person first downloaded it (or it was revoked before). */
  code: z.nullable(z.string()),
  revoked: z.nullable(z.object({ reason: z.string(), at: IsoDateTimeSchema, by: z.nullable(PersonRefSchema) })),
});
export type StaffCertificate = z.infer<typeof StaffCertificateSchema>;
export const StaffCertificateListSchema = z.object({ count: z.int(), items: z.array(StaffCertificateSchema) });
export type StaffCertificateList = z.infer<typeof StaffCertificateListSchema>;

export const CertificateListQuerySchema = z.object({ ...pageQuery(CONTENT_PAGE_SIZE), ...tenantScope });
export type CertificateListQuery = z.infer<typeof CertificateListQuerySchema>;
export const CertificateParamsSchema = z.object({ id: IdStringSchema, userId: IdStringSchema });

/** Why a certificate is withdrawn: for the staff's record (the public page says only that it is). */
export const REVOKE_REASON_MAX_LENGTH = 200;

/** PATCH /content/{id}/certificates/{userId}: withdrawn with a reason, or (null) standing again. */
export const CertificateChangeBodySchema = z.object({
  revoked: z.nullable(
    z.object({
      reason: z
        .string({ error: 'validation.required' })
        .check(
          z.trim(),
          z.minLength(1, { error: 'validation.revokeReasonEmpty' }),
          z.maxLength(REVOKE_REASON_MAX_LENGTH, { error: 'validation.tooLong' }),
        ),
    }),
  ),
});
export type CertificateChangeBody = z.infer<typeof CertificateChangeBodySchema>;
