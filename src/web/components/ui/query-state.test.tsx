/**
 * QueryState's four states (issue 21 UI kit), rendered to static markup from hand-built query
 * results: pending (LoadingCard words or the page's skeleton), error (the page's title, the
 * server's message and Retry, or the page's special case), empty (the page's empty message) and
 * data (the page's own rendering, with the data).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type QueryLike, QueryState, QueryStateAll } from './query-state';

type Rows = string[];

function query(over: Partial<QueryLike<Rows>>): QueryLike<Rows> {
  return {
    isPending: false,
    isError: false,
    error: null,
    data: undefined,
    isFetching: false,
    refetch: (() => Promise.resolve()) as unknown as QueryLike<Rows>['refetch'],
    ...over,
  };
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function render(q: QueryLike<Rows>, extra: Partial<Parameters<typeof QueryState<Rows>>[0]> = {}) {
  return renderToStaticMarkup(
    <QueryState
      query={q}
      loading="Loading rows..."
      errorTitle="Failed to fetch rows"
      isEmpty={(rows) => rows.length === 0}
      empty={<p data-testid="empty">No rows yet</p>}
      {...extra}
    >
      {(rows) => (
        <ul data-testid="rows">
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('pending: a status card with the loading words, and nothing else', () => {
    const html = render(query({ isPending: true }));
    expect(html).toContain('role="status"');
    expect(text(html)).toBe('Loading rows...');
    expect(html).not.toContain('role="alert"');
  });

  it('pending with a skeleton: the page’s placeholder instead of the card', () => {
    const html = render(query({ isPending: true }), { pending: <div data-testid="skeleton" /> });
    expect(html).toBe('<div data-testid="skeleton"></div>');
  });

  it('error: an alert with the page’s title, the server’s message and Retry', () => {
    const html = render(query({ isError: true, error: new Error('503: the chain is not answering') }));
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('Failed to fetch rows');
    expect(text(html)).toContain('503: the chain is not answering');
    expect(text(html)).toContain('Retry');
    expect(html).not.toContain('data-testid="rows"');
    expect(html).not.toContain('data-testid="empty"');
  });

  it('error while retrying: the Retry button is disabled', () => {
    const html = render(query({ isError: true, error: new Error('boom'), isFetching: true }));
    expect(html).toMatch(/<button[^>]*disabled/);
  });

  it('error with a special case: the page’s rendering, or the standard card when it returns null', () => {
    const special = (e: Error) =>
      e.message.includes('wallet') ? <p data-testid="wallet">A wallet</p> : null;
    const wallet = render(query({ isError: true, error: new Error('that is a wallet') }), { error: special });
    expect(wallet).toBe('<p data-testid="wallet">A wallet</p>');
    const other = render(query({ isError: true, error: new Error('timeout') }), { error: special });
    expect(text(other)).toContain('Failed to fetch rows');
  });

  it('empty: the page’s empty message, not the data rendering', () => {
    const html = render(query({ data: [] }));
    expect(html).toBe('<p data-testid="empty">No rows yet</p>');
  });

  it('data: the page’s rendering with the data', () => {
    const html = render(query({ data: ['a', 'b'] }));
    expect(html).toBe('<ul data-testid="rows"><li>a</li><li>b</li></ul>');
  });

  it('data without an isEmpty test: empty data still renders as data', () => {
    const html = render(query({ data: [] }), { isEmpty: undefined });
    expect(html).toBe('<ul data-testid="rows"></ul>');
  });
});

describe('QueryStateAll (several queries, one result)', () => {
  const ok = query({ data: ['a'] });
  const bad = (m: string) => query({ isError: true, error: new Error(m) });
  const renderAll = (qs: QueryLike<Rows>[]) =>
    renderToStaticMarkup(
      <QueryStateAll
        queries={qs}
        errorTitle="The analysis failed"
        partialErrorTitle={(n, total) => `${n} of ${total} analyses failed`}
        pending={<div data-testid="skeleton" />}
      >
        {() => <p data-testid="result">result</p>}
      </QueryStateAll>,
    );

  it('any query pending: the placeholder, even when another already failed', () => {
    expect(renderAll([ok, query({ isPending: true }), bad('x')])).toBe('<div data-testid="skeleton"></div>');
  });

  it('every query failed: one error card with the first message and Retry, no result', () => {
    const html = renderAll([bad('503: chain down'), bad('timeout')]);
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('The analysis failed');
    expect(text(html)).toContain('503: chain down');
    expect(text(html)).toContain('Retry');
    expect(html).not.toContain('data-testid="result"');
  });

  it('some failed: the result still shows, under an "n of m failed" card', () => {
    const html = renderAll([ok, bad('timeout'), ok]);
    expect(text(html)).toContain('1 of 3 analyses failed');
    expect(text(html)).toContain('timeout');
    expect(html).toContain('data-testid="result"');
  });

  it('none failed: only the result', () => {
    expect(renderAll([ok, ok])).toBe('<p data-testid="result">result</p>');
  });

  it('Retry refetches only the failed queries', () => {
    const calls: string[] = [];
    const q = (name: string, over: Partial<QueryLike<Rows>>) =>
      query({
        ...over,
        refetch: (() => {
          calls.push(name);
          return Promise.resolve();
        }) as unknown as QueryLike<Rows>['refetch'],
      });
    // Render through the element tree: find the Retry button's onClick and call it.
    const el = QueryStateAll({
      queries: [q('a', { data: ['a'] }), q('b', { isError: true, error: new Error('x') })],
      errorTitle: 'failed',
      partialErrorTitle: () => 'partial',
      children: () => null,
    }) as { props: { children: [{ props: { onRetry: () => void } }, unknown] } };
    el.props.children[0].props.onRetry();
    expect(calls).toEqual(['b']);
  });
});
