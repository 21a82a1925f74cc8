import { findControlCharacter } from '@kanal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

/**
 * Input is checked by the contract's zod schemas, and before them by one rule for every route: no
 * control character in any string of the path, the query or the body (400 BodyParamsInvalid naming
 * the field), so none reaches the database, which refuses NUL, or a log line.
 */
export const validationPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const path = findControlCharacter(value);
      if (path !== null) {
        throw new AppError('BodyParamsInvalid', {
          field: { name: path || part, message: 'validation.controlCharacters' },
        });
      }
    }
  });
});
