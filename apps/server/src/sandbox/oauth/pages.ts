import { escapeHtml, page } from '../html.ts';
import { presetIdentities, type SandboxProvider } from './identities.ts';

export type AuthorizeParams = Record<string, string>;

const providerNames: Record<SandboxProvider, string> = { google: 'Google', facebook: 'Facebook' };

function hiddenFields(params: AuthorizeParams): string {
  return Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

/** The sandbox's sign-in page: pick a test identity or type one. */
export function authorizePage(provider: SandboxProvider, action: string, params: AuthorizeParams): string {
  const name = providerNames[provider];
  const presets = presetIdentities
    .map(
      (identity) => `<form method="post" action="${escapeHtml(action)}">${hiddenFields(params)}
<input type="hidden" name="preset" value="${escapeHtml(identity.subject)}">
<button type="submit"><strong>${escapeHtml(identity.name)}</strong><br><small>${escapeHtml(identity.email)}</small></button></form>`,
    )
    .join('');
  return page(
    `Sign in with ${name} (sandbox)`,
    `<h1>Sign in with ${escapeHtml(name)}</h1>
<p class="muted">This is PlayOn's sandbox ${escapeHtml(name)}: no real account is used.</p>
<section class="card"><h2>Choose a test player</h2>${presets}</section>
<section class="card"><h2>Or type one</h2>
<form method="post" action="${escapeHtml(action)}">${hiddenFields(params)}
<label for="name">Name</label><input id="name" name="name" autocomplete="name" required>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<button class="primary" type="submit">Continue</button></form></section>`,
  );
}

export function errorPage(message: string): string {
  return page('Sandbox sign-in error', `<h1>Sign-in request refused</h1><p>${escapeHtml(message)}</p>`);
}
