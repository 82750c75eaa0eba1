import { messages } from '@playon/shared/messages';
import { useState } from 'react';
import { requestPasswordReset } from '../lib/auth-client';
import { toast } from '../lib/toast';
import { useTranslation } from '../lib/translation';

/** Sends the reset mail to the email typed above; the email is required ('Please enter your email'). */
export function PasswordResetLink({ email, label }: { email: string; label?: string }) {
  const { t } = useTranslation();
  const [isSending, setSending] = useState(false);

  async function send() {
    if (isSending) return;
    if (!email.trim()) {
      toast.error(messages.enterEmailForReset);
      return;
    }
    // The server's rule, loaded when asked for: zod stays off the login screen's first paint.
    const { EmailSchema } = await import('@playon/shared/password');
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? messages.enterEmailForReset);
      return;
    }
    setSending(true);
    try {
      await requestPasswordReset(parsed.data);
      toast.success(messages.passwordResetSent);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : messages.genericError);
    } finally {
      setSending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={send}
      disabled={isSending}
      className="tap px-1 text-sm font-medium text-accent disabled:opacity-60"
    >
      {label ?? t('auth.forgotPassword')}
    </button>
  );
}
