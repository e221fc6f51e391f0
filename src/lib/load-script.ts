// Third-party scripts (reCAPTCHA, sign-in SDKs) loaded on demand: one <script> per URL, never in the first
// load. A failed load is forgotten so that a later attempt (back online, blocker turned off) tries again.
const pending = new Map<string, Promise<void>>()

/** Appends `<script src>` once and resolves when it has run; rejects when it cannot be loaded. */
export function loadScript(src: string): Promise<void> {
  const known = pending.get(src)
  if (known) return known
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.addEventListener('load', () => resolve())
    script.addEventListener('error', () => {
      pending.delete(src)
      script.remove()
      reject(new Error(`Could not load ${src}`))
    })
    document.head.appendChild(script)
  })
  pending.set(src, loading)
  return loading
}

/** For tests: forget every script asked for. */
export function resetLoadedScripts(): void {
  pending.clear()
}
