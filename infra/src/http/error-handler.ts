import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUSY_RETRY_AFTER_SECONDS, DomainError, MESSAGES, VALIDATION_MESSAGES } from '@kartvizit/schemas';
import { ConcurrencyError } from '../event-store/types.ts';

/** What a route may say about how its validation failures read. */
export interface RouteMessages {
  /** Message for a missing or empty required field (e.g. 'Lütfen tüm alanları doldurun'). */
  readonly missingField?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    readonly messages?: RouteMessages;
  }
}

interface AjvLikeError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Record<string, unknown>;
}

function fieldOf(error: AjvLikeError): string {
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    return error.params.missingProperty;
  }
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    return error.params.additionalProperty;
  }
  return error.instancePath.split('/').filter(Boolean)[0] ?? '';
}

function validationMessage(error: AjvLikeError, messages: RouteMessages | undefined): string {
  const field = fieldOf(error);
  // The body itself is of the wrong shape (an array, a string): no field to name.
  if (!field) return MESSAGES.invalidRequest;
  switch (error.keyword) {
    case 'required':
      return messages?.missingField ?? VALIDATION_MESSAGES.required(field);
    case 'type':
      return error.params.type === 'string'
        ? VALIDATION_MESSAGES.mustBeText(field)
        : VALIDATION_MESSAGES.invalid(field);
    case 'maxLength':
      return VALIDATION_MESSAGES.tooLong(field, Number(error.params.limit));
    case 'minLength':
      return messages?.missingField ?? VALIDATION_MESSAGES.required(field);
    case 'additionalProperties':
      return VALIDATION_MESSAGES.unknownField(field);
    default:
      return VALIDATION_MESSAGES.invalid(field);
  }
}

const FASTIFY_CODES: Readonly<Record<string, { status: number; message: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.invalidRequest },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  // Raised before routing (server-options.ts hands them here through `frameworkErrors`).
  FST_ERR_BAD_URL: { status: 400, message: MESSAGES.invalidUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: MESSAGES.urlTooLong },
};

function send(
  reply: FastifyReply,
  status: number,
  message: string,
  field?: string,
  details?: readonly string[],
): FastifyReply {
  return reply
    .code(status)
    .send({ success: false, message, ...(field ? { field } : {}), ...(details ? { details } : {}) });
}

/** One place where every failure becomes a status code and a Turkish message; never a raw 500. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof DomainError) {
    if (error.kind === 'busy') reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    return send(reply, error.status, error.message, error.field, error.details);
  }
  if (error.validation && error.validation.length > 0) {
    const first = error.validation[0] as unknown as AjvLikeError;
    const field = fieldOf(first);
    return send(reply, 400, validationMessage(first, request.routeOptions.config.messages), field || undefined);
  }
  if (error instanceof ConcurrencyError) return send(reply, 409, MESSAGES.conflict);
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return send(reply, known.status, known.message);
  if (error.statusCode === 429) return send(reply, 429, MESSAGES.tooManyRequests);
  if (error instanceof SyntaxError && error.statusCode === 400) return send(reply, 400, MESSAGES.invalidJson);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return send(reply, error.statusCode, MESSAGES.invalidRequest);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, MESSAGES.serverError);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/** JSON 404 for API paths; the embedded and query-api processes put the web app's fallback in front. */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return send(reply, 404, MESSAGES.notFound);
}

export function registerJsonNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
}
