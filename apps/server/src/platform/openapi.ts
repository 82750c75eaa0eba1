import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * A multipart route reads its form itself, so it has no body schema to validate with; the document
 * still says it takes a form (its summary names the fields), so clients and the generated attack
 * suites know to send one.
 */
const transform: typeof jsonSchemaTransform = (route) => {
  const transformed = jsonSchemaTransform(route);
  const schema = transformed.schema as { consumes?: string[]; body?: unknown } | undefined;
  if (schema?.consumes?.includes('multipart/form-data') && !schema.body) {
    schema.body = { type: 'object', properties: { file: { type: 'string', format: 'binary' } } };
  }
  return transformed;
};

/** The console's routes: operators' business, never in the document anyone may read. */
const isConsolePath = (path: string) => path === '/api/ops' || path.startsWith('/api/ops/');

/**
 * The document as it is served: every path but the console's. The whole document (`app.swagger()`)
 * stays in the process, where the generated attack suites read it (ADR 0020).
 */
function withoutConsole(document: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const paths = Object.entries((document.paths ?? {}) as Record<string, unknown>);
  return { ...document, paths: Object.fromEntries(paths.filter(([path]) => !isConsolePath(path))) };
}

/**
 * OpenAPI generated from the routes' zod schemas. Served at /api/docs (UI) and /api/docs/json only
 * when `served` (API_DOCS: a laptop's default, off in production), and then without /api/ops.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { publicUrl, served }: { publicUrl: string; served: boolean },
) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PlayOn API',
        version: '2.0.0',
        description: 'See docs/api.md for the envelope and codes.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  if (!served) return;
  await app.register(async (docs) => {
    // The plugin's pages declare no sign-in of their own (ADR 0073): the document is for anyone.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, signIn: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      transformSpecification: withoutConsole,
      // Our own policy, without the plugin's upgrade-insecure-requests that breaks http://localhost.
      staticCSP:
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'",
    });
  });
}
