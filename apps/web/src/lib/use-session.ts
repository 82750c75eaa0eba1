import type { Profile } from '@playon/shared/profile';
import { useSyncExternalStore } from 'react';
import {
  PROFILE_KEY,
  readProfile,
  readUser,
  type SessionUser,
  subscribeSession,
  USER_KEY,
} from './session-store';

// Snapshots must be stable between calls, so compare the raw storage strings.
let profileRaw: string | null = null;
let profileValue: Profile | null = null;
function profileSnapshot(): Profile | null {
  const raw = sessionStorage.getItem(PROFILE_KEY);
  if (raw !== profileRaw) {
    profileRaw = raw;
    profileValue = readProfile();
  }
  return profileValue;
}

let userRaw: string | null = null;
let userValue: SessionUser | null = null;
function userSnapshot(): SessionUser | null {
  const raw = sessionStorage.getItem(USER_KEY);
  if (raw !== userRaw) {
    userRaw = raw;
    userValue = readUser();
  }
  return userValue;
}

export const useProfile = (): Profile | null => useSyncExternalStore(subscribeSession, profileSnapshot);
export const useSessionUser = (): SessionUser | null => useSyncExternalStore(subscribeSession, userSnapshot);
