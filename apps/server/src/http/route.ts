import type { Access, Endpoint } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    sameOriginOnly?: boolean;
  }
}

type Out<T> = T extends z.ZodTypeAny ? z.output<T> : undefined;

export type RouteRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
};

export type RouteHandler<E extends Endpoint> = (
  req: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | FastifyReply>;

/**
 * Registers one endpoint of the contract: its path, schemas and access rule come from
 * packages/contract, so the server cannot drift from what the web app and OpenAPI document say.
 */
export function route<E extends Endpoint>(app: FastifyInstance, ep: E, handler: RouteHandler<E>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ep.method,
    url: ep.path,
    config: { access: ep.access, sameOriginOnly: ep.sameOriginOnly ?? false },
    schema: {
      summary: ep.summary,
      ...(ep.consumes && { consumes: ep.consumes }),
      ...(ep.params && { params: ep.params }),
      ...(ep.query && { querystring: ep.query }),
      ...(ep.body && { body: ep.body }),
      ...(ep.headers && { headers: ep.headers }),
      response: { 200: ep.response, ...ep.otherResponses },
    },
    handler: handler as never,
  });
}
