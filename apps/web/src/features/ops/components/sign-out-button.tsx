import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../../lib/auth-client';

/** The console's Sign out: ends the session as the player's Logout does, back to the console's sign-in. */
export function SignOutButton() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    await signOut();
    queryClient.clear();
    navigate('/ops/sign-in', { replace: true });
  }

  return (
    <button
      type="button"
      onClick={() => void leave()}
      disabled={busy}
      className="h-10 shrink-0 rounded-lg px-3 text-sm font-medium text-accent hover:bg-raised disabled:opacity-60"
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
