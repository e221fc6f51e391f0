import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { lazy } from 'react'

import { Deferred } from '@/lib/deferred'

import { FeaturedProperties } from './components/featured-properties'
import { HeroSearch } from './components/hero-search'
import { MarketingPoints } from './components/marketing-points'
import { Section, SectionFallback } from './components/section'
import classes from './home-page.module.css'
import { HOME_HEAD } from './page-heads'

// Below the fold: their code comes with their data, when they come near the screen.
const Destinations = lazy(() =>
  import('./components/destinations').then((module) => ({ default: module.Destinations })),
)
const DestinationsMap = lazy(() =>
  import('./components/destinations').then((module) => ({ default: module.DestinationsMap })),
)
const AgencyList = lazy(() =>
  import('./components/agency-list').then((module) => ({ default: module.AgencyList })),
)

/** The destinations map's height on the home page. */
const MAP_HEIGHT = 380

/** Sections further down ask for their data when they come this close to the screen. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS margin, not copy
const BELOW_THE_FOLD = '200px 0px'

/**
 * The home page is rendered by the server (src/app/prerender.tsx) and hydrated: the hero and its search
 * paint before any script runs, and every section that needs the API fills in behind its placeholder. Its
 * heading and lead are the page's title and description for search engines and link previews.
 */
export function HomePage() {
  const { i18n } = useLingui()
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg">
          <Stack gap="lg">
            <Title order={1} className={classes.title}>
              {i18n._(HOME_HEAD.title)}
            </Title>
            <Text size="lg" c="petrol.0" maw={560}>
              {i18n._(HOME_HEAD.lead)}
            </Text>
            <HeroSearch />
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 'xl', sm: 48 }}>
        <Stack gap={56}>
          <MarketingPoints />
          <Section id="featured" title={<Trans>Featured properties</Trans>} action={<SeeAll to="/search" />}>
            <Deferred fallback={<SectionFallback />}>
              <FeaturedProperties />
            </Deferred>
          </Section>
          <Section
            id="destinations"
            title={<Trans>Destinations</Trans>}
            action={<SeeAll to="/destinations" />}
          >
            <Deferred fallback={<SectionFallback height={180} />} whenNear={BELOW_THE_FOLD}>
              <Destinations limit={6} />
            </Deferred>
          </Section>
          <Section id="destinations-map" title={<Trans>Map of destinations</Trans>}>
            <Deferred fallback={<SectionFallback height={MAP_HEIGHT} count={1} />} whenNear={BELOW_THE_FOLD}>
              <DestinationsMap height={MAP_HEIGHT} />
            </Deferred>
          </Section>
          <Section id="agencies" title={<Trans>Our agencies</Trans>} action={<SeeAll to="/agencies" />}>
            <Deferred fallback={<SectionFallback height={64} count={4} />} whenNear={BELOW_THE_FOLD}>
              <AgencyList limit={8} />
            </Deferred>
          </Section>
        </Stack>
      </Container>
    </>
  )
}

function SeeAll({ to }: { to: '/search' | '/destinations' | '/agencies' }) {
  return (
    <Anchor component={Link} to={to} fw={600} size="sm">
      <Trans>See all</Trans>
    </Anchor>
  )
}
