import { AnswerFeedbackRequestSchema, type FeedbackDetail } from '@playon/shared/ops-community';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../../../lib/toast';
import { DialogFooter } from '../../components/dialog-footer';
import { ReasonField } from '../../components/reason-field';
import { answerFeedback } from '../api/answer-feedback';

/** The operator's answer, mailed to the player; it may close the message at once. */
export function AnswerForm({ feedback, onSent }: { feedback: FeedbackDetail; onSent: () => Promise<void> }) {
  const [body, setBody] = useState('');
  const [close, setClose] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = AnswerFeedbackRequestSchema.safeParse({ body, close });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please write the answer.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { message } = await answerFeedback(feedback.id, parsed.data);
      showToast(message, 'success');
      setBody('');
      setClose(false);
      await onSent();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line"
    >
      <ReasonField
        label={`Answer by e-mail to ${feedback.email}`}
        value={body}
        onChange={setBody}
        isInvalid={Boolean(error)}
        rows={6}
        maxLength={5000}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={close}
          onChange={(event) => setClose(event.target.checked)}
          className="size-5 accent-brand"
        />
        Close it once answered (nothing more to do)
      </label>
      <DialogFooter error={error} submitLabel="Send the answer" isBusy={busy} />
    </form>
  );
}
