import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const FIELD_SOURCES: Record<string, string> = {
  body: '',
  querystring: 'parameter ',
  params: 'parameter ',
  headers: 'hlavička ',
};

/** Framework errors a client can cause, in Slovak. Anything else under 500 keeps its own status. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Požiadavka je príliš veľká'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Nepodporovaný typ obsahu požiadavky'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Telo požiadavky je prázdne'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Telo požiadavky nie je platný JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Neplatná dĺžka obsahu'],
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ message: error.message, code: error.code, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = FIELD_SOURCES[error.validationContext ?? 'body'] ?? '';
      const details = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { field: field || '(telo)', message: v.message ?? 'Neplatná hodnota' };
      });
      const first = details[0];
      return reply.status(400).send({
        message: `Neplatná hodnota: ${prefix}„${first?.field}“ – ${first?.message}`,
        code: 'VALIDATION',
        details,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'Response did not match its schema');
      return reply.status(500).send({ message: 'Interná chyba servera', code: 'INTERNAL' });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1], code: error.code });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ message: 'Neplatná požiadavka', code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send({ message: 'Interná chyba servera', code: 'INTERNAL' });
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over 16 KiB, a
 * malformed request line) get the product's error shape in Slovak too, not the framework's English.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'Hlavičky alebo adresa požiadavky sú príliš dlhé']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'Požiadavka trvala príliš dlho']
        : [400, 'BAD_REQUEST', 'Neplatná požiadavka'];
  const body = JSON.stringify({ message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
