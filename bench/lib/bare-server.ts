import Fastify from 'fastify';
import { serveParent } from './child.ts';

// The reference: a bare Fastify hello-world, no plugins, no logger, no database.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
serveParent(`http://127.0.0.1:${port}`, {}, () => app.close());
