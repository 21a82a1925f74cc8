import { IMPLIED_ERRORS, isMessageKey, type Language, type Operation, pickLanguage, translate } from '@kanal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isEmbeddedQueueFull } from '../db/embedded-queue.js';
import { AppError, databaseUnavailable, embeddedDatabaseBusy } from '../lib/app-error.js';
import { isDatabaseUnavailable } from '../lib/pg-errors.js';

type FieldError = { field: string; message: string };

function fieldErrors(
  lang: Language,
  issues: { instancePath: string; message?: string | undefined; params?: unknown }[],
): FieldError[] {
  return issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    const key = issue.message ?? '';
    // Contract schemas carry locale keys; anything else (a zod default) becomes the generic text.
    const message = translate(lang, isMessageKey(key) ? key : 'validation.invalid');
    return { field, message };
  });
}

function send(req: FastifyRequest, reply: FastifyReply, error: AppError, fields?: FieldError[]) {
  for (const [name, value] of Object.entries(error.extra.headers ?? {})) reply.header(name, value);
  const first = fields?.[0];
  const params = first ? { field: first.field, reason: first.message, ...error.extra.params } : error.extra.params;
  return reply.status(error.statusCode).send({
    statusCode: error.statusCode,
    code: error.code,
    message: translate(req.lang, `errors.${error.code}`, params),
    requestId: req.id,
    ...(first ? { field: first.field, fields } : {}),
  });
}

/** Maps Fastify's own errors onto the contract's codes. */
function fromFastify(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PayloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    // @fastify/multipart: an upload route called without a multipart body.
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UnsupportedMediaType');
    // @fastify/multipart limits (plugins/uploads.ts): a file, or the number of files or fields, over the limit.
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PayloadTooLarge');
    default:
      // Malformed JSON, an empty JSON body and the like: the client's fault, whatever the cause.
      return error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? new AppError('BodyParamsInvalid')
        : undefined;
  }
}

const declares = (operation: Operation | undefined, code: AppError['code']) =>
  !operation || (IMPLIED_ERRORS as readonly string[]).includes(code) || (operation.errors ?? []).includes(code);

/**
 * One place turns every error into `{ statusCode, code, message, requestId }`, logged once. With
 * `checkDeclared` (outside production), a code the route's operation does not declare fails the call, so
 * the contract's list of a call's errors cannot fall behind what it answers.
 */
export const errorsPlugin = fp(async (app: FastifyInstance, { checkDeclared }: { checkDeclared: boolean }) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (checkDeclared && !declares(req.routeOptions.config?.operation, error.code)) {
        req.log.error({ code: error.code }, 'an error code the operation does not declare');
        return send(req, reply, new AppError('SomethingWentWrong'));
      }
      if (error.cause !== undefined) req.log.warn({ code: error.code, err: error.cause }, 'request refused');
      else req.log.info({ code: error.code }, 'request refused');
      const field = error.extra.field;
      const key = field && isMessageKey(field.message) ? field.message : 'validation.invalid';
      const message = translate(req.lang, key, error.extra.params);
      return send(req, reply, error, field && [{ field: field.name, message }]);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(req.lang, error.validation);
      req.log.info({ fields: fields.map((f) => f.field) }, 'invalid request');
      return send(req, reply, new AppError('BodyParamsInvalid'), fields);
    }
    const mapped = fromFastify(error);
    if (mapped) {
      req.log.info({ err: error }, 'bad request');
      const fields =
        mapped.code === 'BodyParamsInvalid'
          ? [{ field: 'body', message: translate(req.lang, 'validation.invalid') }]
          : undefined;
      return send(req, reply, mapped, fields);
    }
    if (isEmbeddedQueueFull(error)) {
      req.log.warn('the embedded database is busy: its queue is full');
      return send(req, reply, embeddedDatabaseBusy());
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      return send(req, reply, databaseUnavailable());
    }
    // Never leak internals on a 5xx: the id lets an operator find the logged error.
    req.log.error({ err: error }, 'request failed');
    return send(req, reply, new AppError('SomethingWentWrong'));
  });
});

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a path with bad
 * percent-encoding, a path parameter over `maxParamLength`) gets the same body as every other error.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  req.lang = pickLanguage(req.headers['accept-language']);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    req.log.info({ code: error.code }, 'bad request path');
    const fields = [{ field: 'path', message: translate(req.lang, 'validation.invalid') }];
    return send(req, reply, new AppError('BodyParamsInvalid'), fields);
  }
  req.log.error({ err: error }, 'request failed in the router');
  return send(req, reply, new AppError('SomethingWentWrong'));
}

/** The JSON 404 of the API; the web app's paths get the SPA instead (static-web.ts). */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(req, reply, new AppError('NotFound'));
}
