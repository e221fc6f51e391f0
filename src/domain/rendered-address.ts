// The address of a page the server renders, as the server keeps it and the browser compares it: a screen
// shows the same page at every address that differs only by parameters it does not read
// (server/pages/routes.ts, src/main.tsx).

/**
 * The address of the page `url` shows, with only the parameters `reads` names, sorted: any other parameter
 * changes nothing the screen shows, so it makes no other page to render and keep.
 */
export function renderedAddress(url: string, reads: readonly string[] = []): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  // The pairs as written: re-encoded (URLSearchParams writes a space as `+`), the router would read others.
  const nameOf = (pair: string) => {
    const name = pair.slice(0, (pair.indexOf('=') + 1 || pair.length + 1) - 1)
    try {
      return decodeURIComponent(name)
    } catch {
      return name
    }
  }
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => reads.includes(nameOf(pair)))
    .sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0))
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at)
}
