// The markers as pins: HTML buttons (reachable with Tab), each opening a popup that links into the app, and
// showing its marker's label (a price) when it has one. Pins that would overlap merge into one numbered
// button that zooms in on them (or, at the closest zoom, lists them), so every pin stays readable and every
// place reachable, by pointer and by keyboard; the merging is redone after each zoom.
import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { LngLatBounds, type LngLatLike, type Map as MaplibreGlMap, Marker, Popup } from 'maplibre-gl'
import { useEffect } from 'react'

import { zoomInOn } from './map-camera.ts'
import classes from './map.module.css'
import type { MapMarker } from './markers.ts'
import { propertiesIn } from './properties-in.ts'

/** Pins whose boxes come closer than this merge into a numbered cluster: a label is never half hidden. */
const CLUSTER_GAP_PX = 2
const POPUP_MAX_WIDTH = '260px'

/** Shows `markers` on `map` (once made), and takes them off when they change or the map goes. */
export function useMapPins(map: MaplibreGlMap | null, markers: MapMarker[]): void {
  const { t, i18n } = useLingui()
  const router = useRouter()

  useEffect(() => {
    if (!map) return
    let open: Popup | null = null
    const navigate = (href: string) => {
      open?.remove()
      router.history.push(href)
    }
    const linkText = (marker: MapMarker) =>
      marker.kind === 'location' ? propertiesIn(i18n, marker.name) : t`View this property`
    const showPopup = (at: LngLatLike, content: HTMLElement, returnFocusTo: HTMLElement) => {
      open?.remove()
      const popup = new Popup({ offset: 16, maxWidth: POPUP_MAX_WIDTH, focusAfterOpen: true })
        .setLngLat(at)
        .setDOMContent(content)
        .addTo(map)
      popup.getElement()?.addEventListener('keydown', (key) => {
        if (key.key === 'Escape') {
          popup.remove()
          returnFocusTo.focus()
        }
      })
      open = popup
    }

    const pins = markers.map((marker) => {
      const button = pinButton(classes.marker, marker.kind)
      if (marker.label) {
        button.textContent = marker.label
        button.dataset.labelled = ''
      }
      button.setAttribute(
        'aria-label',
        [marker.name, marker.detail, marker.label].filter((part) => part !== undefined).join(', '),
      )
      button.setAttribute('aria-haspopup', 'dialog')
      const pin = new Marker({ element: button }).setLngLat([marker.longitude, marker.latitude])
      button.addEventListener('click', (event) => {
        // The map would take the click as its own and close the popup it is opening.
        event.stopPropagation()
        showPopup(pin.getLngLat(), popupContent([marker], linkText, navigate), button)
      })
      return { marker, pin, width: 0, height: 0 }
    })
    // A labelled pin is as wide as its text: each is measured once, all in one layout of the page.
    for (const entry of pins) entry.pin.addTo(map)
    for (const entry of pins) {
      entry.width = entry.pin.getElement().offsetWidth
      entry.height = entry.pin.getElement().offsetHeight
    }

    let clusters: Marker[] = []
    const shown = new Set<Marker>(pins.map((entry) => entry.pin))
    const layout = () => {
      for (const cluster of clusters) cluster.remove()
      clusters = []
      const groups: { members: typeof pins; x: number; y: number; width: number; height: number }[] = []
      for (const entry of pins) {
        const point = map.project(entry.pin.getLngLat())
        // Boxes centred on their places (a marker's anchor), overlapping or nearly.
        const near = groups.find(
          (group) =>
            Math.abs(group.x - point.x) < (group.width + entry.width) / 2 + CLUSTER_GAP_PX &&
            Math.abs(group.y - point.y) < (group.height + entry.height) / 2 + CLUSTER_GAP_PX,
        )
        if (near) near.members.push(entry)
        else
          groups.push({ members: [entry], x: point.x, y: point.y, width: entry.width, height: entry.height })
      }
      for (const { members } of groups) {
        const [first] = members
        if (!first) continue
        if (members.length === 1) {
          // Re-adding a pin already shown would recreate it and lose its focus.
          if (!shown.has(first.pin)) {
            first.pin.addTo(map)
            shown.add(first.pin)
          }
          continue
        }
        for (const member of members) {
          member.pin.remove()
          shown.delete(member.pin)
        }
        const bounds = new LngLatBounds()
        for (const member of members) bounds.extend(member.pin.getLngLat())
        const names = members.map((member) => member.marker.name).join(', ')
        const button = pinButton(classes.cluster, 'cluster')
        button.textContent = String(members.length)
        button.setAttribute('aria-label', t`${members.length} places: ${names}`)
        // Where the group was found free of the others, not its members' centre, which may lie under a pin.
        const cluster = new Marker({ element: button }).setLngLat(first.pin.getLngLat()).addTo(map)
        button.addEventListener('click', (event) => {
          event.stopPropagation()
          if (map.getZoom() >= map.getMaxZoom() - 0.5) {
            const list = popupContent(
              members.map((member) => member.marker),
              linkText,
              navigate,
            )
            showPopup(cluster.getLngLat(), list, button)
          } else {
            zoomInOn(map, bounds)
          }
        })
        clusters.push(cluster)
      }
    }
    layout()
    map.on('zoomend', layout)
    return () => {
      map.off('zoomend', layout)
      open?.remove()
      for (const cluster of clusters) cluster.remove()
      for (const { pin } of pins) pin.remove()
    }
  }, [map, markers, router, t, i18n])
}

function pinButton(className: string | undefined, kind: string): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = className ?? ''
  button.dataset.kind = kind
  return button
}

/** A popup's content, built as DOM (names come from data: never through innerHTML): one place, or a list. */
function popupContent(
  markers: MapMarker[],
  linkText: (marker: MapMarker) => string,
  navigate: (href: string) => void,
): HTMLElement {
  const root = document.createElement(markers.length > 1 ? 'ul' : 'div')
  root.className = classes.popup ?? ''
  for (const marker of markers) {
    const item = document.createElement(markers.length > 1 ? 'li' : 'div')
    item.className = classes.popupItem ?? ''
    const name = document.createElement('p')
    name.className = classes.popupName ?? ''
    name.textContent = marker.name
    item.append(name)
    if (marker.detail) {
      const detail = document.createElement('p')
      detail.className = classes.popupDetail ?? ''
      detail.textContent = marker.detail
      item.append(detail)
    }
    const link = document.createElement('a')
    link.className = classes.popupLink ?? ''
    link.href = marker.href
    link.textContent = linkText(marker)
    link.addEventListener('click', (event) => {
      // A plain click stays in the app; a modified one (new tab, window) is the browser's.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      navigate(marker.href)
    })
    item.append(link)
    root.append(item)
  }
  return root
}
