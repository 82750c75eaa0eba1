import type { Broadcast } from '@playon/shared/ops-community';
import { EmailText } from '../../components/email-text';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { broadcastsQuery } from '../api/get-broadcasts';

/** The broadcasts sent, newest first, with how many players each reached. */
export function SentBroadcasts() {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-bold">Sent</h2>
      <PagedList<Broadcast>
        query={broadcastsQuery}
        rowKey={(item) => String(item.id)}
        searchLabel="Search by title, message (either language), audience or operator"
        emptyText="No broadcast sent yet."
        columns={[
          { header: 'Sent', cell: (item) => formatWhen(item.createdAt) },
          { header: 'To', cell: (item) => item.audienceLabel },
          {
            header: 'Notification',
            cell: (item) => (
              <>
                <span className="block font-medium break-words">{item.title}</span>
                <span className="block text-xs break-words text-muted">{item.body}</span>
                {item.titleSw || item.bodySw ? (
                  <span lang="sw" className="mt-1 block text-xs break-words text-muted">
                    Kiswahili: {item.titleSw ?? item.title} · {item.bodySw ?? item.body}
                  </span>
                ) : null}
              </>
            ),
          },
          {
            header: 'Players',
            cell: (item) =>
              item.recipientsWritten === null
                ? `Sending to ${item.recipientsCounted.toLocaleString('en-GB')}…`
                : item.recipientsWritten.toLocaleString('en-GB'),
          },
          { header: 'By', cell: (item) => <EmailText email={item.byEmail} /> },
        ]}
      />
    </section>
  );
}
