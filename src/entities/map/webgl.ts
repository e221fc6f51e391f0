/** MapLibre draws with WebGL 2; without it (old devices, some headless browsers) the map shows a message. */
export function supportsWebGL2(): boolean {
  try {
    const canvas = document.createElement('canvas')
    const gl = canvas.getContext('webgl2')
    if (!gl) return false
    // Give the test context back at once: browsers allow only a handful at a time.
    gl.getExtension('WEBGL_lose_context')?.loseContext()
    return true
  } catch {
    return false
  }
}
