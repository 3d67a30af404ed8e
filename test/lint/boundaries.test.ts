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
    ['a node: built-in', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;"],
    ['a bare built-in', "import { createServer } from 'http';\nexport const s = createServer;"],
    ['a driver', "import { parse } from '../../drivers/card-reader/tlv';\nexport const p = parse;"],
    ['main-process code', "import { createCore } from '../../src-main/core/core';\nexport const c = createCore;"],
    [
      'a type from main-process code other than the contract',
      "import type { Core } from '../../src-main/core/core';\nexport type C = Core;",
    ],
    [
      'a value from the contract',
      "import { commands } from '../../src-main/ipc/contract';\nexport const c = commands;",
    ],
    [
      'a value from a contract group file',
      "import { saleCommands } from '../../src-main/ipc/contract/sale';\nexport const c = saleCommands;",
    ],
    [
      'a type from a contract group file (the index is the one door)',
      "import type { SaleSummary } from '../../src-main/ipc/contract/sale';\nexport type S = SaleSummary;",
    ],
    [
      'the contract’s shared schemas',
      "import { managerPin } from '../../src-main/ipc/contract/schemas';\nexport const m = managerPin;",
    ],
    ['electron', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;"],
    [
      'a value from the back office contract',
      "import { backofficeCommands } from '../../src-main/backoffice/contract';\nexport const c = backofficeCommands;",
    ],
    [
      'a type from a back office contract group file',
      "import type { PlanView } from '../../src-main/backoffice/contract/plans';\nexport type P = PlanView;",
    ],
    [
      'the back office’s main-process code',
      "import type { BoardingClient } from '../../src-main/boarding/client';\nexport type B = BoardingClient;",
    ],
  ])('refuses %s', async (_what, code) => {
    expect(await restrictedImportErrors(file, code)).toHaveLength(1);
  });

  it('allows type-only imports of the contract', async () => {
    const code = "import type { AppInfo } from '../../src-main/ipc/contract';\nexport type A = AppInfo;";
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });

  it('allows type-only imports of the back office contract', async () => {
    const code = "import type { PlanView } from '../../src-main/backoffice/contract';\nexport type P = PlanView;";
    expect(await restrictedImportErrors('src-renderer/backoffice/Probe.tsx', code)).toEqual([]);
  });

  it('allows inline type imports of the contract', async () => {
    const code = "import { type AppInfo } from '../../src-main/ipc/contract';\nexport type A = AppInfo;";
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });

  it.each([
    [
      'the money formatter',
      "import { formatMinorUnits } from '../../src-main/ipc/money';\nexport const f = formatMinorUnits;",
    ],
    ['the cart’s total', "import { cartTotalMinor } from '../../src-main/ipc/cart';\nexport const t = cartTotalMinor;"],
    [
      'the tenders',
      "import { cardTenders, saleTenders } from '../../src-main/ipc/tenders';\nexport const t = [cardTenders, saleTenders];",
    ],
    [
      'the sale phases',
      "import { cancelablePhases, terminalPhases } from '../../src-main/ipc/sale-phases';\nexport const p = [cancelablePhases, terminalPhases];",
    ],
    [
      'the refund reasons',
      "import { refundReasonWords } from '../../src-main/ipc/refund-reasons';\nexport const r = refundReasonWords;",
    ],
  ])('allows values from the shared pure module of %s', async (_what, code) => {
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });

  it('allows the renderer\u2019s own modules and React', async () => {
    const code = "import { useState } from 'react';\nimport { App } from './App';\nexport const x = [useState, App];";
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });
});

describe('the shared pure modules import nothing', () => {
  it.each(pureSharedModules)('refuses any import in %s, even zod or a type', async (module) => {
    for (const code of [
      "import { z } from 'zod';\nexport const s = z.string();",
      "import type { CartLine } from './contract';\nexport type C = CartLine;",
    ]) {
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
  const electronImport = "import { app } from 'electron';\nexport const a = app;";

  it.each([['src-main/host/probe.ts'], ['src-main/core/probe.ts'], ['drivers/transport/probe.ts']])(
    'refuses electron in %s',
    async (file) => {
      const errors = await restrictedImportErrors(file, electronImport);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('Only src-main/electron/ may import electron');
    },
  );

  it('allows electron in the shell', async () => {
    expect(await restrictedImportErrors('src-main/electron/probe.ts', electronImport)).toEqual([]);
  });
});

describe('the emulator imports no lane rules', () => {
  const file = 'src-main/emulator/probe.ts';

  it.each([
    [
      'the client\u2019s field rules',
      "import { checkFields } from '../gateway/field-rules';\nexport const c = checkFields;",
    ],
    [
      'the lane\u2019s signature thresholds',
      "import { overThreshold } from '../signature/requirement';\nexport const o = overThreshold;",
    ],
    ['the journal', "import { Journal } from '../journal/journal';\nexport const j = Journal;"],
    ['electron', "import { app } from 'electron';\nexport const a = app;"],
  ])('refuses %s', async (_what, code) => {
    expect(await restrictedImportErrors(file, code)).toHaveLength(1);
  });

  it('allows the wire types and its own modules', async () => {
    const code =
      "import type { GatewayAnswer } from '../gateway/wire-schema';\nimport { ppsDecline } from './outcomes';\nexport type A = GatewayAnswer;\nexport const p = ppsDecline;";
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });
});

describe('the boarding emulator imports no client rules', () => {
  const file = 'src-main/boarding-emulator/probe.ts';

  it.each([
    [
      'the client\u2019s field rules',
      "import { checkMerchant } from '../boarding/field-rules';\nexport const c = checkMerchant;",
    ],
    [
      'the client\u2019s whole-object rule',
      "import { wholeUpdate } from '../boarding/whole-objects';\nexport const w = wholeUpdate;",
    ],
    ['electron', "import { app } from 'electron';\nexport const a = app;"],
  ])('refuses %s', async (_what, code) => {
    expect(await restrictedImportErrors(file, code)).toHaveLength(1);
  });

  it('allows the wire types and its own modules', async () => {
    const code =
      "import type { Order } from '../boarding/wire';\nimport { ok } from './answers';\nexport type O = Order;\nexport const o = ok;";
    expect(await restrictedImportErrors(file, code)).toEqual([]);
  });
});
