// A page the server rendered is read before it is used: its code is asked for once the page is on screen,
// with its largest photo, instead of sharing the line with them. On a phone's network the app's scripts
// (about 180 KB compressed) and the photo are asked for at once, and the photo, a few kilobytes, waited
// behind them. A visitor who reaches for the page first (a touch, a key, a focus) has it asked for at once.
// Links work as plain links meanwhile, and the controls (the header's, the home page's search, a screen's)
// say they are not ready yet (src/ui/ready-fieldset.tsx) until React has taken the page over.
//
// The script below is inline, allowed by its hash in the Content-Security-Policy (server/security-headers.ts):
// it reads the entry and the chunks to preload from its own data attributes, so it is the same on every page.
import { createHash } from 'node:crypto'

/**
 * The entry first, then the screen's chunks, a few links a task: each link asked for costs 1 to 5 ms on a
 * phone's CPU, and a page preloads 15 to 30 chunks.
 *
 * After the page's photo (the `fetchpriority="high"` image) has come and the page's first contentful paint
 * is on screen (its `paint` entry: the frame a `requestAnimationFrame` precedes is drawn but not yet shown,
 * and in Lighthouse's traces it showed 30 to 70 ms after the scripts were asked for, which then shared the
 * network and the CPU with it), or after a frame where a browser has no paint entries; at once when the visitor
 * touches, types or focuses something first; never later than a few seconds, nor never in a tab in the
 * background (which draws no frame: a timer still runs there).
 */
export const BOOT_SCRIPT = [
  '(()=>{',
  'const d=document.currentScript.dataset;let started=false;',
  'const start=()=>{if(started)return;started=true;',
  "const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=d.entry;document.head.append(s);",
  "const chunks=d.preload.split(' ').filter(Boolean);",
  "const more=()=>{for(const href of chunks.splice(0,4)){const l=document.createElement('link');",
  "l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l)}if(chunks.length)setTimeout(more)};more()};",
  "for(const type of['pointerdown','keydown','focusin'])addEventListener(type,start,{capture:true,once:true,passive:true});",
  'const drawn=()=>{setTimeout(start,1000);const go=()=>setTimeout(start);',
  "if(self.PerformanceObserver?.supportedEntryTypes?.includes('paint'))new PerformanceObserver((list,observer)=>{",
  "if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();go()}}).observe({type:'paint',buffered:true});",
  'else requestAnimationFrame(go)};',
  "const photo=document.querySelector('img[fetchpriority=high]');",
  "if(photo&&!photo.complete){photo.addEventListener('load',drawn);photo.addEventListener('error',drawn);setTimeout(start,3000)}",
  'else drawn()})()',
].join('')

/** The CSP source that allows BOOT_SCRIPT, and only it, to run inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const PRELOAD = /\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g

/**
 * `html` with its module scripts and their preloads asked for by BOOT_SCRIPT, at the end of the body; as it
 * is when it has no entry script.
 */
export function bootAfterPaint(html: string): string {
  const entry = ENTRY.exec(html)
  if (!entry || !html.includes('</body>')) return html
  const preloads = [...html.matchAll(PRELOAD)].map(([, href]) => href!)
  const boot = `<script data-entry="${entry[1]}" data-preload="${preloads.join(' ')}">${BOOT_SCRIPT}</script>`
  return html
    .replace(entry[0], '')
    .replace(PRELOAD, '')
    .replace('</body>', () => `  ${boot}\n  </body>`)
}
