import { AudienceBroadcastRequestSchema } from '@playon/shared/ops-audiences';
import {
  BROADCAST_BODY_MAX,
  BROADCAST_TITLE_MAX,
  type BroadcastRequest,
  BroadcastRequestSchema,
} from '@playon/shared/ops-community';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { showToast } from '../../../../lib/toast';
import { opsKeys } from '../../api/query-keys';
import { bindTexts, KiswahiliField } from '../../components/text-fields';
import { type FieldErrors, fieldErrorsOf } from '../../components/use-console-form';
import { AudienceFields } from './audience-fields';
import { NotificationPreview } from './notification-preview';
import { type Pending, SendDialog } from './send-dialog';
import { useAudience } from './use-audience';

const EMPTY = { title: '', body: '', titleSw: '', bodySw: '', url: '' };

/**
 * A new broadcast: who, what in English and, optionally, in Kiswahili (previewed as players of each
 * language see it), counted, then confirmed in a dialog.
 */
export function BroadcastForm() {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  // Opened from a saved audience's row: that audience, already chosen.
  const savedId = Number(search.get('audience')) || undefined;
  const who = useAudience(savedId);
  const [value, setValue] = useState(EMPTY);
  const { title, body, url } = value;
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = bindTexts(value, setValue, errors);
  const [pending, setPending] = useState<Pending | null>(null);

  function review(event: FormEvent) {
    event.preventDefault();
    const texts = {
      title,
      body,
      titleSw: value.titleSw,
      bodySw: value.bodySw,
      ...(url.trim() ? { url: url.trim() } : {}),
      expectedRecipients: who.count.data?.recipients ?? 0,
    };
    const parsed = who.isSaved
      ? AudienceBroadcastRequestSchema.safeParse(texts)
      : BroadcastRequestSchema.safeParse({ ...who.query, ...texts });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    const audienceId = who.isSaved ? who.targetId : undefined;
    if (who.isSaved && audienceId === undefined) {
      setErrors({ audienceId: 'Choose the audience.' });
      return;
    }
    setErrors({});
    if (!who.count.data || who.count.data.recipients === 0) {
      setErrors({ audience: 'Nobody would receive it: this audience has no players.' });
      return;
    }
    setPending(
      audienceId === undefined
        ? { request: parsed.data as BroadcastRequest }
        : { request: parsed.data, audienceId, preview: who.count.data.preview },
    );
  }

  function sent(message: string) {
    showToast(message, 'success');
    setValue(EMPTY);
    void queryClient.invalidateQueries({ queryKey: opsKeys.community.broadcasts() });
    // The job writes the notifications a moment later: the list shows how many then.
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: opsKeys.community.broadcasts() }), 3000);
  }

  return (
    <>
      <form
        onSubmit={review}
        className="grid grid-cols-1 gap-5 rounded-xl bg-surface p-4 ring-1 ring-line lg:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="flex min-w-0 flex-col gap-4">
          <h2 className="text-lg font-bold">New broadcast</h2>
          <AudienceFields who={who} errors={errors} />
          <TextField
            label={`Title (${title.length}/${BROADCAST_TITLE_MAX})`}
            maxLength={BROADCAST_TITLE_MAX}
            {...field('title')}
          />
          <TextArea
            label={`Message (${body.length}/${BROADCAST_BODY_MAX})`}
            maxLength={BROADCAST_BODY_MAX}
            {...field('body')}
          />
          <KiswahiliField of="Title" brief max={BROADCAST_TITLE_MAX} {...field('titleSw')} />
          <KiswahiliField of="Message" multiline max={BROADCAST_BODY_MAX} {...field('bodySw')} />
          <TextField
            label="Opens (optional, a page of the app such as /tournaments)"
            placeholder="/tournaments"
            {...field('url')}
          />
          <div className="flex justify-end">
            <Button type="submit">Review and send</Button>
          </div>
        </div>
        <NotificationPreview texts={value} />
      </form>
      {pending ? (
        <SendDialog
          pending={pending}
          audienceLabel={who.count.data?.audienceLabel ?? ''}
          onSent={sent}
          onClose={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
