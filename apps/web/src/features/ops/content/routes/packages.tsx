import type { OpsPackage } from '@playon/shared/ops-content';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { usePackages } from '../api/get-packages';
import { PackageDialog } from '../components/package-dialog';

/** Subscription packages: description, price per day and 'popular', each card with its Edit. */
export function Component() {
  const packages = usePackages();
  const [editing, setEditing] = useState<OpsPackage | null>(null);
  if (packages.isError)
    return <LoadError onRetry={() => void packages.refetch()} text={packages.error.message} />;
  if (!packages.data) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (packages.data.length === 0) return <EmptyState icon="search" text="No subscription package yet." />;
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2">
        {packages.data.map((pkg) => (
          <li key={pkg.id} className="flex flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
            <span className="flex items-center justify-between gap-2">
              <h2 className="font-bold">{pkg.name}</h2>
              {pkg.popular ? (
                <span className="rounded-full bg-brand/20 px-2 py-0.5 text-xs">Popular</span>
              ) : null}
            </span>
            <span className="text-lg font-semibold">
              KES {pkg.amount.toLocaleString('en-GB', { minimumFractionDigits: 2 })}
              <span className="text-sm font-normal text-muted"> a day</span>
            </span>
            <span className="text-sm text-muted">{pkg.description}</span>
            {/* A visible Edit on each card: the whole card once was the button, and nothing said so. */}
            <Button
              variant="secondary"
              className="self-end"
              aria-label={`Edit ${pkg.name}`}
              onClick={() => setEditing(pkg)}
            >
              Edit
            </Button>
          </li>
        ))}
      </ul>
      {editing ? <PackageDialog pkg={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
