import type { InjectOptions } from 'fastify';
import {
  type Hints,
  type JsonSchema,
  type Operation,
  parametersIn,
  sampleOf,
  seededRandom,
  urlOf,
} from './attack-openapi.ts';
import { tinyPng } from './files.ts';

/** One fuzzed request and a line that says what it tried, for the report. */
export interface FuzzCase {
  operation: string;
  tried: string;
  request: InjectOptions;
}

const HUGE = 'x'.repeat(100_000);

/** Values a JSON field gets instead of a good one: wrong types, odd amounts, NUL, huge and hostile text. */
export const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  0.5,
  1e308,
  -1e308,
  2 ** 63,
  '100',
  '-1',
  '1e308',
  'NaN',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  HUGE,
  '😀'.repeat(50),
  "' OR 1=1 --",
  '../../etc/passwd',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '-'.repeat(36),
  [],
  [1, 2],
  {},
  { '\u0000': 1 },
  { nested: { deeper: ['\u0000'] } },
];

/** Values a path or query parameter gets (as text in the URL). */
export const BAD_PARAMS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '-1',
  '0',
  '0.5',
  '1e308',
  'NaN',
  'Infinity',
  '9'.repeat(30),
  'x'.repeat(99),
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '-'.repeat(36),
  '0123456789abcdef0123456789abcdef0123',
  'abcdef01-2345-6789-abcd-ef012345678g',
  ' ',
  '%',
  '😀',
  "' or 1=1--",
  '../..',
  'null',
  'true',
  '[]',
];

/** Bodies that are not JSON objects at all, sent as application/json. */
const RAW_BODIES: readonly string[] = [
  '{',
  '{"a":',
  '[',
  'nul',
  '"\u0000"',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  'null',
  '[]',
  '42',
  '"text"',
  '{"a":"\\u0000"}',
  `{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`,
];

interface Base {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

function request(
  operation: Operation,
  base: Base,
  change: Partial<Base> & { raw?: InjectOptions },
): InjectOptions {
  const path = change.path ?? base.path;
  const query = change.query ?? base.query;
  const headers = { ...base.headers, ...change.headers };
  const body = 'body' in change ? change.body : base.body;
  return {
    method: operation.method,
    url: urlOf(operation, path, query),
    headers,
    ...(body !== undefined ? { payload: body } : {}),
    ...change.raw,
    ...(change.raw?.headers ? { headers: { ...headers, ...change.raw.headers } } : {}),
  };
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

/** A multipart body cut or bent in the ways a flaky mobile connection or a hostile client would. */
function multipartCases(
  fields: Record<string, string>,
): Array<{ tried: string; payload: Buffer; contentType: string }> {
  const boundary = '----playonfuzz';
  const type = `multipart/form-data; boundary=${boundary}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (bytes: Buffer, name = 'file') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const fieldText = Object.entries(fields)
    .map(([name, value]) => field(name, value))
    .join('');
  const whole = Buffer.concat([Buffer.from(fieldText), file(tinyPng()), Buffer.from(`--${boundary}--\r\n`)]);
  const cases = [
    { tried: 'multipart cut inside the file', payload: whole.subarray(0, whole.length - 40) },
    { tried: 'multipart cut inside the part headers', payload: whole.subarray(0, fieldText.length + 30) },
    { tried: 'multipart without its closing boundary', payload: whole.subarray(0, whole.length - 20) },
    { tried: 'multipart of the boundary only', payload: Buffer.from(`--${boundary}`) },
    { tried: 'multipart, empty', payload: Buffer.alloc(0) },
    { tried: 'multipart of garbage', payload: Buffer.from('\u0000\u0001garbage\r\n\r\n') },
    {
      tried: 'multipart with NUL in a field',
      payload: Buffer.concat([
        Buffer.from(field('id', 'a\u0000b') + field('type', 'PROFILE_PICTURE')),
        file(tinyPng()),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    },
    {
      tried: 'multipart with NUL in a field name',
      payload: Buffer.concat([
        Buffer.from(field('i\u0000d', 'x') + fieldText),
        file(tinyPng()),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    },
    {
      tried: 'multipart with two files',
      payload: Buffer.concat([
        Buffer.from(fieldText),
        file(tinyPng()),
        file(tinyPng()),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    },
    {
      tried: 'multipart with a file of text',
      payload: Buffer.concat([
        Buffer.from(fieldText),
        file(Buffer.from('not a picture')),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    },
    {
      tried: 'multipart with an unknown type and a huge id',
      payload: Buffer.concat([
        Buffer.from(field('id', HUGE) + field('type', 'EXECUTABLE')),
        file(tinyPng()),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    },
    { tried: 'multipart of fields only', payload: Buffer.from(`${fieldText}--${boundary}--\r\n`) },
  ];
  return [
    ...cases.map((c) => ({ ...c, contentType: type })),
    { tried: 'multipart without a boundary', payload: whole, contentType: 'multipart/form-data' },
    {
      tried: 'multipart with another boundary',
      payload: whole,
      contentType: 'multipart/form-data; boundary=other',
    },
  ];
}

/**
 * Every fuzzed request for one operation: each parameter and field in turn given each bad value, each
 * required field left out, bodies that are not objects or not JSON, bent multipart forms, and
 * `randomCases` seeded mixes of several bad values at once.
 */
export function fuzzCases(
  operation: Operation,
  good: {
    path: Record<string, string>;
    hints: Hints;
    form?: Record<string, string>;
    headers: Record<string, string>;
  },
  seed: number,
  randomCases: number,
): FuzzCase[] {
  const random = seededRandom(seed);
  const query: Record<string, string> = {};
  for (const parameter of parametersIn(operation, 'query')) {
    if (parameter.required)
      query[parameter.name] = String(sampleOf(parameter.schema, parameter.name, good.hints));
  }
  const body = operation.jsonBody
    ? (sampleOf(operation.jsonBody, 'body', good.hints) as Record<string, unknown>)
    : undefined;
  const base: Base = { path: good.path, query, headers: good.headers, body };
  const cases: FuzzCase[] = [];
  const add = (tried: string, change: Parameters<typeof request>[2]) =>
    cases.push({ operation: operation.key, tried, request: request(operation, base, change) });

  add('a good request', {});
  add('no access token', { headers: { authorization: '' } });
  add('a forged access token', { headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' } });
  for (const parameter of parametersIn(operation, 'path')) {
    for (const value of BAD_PARAMS)
      add(`path ${parameter.name}=${show(value)}`, { path: { ...base.path, [parameter.name]: value } });
  }
  for (const parameter of parametersIn(operation, 'query')) {
    for (const value of BAD_PARAMS)
      add(`query ${parameter.name}=${show(value)}`, { query: { ...base.query, [parameter.name]: value } });
  }
  for (const parameter of parametersIn(operation, 'header')) {
    for (const value of ['\u0000', 'a\u0000b', '', HUGE.slice(0, 8000)]) {
      add(`header ${parameter.name}=${show(value)}`, { headers: { [parameter.name]: value } });
    }
  }
  const properties: Record<string, JsonSchema> = operation.jsonBody?.properties ?? {};
  if (operation.jsonBody) {
    for (const name of Object.keys(properties)) {
      for (const value of BAD_VALUES)
        add(`body.${name}=${show(value)}`, { body: { ...body, [name]: value } });
    }
    for (const name of operation.jsonBody.required ?? []) {
      const { [name]: _left, ...rest } = body ?? {};
      add(`body without ${name}`, { body: rest });
    }
    add('an unknown field with NUL', { body: { ...body, 'extra\u0000': '\u0000' } });
    for (const value of [null, [], 'text', 42, true, {}])
      add(`body=${show(value)}`, { body: value as never });
  }
  if (operation.method !== 'GET') {
    for (const raw of RAW_BODIES) {
      add(`raw JSON ${show(raw)}`, {
        raw: { payload: raw, headers: { 'content-type': 'application/json' } },
      });
    }
    add('a text/plain body', { raw: { payload: 'hello', headers: { 'content-type': 'text/plain' } } });
    add('a form body with NUL', {
      raw: {
        payload: 'a=%00&chatRoomId=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    });
    add('JSON in UTF-16', {
      raw: { payload: '{}', headers: { 'content-type': 'application/json; charset=utf-16' } },
    });
    add('a body over the limit', {
      raw: {
        payload: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`,
        headers: { 'content-type': 'application/json' },
      },
    });
  }
  if (operation.isMultipart) {
    for (const c of multipartCases(good.form ?? {})) {
      add(c.tried, { raw: { payload: c.payload, headers: { 'content-type': c.contentType } } });
    }
  }
  const paths = parametersIn(operation, 'path');
  const names = Object.keys(properties);
  for (let i = 0; i < randomCases; i++) {
    const path = { ...base.path };
    for (const parameter of paths) if (random.next() < 0.5) path[parameter.name] = random.pick(BAD_PARAMS);
    let mixed = body;
    if (body && names.length > 0) {
      mixed = { ...body };
      for (const name of names) if (random.next() < 0.5) mixed[name] = random.pick(BAD_VALUES);
    }
    add(`seeded mix ${i}: ${show({ path, body: mixed })}`, { path, body: mixed });
  }
  return cases;
}
