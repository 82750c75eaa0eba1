import type { AudienceDefinitionInput, AudienceSize } from '@playon/shared/ops-audiences';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '../../../../components/ui/spinner';
import { useAudienceSize, useRuleSize } from '../api/get-audience-size';
import { AudiencePreview } from './audience-preview';

/** How many players an audience holds now, and the first few: counted when it is read, never kept. */
function SizeLine({ size, waiting }: { size: UseQueryResult<AudienceSize>; waiting: string }) {
  return (
    <div aria-live="polite" className="flex flex-col gap-2 text-sm">
      {size.isFetching ? (
        <p className="flex items-center gap-2">
          <Spinner size={16} label="" /> Counting the players…
        </p>
      ) : size.isError ? (
        <p className="text-danger">{size.error.message}</p>
      ) : size.data ? (
        <>
          <p>
            <strong>{size.data.count.toLocaleString('en-GB')}</strong> players now ({size.data.description})
          </p>
          <AudiencePreview names={size.data.preview} />
        </>
      ) : (
        <p className="text-muted">{waiting}</p>
      )}
    </div>
  );
}

/** An unsaved rule's size, as the form is filled in. */
export function AudienceSizeLine({ rule }: { rule: AudienceDefinitionInput | undefined }) {
  return <SizeLine size={useRuleSize(rule)} waiting="Complete the rule to count its players." />;
}

/** A saved audience's size, in its row of the list. */
export function SavedAudienceSize({ id }: { id: number }) {
  return <SizeLine size={useAudienceSize(id)} waiting="" />;
}
