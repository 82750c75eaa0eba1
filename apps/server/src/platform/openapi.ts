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

/** OpenAPI generated from the routes' zod schemas: /api/docs (UI) and /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
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
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Our own policy, without the plugin's upgrade-insecure-requests that breaks http://localhost.
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'",
  });
}
