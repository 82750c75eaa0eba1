import { redirect } from 'react-router';
import { readUser } from '../lib/session-store';

/** A signed-in visitor on the welcome page goes home. Kept tiny: it ships with the entry. */
export function welcomeRedirect() {
  return readUser() ? redirect('/dashboard') : null;
}
