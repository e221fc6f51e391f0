// What `use-sync-external-store/shim` and `…/shim/with-selector` resolve to (vite.config.ts). Lingui and
// TanStack Store import them; React's own copies are CommonJS bound to React, and Preact has the hook built
// in. The selector variant follows React's contract: the selection is recomputed only when the snapshot
// changes, and a new selection equal (by `isEqual`) to the one last rendered is replaced by that one, so
// components re-render only when what they selected changed.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'preact/compat'

export { useSyncExternalStore }

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  _getServerSnapshot: (() => Snapshot) | undefined | null,
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const rendered = useRef<{ value: Selection } | null>(null)

  const getSelection = useMemo(() => {
    let memo: { snapshot: Snapshot; selection: Selection } | null = null
    return () => {
      const snapshot = getSnapshot()
      if (memo && Object.is(memo.snapshot, snapshot)) return memo.selection
      let selection = selector(snapshot)
      const previous = memo ? memo.selection : rendered.current?.value
      if (isEqual && (memo || rendered.current) && isEqual(previous as Selection, selection))
        selection = previous as Selection
      memo = { snapshot, selection }
      return selection
    }
  }, [getSnapshot, selector, isEqual])

  const value = useSyncExternalStore(subscribe, getSelection)
  useEffect(() => {
    rendered.current = { value }
  }, [value])
  return value
}

export default { useSyncExternalStore, useSyncExternalStoreWithSelector }
