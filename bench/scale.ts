// Throughput through the load balancer (docs/haproxy.cfg) with one and with two Haven servers on one
// PostgreSQL: a first search page and /api/health, each for a fixed time with a fixed number of connections.
// Part of `npm run bench`; alone: `node --import tsx bench/scale.ts [--seconds S] [--connections C]`.
// Everything runs on this machine, so two servers share its cores with PostgreSQL, HAProxy and the load
// generator: the ratio says what a second server buys here, not on two machines.
import { parseArgs } from 'node:util'

import autocannon from 'autocannon'

import { startCluster } from '../tests/scale/cluster.ts'

export interface ScaleFigures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
}

export interface ScaleOutResults {
  seconds: number
  connections: number
  properties: string
  byInstances: Record<'1' | '2', { health: ScaleFigures; search: ScaleFigures }>
  /** Two servers' throughput over one's. */
  ratio: { health: number; search: number }
}

/** One autocannon run against `url`: POST with `body` as JSON when given, GET otherwise. */
export async function loadUrl(
  url: string,
  seconds: number,
  connections: number,
  body?: unknown,
): Promise<ScaleFigures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

export async function measureScaleOut(seconds: number, connections: number): Promise<ScaleOutResults> {
  const byInstances = {} as ScaleOutResults['byInstances']
  for (const instances of [1, 2] as const) {
    const cluster = await startCluster({ instances, env: { LOG_LEVEL: 'error' } })
    try {
      // A warm-up, so that neither count includes the first queries' planning and the pools' growth.
      await loadUrl(`${cluster.url}/api/properties/search`, 2, connections, { size: 15 })
      byInstances[String(instances) as '1' | '2'] = {
        health: await loadUrl(`${cluster.url}/api/health`, seconds, connections),
        search: await loadUrl(`${cluster.url}/api/properties/search`, seconds, connections, { size: 15 }),
      }
    } finally {
      await cluster.stop()
    }
  }
  const ratio = (key: 'health' | 'search') =>
    Number((byInstances['2'][key].requestsPerSecond / byInstances['1'][key].requestsPerSecond).toFixed(2))
  return {
    seconds,
    connections,
    properties: 'the demo data (500 properties)',
    byInstances,
    ratio: { health: ratio('health'), search: ratio('search') },
  }
}

export function scaleOutReport(results: ScaleOutResults): string[] {
  const row = (instances: '1' | '2', key: 'health' | 'search') => {
    const f = results.byInstances[instances][key]
    return `| ${key === 'health' ? '/api/health' : 'search, first page'} | ${instances} | ${f.requestsPerSecond} | ${f.p50Ms} ms | ${f.p99Ms} ms | ${f.errors} |`
  }
  return [
    `\nThrough HAProxy (docs/haproxy.cfg), ${results.connections} connections, ${results.seconds} s, ${results.properties}:\n`,
    '| call | servers | req/s | p50 | p99 | errors |',
    '|---|---|---|---|---|---|',
    row('1', 'health'),
    row('2', 'health'),
    row('1', 'search'),
    row('2', 'search'),
    `\n- two servers over one: /api/health ×${results.ratio.health}, search ×${results.ratio.search}`,
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
  })
  const results = await measureScaleOut(Number(values.seconds), Number(values.connections))
  console.log(scaleOutReport(results).join('\n'))
  console.log(JSON.stringify(results))
}
