// What the home feature's public screens call themselves: their heading and lead line, which are also the title
// and description a search engine or a link preview reads of the page before any script runs (the build
// writes them out for the server: src/app/prerender.tsx, server/pages/).
import { msg } from '@lingui/core/macro'

export const HOME_HEAD = {
  title: msg`Find a place that feels like home`,
  lead: msg`Search homes from trusted agencies, book online in minutes, and keep your bookings with you, even offline.`,
}

export const AGENCIES_HEAD = {
  title: msg`Agencies`,
  lead: msg`The agencies that offer their properties on Haven. Pick one to see what it rents.`,
}

export const DESTINATIONS_HEAD = {
  title: msg`Destinations`,
  lead: msg`Countries and places where you can rent with Haven. Pick a place to see its properties.`,
}
