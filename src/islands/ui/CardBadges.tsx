/** A card's fact badges (RC, AUTO, PATCH, /99, PSA 10) as a labelled list; nothing when it has none. */
export default function CardBadges({ badges }: { badges: readonly string[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Χαρακτηριστικά κάρτας" data-testid="card-badges">
      {badges.map((badge) => (
        <li
          key={badge}
          className="rounded-sm border border-ink px-1.5 py-0.5 text-xs leading-none font-bold tracking-wide"
        >
          {badge}
        </li>
      ))}
    </ul>
  );
}
