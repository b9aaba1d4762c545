// The bulk-delete selection: which products are ticked, and what the select-all box shows.

/** The selection with this product ticked or unticked. */
export function toggleSelected(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Whether every shown product is ticked (the select-all box is checked), none, or only some. */
export function selectAllState(
  selected: ReadonlySet<string>,
  shownIds: readonly string[],
): 'all' | 'some' | 'none' {
  let ticked = 0;
  for (const id of shownIds) if (selected.has(id)) ticked++;
  if (ticked === 0) return 'none';
  return ticked === shownIds.length ? 'all' : 'some';
}

/** Select-all ticks every shown product; when they all are already ticked, it unticks them. */
export function toggleAll(selected: ReadonlySet<string>, shownIds: readonly string[]): Set<string> {
  const next = new Set(selected);
  if (selectAllState(selected, shownIds) === 'all') for (const id of shownIds) next.delete(id);
  else for (const id of shownIds) next.add(id);
  return next;
}

/** Drops the ids of products that no longer exist (deleted meanwhile, on this phone or by sync). */
export function keepExisting(selected: ReadonlySet<string>, exists: (id: string) => boolean): Set<string> {
  return new Set([...selected].filter(exists));
}
