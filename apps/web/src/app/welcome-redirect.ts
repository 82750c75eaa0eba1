import { redirect } from 'react-router';
import { readUser } from '../lib/session-store';

/** A signed-in visitor on the welcome page goes home (the entry leaves such a visit to the router). */
export function welcomeRedirect() {
  return readUser() ? redirect('/dashboard') : null;
}
