import type { SupportSetting } from '@playon/shared/support';

export type ContactName = SupportSetting['name'];
export interface ContactLink {
  name: ContactName;
  href: string;
  /** What the link shows: the address or number itself. */
  text: string;
}

const SOCIAL_ORDER: readonly ContactName[] = ['Instagram', 'Twitter', 'Facebook', 'Whatsapp'];

/** A web address the footer may open: http(s) only, never `javascript:` or the like. */
function webAddress(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function hrefOf({ name, value }: SupportSetting): string | null {
  const digits = value.replace(/[^\d+]/g, '');
  switch (name) {
    case 'Email':
      return /^[^\s@]+@[^\s@]+$/.test(value) ? `mailto:${value}` : null;
    case 'Phone':
      return /\d/.test(digits) ? `tel:${digits}` : null;
    case 'Whatsapp':
      // An operator may give the number instead of a wa.me link.
      return webAddress(value) ?? (/\d/.test(digits) ? `https://wa.me/${digits.replace('+', '')}` : null);
    default:
      return webAddress(value);
  }
}

/**
 * The feedback footer: email and phone as lines to tap, the social profiles (WhatsApp among them)
 * as icons. A setting that is missing or cannot be opened shows nothing.
 */
export function contactLinks(settings: readonly SupportSetting[]) {
  const links: ContactLink[] = [];
  for (const setting of settings) {
    const value = setting.value.trim();
    const href = hrefOf({ name: setting.name, value });
    if (href) links.push({ name: setting.name, href, text: value });
  }
  const byName = (name: ContactName) => links.find((link) => link.name === name);
  return {
    direct: (['Email', 'Phone'] as const).flatMap((name) => byName(name) ?? []),
    social: SOCIAL_ORDER.flatMap((name) => byName(name) ?? []),
  };
}
