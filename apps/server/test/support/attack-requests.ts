import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { type Operation, parametersIn, sampleOf, urlOf } from './attack-openapi.ts';
import { type Owner, ownerForms, ownerHints, ownerPath } from './attack-owner.ts';
import { multipartForm, tinyPng } from './files.ts';
import { bearer } from './players.ts';

/** Why the suites cannot build a request for this operation, or undefined when they can. */
export function unfillable(operation: Operation, owner: Owner): string | undefined {
  const { unknown } = ownerPath(operation, owner);
  if (unknown.length > 0) return `${operation.key}: no way to fill ${unknown.join(', ')}`;
  if (operation.isMultipart && !ownerForms[operation.key]) return `${operation.key}: no form to send`;
  return undefined;
}

/** The operation aimed at the owner's things, sent with `token` (none: anonymous). */
export function ownerAimedRequest(
  operation: Operation,
  owner: Owner,
  token: string | undefined,
): InjectOptions {
  const hints = ownerHints(owner);
  const query: Record<string, string> = {};
  for (const parameter of parametersIn(operation, 'query')) {
    if (parameter.required) query[parameter.name] = String(sampleOf(parameter.schema, parameter.name, hints));
  }
  const headers: Record<string, string> = {
    ...(token ? bearer(token) : {}),
    'idempotency-key': randomUUID(),
  };
  const request: InjectOptions = {
    method: operation.method,
    url: urlOf(operation, ownerPath(operation, owner).values, query),
    headers,
  };
  const form = ownerForms[operation.key];
  if (operation.isMultipart && form) {
    const { payload, contentType } = multipartForm(form(owner), {
      name: 'attack.png',
      type: 'image/png',
      bytes: tinyPng(),
    });
    return { ...request, payload, headers: { ...headers, 'content-type': contentType } };
  }
  if (operation.jsonBody)
    return { ...request, payload: sampleOf(operation.jsonBody, 'body', hints) as object };
  return request;
}
