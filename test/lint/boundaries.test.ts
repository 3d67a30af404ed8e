import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { pureSharedModules } from '../../eslint.config';

// The import boundaries of ARCHITECTURE.md, checked through the project's real ESLint config:
// each forbidden import must produce an error, and each allowed one must not.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.endsWith('no-restricted-imports'))
    .map((message) => message.message);
}

describe('renderer import boundaries', () => {
  const file = 'src-renderer/components/BoundaryProbe.tsx';

  it.each([
    ['a node: built-in', "import { readFileSync } from 'node:fs';"],
    ['a bare built-in', "import { createServer } from 'http';"],
    ['a driver', "import { parse } from '../../drivers/card-reader/tlv';"],
    ['main-process code', "import { createCore } from '../../src-main/lane/core/core';"],
    [
      'a type from main-process code other than the contract',
      "import type { Core } from '../../src-main/lane/core/core';",
    ],
    ['a value from the contract', "import { commands } from '../../src-main/lane/ipc/contract';"],
    ['a value from a contract group file', "import { saleCommands } from '../../src-main/lane/ipc/contract/sale';"],
    [
      'a type from a contract group file (the index is the one door)',
      "import type { SaleSummary } from '../../src-main/lane/ipc/contract/sale';",
    ],
    ['the contract’s shared schemas', "import { managerPin } from '../../src-main/lane/ipc/contract/schemas';"],
    ['electron', "import { ipcRenderer } from 'electron';"],
    [
      'a value from the back office contract',
      "import { backofficeCommands } from '../../src-main/backoffice/contract';",
    ],
    [
      'a type from a back office contract group file',
      "import type { PlanView } from '../../src-main/backoffice/contract/plans';",
    ],
    [
      'the back office’s main-process code',
      "import type { BoardingClient } from '../../src-main/backoffice/boarding/client';",
    ],
  ])('refuses %s', async (_what, code) => {
    expect(await restrictedImportErrors(file, code)).toHaveLength(1);
  });

  it('allows type-only imports of the contract', async () => {
    const code = "import type { AppInfo } from '../../src-main/lane/ipc/contract';";
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });

  it('allows type-only imports of the back office contract', async () => {
    const code = "import type { PlanView } from '../../src-main/backoffice/contract';";
    expect(await restrictedImportErrors('src-renderer/backoffice/Probe.tsx', code)).toEqual([]);
  });

  it('allows inline type imports of the contract', async () => {
    const code = "import { type AppInfo } from '../../src-main/lane/ipc/contract';";
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });

  it.each([
    ['the money formatter', "import { formatMinorUnits } from '../../src-main/platform/money';"],
    ['the cart’s total', "import { cartTotalMinor } from '../../src-main/lane/ipc/cart';"],
    ['the tenders', "import { cardTenders, saleTenders } from '../../src-main/lane/ipc/tenders';"],
    ['the sale phases', "import { cancelablePhases, terminalPhases } from '../../src-main/lane/ipc/sale-phases';"],
    ['the refund reasons', "import { refundReasonWords } from '../../src-main/lane/ipc/refund-reasons';"],
  ])('allows values from the shared pure module of %s', async (_what, code) => {
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });

  it('allows the renderer\u2019s own modules and React', async () => {
    const code = "import { useState } from 'react';\nimport { App } from './App';";
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });
});

describe('the shared pure modules import nothing', () => {
  it.each(pureSharedModules)('refuses any import in %s, even zod or a type', async (module) => {
    for (const code of ["import { z } from 'zod';", "import type { CartLine } from './contract';"]) {
      const errors = await restrictedImportErrors(module, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('imports nothing');
    }
  });

  it('holds for the files as they are', async () => {
    for (const module of pureSharedModules) {
      const [result] = await eslint.lintFiles([module]);
      expect(result?.messages ?? []).toEqual([]);
    }
  });
});

describe('core import boundaries', () => {
  const electronImport = "import { app } from 'electron';";

  it.each([['src-main/shells/host/probe.ts'], ['src-main/lane/core/probe.ts'], ['drivers/transport/probe.ts']])(
    'refuses electron in %s',
    async (file) => {
      const errors = await restrictedImportErrors(file, electronImport);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('Only src-main/shells/electron/ may import electron');
    },
  );

  it('allows electron in the shell', async () => {
    expect(await restrictedImportErrors('src-main/shells/electron/probe.ts', electronImport)).toEqual([]);
  });
});

/** A file of an emulator, the imports it must be refused, and ones it may make. */
interface EmulatorProbe {
  readonly file: string;
  readonly refused: Array<[what: string, code: string]>;
  readonly allowed: string;
}

// Each emulator implements its service from the reference, so it must not borrow the client's rules.
describe.each<[string, EmulatorProbe]>([
  [
    'the emulator imports no lane rules',
    {
      file: 'src-main/stand-ins/gateway-emulator/probe.ts',
      refused: [
        ['the client\u2019s field rules', "import { checkFields } from '../../lane/gateway/field-rules';"],
        ['the lane\u2019s signature thresholds', "import { overThreshold } from '../../lane/signature/requirement';"],
        ['the journal', "import { Journal } from '../../lane/journal/journal';"],
        ['even a type of the lane', "import type { GatewayAnswer } from '../../lane/gateway/wire-schema';"],
        ['a shell', "import { bootCore } from '../../shells/cli/io';"],
        ['electron', "import { app } from 'electron';"],
      ],
      allowed:
        "import { parseTlv } from '../../../drivers/card-reader/tlv';\nimport { KindedError } from '../../platform/errors';\nimport { ppsDecline } from './outcomes';",
    },
  ],
  [
    'the tokenizer emulator imports no lane wallet rules',
    {
      file: 'src-main/stand-ins/gateway-emulator/probe.ts',
      refused: [
        ['the lane\u2019s devicedata builder', "import { ecV1DeviceData } from '../../lane/wallet/device-data';"],
        ['the lane\u2019s token shape checks', "import { readEcV1Token } from '../../lane/wallet/payment-token';"],
        ['the lane\u2019s signing-time read', "import { signingTimeOf } from '../../lane/wallet/signing-time';"],
        [
          'the lane\u2019s pay-link service',
          "import { createPayLinkSessions } from '../../lane/wallet/pay-link/sessions';",
        ],
        [
          'a lane wallet module by its src-main path',
          "import { applePayHandler } from '../../src-main/lane/wallet/device-data';",
        ],
        [
          'even the token types by way of the lane',
          "import type { EcV1PaymentToken } from '../../lane/wallet/payment-token';",
        ],
      ],
      allowed:
        "import type { EcV1PaymentToken } from '../../reference/wallet-tokens';\nimport { decryptEcV1 } from './wallet/ec-v1-crypto';\nimport { readApplePayDeviceData } from './tokenizer-device-data';",
    },
  ],
  [
    'the emulator\u2019s wallet side (tokenizer crypto, training phone) imports no lane rules',
    {
      file: 'src-main/stand-ins/training-wallet/probe.ts',
      refused: [
        ['the lane\u2019s token shape checks', "import { readEcV1Token } from '../../lane/wallet/payment-token';"],
        ['the lane\u2019s devicedata constants', "import { googlePayGatewayId } from '../../lane/wallet/device-data';"],
        [
          'the client\u2019s field rules, a level deeper',
          "import { checkFields } from '../../lane/gateway/field-rules';",
        ],
        ['electron', "import { app } from 'electron';"],
      ],
      allowed:
        "import type { EcV1PaymentToken } from '../../reference/wallet-tokens';\nimport { decryptEcV1 } from './ec-v1-crypto';\nimport { applePayHandler } from '../tokenizer-device-data';",
    },
  ],
  [
    'an emulated device imports no lane code',
    {
      file: 'src-main/stand-ins/devices/probe.ts',
      refused: [
        ['the lane\u2019s device manager', "import type { DeviceManager } from '../../lane/devices/manager';"],
        ['electron', "import { app } from 'electron';"],
      ],
      allowed:
        "import type { Transport } from '../../../drivers/transport/types';\nimport { systemClock } from '../../platform/clock';",
    },
  ],
  [
    'the boarding emulator imports no client rules',
    {
      file: 'src-main/stand-ins/boarding-emulator/probe.ts',
      refused: [
        ['the client\u2019s field rules', "import { checkMerchant } from '../../backoffice/boarding/field-rules';"],
        [
          'the client\u2019s whole-object rule',
          "import { wholeUpdate } from '../../backoffice/boarding/whole-objects';",
        ],
        ['even a type of the client', "import type { BoardingClient } from '../../backoffice/boarding/client';"],
        ['electron', "import { app } from 'electron';"],
      ],
      allowed: "import type { Order } from '../../reference/boarding-wire';\nimport { ok } from './answers';",
    },
  ],
])('%s', (_title, { file, refused, allowed }) => {
  it.each(refused)('refuses %s', async (_what, code) => {
    expect(await restrictedImportErrors(file, code)).toHaveLength(1);
  });

  it('allows the wire types and its own modules', async () => {
    expect(await restrictedImportErrors(file, allowed)).toEqual([]);
  });
});

describe('the stand-ins as they are', () => {
  it('import nothing of the lane, the back office or the shells: emulators, phone and devices included', async () => {
    const results = await eslint.lintFiles(['src-main/stand-ins/**/*.ts']);
    const restricted = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId?.endsWith('no-restricted-imports'))
        .map((message) => `${result.filePath}: ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(80);
    expect(restricted).toEqual([]);
  });
});

describe('the layout by program (ADR 060)', () => {
  it('refuses a stand-in in product code', async () => {
    const errors = await restrictedImportErrors(
      'src-main/lane/terminal/probe.ts',
      "import { startEmulator } from '../../stand-ins/gateway-emulator/server';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never imports a training stand-in');
  });

  it.each([
    'src-main/lane/devices/card-readers.ts',
    'src-main/lane/devices/printers.ts',
    'src-main/lane/devices/signature-pads.ts',
    'src-main/lane/devices/test-read.ts',
    'src-main/lane/signature/service.ts',
  ])('refuses a stand-in in %s too: it is handed its emulated devices by the training wiring', async (file) => {
    const code = "import { loadTestCards } from '../../stand-ins/devices/test-cards';";
    const errors = await restrictedImportErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never imports a training stand-in');
  });

  it('refuses a stand-in in the hub: it is product code', async () => {
    const errors = await restrictedImportErrors(
      'src-main/hub/probe.ts',
      "import { startEmulator } from '../stand-ins/gateway-emulator/server';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never imports a training stand-in');
  });

  it('allows the training wiring in the shells to import a stand-in', async () => {
    const code = "import { startEmulator } from '../../stand-ins/gateway-emulator/server';";
    expect(await restrictedImportErrors('src-main/shells/training/probe.ts', code)).toEqual([]);
  });

  it("refuses a stand-in in the lane's composition root too: the shells hand training in", async () => {
    const code = "import { startEmulator } from '../../../stand-ins/gateway-emulator/server';";
    const errors = await restrictedImportErrors('src-main/lane/core/training/probe.ts', code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('never imports a training stand-in');
  });

  it('refuses a program in the published formats (src-main/reference/)', async () => {
    const errors = await restrictedImportErrors(
      'src-main/reference/probe.ts',
      "import type { Settings } from '../lane/config/settings';",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a program in the platform base', async () => {
    const errors = await restrictedImportErrors('src-main/platform/probe.ts', "import { x } from '../lane/ipc/money';");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('The platform base imports none of the programs');
  });
});
