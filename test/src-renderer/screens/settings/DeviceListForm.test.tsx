import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceListForm } from '../../../../src-renderer/screens/settings/DeviceListForm';

afterEach(cleanup);

let saved = '';
function Harness({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  saved = text;
  return <DeviceListForm list="printers" label="Receipt printers" text={text} describedBy="hint" onEdit={setText} />;
}

describe('a device list as a form', () => {
  it('edits each printer by its connection in words, and keeps the same list as JSON for IT', () => {
    render(<Harness initial='[{ "id": "printer-1", "tcp": { "host": "192.168.1.50" } }]' />);
    const first = screen.getByTestId('printers-0');
    expect((within(first).getByLabelText('Connection') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'Network printer',
    );
    expect((within(first).getByLabelText('Printer address') as HTMLInputElement).value).toBe('192.168.1.50');
    fireEvent.change(within(first).getByLabelText('Port'), { target: { value: '9101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(within(screen.getByTestId('printers-1')).getByLabelText('Connection'), {
      target: { value: 'serial' },
    });
    fireEvent.change(within(screen.getByTestId('printers-1')).getByLabelText(/Serial port/), {
      target: { value: '/dev/ttyS0' },
    });
    expect(JSON.parse(saved)).toEqual([
      { id: 'printer-1', tcp: { host: '192.168.1.50', port: 9101 } },
      { id: 'printer-2', serial: { path: '/dev/ttyS0' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'JSON (for IT)' }));
    expect(JSON.parse((screen.getByLabelText('Receipt printers as JSON') as HTMLTextAreaElement).value)).toEqual(
      JSON.parse(saved),
    );
    fireEvent.click(within(screen.getByTestId('printers-0')).getByRole('button', { name: 'Remove' }));
    expect(JSON.parse(saved)).toEqual([{ id: 'printer-2', serial: { path: '/dev/ttyS0' } }]);
  });

  it('says in words when the text is not a list a form can show, and opens the JSON view', () => {
    render(<Harness initial='{ "id": ' />);
    expect(screen.getByText('This list cannot be shown as a form: IT can fix it in the JSON view below.')).toBeTruthy();
    expect(screen.getByLabelText('Receipt printers as JSON')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Unexpected|SyntaxError|JSON\.parse/);
  });
});
