import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const webSource = join(import.meta.dirname, '../..');
const features = join(webSource, 'features');

/** Props a player reads or hears: a literal in them is English whatever the language. */
const spokenProps = new Set(['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label']);

/**
 * Words that are the same in every language (docs/glossary.md: brand names are never translated),
 * found as literals in the screens on purpose. Keep it short: anything else belongs in the locales.
 */
const sameInEveryLanguage = new Set([
  // The logo's two halves, coloured apart on the welcome page.
  'Play',
  'On',
  // The currency's one spelling in both languages, beside a figure (the glossary).
  'kes',
  'M-Pesa',
]);

/** The player's screens: every feature but the operator console (English only) and tests. */
function playerScreens(dir = features): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(features, 'ops') ? [] : playerScreens(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !sameInEveryLanguage.has(text.trim());

/** Each literal a player would read: JSX text, `{'...'}` children and string values of spoken props. */
function literalsIn(path: string): string[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const at = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative(webSource, path)}:${line + 1} ${JSON.stringify(text.trim())}`);
  };
  const isLiteral = (
    node: ts.Node | undefined,
  ): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) at(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      ts.isJsxElement(node.parent) &&
      isLiteral(node.expression) &&
      hasWords(node.expression.text)
    )
      at(node, node.expression.text);
    if (ts.isJsxAttribute(node) && spokenProps.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      if (isLiteral(literal) && hasWords(literal.text)) at(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the player's screens", () => {
  it('show no English literal: every text they show is a locale key', () => {
    const screens = playerScreens();
    expect(screens.length).toBeGreaterThan(50);
    expect(screens.flatMap(literalsIn)).toEqual([]);
  });
});
