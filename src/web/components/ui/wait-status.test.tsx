/**
 * A wait on the page (issue 38): a polite status with the place in line or the countdown, never an
 * alert, an error title or a status code — and the error card turns a 429 into the same countdown.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { ErrorState } from '../analysis/error-state';
import { WaitStatusLine } from './wait-status';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the wait status line', () => {
  it('says the place in line as a polite status', () => {
    const html = renderToStaticMarkup(
      <WaitStatusLine wait={{ kind: 'queued', position: 4, ahead: 3, etaSeconds: 2 }} now={0} />,
    );
    expect(html).toContain('role="status"');
    expect(html).not.toContain('role="alert"');
    expect(text(html)).toContain('In line: 3 ahead, about 2 s');
  });

  it('counts down for the eye and says the wait once for a screen reader', () => {
    const html = renderToStaticMarkup(
      <WaitStatusLine wait={{ kind: 'limited', retryAt: 20_000, seconds: 12 }} now={15_000} />,
    );
    // The visible countdown is hidden from screen readers; they hear the wait as it began.
    expect(html).toMatch(/aria-hidden="true"[^>]*>You can try again in 5 s</);
    expect(html).toContain('<span class="sr-only">You can try again in 12 s</span>');
  });
});

describe('the error card for a refusal that says when', () => {
  it('shows the countdown, not the status code or an error title', () => {
    const err = new ApiError(429, 'rate_limited', 'Too many new tokens analysed from this address.', 12);
    const html = renderToStaticMarkup(
      <ErrorState title="The analysis failed" error={err} onRetry={() => {}} />,
    );
    expect(text(html)).toMatch(/You can try again in 1[12] s/);
    expect(html).not.toContain('429');
    expect(html).not.toContain('The analysis failed');
    expect(html).not.toContain('role="alert"');
  });

  it('keeps a real failure an error with its message', () => {
    const err = new ApiError(404, 'not_found', 'No contract at that address', undefined);
    const html = renderToStaticMarkup(<ErrorState title="The analysis failed" error={err} />);
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('404: No contract at that address');
  });
});
