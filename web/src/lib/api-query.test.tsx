import { useQueryClient } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HandOverQueryProvider } from './api-query';

/** Reads the cached value of ['k'] in the provider's client, and sets it when asked. */
function Probe({ seen, set }: { seen: (v: unknown) => void; set?: string }) {
  const client = useQueryClient();
  if (set) client.setQueryData(['k'], set);
  seen(client.getQueryData(['k']));
  return null;
}

afterEach(cleanup);

describe('HandOverQueryProvider', () => {
  it("hands its cache to the scope mounted in the commit that unmounts it (the sign-in page's to the account shell's)", async () => {
    const seen: unknown[] = [];
    const { rerender } = render(
      <HandOverQueryProvider key="sign-in">
        <Probe seen={(v) => seen.push(v)} set="account" />
      </HandOverQueryProvider>,
    );
    rerender(
      <HandOverQueryProvider key="account-shell">
        <Probe seen={(v) => seen.push(v)} />
      </HandOverQueryProvider>,
    );
    await act(() => Promise.resolve());
    expect(seen.at(-1)).toBe('account');
  });

  it('starts afresh once no scope is mounted (leaving the area and coming back)', async () => {
    const seen: unknown[] = [];
    const first = render(
      <HandOverQueryProvider>
        <Probe seen={(v) => seen.push(v)} set="account" />
      </HandOverQueryProvider>,
    );
    first.unmount();
    await act(() => Promise.resolve());
    render(
      <HandOverQueryProvider>
        <Probe seen={(v) => seen.push(v)} />
      </HandOverQueryProvider>,
    );
    expect(seen.at(-1)).toBeUndefined();
  });
});
