import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Suspense } from 'react'

import { AgencyList } from './components/agency-list'
import { Destinations, DestinationsMap } from './components/destinations'
import { FeaturedProperties } from './components/featured-properties'
import { HeroSearch } from './components/hero-search'
import { MarketingPoints } from './components/marketing-points'
import { Section, SectionFallback } from './components/section'
import classes from './home-page.module.css'

/** The destinations map's height on the home page. */
const MAP_HEIGHT = 380

export function HomePage() {
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg">
          <Stack gap="lg">
            <Title order={1} className={classes.title}>
              <Trans>Find a place that feels like home</Trans>
            </Title>
            <Text size="lg" c="petrol.0" maw={560}>
              <Trans>
                Search homes from trusted agencies, book online in minutes, and keep your bookings with you,
                even offline.
              </Trans>
            </Text>
            <HeroSearch />
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 'xl', sm: 48 }}>
        <Stack gap={56}>
          <MarketingPoints />
          <Section id="featured" title={<Trans>Featured properties</Trans>} action={<SeeAll to="/search" />}>
            <Suspense fallback={<SectionFallback />}>
              <FeaturedProperties />
            </Suspense>
          </Section>
          <Section
            id="destinations"
            title={<Trans>Destinations</Trans>}
            action={<SeeAll to="/destinations" />}
          >
            <Suspense fallback={<SectionFallback height={180} />}>
              <Destinations limit={6} />
            </Suspense>
          </Section>
          <Section id="destinations-map" title={<Trans>Map of destinations</Trans>}>
            <Suspense fallback={<SectionFallback height={MAP_HEIGHT} count={1} />}>
              <DestinationsMap height={MAP_HEIGHT} />
            </Suspense>
          </Section>
          <Section id="agencies" title={<Trans>Our agencies</Trans>} action={<SeeAll to="/agencies" />}>
            <Suspense fallback={<SectionFallback height={64} count={4} />}>
              <AgencyList limit={8} />
            </Suspense>
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
