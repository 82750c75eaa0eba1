/** The first few players of an audience, by username: who it is, before anything goes to them. */
export function AudiencePreview({ names }: { names: string[] }) {
  if (names.length === 0) return <p className="text-sm text-muted">Nobody is in it now.</p>;
  return (
    <div className="text-sm">
      <p className="text-muted">First in it:</p>
      <ul aria-label="First players in the audience" className="mt-1 flex flex-wrap gap-1.5">
        {names.map((name) => (
          <li key={name} className="rounded-full bg-raised px-2.5 py-0.5 ring-1 ring-line">
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
