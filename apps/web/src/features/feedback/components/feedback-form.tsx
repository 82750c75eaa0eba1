import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { dismissToast, getToasts, toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { sendFeedback } from '../api/send-feedback';
import { type FeedbackField, type FeedbackValues, feedbackProblem } from './feedback-problem';

/** Email, subject and message; Send checks them and asks to confirm, Submit sends. */
export function FeedbackForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FeedbackValues>({ email, subject: '', message: '' });
  const [problem, setProblem] = useState<{ field: FeedbackField; text: string } | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isSending, setSending] = useState(false);
  const singleFlight = useSingleFlight();
  const complaints = useRef(new Set<string>());

  const bind = (field: FeedbackField) => ({
    value: values[field],
    error: problem?.field === field ? problem.text : null,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (problem?.field === field) setProblem(null);
    },
  });

  function send(event: FormEvent) {
    event.preventDefault();
    const found = feedbackProblem(values);
    if (found) {
      setProblem({ field: found.field, text: found.fieldText });
      toast.error(found.sentence);
      complaints.current.add(found.sentence);
      return;
    }
    setProblem(null);
    // The form is right now: a toast still saying what was wrong would contradict it.
    for (const shown of getToasts()) if (complaints.current.has(shown.message)) dismissToast(shown.id);
    complaints.current.clear();
    setConfirming(true);
  }

  function submit() {
    singleFlight(async () => {
      setSending(true);
      try {
        toast.success(await sendFeedback(values));
        setValues((current) => ({ ...current, subject: '', message: '' }));
        setConfirming(false);
      } catch (error) {
        toast.error(errorText(error, t('common.genericError')));
      } finally {
        setSending(false);
      }
    });
  }

  return (
    <>
      <form noValidate onSubmit={send} className="flex flex-col gap-4">
        <TextField
          label={t('feedback.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...bind('email')}
        />
        <TextField
          label={t('feedback.subject')}
          placeholder={t('feedback.subjectPlaceholder')}
          {...bind('subject')}
        />
        <TextArea
          label={t('feedback.message')}
          rows={6}
          placeholder={t('feedback.messagePlaceholder')}
          {...bind('message')}
        />
        <Button type="submit" className="mt-2 w-full">
          {t('feedback.send')}
        </Button>
      </form>
      {isConfirming ? (
        <Dialog
          title={t('feedback.confirmTitle')}
          onClose={() => {
            if (!isSending) setConfirming(false);
          }}
        >
          <p className="text-muted">{t('feedback.confirmText', { email: values.email.trim() })}</p>
          <div className="mt-6 flex gap-3">
            <Button
              variant="secondary"
              className="flex-1"
              disabled={isSending}
              onClick={() => setConfirming(false)}
            >
              {t('common.cancel')}
            </Button>
            <Button className="flex-1" isBusy={isSending} onClick={submit}>
              {t('feedback.submit')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
