import { readdirSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Answers whose payload is not one of packages/shared's schemas, and why. An entry that matches
 * again fails the test, so the list only shrinks.
 */
const NOT_SHARED: Record<string, string> = {
  // The operators' probe (database up, sandbox on): no client of the API reads it.
  'GET /api/health': 'platform/health.ts',
  // The load balancer's probe (database, Redis, migrations, shutting down): no client of the API reads it.
  'GET /api/ready': 'platform/readiness.ts',
};

type JsonSchema = { type?: string; items?: JsonSchema; nullable?: boolean; [keyword: string]: unknown };
interface DocumentedResponse {
  content?: Record<string, { schema?: { properties?: { payload?: JsonSchema } } }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> }>>;
}

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  // The whole document, the console's routes included (the served one leaves them out).
  await t.app.ready();
  document = t.app.swagger() as unknown as Document;
});
afterAll(async () => {
  await t.close();
});

/** Every zod schema packages/shared exports, written as the document writes a response. */
async function sharedShapes(): Promise<Map<string, JsonSchema>> {
  const shapes = new Map<string, JsonSchema>();
  const modules = readdirSync(new URL('../../../../packages/shared/src/', import.meta.url)).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of modules) {
    const name = file.replace(/\.ts$/, '');
    const exports: Record<string, unknown> = await import(`@playon/shared/${name}`);
    for (const [exported, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) shapes.set(`${name}.${exported}`, documented(value));
    }
  }
  return shapes;
}

function documented(schema: z.ZodType): JsonSchema {
  const route = {
    schema: { response: { 200: schema } },
    url: '/',
    openapiObject: { openapi: document.openapi },
  };
  const { schema: transformed } = jsonSchemaTransform(
    route as unknown as Parameters<typeof jsonSchemaTransform>[0],
  );
  return (transformed as { response: Record<number, JsonSchema> }).response[200] as JsonSchema;
}

/** The shape a payload is made of: a list's item, a nullable object's object. */
function shapeOf(payload: JsonSchema): JsonSchema {
  if (payload.type === 'array' && payload.items) return shapeOf(payload.items);
  if (payload.nullable === true && payload.type === 'object') {
    const { nullable: _, ...object } = payload;
    return object;
  }
  return payload;
}

describe('the wire contract', () => {
  it("answers every documented operation with packages/shared's schemas, so server and web cannot disagree", async () => {
    const shared = [...(await sharedShapes()).values()];
    const notShared: string[] = [];
    const stillListed: string[] = [];
    let answers = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        let isShared = true;
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const payload = response.content?.['application/json']?.schema?.properties?.payload;
          if (!payload) continue;
          answers += 1;
          const shape = shapeOf(payload);
          // A bare number or null (withdrawal charges, feedback sent) is no shape to share.
          if (shape.type !== 'object') continue;
          if (!shared.some((candidate) => isDeepStrictEqual(candidate, shape))) {
            isShared = false;
            if (!(key in NOT_SHARED)) notShared.push(`${key} ${status}`);
          }
        }
        if (isShared && key in NOT_SHARED) stillListed.push(key);
      }
    }
    expect(answers).toBeGreaterThan(100);
    expect(notShared, 'answers whose payload is not a schema of packages/shared').toEqual([]);
    expect(stillListed, 'listed in NOT_SHARED but now shared: remove them from the list').toEqual([]);
  });
});
