import type { StockCountLine } from '@kork/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { countFieldState, sheetStatus, type UnsavedKind } from './count-entry';
import { CountLine, ENTER_AFTER_MS } from './count-line';

const LINE: StockCountLine = {
  ownWineId: 'wine-1',
  wineDisplayName: 'Barolo 2019',
  vintage: 2019,
  locationId: 'loc-1',
  expected: 6,
  extra: false,
};

/**
 * The line as the sheet holds it: a figure entered becomes the line's saved figure (as the device's queue
 * does), and the status under the sheet's header is worked out from what the lines report.
 */
function Sheet({
  onEnter,
  onDone,
  tenths = false,
  start = LINE,
}: {
  onEnter: (counted: number) => void;
  onDone: () => void;
  tenths?: boolean;
  start?: StockCountLine;
}) {
  const [line, setLine] = useState<StockCountLine>(start);
  const [unsaved, setUnsaved] = useState<ReadonlyMap<string, UnsavedKind>>(new Map());
  const enter = useCallback(
    (current: StockCountLine, counted: number) => {
      onEnter(counted);
      setLine(
        current.expected === undefined
          ? { ...current, counted }
          : { ...current, counted, difference: counted - current.expected },
      );
    },
    [onEnter],
  );
  const report = useCallback((pair: string, kind: UnsavedKind | undefined) => {
    setUnsaved((known) => {
      const next = new Map(known);
      if (kind) next.set(pair, kind);
      else next.delete(pair);
      return next;
    });
  }, []);
  const status = sheetStatus(unsaved, [], false);
  return (
    <div>
      <p data-testid="status">{status.key}</p>
      <p data-testid="saved">{line.counted ?? 'none'}</p>
      <ul>
        <CountLine
          line={line}
          locationName="Rack A"
          readOnly={false}
          tenths={tenths}
          focused={false}
          onEnter={enter}
          onUnsaved={report}
          onDone={onDone}
        />
      </ul>
    </div>
  );
}

function renderLine(options: { tenths?: boolean; start?: StockCountLine } = {}) {
  const onEnter = vi.fn<(counted: number) => void>();
  const onDone = vi.fn<() => void>();
  renderWithProviders(<Sheet onEnter={onEnter} onDone={onDone} {...options} />);
  const field = screen.getByRole('textbox', { name: /^(Counted|Telt), Barolo 2019$/ }) as HTMLInputElement;
  return { onEnter, onDone, field };
}

/** Types the text key by key, as a person does, each key a change of the field. */
function typeInto(field: HTMLInputElement, text: string) {
  for (let end = 1; end <= text.length; end += 1)
    fireEvent.change(field, { target: { value: text.slice(0, end) } });
}

async function pause(ms = ENTER_AFTER_MS + 150) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

const status = () => screen.getByTestId('status').textContent;
const saved = () => screen.getByTestId('saved').textContent;

describe('a count line in English', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['1e9', 'Must be a number'],
    ['1000000000', 'Must be between 0 and 100,000'],
    ['2.5', 'Must be a whole number'],
    ['-1', 'Must be between 0 and 100,000'],
    ['abc', 'Must be a number'],
  ])('refuses "%s" with "%s" and enters none of its first digits', async (text, message) => {
    const { onEnter, field } = renderLine();
    typeInto(field, text);
    await pause();
    expect(field.value).toBe(text);
    expect(screen.getByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onEnter).not.toHaveBeenCalled();
    expect(saved()).toBe('none');
    expect(status()).toBe('invalid');
  });

  it('enters a valid figure exactly once typing pauses, and only then is everything saved', async () => {
    const { onEnter, field } = renderLine();
    typeInto(field, '120');
    expect(status()).toBe('waiting');
    expect(onEnter).not.toHaveBeenCalled();
    await pause();
    expect(onEnter.mock.calls).toEqual([[120]]);
    expect(saved()).toBe('120');
    expect(status()).toBe('allSaved');
    // Leaving the field afterwards enters nothing twice.
    fireEvent.blur(field);
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('enters the figure at once when the field is left or Enter is pressed', async () => {
    const { onEnter, onDone, field } = renderLine();
    typeInto(field, '7');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onEnter.mock.calls).toEqual([[7]]);
    expect(onDone).toHaveBeenCalledTimes(1);
    typeInto(field, '8');
    fireEvent.blur(field);
    expect(onEnter.mock.calls).toEqual([[7], [8]]);
  });

  it('enters a valid figure at once when the page goes away, and never a refused one', async () => {
    const { onEnter, field } = renderLine();
    typeInto(field, '9');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onEnter.mock.calls).toEqual([[9]]);
    typeInto(field, '9.5');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await pause();
    expect(onEnter.mock.calls).toEqual([[9]]);
  });

  it('keeps a refused figure in the field on Enter, and a saved figure stays as it was', async () => {
    const { onEnter, onDone, field } = renderLine();
    typeInto(field, '5');
    await pause();
    expect(saved()).toBe('5');
    fireEvent.change(field, { target: { value: '5.5' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.blur(field);
    await pause();
    expect(onDone).not.toHaveBeenCalled();
    expect(onEnter.mock.calls).toEqual([[5]]);
    expect(saved()).toBe('5');
    expect(status()).toBe('invalid');
    // Emptying a counted line cannot take its figure back: it says so rather than showing "saved".
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.getByText('Required')).toBeTruthy();
    expect(status()).toBe('invalid');
    // Putting it right saves it, and the status says so.
    fireEvent.change(field, { target: { value: '5' } });
    expect(status()).toBe('allSaved');
  });

  it('steps from the figure typed, and never past the bound', async () => {
    const { onEnter, field } = renderLine();
    const more = screen.getByRole('button', { name: 'One more of Barolo 2019' }) as HTMLButtonElement;
    const less = screen.getByRole('button', { name: 'One less of Barolo 2019' }) as HTMLButtonElement;
    expect(less.disabled).toBe(true);
    typeInto(field, '99999');
    fireEvent.click(more);
    expect(field.value).toBe('100000');
    expect(onEnter.mock.calls).toEqual([[100_000]]);
    expect(more.disabled).toBe(true);
  });
});

describe('a count line in Norwegian', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
  });

  it('reads "1,5" as one and a half and refuses it as no whole number', async () => {
    const { onEnter, field } = renderLine();
    typeInto(field, '1,5');
    await pause();
    expect(screen.getByText('Må være et heltall')).toBeTruthy();
    expect(onEnter).not.toHaveBeenCalled();
    expect(status()).toBe('invalid');
  });

  it('takes a figure grouped with a space, exactly', async () => {
    const { onEnter, field } = renderLine();
    fireEvent.change(field, { target: { value: '12 000' } });
    await pause();
    expect(onEnter.mock.calls).toEqual([[12_000]]);
  });
});

describe('the rules of a count field and the sheet status', () => {
  it('judges typed text by the API rule', () => {
    expect(countFieldState('', undefined, 'en')).toEqual({ kind: 'saved' });
    expect(countFieldState('', 4, 'en')).toEqual({ kind: 'invalid', message: 'required' });
    expect(countFieldState('4', 4, 'en')).toEqual({ kind: 'saved' });
    expect(countFieldState('0', 4, 'en')).toEqual({ kind: 'ready', counted: 0 });
    expect(countFieldState('100000', undefined, 'en')).toEqual({ kind: 'ready', counted: 100_000 });
    expect(countFieldState('100001', undefined, 'en')).toMatchObject({ kind: 'invalid' });
  });

  it('says all entries are saved only when nothing is typed, refused, queued or on its way', () => {
    const none = new Map<string, UnsavedKind>();
    expect(sheetStatus(none, [], false)).toEqual({ key: 'allSaved' });
    expect(sheetStatus(none, [], true)).toEqual({ key: 'sending' });
    expect(sheetStatus(none, ['a|1', 'b|1'], false)).toEqual({ key: 'waiting', count: 2 });
    expect(sheetStatus(new Map([['a|1', 'typing']]), ['a|1'], false)).toEqual({ key: 'waiting', count: 1 });
    expect(
      sheetStatus(
        new Map<string, UnsavedKind>([
          ['a|1', 'invalid'],
          ['b|1', 'typing'],
        ]),
        ['c|1'],
        true,
      ),
    ).toEqual({ key: 'invalid', count: 1 });
  });
});

describe('a count line where the cellar counts open bottles in tenths', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads "2,5" as two and a half in English too, and enters it exactly', async () => {
    const { onEnter, field } = renderLine({ tenths: true });
    typeInto(field, '2,5');
    await pause();
    expect(onEnter.mock.calls).toEqual([[2.5]]);
    expect(screen.getByTestId('saved').textContent).toBe('2.5');
    expect(status()).toBe('allSaved');
  });

  it('refuses a second decimal with the rule, and enters none of it', async () => {
    const { onEnter, field } = renderLine({ tenths: true });
    typeInto(field, '2.55');
    await pause();
    expect(screen.getByText('At most one decimal: tenths of an open bottle')).toBeTruthy();
    expect(onEnter).not.toHaveBeenCalled();
    expect(status()).toBe('invalid');
  });

  it('steps by whole bottles and keeps the open bottle’s tenths', async () => {
    const { onEnter, field } = renderLine({ tenths: true });
    fireEvent.change(field, { target: { value: '3.4' } });
    fireEvent.click(screen.getByRole('button', { name: 'One more of Barolo 2019' }));
    expect(onEnter.mock.calls.at(-1)).toEqual([4.4]);
    expect(field.value).toBe('4.4');
  });

  it('takes "1,234" as a thousands group in English, never as a decimal', () => {
    expect(countFieldState('1,234', undefined, 'en', true)).toEqual({ kind: 'ready', counted: 1234 });
    expect(countFieldState('0,3', undefined, 'en', true)).toEqual({ kind: 'ready', counted: 0.3 });
    expect(countFieldState('2.5', undefined, 'en', false)).toMatchObject({ kind: 'invalid' });
  });
});

describe('a line of a blind count', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows neither what was expected nor a difference, only the figure entered', async () => {
    const { expected: _expected, ...blind } = LINE;
    const { onEnter, field } = renderLine({ start: { ...blind, bottleSize: 0.75 } });
    // The compact row's second line: vintage, bottle size and location.
    expect(screen.getByText('2019 · 75 cl · Rack A')).toBeTruthy();
    expect(screen.queryByText(/Expected/)).toBeNull();
    expect(screen.queryByText(/Not counted/)).toBeNull();
    typeInto(field, '5');
    await pause();
    expect(onEnter.mock.calls).toEqual([[5]]);
    expect(screen.queryByText(/Diff\./)).toBeNull();
  });
});
