import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { notificationTextSw } from '@playon/shared/i18n/notifications-sw';
import { translateServerMessage } from '@playon/shared/i18n/translate';
import { messages, messagesSw } from '@playon/shared/messages';
import { notificationMessages, notificationMessagesSw } from '@playon/shared/notifications';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every message the server can answer a player with, read from the source: AppError messages,
 * statusMessages, zod messages of the shared schemas, and the message catalogues they come from.
 * The operators' console (ops files, the sandbox) speaks English only (ADR 0032) and is left out.
 */
const repo = join(import.meta.dirname, '../../../..');
const roots = ['apps/server/src', 'packages/shared/src'];
const notForPlayers = [
  /\/i18n\//, // the catalogue itself
  /(^|\/)(ops|operator|sandbox|config|jobs)\//, // the operators' console (each module's ops/), the sandbox, start-up configuration, the job queue
  /(^|\/)ops[-.]/, // the console's shared schemas
  /\/(refunds|resolve-unmatched)\.ts$/, // console work the money module runs outside its ops/
  /\/(health|readiness|metrics|metrics-jobs|config|operator|cluster|seed|migrate)\.ts$/, // probes, scrapes and scripts
  /\/providers\/card\/routes\.ts$/, // the card gateway's webhook
  /\/(demo-content|seeds)\.ts$/, // demo content is data, not the server's messages
];
const isOperatorsOnly = (path: string) => notForPlayers.some((pattern) => pattern.test(path));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Zod checks whose last argument (or its `error`/`message`) is the message a player reads. */
const zodChecks = new Set([
  'min',
  'max',
  'length',
  'positive',
  'nonnegative',
  'int',
  'finite',
  'regex',
  'refine',
  'email',
  'url',
  'guid',
  'uuid',
  'number',
  'string',
  'enum',
  'boolean',
  'gte',
  'lte',
  'gt',
  'lt',
]);

type Found = {
  text: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;
  at: string;
};

/**
 * Notifications the server writes: every object literal with a `title` and a `body` (a notice, or a
 * group's recipient), in any file but the operators' broadcasts, whose words are the operator's.
 */
const isNotWrittenByServer = (path: string) => /\/(broadcasts|broadcasts-repo)\.ts$|\/sandbox\//.test(path);

function collect(kind: 'messages' | 'notifications' = 'messages'): Found[] {
  const files = roots.flatMap(sourceFiles);
  const parsed = files.map((path) => ({
    path,
    source: ts.createSourceFile(path, readFileSync(join(repo, path), 'utf8'), ts.ScriptTarget.Latest, true),
  }));

  // Dotted names of every const's string, template or arrow-to-template, in any file (ops included).
  const named = new Map<string, ts.Expression>();
  const remember = (name: string, value: ts.Expression) => {
    if (ts.isObjectLiteralExpression(value)) {
      for (const property of value.properties)
        if (
          ts.isPropertyAssignment(property) &&
          (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        )
          remember(`${name}.${property.name.text}`, property.initializer);
    } else if (ts.isAsExpression(value)) remember(name, value.expression);
    else named.set(name, value);
  };
  for (const { source } of parsed)
    source.forEachChild(function visit(node) {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
        remember(node.name.text, node.initializer);
      node.forEachChild(visit);
    });

  const found: Found[] = [];
  for (const { path, source } of parsed) {
    if (kind === 'messages' ? isOperatorsOnly(path) : isNotWrittenByServer(path) || /\/i18n\//.test(path))
      continue;
    const at = (node: ts.Node) => `${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    /** The literal texts `node` can be: followed through consts, catalogues, `??`, `?:` and calls. */
    const textsAt = (node: ts.Expression | undefined, depth = 0): Found[] => {
      if (!node || depth > 4) return [];
      if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
        return textsAt(node.expression, depth);
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)
      )
        return [{ text: node, at: at(node) }];
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
        return textsAt(node.right, depth);
      if (ts.isConditionalExpression(node))
        return [...textsAt(node.whenTrue, depth), ...textsAt(node.whenFalse, depth)];
      if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return textsAt(node.body, depth + 1);
      if (ts.isCallExpression(node)) return textsAt(node.expression, depth + 1);
      if (ts.isObjectLiteralExpression(node))
        return node.properties.flatMap((property) =>
          ts.isPropertyAssignment(property) && ['error', 'message'].includes(property.name.getText())
            ? textsAt(property.initializer, depth)
            : [],
        );
      const value = named.get(node.getText().replace(/\s+/g, ''));
      return value ? textsAt(value, depth + 1) : [];
    };
    const take = (node: ts.Expression | undefined) => {
      found.push(...textsAt(node));
    };

    if (kind === 'notifications') {
      source.forEachChild(function visit(node) {
        if (ts.isObjectLiteralExpression(node)) {
          const property = (name: string) =>
            node.properties.find(
              (one): one is ts.PropertyAssignment =>
                ts.isPropertyAssignment(one) && one.name.getText() === name,
            );
          const title = property('title');
          const body = property('body');
          if (title && body && node.properties.some((one) => one.name?.getText() === 'uid')) {
            take(title.initializer);
            take(body.initializer);
          }
        }
        node.forEachChild(visit);
      });
      continue;
    }

    source.forEachChild(function visit(node) {
      if (ts.isNewExpression(node) && node.expression.getText() === 'AppError') {
        take(node.arguments?.[1]);
        const fields = node.arguments?.[2];
        if (fields && ts.isObjectLiteralExpression(fields))
          for (const property of fields.properties)
            if (ts.isPropertyAssignment(property)) take(property.initializer);
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && callee.text === 'sendEnvelope') take(node.arguments[2]);
        if (
          ts.isPropertyAccessExpression(callee) &&
          zodChecks.has(callee.name.text) &&
          node.arguments.length > 0
        ) {
          const last = node.arguments[node.arguments.length - 1];
          if (
            last &&
            (ts.isObjectLiteralExpression(last) || ts.isStringLiteral(last) || ts.isTemplateExpression(last))
          )
            if (
              ts.isObjectLiteralExpression(last) ||
              node.arguments.length > 1 ||
              callee.name.text !== 'enum'
            )
              take(last);
        }
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'addIssue') take(node.arguments[0]);
      }
      // answerOnce(..., { message }) and the message catalogues themselves.
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText() === 'message' &&
        ts.isStringLiteral(node.initializer)
      )
        take(node.initializer);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /(^messages$|Messages$|Message$|_MESSAGE$|^messageFor)/.test(node.name.text) &&
        node.initializer &&
        !ts.isCallExpression(node.initializer)
      )
        takeLeaves(node.initializer);
      node.forEachChild(visit);
    });

    function takeLeaves(node: ts.Expression) {
      if (ts.isAsExpression(node)) takeLeaves(node.expression);
      else if (!ts.isObjectLiteralExpression(node)) take(node);
      else
        for (const property of node.properties)
          if (ts.isPropertyAssignment(property)) takeLeaves(property.initializer);
    }
  }
  return found;
}

/** A template's possible texts: each `${…}` replaced by sample values of the kinds messages hold. */
const samples = [
  '7',
  'Snake Arena',
  '1,000',
  '24 Nov, 14:30',
  'top-up',
  'Name',
  'country',
  'kes 1,000.00',
  "amina's",
  'Gold package',
];
function textsOf(node: Found['text']): string[] {
  if (!ts.isTemplateExpression(node)) return [node.text];
  let texts = [node.head.text];
  for (const span of node.templateSpans) {
    texts = texts.flatMap((text) => samples.map((sample) => text + sample + span.literal.text));
    if (texts.length > 5000) break;
  }
  return texts;
}

describe('Kiswahili server messages', () => {
  const found = collect();

  it('finds the messages it checks (the scan itself works)', () => {
    const texts = found.flatMap((item) => textsOf(item.text));
    expect(texts).toContain('You are not logged in');
    expect(texts).toContain('This game does not exist.');
    expect(texts).toContain('Please enter a valid Safaricom number, like 0712 345 678.');
    expect(found.length).toBeGreaterThan(150);
  });

  it('has a Kiswahili text for every message the server can answer a player with', () => {
    const missing = found
      .filter((item) => /[A-Za-z]/.test(item.text.getText()))
      .filter((item) => !textsOf(item.text).some((text) => translateServerMessage(text, 'sw') !== undefined))
      .map(
        (item) => `${item.at}: ${ts.isTemplateExpression(item.text) ? item.text.getText() : item.text.text}`,
      );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('holds every key of the shared catalogues in both languages', () => {
    const keysOf = (catalogue: object, prefix = ''): string[] =>
      Object.entries(catalogue).flatMap(([key, value]) =>
        value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(keysOf(messagesSw)).toEqual(keysOf(messages));
    expect(keysOf(notificationMessagesSw)).toEqual(keysOf(notificationMessages));
  });
});

describe('Kiswahili notifications', () => {
  const found = collect('notifications');

  it('finds the notifications it checks (the scan itself works)', () => {
    const texts = found.flatMap((item) => textsOf(item.text));
    expect(texts).toContain('Top up received');
    expect(texts).toContain('Snake Arena was cancelled');
    expect(found.length).toBeGreaterThan(20);
  });

  it('has a Kiswahili text for every notification the server writes', () => {
    const missing = found
      .filter((item) => /[A-Za-z]/.test(item.text.getText()))
      .filter((item) => !textsOf(item.text).some((text) => notificationTextSw(text) !== undefined))
      .map(
        (item) => `${item.at}: ${ts.isTemplateExpression(item.text) ? item.text.getText() : item.text.text}`,
      );
    expect([...new Set(missing)]).toEqual([]);
  });
});
