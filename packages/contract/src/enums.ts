import * as z from 'zod/mini';

export const RoleSchema = z.enum(['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST', 'USER']);
export type Role = z.infer<typeof RoleSchema>;

export const ContentTypeSchema = z.enum(['EDUCATION', 'POLL', 'INQUIRY', 'INFORMATION', 'TASK']);
export type ContentType = z.infer<typeof ContentTypeSchema>;

export const ContentConfigurationSchema = z.enum(['COMMUNICATION', 'PROMOTION']);
export type ContentConfiguration = z.infer<typeof ContentConfigurationSchema>;

export const QuestionTypeSchema = z.enum(['SINGLE', 'MULTIPLE', 'TEXT', 'LINEAR']);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

export const RepeatSchema = z.enum(['NO_REPEAT', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
export type Repeat = z.infer<typeof RepeatSchema>;

export const MediaTypeSchema = z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']);
export type MediaType = z.infer<typeof MediaTypeSchema>;

export const ApplicationSchema = z.enum(['web', 'mobile', 'admin']);
export type Application = z.infer<typeof ApplicationSchema>;
