import { z } from 'zod';
import { isLoopbackHost } from './loopback';
import { asSection } from './schema-parts';

const hubUrl = z
  .string({ error: 'expected the hub\u2019s URL, or empty for no hub' })
  .max(2048, { error: 'must be at most 2048 characters' })
  .superRefine((value, context) => {
    if (value === '') return;
    if (!URL.canParse(value)) {
      context.addIssue({ code: 'custom', message: 'not an absolute URL; expected https://host:port' });
      return;
    }
    const url = new URL(value);
    // The lane's key travels in a header: never in the clear off this machine.
    if (url.username || url.password)
      context.addIssue({ code: 'custom', message: 'must not carry credentials; the key is in the secret store' });
    else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
      context.addIssue({ code: 'custom', message: 'http is allowed only for loopback addresses; use https' });
    else if (url.protocol !== 'https:' && url.protocol !== 'http:')
      context.addIssue({ code: 'custom', message: `expected an https URL, got the scheme ${url.protocol}` });
  });

/**
 * The `hub` settings section: the store hub this lane reports to (ADR 081). Off while `url` is
 * empty; the lane's key is a secret (`hub.key` in the secret store), never here. Provisioning
 * (version 2) writes all three.
 */
export const hubSettingsSchema = z
  .strictObject(
    {
      url: hubUrl
        .default('')
        .describe('The store hub\u2019s root, `https://hub.example:8713`; http only on loopback. Empty: no hub.'),
      laneId: z
        .string({ error: 'expected the lane id the hub gave, e.g. lane-3f9k2c' })
        .regex(/^([A-Za-z0-9-]{1,40})?$/, { error: 'expected 1 to 40 letters, digits or dashes' })
        .default('')
        .describe('This lane\u2019s id at the hub, from provisioning.'),
      settingsVersion: z
        .number({ error: 'expected a whole number' })
        .int({ error: 'expected a whole number' })
        .positive({ error: 'expected a whole number' })
        .optional()
        .describe(
          'Written by the lane, not by a person: the version of the hub\u2019s settings push it runs, saved with the pushed settings.',
        ),
    },
    asSection,
  )
  .describe(
    'The store hub (ADR 081): the lane sends its journal\u2019s events there through its outbox and takes settings pushed from it. The lane\u2019s key is in the secret store (`hub.key`).',
  );

export type HubSettings = z.output<typeof hubSettingsSchema>;
