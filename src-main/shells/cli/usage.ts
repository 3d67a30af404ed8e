import { KindedError } from '../../platform/errors';
/** Thrown for a command line we cannot run; the CLI prints the usage line and exits with 2. */
export class UsageError extends KindedError<'usage'> {
  constructor(message: string) {
    super('usage', message);
    this.name = 'UsageError';
  }
}

export const usageLine = 'usage: lanepoint <command> [options]   (lanepoint --help lists the commands)';

export const helpText = `Lanepoint: an in-store payment terminal.

usage: lanepoint <command> [options]

commands:
  start                 the Electron app; browser mode when the Electron runtime is missing
  host [--port N]       browser mode: serve the terminal on 127.0.0.1 and print its address
  emulator [--port N] [--tls] [--plain] [--unlimited] [--db FILE] [--wallet-keys DIR]
                        the gateway emulator on 127.0.0.1 (test merchants and credentials);
                        --plain turns off the test environment's shuffled, padded answers,
                        --unlimited the 20-a-minute limit on inquiries; --db keeps the day
                        in a SQLite file across restarts; --tls serves https with a
                        certificate generated at start; --wallet-keys DIR trusts the training
                        wallet keys in a training lane's app-data folder, so that lane's
                        phone payments are tokenized here
  emulator --boarding [--boarding-port N] [gateway options as above]
                        the gateway emulator and beside it the boarding emulator (prints its
                        URL, API user and client secret): merchants it boards are served by
                        the gateway, its billing plans charge the gateway's stored profiles
  board status|signature|orders <merchantId> [--url URL] [--auth-url URL] [--user U] [--client-id ID]
                        a boarding application's status, the owner's signing link, its
                        equipment orders (LANEPOINT_BOARDING_URL, _USER, _PASSWORD, _CLIENT_ID,
                        _CLIENT_SECRET; the password and secret from the environment only)
  backoffice [--port N] [--training] [--browser]
                        the back office (boarding, orders, billing plans, provisioning): its
                        own window where Electron is installed, else (or with --browser)
                        browser mode on 127.0.0.1 (default port 8712); training runs the
                        boarding and gateway emulators in it, and is the default until a
                        boarding URL is configured
  hub [--port N] [--host ADDRESS] [--database URL] [--admin-key]
                        the store hub: every lane's journal events, reports across lanes and
                        settings pushes, on 127.0.0.1 (default port 8713; --host 0.0.0.0 for
                        lanes on other machines, on the store network or behind TLS); on
                        PostgreSQL with --database postgres://... (or LANEPOINT_HUB_DATABASE),
                        else an embedded database in the hub's folder; --admin-key prints the
                        manager's key
  provision <file.json> give this lane the merchant id and gateway URL of a provisioning file
                        the back office exported (never credentials: enter those in Settings)
  settle [--emulator URL] [--merchid M] [--reject RETREF]...
                        settle the emulator's open batches now (default URL http://127.0.0.1:8711/rest)
  card parse <output>   what the terminal reads from one card reader output (tracks, an
                        encrypted swipe record or quick-chip TLV; - reads standard input),
                        as JSON: the masked card, never the track or a clear number
  signature encode <strokes.json>
                        the gateway's signature string (gzipped Base64 BMP) and its length
  signature decode <string or file> --png out.png
                        the image of a signature string
  receipt <answer.json> [--printer PROFILE] [--escpos out.bin] [--png out.png]
          [--copy merchant|customer] [--kind sale|authorization|void|refund|decline|partial]
          [--training] [--duplicate] [--terminal ID]
                        the receipt for a saved gateway answer (auth or inquire), as text,
                        printer bytes and a preview; profiles: escpos-80mm (default),
                        escpos-58mm, starprnt-80mm
  sale <amount> [--card ID] [--gateway URL] [--journal FILE] [--merchid M]
                        one sale without a screen; with no gateway a training sale (the built-in
                        emulator, the test deck's card, the training pad and printer)
  journal list [--journal FILE] [--live] [--last-four NNNN] [--order ID] [--limit N]
                        the journal's newest entries (the training journal unless --live)
  journal new|accept --reason TEXT [--live]
                        store IT's answer to a journal the lane refuses, with the lane stopped:
                        new starts a new journal for one that disappeared, was emptied or is
                        damaged; accept takes the file in place (another file, an older copy)
  report x|z [--journal FILE] [--live] [--by ID] [--printer PROFILE] [--escpos out.bin]
                        the day's X report (the day so far, nothing reset) or Z report (closes
                        the day under the next number; --by names who closes it; refused while
                        a shift is open), as text, and the printer's bytes with --escpos
  recover --gateway URL --merchid M [--journal FILE] [--live] [--user U --password P]
                        resolve every entry whose outcome is unknown (inquire by order id,
                        void by order id when nothing answers), as the terminal does at start
  scan <path>...        look for card data (card numbers, clear track data, CVVs) in journals,
                        logs and reports; exits 1 and names file and line when it finds any
  pin-hash              a staff PIN (read on standard input) as settings.json keeps it:
                        printf 4821 | lanepoint pin-hash

options:
  -h, --help            show this help
  -v, --version         print the version

environment:
  LANEPOINT_HOME        the app-data folder (settings.json, secrets, journals)
  LANEPOINT_MODE        counter | kiosk
  LANEPOINT_TRAINING    1 | 0   (a fresh install starts in training)
  LANEPOINT_HOST_PORT   the browser-mode port (0 = any free port)
  LANEPOINT_HOST_TOKEN  a fixed session token for kiosk browsers (at least 32 characters)
  LANEPOINT_CUSTOMER_DISPLAY_TOKEN  a fixed token for the customer display's page (another one)
  LANEPOINT_BACKOFFICE_HOME   the back office's own folder (settings, boarding secrets)
  LANEPOINT_BACKOFFICE_TOKEN  a fixed session token for the back office's page
  LANEPOINT_HUB_HOME    the hub's own folder (admin key, embedded database)
  LANEPOINT_HUB_DATABASE      the hub's PostgreSQL URL (default: the embedded database)
  ... and the rest in docs/reference/settings.md.
`;

/** Parses `--port`: an integer 0..65535, where 0 asks the system for a free port. */
export function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${value}"`);
  }
  return Number(value);
}
