/**
 * The login screen's top as HTML (ADR 0036): the server puts it in `/login`'s and `/register`'s page
 * when the request carries no session, so the title paints as the HTML arrives instead of once React,
 * the router and the providers have loaded and run (about 2 s on slow 4G). React's first render
 * replaces it with the same elements (app-shell.test.tsx holds them equal to the screen's). Built by
 * the web build (scripts/app-shells.ts) in each language; nothing here runs in the browser.
 */

export interface LoginShellTexts {
  back: string;
  title: string;
  subtitle: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The back button's arrow, as `components/ui/icon.tsx` draws it. */
const backIcon =
  '<svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-6"><path d="M15 5l-7 7 7 7"></path></svg>';

/** The elements the login screen starts with (routes/login.tsx), up to its subtitle. */
export function loginShellTop(texts: LoginShellTexts): string {
  return [
    `<div class="-ml-2 flex h-14 items-center"><button type="button" aria-label="${escapeHtml(texts.back)}" class="tap flex items-center justify-center rounded-lg">${backIcon}</button></div>`,
    '<div class="flex items-center gap-3"><img src="/favicon.svg" alt="" width="36" height="36" style="width: 36px; height: 36px;"><span class="text-2xl font-black tracking-tight">Play<span class="text-accent">On</span></span></div>',
    `<h1 class="mt-6 text-3xl font-extrabold">${escapeHtml(texts.title)}</h1>`,
    `<p class="mt-1 mb-6 text-muted">${escapeHtml(texts.subtitle)}</p>`,
  ].join('');
}

/** The whole shell: the screen's `main`, marked with the shell's name and language for the entry. */
export function loginShell(texts: LoginShellTexts, language: string): string {
  return `<main data-app-shell="login" data-lang="${language}" class="mx-auto flex min-h-dvh max-w-md flex-col px-5 pb-8">${loginShellTop(texts)}</main>`;
}
