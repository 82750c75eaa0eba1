/** A piece of a paragraph: plain text, or a bold lead-in such as "Contract:". */
export type Run = string | { readonly strong: string };

/** A paragraph: its text, or its pieces when part of it is bold. */
export type Paragraph = string | readonly Run[];

/**
 * A legal page's text in one language, one module per page and language (privacy-en.ts,
 * privacy-sw.ts...), so a player downloads only the language they read.
 */
export interface LegalText {
  /** The line above the sections, as 'Last Update: 26 July 2019'; absent when the page has none. */
  readonly updated?: string;
  readonly sections: readonly { readonly title: string; readonly paragraphs: readonly Paragraph[] }[];
}
