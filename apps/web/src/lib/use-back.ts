import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** One page back when the app has history in this tab; otherwise `fallback` (home). */
export function useBack(fallback = '/dashboard'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
