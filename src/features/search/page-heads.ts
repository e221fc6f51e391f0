// What the search screen calls itself: its heading and lead line, which are also the title
// and description a search engine or a link preview reads of the page before any script runs (the build
// writes them out for the server: src/app/prerender.tsx, server/pages/).
import { msg } from '@lingui/core/macro'

export const SEARCH_HEAD = {
  // A heading names the screen: a noun in French (Recherche), where the header's link is a verb (Rechercher).
  title: msg({ message: 'Search', context: 'screen heading' }),
  lead: msg`Properties that match where and when you want to stay.`,
}
