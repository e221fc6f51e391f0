// Debian's Chromium as every tool here launches it (e2e, bench, manifest screenshots). Never
// `playwright install`: the browser comes from apt (`apt-get install chromium`).
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
