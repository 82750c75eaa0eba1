import type { FastifyInstance } from 'fastify';

/** The part of JSON Schema the routes' zod schemas turn into (fastify-type-provider-zod). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `GET /api/payments/{id}`: how reports name it. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The document says `security: []`: anyone may call it. */
  isPublic: boolean;
  parameters: Parameter[];
  jsonBody: JsonSchema | undefined;
  isMultipart: boolean;
  tags: string[];
}

interface DocumentOperation {
  security?: unknown[];
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Every operation of the app's whole OpenAPI document, in document order. Read in the process, not
 * from /api/docs/json: the served one leaves the console's /api/ops routes out, and those must be
 * attacked too.
 */
export async function documentedOperations(app: FastifyInstance): Promise<Operation[]> {
  await app.ready();
  const document = app.swagger() as unknown as {
    security?: unknown[];
    paths: Record<string, Record<string, DocumentOperation>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      const content = operation.requestBody?.content ?? {};
      const security = operation.security ?? document.security ?? [];
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        isPublic: security.length === 0,
        parameters: operation.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        isMultipart: 'multipart/form-data' in content,
        tags: operation.tags ?? [],
      });
    }
  }
  return operations;
}

/** Values the test knows for a field or parameter name; undefined when it knows none. */
export type Hints = (name: string) => unknown;

const EMAIL_PATTERN = /@/;

/** A value the schema accepts: the hint for its name first, then its default, enum, or its bounds. */
export function sampleOf(schema: JsonSchema, name: string, hints: Hints): unknown {
  const hinted = hints(name);
  if (hinted !== undefined) return hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variant = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null');
  if (variant) return sampleOf(variant, name, hints);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const isRequired = schema.required?.includes(key);
        if (isRequired || hints(key) !== undefined) value[key] = sampleOf(property, key, hints);
      }
      return value;
    }
    case 'array':
      return schema.items ? [sampleOf(schema.items, name, hints)] : [];
    case 'integer':
    case 'number': {
      const lowest = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const exclusive = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
      return Math.max(1, exclusive ? lowest + 1 : lowest);
    }
    case 'boolean':
      return true;
    default: {
      if (schema.pattern && EMAIL_PATTERN.test(schema.pattern)) return 'attack@example.com';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    }
  }
}

/** The operation's URL with these path and query values (path values are URL-encoded). */
export function urlOf(
  operation: Operation,
  path: Record<string, string>,
  query: Record<string, string | string[]> = {},
) {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = path[name];
    if (value === undefined) throw new Error(`${operation.key}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/** Names of the operation's parameters in one place. */
export const parametersIn = (operation: Operation, place: Parameter['in']) =>
  operation.parameters.filter((p) => p.in === place);

/** A small seeded generator (mulberry32): the same seed, the same run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}
