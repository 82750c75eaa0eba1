import type { Profile } from '@playon/shared/profile';

/** The identity service's user, as better-auth returns it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
}

export const USER_KEY = 'user';
export const PROFILE_KEY = 'profile';

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const readUser = (): SessionUser | null => read<SessionUser>(USER_KEY);
export const readProfile = (): Profile | null => read<Profile>(PROFILE_KEY);

export function storeUser(user: SessionUser): void {
  sessionStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

/** The profile is kept in session storage after login and after each update (docs/product.md, "Profile"). */
export function storeProfile(profile: Profile): void {
  sessionStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
  notify();
}

/** Logout clears local and session storage (docs/product.md, "Home screen"). */
export function clearAllStorage(): void {
  sessionStorage.clear();
  localStorage.clear();
  notify();
}

/** Forgets the signed-in player in this tab (a login that did not finish). */
export function clearSession(): void {
  sessionStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(PROFILE_KEY);
  notify();
}
